/**
 * SLD 1.0.0 documents checked against the OGC schema (sld-schema/, with the Filter 1.0.0, GML
 * 2.1.2, XLink and xml schemas it imports) by libxml2, compiled to WebAssembly (xmllint-wasm).
 * The schemas import each other by their published addresses; with no network they are given to
 * libxml2 side by side, every absolute schemaLocation cut to the file's name (their names are
 * unique), which also keeps GML's mutual includes from being read twice.
 */
import { readFile } from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { validateXML } from 'xmllint-wasm';

export const SCHEMA_DIR = join(dirname(fileURLToPath(import.meta.url)), 'sld-schema');
const MAIN = 'sld/1.0.0/StyledLayerDescriptor.xsd';
const IMPORTED = ['filter/1.0.0/filter.xsd', 'filter/1.0.0/expr.xsd', 'gml/2.1.2/geometry.xsd', 'gml/2.1.2/feature.xsd', 'gml/2.1.2/gml.xsd', 'xlink/xlink.xsd', 'xml/xml.xsd'];

interface SchemaFile {
  fileName: string;
  contents: string;
}

let schemas: Promise<SchemaFile[]> | null = null;

/** The schema files, read once, named by their base name and pointing at each other by it. */
function loadSchemas(): Promise<SchemaFile[]> {
  schemas ??= Promise.all(
    [MAIN, ...IMPORTED].map(async (file) => ({
      fileName: basename(file),
      contents: (await readFile(join(SCHEMA_DIR, file), 'utf8')).replace(/schemaLocation="https?:\/\/[^"]*\/([^"/]+\.xsd)"/g, 'schemaLocation="$1"'),
    })),
  );
  return schemas;
}

/** Whether the document says it is an SLD 1.1 (Symbology Encoding), which this schema does not describe. */
const isSld11 = (text: string) => /<(?:\w+:)?StyledLayerDescriptor\b[^>]*\bversion\s*=\s*["']1\.1/.test(text);

/** libxml2's message without its file name and kind, SLD names bare and Filter names prefixed `ogc:` as in the documents. */
const readable = (message: string) =>
  message
    .replace(/^style-\d+\.sld:\d+:\s*/, '')
    .replace(/^(?:Schemas validity|parser) error\s*:\s*/, '')
    .replaceAll('{http://www.opengis.net/sld}', '')
    .replaceAll('{http://www.opengis.net/ogc}', 'ogc:')
    .trim();

export interface SchemaComplaint {
  line: number;
  message: string;
}

/**
 * What libxml2 says is wrong with each document as an SLD 1.0.0 (empty when it validates), in one
 * run for them all; an SLD 1.1 document is not checked.
 */
export async function sldSchemaComplaintsOf(texts: readonly string[]): Promise<SchemaComplaint[][]> {
  const complaints = texts.map((): SchemaComplaint[] => []);
  const checked = texts.flatMap((text, index) => (isSld11(text) ? [] : [{ fileName: `style-${index}.sld`, contents: text }]));
  if (checked.length === 0) return complaints;
  const [main, ...preload] = await loadSchemas();
  const result = await validateXML({ xml: checked, schema: [main], preload });
  // Lines without a place are libxml2's echo of the faulty line and its summary ("… fails to validate").
  for (const error of result.errors) {
    const index = Number(/^style-(\d+)\.sld$/.exec(error.loc?.fileName ?? '')?.[1]);
    if (Number.isInteger(index)) complaints[index].push({ line: error.loc!.lineNumber, message: readable(error.message) });
  }
  return complaints;
}

/** What libxml2 says is wrong with the document as an SLD 1.0.0 (empty when it validates). */
export async function sldSchemaComplaints(text: string): Promise<SchemaComplaint[]> {
  return (await sldSchemaComplaintsOf([text]))[0];
}
