/**
 * Geographic-portal DCAT: a DCAT(-AP) document in RDF/XML, Turtle or JSON-LD paged by Hydra
 * (`hydra:next`, or the older `hydra:nextPage`), or a GeoNetwork CSW GetRecords answer with the
 * DCAT output schema paged by `nextRecord`. A dataset's remote id is its dct:identifier, else its IRI.
 */
import { HarvestError } from '../errors.ts';
import { entry, isoDate, keywords, plainText, remoteLink, validBox, withParams, wktBox, geoJsonBox } from '../mapping.ts';
import type { FetchedPage, PageEntry, Reader, RemoteSource } from '../types.ts';
import { Graph, parseJsonLd, parseTurtle, parseXml, rdfXmlGraph, RDF_NS, type Term } from './rdf.ts';

const DCAT = 'http://www.w3.org/ns/dcat#';
const DCT = 'http://purl.org/dc/terms/';
const HYDRA = 'http://www.w3.org/ns/hydra/core#';
const VCARD = 'http://www.w3.org/2006/vcard/ns#';
const FOAF = 'http://xmlns.com/foaf/0.1/';
const LOCN = 'http://www.w3.org/ns/locn#';
const RDFS = 'http://www.w3.org/2000/01/rdf-schema#';
const CSW = 'http://www.opengis.net/cat/csw/2.0.2';
const ADMS = 'http://www.w3.org/ns/adms#';
const SKOS = 'http://www.w3.org/2004/02/skos/core#';

export const CSW_PAGE_SIZE = 100;

/** The literal in the best language: French, none, English, then any. */
function text(terms: Term[]): string {
  const literals = terms.filter((term) => term.kind === 'literal');
  for (const language of ['fr', '', 'en']) {
    const found = literals.find((term) => term.language === language || term.language.startsWith(`${language}-`) && language !== '');
    if (found) return found.value;
  }
  return literals[0]?.value ?? '';
}

const node = (term: Term) => Graph.key(term);

