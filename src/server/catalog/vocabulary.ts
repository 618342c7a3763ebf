/**
 * The RDF vocabularies of the DCAT-AP feed, and how the platform's lookup lists map onto the EU
 * authority tables: categories are already EU data themes, update frequencies already EU frequency
 * codes, INSPIRE topics map to the closest EU data theme.
 */
export const NS = {
  rdf: 'http://www.w3.org/1999/02/22-rdf-syntax-ns#',
  xsd: 'http://www.w3.org/2001/XMLSchema#',
  dcat: 'http://www.w3.org/ns/dcat#',
  dct: 'http://purl.org/dc/terms/',
  foaf: 'http://xmlns.com/foaf/0.1/',
  vcard: 'http://www.w3.org/2006/vcard/ns#',
  locn: 'http://www.w3.org/ns/locn#',
  gsp: 'http://www.opengis.net/ont/geosparql#',
  hydra: 'http://www.w3.org/ns/hydra/core#',
  adms: 'http://www.w3.org/ns/adms#',
  skos: 'http://www.w3.org/2004/02/skos/core#',
} as const;

export const EU_AUTHORITY = 'http://publications.europa.eu/resource/authority/';
export const DATA_THEME = `${EU_AUTHORITY}data-theme`;
export const INSPIRE_THEME = 'http://inspire.ec.europa.eu/theme/';
export const INSPIRE_THEME_SCHEME = 'http://inspire.ec.europa.eu/theme';

/** The EU access rights: who may reach a dataset's data. */
export const ACCESS_RIGHTS = {
  PUBLIC: `${EU_AUTHORITY}access-right/PUBLIC`,
  RESTRICTED: `${EU_AUTHORITY}access-right/RESTRICTED`,
  NON_PUBLIC: `${EU_AUTHORITY}access-right/NON_PUBLIC`,
} as const;

/** The EU data themes (categories.codename). */
const DATA_THEMES = new Set(['AGRI', 'ECON', 'EDUC', 'ENER', 'ENVI', 'GOVE', 'HEAL', 'INTR', 'JUST', 'REGI', 'SOCI', 'TECH', 'TRAN']);

/** Each INSPIRE theme (topics.codename) and the EU data theme it falls under. */
const INSPIRE_TO_DATA_THEME: Record<string, string> = {
  ad: 'REGI', au: 'REGI', cp: 'REGI', gn: 'REGI', hy: 'ENVI', ps: 'ENVI', tn: 'TRAN', rs: 'TECH', gg: 'TECH',
  el: 'ENVI', ge: 'ENVI', lc: 'ENVI', oi: 'REGI', af: 'AGRI', am: 'ENVI', ac: 'ENVI', br: 'ENVI', bu: 'REGI',
  er: 'ENER', ef: 'ENVI', hb: 'ENVI', hh: 'HEAL', lu: 'REGI', mr: 'ECON', nz: 'ENVI', of: 'ENVI', pd: 'SOCI',
  pf: 'ECON', sr: 'ENVI', so: 'ENVI', sd: 'ENVI', su: 'SOCI', us: 'GOVE', mf: 'ENVI',
};

/** The EU frequency codes (update_frequencies.codename). */
const FREQUENCIES = new Set(['CONT', 'HOURLY', 'DAILY', 'WEEKLY', 'BIWEEKLY', 'MONTHLY', 'QUARTERLY', 'ANNUAL_2', 'ANNUAL', 'BIENNIAL', 'IRREG', 'NEVER', 'UNKNOWN']);

/** The EU data-theme IRIs of a dataset's categories and topics, each once, in a stable order. */
export function dataThemeIris(categories: string[], topics: string[]): string[] {
  const codes = new Set<string>();
  for (const category of categories) if (DATA_THEMES.has(category)) codes.add(category);
  for (const topic of topics) if (Object.hasOwn(INSPIRE_TO_DATA_THEME, topic)) codes.add(INSPIRE_TO_DATA_THEME[topic]);
  return [...codes].sort().map((code) => `${DATA_THEME}/${code}`);
}

/** The INSPIRE theme IRIs of the dataset's topics (GeoDCAT-AP readers use them). */
export function inspireThemeIris(topics: string[]): string[] {
  return topics.filter((topic) => Object.hasOwn(INSPIRE_TO_DATA_THEME, topic)).sort().map((topic) => `${INSPIRE_THEME}${topic}`);
}

/** The EU frequency IRI of an update frequency, or null when it has none. */
export function frequencyIri(codename: string | null): string | null {
  return codename !== null && FREQUENCIES.has(codename) ? `${EU_AUTHORITY}frequency/${codename}` : null;
}

/** The EU language of a request locale. */
export const LANGUAGE_IRIS = {
  fr: `${EU_AUTHORITY}language/FRA`,
  en: `${EU_AUTHORITY}language/ENG`,
  it: `${EU_AUTHORITY}language/ITA`,
} as const;
