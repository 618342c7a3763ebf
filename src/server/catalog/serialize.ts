/**
 * The feed's quads in the three formats harvesters read: Turtle (n3), JSON-LD (jsonld, compacted
 * with the DCAT-AP prefixes) and RDF/XML (rdflib). Quads are given subject by subject, so each
 * serialisation groups a resource's properties together.
 */
import type { Quad, Term } from '@rdfjs/types';
import jsonld from 'jsonld';
import { Writer } from 'n3';
import * as rdflib from 'rdflib';
import { NS } from './vocabulary.ts';

export const FORMATS = {
  ttl: 'text/turtle',
  jsonld: 'application/ld+json',
  rdf: 'application/rdf+xml',
} as const;
export type Format = keyof typeof FORMATS;

function turtle(quads: Quad[]): Promise<string> {
  return new Promise((resolve, reject) => {
    const writer = new Writer({ format: 'Turtle', prefixes: { ...NS } });
    writer.addQuads(quads);
    writer.end((error: Error | null, result: string) => (error ? reject(error) : resolve(result)));
  });
}

async function jsonLd(quads: Quad[]): Promise<string> {
  const nquads = new Writer({ format: 'N-Quads' }).quadsToString(quads);
  const expanded = await jsonld.fromRDF(nquads, { format: 'application/n-quads' });
  // An inline context: nothing is fetched.
  const compacted = await jsonld.compact(expanded, { ...NS });
  return JSON.stringify(compacted, null, 2);
}

/** An RDF/JS term as an rdflib one (rdflib's store takes its own term classes only). */
function rdflibTerm(term: Term) {
  switch (term.termType) {
    case 'NamedNode':
      return rdflib.sym(term.value);
    case 'BlankNode':
      return rdflib.blankNode(term.value);
    case 'Literal':
      return rdflib.literal(term.value, term.language || rdflib.sym(term.datatype.value));
    default:
      throw new Error(`unexpected ${term.termType} in the catalogue`);
  }
}

// eslint-disable-next-line no-control-regex -- the characters outside XML 1.0's Char production
const NOT_XML_CHARACTER = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;

/**
 * RDF/XML. rdflib nests blank nodes with rdf:parseType="Resource" wrongly, so the feed uses named
 * nodes only (feed.ts): the tests parse this output back and compare it with the Turtle one.
 */
function rdfXml(quads: Quad[]): string {
  const store = rdflib.graph();
  for (const [prefix, namespace] of Object.entries(NS)) store.setPrefixForURI(prefix, namespace);
  for (const q of quads) {
    if (q.subject.termType === 'BlankNode' || q.object.termType === 'BlankNode') throw new Error('blank nodes are not serialised to RDF/XML');
    store.add(rdflibTerm(q.subject) as rdflib.NamedNode, rdflibTerm(q.predicate) as rdflib.NamedNode, rdflibTerm(q.object));
  }
  const written = rdflib.serialize(null, store, undefined, FORMATS.rdf);
  if (written === undefined) throw new Error('rdflib produced no RDF/XML');
  // rdflib escapes & < " only: "]]>" in a text would end the document's well-formedness, and so would a
  // character XML 1.0 cannot carry (a control character, U+FFFE, U+FFFF), left out as it cannot be written.
  const xml = written.replace(NOT_XML_CHARACTER, '').replaceAll(']]>', ']]&gt;');
  return xml.startsWith('<?xml') ? xml : `<?xml version="1.0" encoding="utf-8"?>\n${xml}`;
}

export async function serialize(quads: Quad[], format: Format): Promise<string> {
  switch (format) {
    case 'ttl':
      return turtle(quads);
    case 'jsonld':
      return jsonLd(quads);
    case 'rdf':
      return rdfXml(quads);
  }
}