function mapDataset(graph: Graph, subject: string): PageEntry {
  const get = (predicate: string, from = subject) => graph.objects(from, predicate);
  const identifier = text(get(`${DCT}identifier`)) || (subject.startsWith('_:') ? '' : subject);

  const distributions = get(`${DCAT}distribution`).map(node);
  const licenceTerms = [...get(`${DCT}license`), ...distributions.flatMap((d) => get(`${DCT}license`, d))];
  const licence = licenceTerms.flatMap((term) => (term.kind === 'literal' ? [term.value] : [term.kind === 'iri' ? term.value : '', text(get(`${DCT}title`, node(term))), text(get(`${RDFS}label`, node(term)))])).filter(Boolean);

  const frequencyTerm = get(`${DCT}accrualPeriodicity`)[0];
  const frequency = frequencyTerm ? (frequencyTerm.kind === 'blank' ? text(get(`${RDF_NS}value`, node(frequencyTerm))) : frequencyTerm.value) : null;

  let bbox: [number, number, number, number] | null = null;
  for (const spatial of get(`${DCT}spatial`)) {
    const candidates = spatial.kind === 'literal' ? [spatial] : [...get(`${DCAT}bbox`, node(spatial)), ...get(`${LOCN}geometry`, node(spatial))];
    for (const candidate of candidates) {
      if (candidate.kind !== 'literal') continue;
      bbox = candidate.value.trim().startsWith('{') ? geoJsonBox(candidate.value) : wktBox(candidate.value);
      if (bbox) break;
    }
    if (bbox) break;
  }

  const contactNode = get(`${DCAT}contactPoint`)[0];
  const publisherNode = get(`${DCT}publisher`)[0];
  let contact: { name: string; email: string } | null = null;
  if (contactNode && contactNode.kind !== 'literal') {
    const id = node(contactNode);
    const email = get(`${VCARD}hasEmail`, id)[0]?.value.replace(/^mailto:/i, '') ?? '';
    contact = { name: text(get(`${VCARD}fn`, id)) || text(get(`${VCARD}organization-name`, id)), email };
  } else if (publisherNode && publisherNode.kind !== 'literal') {
    contact = { name: text(get(`${FOAF}name`, node(publisherNode))), email: '' };
  }
  if (contact && !contact.name && !contact.email) contact = null;

  const links = distributions.flatMap((distribution) => {
    const url = [...get(`${DCAT}downloadURL`, distribution), ...get(`${DCAT}accessURL`, distribution)].find((term) => term.kind === 'iri' || /^https?:\/\//.test(term.value));
    if (!url) return [];
    // A format given as a node (dct:MediaTypeOrExtent) names itself by its IRI or its label.
    const formats = [...get(`${DCT}format`, distribution), ...get(`${DCAT}mediaType`, distribution)].flatMap((term) =>
      term.kind === 'blank' ? [text(get(`${RDFS}label`, node(term))), text(get(`${RDF_NS}value`, node(term)))] : [term.value],
    );
    const id = text(get(`${DCT}identifier`, distribution)) || (distribution.startsWith('_:') ? '' : distribution);
    return remoteLink(id, text(get(`${DCT}title`, distribution)), url.value, formats);
  });

  // Where it comes from: its IRI and identifiers, the record it is derived from, its landing page.
  const origins = [
    subject, ...get(`${DCT}identifier`), ...get(`${DCT}source`), ...get(`${DCAT}landingPage`),
    ...get(`${ADMS}identifier`).flatMap((term) => (term.kind === 'literal' ? [term] : get(`${SKOS}notation`, node(term)))),
  ].map((term) => (typeof term === 'string' ? term : term.value)).filter((value) => !value.startsWith('_:'));

  return entry(identifier, {
    origins,
    title: text(get(`${DCT}title`)),
    description: plainText(text(get(`${DCT}description`))),
    tags: keywords(get(`${DCAT}keyword`).filter((term) => term.kind === 'literal').map((term) => term.value)),
    licence,
    creationDate: isoDate(text(get(`${DCT}created`))) ?? isoDate(text(get(`${DCT}issued`))),
    publicationDate: isoDate(text(get(`${DCT}issued`))),
    lastUpdateDate: isoDate(text(get(`${DCT}modified`))),
    frequency,
    bbox: bbox ? validBox(bbox) : null,
    contact,
    links,
  });
}

type Format = 'xml' | 'jsonld' | 'turtle';

function formatOf(page: FetchedPage): Format {
  const type = page.contentType;
  if (type.includes('json')) return 'jsonld';
  if (type.includes('turtle') || type.includes('n3')) return 'turtle';
  if (type.includes('xml')) return 'xml';
  const start = page.text.trimStart()[0];
  if (start === '<') return 'xml';
  if (start === '{' || start === '[') return 'jsonld';
  return 'turtle';
}

function hydraNext(graph: Graph, pageUrl: string): string | null {
  const term = graph.anyObjects(`${HYDRA}next`)[0] ?? graph.anyObjects(`${HYDRA}nextPage`)[0];
  if (!term || term.kind === 'blank') return null;
  try {
    const next = new URL(term.value, pageUrl).toString();
    return next === pageUrl ? null : next;
  } catch {
    return null;
  }
}

async function graphOf(page: FetchedPage, source: RemoteSource): Promise<{ graph: Graph; next: string | null; csw?: boolean }> {
  const format = formatOf(page);
  try {
    if (format === 'turtle') {
      const graph = parseTurtle(page.text, page.url);
      return { graph, next: hydraNext(graph, page.url) };
    }
    if (format === 'jsonld') {
      const graph = await parseJsonLd(page.text, page.url);
      return { graph, next: hydraNext(graph, page.url) };
    }
    const root = parseXml(page.text);
    const graph = rdfXmlGraph(root, page.url);
    if (root.namespaceURI === CSW && root.localName === 'GetRecordsResponse') {
      const results = root.getElementsByTagNameNS(CSW, 'SearchResults')[0];
      const nextRecord = Number(results?.getAttribute('nextRecord') ?? 0);
      const matched = Number(results?.getAttribute('numberOfRecordsMatched') ?? 0);
      const next = nextRecord > 0 && (!matched || nextRecord <= matched) ? withParams(page.url, { startPosition: nextRecord }) : null;
      return { graph, next, csw: true };
    }
    if (root.namespaceURI !== RDF_NS || root.localName !== 'RDF') {
      throw new HarvestError('harvest.errorNotCatalogue', { url: page.url, kind: source.kind, detail: `an XML document of root ${root.tagName}, neither rdf:RDF nor a CSW GetRecords answer` });
    }
    return { graph, next: hydraNext(graph, page.url) };
  } catch (error) {
    if (error instanceof HarvestError) throw error;
    throw new HarvestError('harvest.errorBadDocument', { detail: `${format}: ${(error as Error).message}`.slice(0, 500) });
  }
}

export const dcatReader: Reader = {
  firstPage(source) {
    const url = new URL(source.url);
    // A bare CSW endpoint: ask for its records in the DCAT output schema.
    if (/\/csw\/?$/i.test(url.pathname) && !url.searchParams.has('request') && !url.searchParams.has('REQUEST')) {
      return withParams(source.url, {
        service: 'CSW', version: '2.0.2', request: 'GetRecords', typeNames: 'csw:Record', resultType: 'results',
        elementSetName: 'full', outputSchema: DCAT, startPosition: 1, maxRecords: CSW_PAGE_SIZE,
      });
    }
    return source.url;
  },
  async parse(page, source) {
    const { graph, next, csw } = await graphOf(page, source);
    const datasets = graph.subjectsWith(`${RDF_NS}type`, `${DCAT}Dataset`);
    // A CSW answer may hold no record (past the last one); a DCAT document holds a catalogue.
    if (!csw && datasets.length === 0 && graph.subjectsWith(`${RDF_NS}type`, `${DCAT}Catalog`).length === 0 && !next) {
      throw new HarvestError('harvest.errorNotCatalogue', { url: page.url, kind: source.kind, detail: 'no dcat:Dataset nor dcat:Catalog in the document' });
    }
    const catalogue = graph.subjectsWith(`${RDF_NS}type`, `${DCAT}Catalog`).flatMap((subject) => graph.objects(subject, `${DCT}identifier`).map((term) => term.value));
    return { entries: datasets.map((subject) => mapDataset(graph, subject)), next, catalogue };
  },
};
