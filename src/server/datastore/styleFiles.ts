/**
 * A layer style as files, made and read by GeoStyler's parsers: SLD 1.0 (geostyler-sld-parser,
 * also what the map server receives) and QGIS .qml (geostyler-qgis-parser). Both run in Node
 * without a DOM (fast-xml-parser and xml2js).
 */
import QGISStyleParser from 'geostyler-qgis-parser';
import SldStyleParser from 'geostyler-sld-parser';
import type { Style } from '../../../schemas/styles.ts';

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

export async function styleToQml(style: Style): Promise<string> {
  // The QGIS parser is typed against an older geostyler-style; the model is the same.
  return outputOf(await new QGISStyleParser().writeStyle(style as never)) as string;
}

/** The style of an SLD (1.0 or 1.1) or QML file; a StyleFileError when it does not parse. */
export async function readStyleFile(text: string, format: StyleFormat): Promise<Style> {
  try {
    const style = format === 'sld' ? outputOf(await new SldStyleParser().readStyle(text)) : (outputOf(await new QGISStyleParser().readStyle(text)) as unknown as Style);
    if (!style || !Array.isArray(style.rules) || style.rules.length === 0) throw new StyleFileError('no rule');
    return style;
  } catch (error) {
    if (error instanceof StyleFileError) throw error;
    throw new StyleFileError(error instanceof Error ? error.message : String(error));
  }
}
