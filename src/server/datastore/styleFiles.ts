/**
 * A layer style as files, made and read by GeoStyler's parsers: SLD 1.0 (geostyler-sld-parser,
 * also what the map server receives) and QGIS .qml (geostyler-qgis-parser). Both run in Node
 * without a DOM (fast-xml-parser and xml2js). The QGIS parser writes labels but drops them when
 * reading: they are read here (qmlLabels) and given back to the rules they label.
 */
import { DOMParser, type Element as XmlElement } from '@xmldom/xmldom';
import QGISStyleParser from 'geostyler-qgis-parser';
import SldStyleParser from 'geostyler-sld-parser';
import { LOCALES, type Locale } from '../../../schemas/constants.ts';
import { otherValuesOf, type Style, type Symbolizer } from '../../../schemas/styles.ts';
import { t } from '../i18n.ts';

export type StyleFormat = 'sld' | 'qml';

export const STYLE_CONTENT_TYPES: Record<StyleFormat, string> = { sld: 'application/vnd.ogc.sld+xml', qml: 'application/xml' };

/** The largest style file read. */
export const MAX_STYLE_BYTES = 512 * 1024;

export class StyleFileError extends Error {}

/** The parsers' answer ({output, errors}) as the output, or a StyleFileError with the first error's text. */
function outputOf<T>(result: { output?: T; errors?: unknown[] }): T {
  if (result.errors?.length || result.output === undefined) {
    const first = result.errors?.[0];
    throw new StyleFileError(first instanceof Error ? first.message : String(first ?? 'no output'));
  }
  return result.output;
}

/** The SLD 1.0 of the style, named `name` (the style's name on the map server); values XML-escaped by the parser. */
export async function styleToSld(style: Style, name: string): Promise<string> {
  return outputOf(await new SldStyleParser({ sldVersion: '1.0.0' }).writeStyle({ ...style, name })) as string;
}

/** The names an "other values" rule gets by default: none, or its name in any language. */
let otherValuesNames: ReadonlySet<string> | undefined;

/**
 * The style with its "other values" rules (otherValuesFilter) named in `locale` when they bear a
 * default name, so a file says it in its reader's language; a name the publisher chose is kept.
 */
export function nameOtherValuesRules(style: Style, locale: Locale): Style {
  otherValuesNames ??= new Set(['', ...LOCALES.map((each) => t(each, 'geo.otherValuesRule'))]);
  const defaults = otherValuesNames;
  const name = t(locale, 'geo.otherValuesRule');
  return {
    ...style,
    rules: style.rules.map((rule) => (otherValuesOf(rule.filter) !== null && defaults.has((rule.name ?? '').trim()) ? { ...rule, name } : rule)),
  };
}

export async function styleToQml(style: Style): Promise<string> {
  // The QGIS parser is typed against an older geostyler-style; the model is the same.
  return outputOf(await new QGISStyleParser().writeStyle(style as never)) as string;
}

const child = (element: XmlElement | undefined, name: string) => (element ? Array.from(element.childNodes).find((node): node is XmlElement => node.nodeType === 1 && (node as XmlElement).tagName === name) : undefined);
const children = (element: XmlElement | undefined, name: string) => (element ? Array.from(element.childNodes).filter((node): node is XmlElement => node.nodeType === 1 && (node as XmlElement).tagName === name) : []);

/** A QGIS colour ("r,g,b,a") as #rrggbb. */
const hexOf = (qgis: string | null) => {
  const parts = (qgis ?? '').split(',').slice(0, 3).map(Number);
  return parts.length === 3 && parts.every((part) => Number.isInteger(part) && part >= 0 && part <= 255) ? `#${parts.map((part) => part.toString(16).padStart(2, '0')).join('')}` : undefined;
};

/** A QGIS label's settings as a Text symbolizer: its field, size, colour and buffer (halo). */
function textOf(settings: XmlElement | undefined): Symbolizer | null {
  const text = child(settings, 'text-style');
  const field = text?.getAttribute('fieldName');
  if (!text || !field) return null;
  const symbolizer: Record<string, unknown> = { kind: 'Text', label: /^[\w.-]+$/.test(field) ? `{{${field}}}` : field };
  const size = Number(text.getAttribute('fontSize'));
  if (size > 0) symbolizer.size = size;
  const color = hexOf(text.getAttribute('textColor'));
  if (color) symbolizer.color = color;
  const buffer = child(settings, 'text-buffer');
  if (buffer && buffer.getAttribute('bufferDraw') !== '0') {
    const haloColor = hexOf(buffer.getAttribute('bufferColor'));
    if (haloColor) symbolizer.haloColor = haloColor;
    const width = Number(buffer.getAttribute('bufferSize'));
    if (Number.isFinite(width) && width >= 0) symbolizer.haloWidth = width;
  }
  return symbolizer as unknown as Symbolizer;
}

/**
 * The labels of a QML: for simple labelling one label for every rule, for rule-based labelling
 * each label rule's for the renderer rules of the same filter expression (index in the renderer's
 * rules), or every rule for a label rule without filter.
 */
export function qmlLabels(text: string): { all: Symbolizer[]; byRule: Map<number, Symbolizer[]> } {
  const root = new DOMParser({ onError: () => undefined }).parseFromString(text, 'text/xml').documentElement;
  const labeling = root ? child(root as unknown as XmlElement, 'labeling') : undefined;
  const all: Symbolizer[] = [];
  const byRule = new Map<number, Symbolizer[]>();
  if (!labeling) return { all, byRule };
  if (labeling.getAttribute('type') === 'simple') {
    const symbolizer = textOf(child(labeling, 'settings'));
    if (symbolizer) all.push(symbolizer);
    return { all, byRule };
  }
  const rendererFilters = children(child(child(root as unknown as XmlElement, 'renderer-v2'), 'rules'), 'rule').map((rule) => rule.getAttribute('filter'));
  for (const rule of children(child(labeling, 'rules'), 'rule')) {
    const symbolizer = textOf(child(rule, 'settings'));
    const filter = rule.getAttribute('filter');
    if (!symbolizer) continue;
    if (!filter) all.push(symbolizer);
    else rendererFilters.forEach((candidate, index) => candidate === filter && byRule.set(index, [...(byRule.get(index) ?? []), symbolizer]));
  }
  return { all, byRule };
}

/** The style of a QML file, its labels given back to its rules. */
async function readQml(text: string): Promise<Style> {
  const style = outputOf(await new QGISStyleParser().readStyle(text)) as unknown as Style;
  const labels = qmlLabels(text);
  return { ...style, rules: style.rules.map((rule, index) => ({ ...rule, symbolizers: [...(rule.symbolizers ?? []), ...labels.all, ...(labels.byRule.get(index) ?? [])] })) };
}

/** The style of an SLD (1.0 or 1.1) or QML file; a StyleFileError when it does not parse. */
export async function readStyleFile(text: string, format: StyleFormat): Promise<Style> {
  try {
    const style = format === 'sld' ? outputOf(await new SldStyleParser().readStyle(text)) : await readQml(text);
    if (!style || !Array.isArray(style.rules) || style.rules.length === 0) throw new StyleFileError('no rule');
    return style;
  } catch (error) {
    if (error instanceof StyleFileError) throw error;
    throw new StyleFileError(error instanceof Error ? error.message : String(error));
  }
}
