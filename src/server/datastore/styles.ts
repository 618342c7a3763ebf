/**
 * Styles of a geographic layer: the StyleConfig a user edits (simple, or classified by a column),
 * its validation, and the SLD (OGC Styled Layer Descriptor 1.0) made from it for the map server:
 * circles for points, strokes for lines, fills for areas, all three for a layer of mixed geometries.
 */
import type { Locale } from '../../../schemas/constants.ts';
import type { FieldErrors } from '../http/errors.ts';
import { t } from '../i18n.ts';

export interface StyleClass {
  value: string;
  color: string;
}

export type StyleConfig =
  | { kind: 'simple'; color: string; size: number; opacity: number }
  | { kind: 'classified'; column: string; size: number; opacity: number; classes: StyleClass[] };

export const DEFAULT_STYLE: StyleConfig = { kind: 'simple', color: '#1f78b4', size: 6, opacity: 0.8 };
export const MAX_CLASSES = 50;
const COLOR = /^#[0-9a-fA-F]{6}$/;

const isColor = (value: unknown): value is string => typeof value === 'string' && COLOR.test(value);

/** The config when valid (only its known members kept), or the errors per member. */
export function validateStyleConfig(raw: unknown, columns: string[], locale: Locale): { config: StyleConfig } | { errors: FieldErrors } {
  const errors: FieldErrors = {};
  if (!raw || typeof raw !== 'object' || Array.isArray(raw)) return { errors: { config: [t(locale, 'invalidValue')] } };
  const input = raw as Record<string, unknown>;
  const size = input.size;
  const opacity = input.opacity;
  if (typeof size !== 'number' || !Number.isFinite(size) || size < 1 || size > 50) errors.size = [t(locale, 'geo.sizeInvalid')];
  if (typeof opacity !== 'number' || !Number.isFinite(opacity) || opacity < 0 || opacity > 1) errors.opacity = [t(locale, 'geo.opacityInvalid')];
  if (input.kind === 'simple') {
    if (!isColor(input.color)) errors.color = [t(locale, 'geo.colorInvalid')];
    if (Object.keys(errors).length > 0) return { errors };
    return { config: { kind: 'simple', color: (input.color as string).toLowerCase(), size: size as number, opacity: opacity as number } };
  }
  if (input.kind !== 'classified') return { errors: { ...errors, kind: [t(locale, 'geo.kindInvalid')] } };
  if (typeof input.column !== 'string' || !columns.includes(input.column)) errors.column = [t(locale, 'geo.columnUnknown')];
  const classes = input.classes;
  const valid =
    Array.isArray(classes) && classes.length >= 1 && classes.length <= MAX_CLASSES &&
    classes.every((item) => item && typeof item === 'object' && typeof item.value === 'string' && item.value.length <= 300 && isColor(item.color)) &&
    new Set(classes.map((item: StyleClass) => item.value)).size === classes.length;
  if (!valid) errors.classes = [t(locale, 'geo.classesInvalid', { max: MAX_CLASSES })];
  if (Object.keys(errors).length > 0) return { errors };
  return {
    config: {
      kind: 'classified', column: input.column as string, size: size as number, opacity: opacity as number,
      classes: (classes as StyleClass[]).map((item) => ({ value: item.value, color: item.color.toLowerCase() })),
    },
  };
}

export function xmlEscape(text: string): string {
  return text.replace(/[<>&'"]/g, (char) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', "'": '&apos;', '"': '&quot;' })[char]!);
}

function pointSymbolizer(color: string, size: number, opacity: number): string {
  return [
    '<PointSymbolizer><Graphic><Mark><WellKnownName>circle</WellKnownName>',
    `<Fill><CssParameter name="fill">${xmlEscape(color)}</CssParameter><CssParameter name="fill-opacity">${opacity}</CssParameter></Fill>`,
    '<Stroke><CssParameter name="stroke">#ffffff</CssParameter><CssParameter name="stroke-width">1</CssParameter></Stroke>',
    `</Mark><Size>${size}</Size></Graphic></PointSymbolizer>`,
  ].join('');
}

/** Lines `size` / 2 pixels wide (at least 1). */
function lineSymbolizer(color: string, size: number, opacity: number): string {
  return `<LineSymbolizer><Stroke><CssParameter name="stroke">${xmlEscape(color)}</CssParameter><CssParameter name="stroke-width">${Math.max(1, size / 2)}</CssParameter><CssParameter name="stroke-opacity">${opacity}</CssParameter></Stroke></LineSymbolizer>`;
}

/** Areas filled with the colour at the opacity, outlined in the colour. */
function polygonSymbolizer(color: string, _size: number, opacity: number): string {
  return `<PolygonSymbolizer><Fill><CssParameter name="fill">${xmlEscape(color)}</CssParameter><CssParameter name="fill-opacity">${opacity}</CssParameter></Fill><Stroke><CssParameter name="stroke">${xmlEscape(color)}</CssParameter><CssParameter name="stroke-width">1</CssParameter></Stroke></PolygonSymbolizer>`;
}

/** The symbolizers of a layer's geometry type (layers.geometry_type): all three for a mixed one. */
function symbolizers(geometryType: string): Array<(color: string, size: number, opacity: number) => string> {
  if (/Polygon$/.test(geometryType)) return [polygonSymbolizer];
  if (/LineString$/.test(geometryType)) return [lineSymbolizer];
  if (/Point$/.test(geometryType)) return [pointSymbolizer];
  return [polygonSymbolizer, lineSymbolizer, pointSymbolizer];
}

/** The SLD of a config for a layer of the geometry type; every name and value from users is XML-escaped. */
export function styleSld(name: string, config: StyleConfig, geometryType = 'Point'): string {
  const draw = (color: string) => symbolizers(geometryType).map((symbolizer) => symbolizer(color, config.size, config.opacity)).join('');
  const rules =
    config.kind === 'simple'
      ? [`<Rule><Name>default</Name>${draw(config.color)}</Rule>`]
      : config.classes.map(
          (item) =>
            `<Rule><Name>${xmlEscape(item.value)}</Name><ogc:Filter><ogc:PropertyIsEqualTo><ogc:PropertyName>${xmlEscape(config.column)}</ogc:PropertyName>` +
            `<ogc:Literal>${xmlEscape(item.value)}</ogc:Literal></ogc:PropertyIsEqualTo></ogc:Filter>${draw(item.color)}</Rule>`,
        );
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<StyledLayerDescriptor version="1.0.0" xmlns="http://www.opengis.net/sld" xmlns:ogc="http://www.opengis.net/ogc" ',
    'xmlns:xlink="http://www.w3.org/1999/xlink" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance" ',
    'xsi:schemaLocation="http://www.opengis.net/sld http://schemas.opengis.net/sld/1.0.0/StyledLayerDescriptor.xsd">',
    `<NamedLayer><Name>${xmlEscape(name)}</Name><UserStyle><Title>${xmlEscape(name)}</Title><FeatureTypeStyle>`,
    ...rules,
    '</FeatureTypeStyle></UserStyle></NamedLayer></StyledLayerDescriptor>',
  ].join('');
}
