/**
 * RDF documents as a small graph: Turtle through n3, JSON-LD through jsonld (remote contexts never
 * fetched), RDF/XML through rdflib over an xmldom tree (which also finds the rdf:RDF blocks inside
 * a CSW GetRecords answer).
 */
import { DOMParser, type Element as XmlElement } from '@xmldom/xmldom';
import jsonld from 'jsonld';
import { Parser as TurtleParser } from 'n3';
import * as rdflib from 'rdflib';

export const RDF_NS = 'http://www.w3.org/1999/02/22-rdf-syntax-ns#';

export interface Term {
  kind: 'iri' | 'blank' | 'literal';
  value: string;
  language: string;
}

interface RdfJsTerm {
  termType: string;
  value: string;
  language?: string;
}

/** Subject → predicate → objects. */
export class Graph {
  private readonly subjects = new Map<string, Map<string, Term[]>>();

  add(subject: RdfJsTerm, predicate: RdfJsTerm, object: RdfJsTerm): void {
    const key = Graph.key(subject);
    let properties = this.subjects.get(key);
    if (!properties) this.subjects.set(key, (properties = new Map()));
    const values = properties.get(predicate.value) ?? [];
    const kind: Term['kind'] = object.termType === 'Literal' ? 'literal' : object.termType === 'BlankNode' ? 'blank' : 'iri';
    values.push({ kind, value: object.value, language: (object.language ?? '').toLowerCase() });
    properties.set(predicate.value, values);
  }

  static key(term: RdfJsTerm | Term): string {
    const blank = 'kind' in term ? term.kind === 'blank' : term.termType === 'BlankNode';
    return `${blank ? '_:' : ''}${term.value}`;
  }

  objects(subject: string, predicate: string): Term[] {
    return this.subjects.get(subject)?.get(predicate) ?? [];
  }

  /** Subjects having `predicate` `value` (an IRI), in document order. */
  subjectsWith(predicate: string, value: string): string[] {
    const result: string[] = [];
    for (const [subject, properties] of this.subjects) {
      if ((properties.get(predicate) ?? []).some((term) => term.kind === 'iri' && term.value === value)) result.push(subject);
    }
    return result;
  }

  /** Every object of `predicate`, whatever the subject. */
  anyObjects(predicate: string): Term[] {
    return [...this.subjects.values()].flatMap((properties) => properties.get(predicate) ?? []);
  }
}

export function parseTurtle(text: string, base: string): Graph {
  const graph = new Graph();
  for (const quad of new TurtleParser({ baseIRI: base }).parse(text)) graph.add(quad.subject, quad.predicate, quad.object);
  return graph;
}

export async function parseJsonLd(text: string, base: string): Promise<Graph> {
  const document = JSON.parse(text) as object;
  const quads = (await jsonld.toRDF(document as jsonld.JsonLdDocument, {
    base,
    // A remote @context would be a request to an address nobody checked: refused.
    documentLoader: async (url: string) => {
      throw new Error(`remote JSON-LD context not loaded: ${url}`);
    },
  })) as unknown as { subject: RdfJsTerm; predicate: RdfJsTerm; object: RdfJsTerm }[];
  const graph = new Graph();
  for (const quad of quads) graph.add(quad.subject, quad.predicate, quad.object);
  return graph;
}

/** An XML document, failing on malformed XML. */
export function parseXml(text: string): XmlElement {
  const errors: string[] = [];
  const document = new DOMParser({
    onError: (level, message) => {
      if (level !== 'warning') errors.push(message);
    },
  }).parseFromString(text, 'application/xml');
  if (errors.length > 0 || !document.documentElement) throw new Error(errors[0] ?? 'empty XML document');
  return document.documentElement;
}

/** The triples of every rdf:RDF element under `root` (itself included). */
export function rdfXmlGraph(root: XmlElement, base: string): Graph {
  const blocks = root.namespaceURI === RDF_NS && root.localName === 'RDF' ? [root] : Array.from(root.getElementsByTagNameNS(RDF_NS, 'RDF'));
  const store = rdflib.graph();
  for (const block of blocks) {
    new rdflib.RDFParser(store).parse(block as unknown as Parameters<rdflib.RDFParser['parse']>[0], base, store.sym(base));
  }
  const graph = new Graph();
  for (const statement of store.statements) graph.add(statement.subject, statement.predicate, statement.object);
  return graph;
}
