/**
 * What the style editor edits (one colour, one colour per value of a column with a colour for the
 * other values, or graduated classes; symbol settings, labels, zooms), its defaults, and its way to
 * and from the GeoStyler style the server keeps (schemas/styles.ts).
 */
import { legacyToStyle, otherValuesFilter, otherValuesOf, scaleOfZoom, symbolizersFor, zoomOfScale, type Filter, type Rule, type Style, type Symbolizer } from '../../../schemas/styles.ts';
import { CATEGORY_PALETTES, classBreaks, numbersOf, paletteColours, PALETTES, type ClassMethod } from './classification.ts';
import { isCoordinateName, isIdentifierName } from './coordinateColumns.ts';
import type { DashName, LabelSettings, StyleConfig, SymbolSettings, ZoomRange } from './resourcesApi.ts';

export const DEFAULT_STYLE: StyleConfig = { kind: 'simple', color: '#1f78b4', size: 6, opacity: 0.8 };

/** Colours given in turn to the classes found in the data (ColorBrewer "Set1"). */
export const CLASS_COLOURS = ['#e41a1c', '#377eb8', '#4daf4a', '#984ea3', '#ff7f00', '#ffff33', '#a65628', '#f781bf', '#999999'];

/** Shown for a value no class names. */
export const OTHER_COLOUR = '#9e9e9e';

/** The name of the rule drawing the values no class lists (the legend shows it translated). */
export const OTHER_RULE_NAME = 'Other values';

/** Graduated classes of `column` by the method, coloured from the palette (no class when no value is a number). */
export function graduate(column: string, values: unknown[], method: ClassMethod, count: number, palette: string, base: Pick<StyleConfig, 'size' | 'opacity'>): StyleConfig {
  const bounds = classBreaks(numbersOf(values), method, count);
  const colours = paletteColours(palette, bounds.length);
  return { kind: 'graduated', column, method, palette, size: base.size, opacity: base.opacity, classes: bounds.map(([min, max], index) => ({ min, max, color: colours[index] })) };
}

const formatBound = (value: number) => String(Math.round(value * 1000) / 1000);

/** Dash patterns of lines (GeoStyler dasharray, in line widths). */
export const DASHES: Record<DashName, number[] | undefined> = { solid: undefined, dash: [6, 3], dot: [1, 3] };

/** A new label's look: dark text with a white halo. */
export const DEFAULT_LABEL: Omit<LabelSettings, 'column'> = { size: 12, color: '#222222', haloColor: '#ffffff', haloWidth: 1 };

/** The symbolizer with the symbol's settings. */
function withSettings(symbolizer: Symbolizer, settings: SymbolSettings): Symbolizer {
  const s = { ...symbolizer } as Record<string, unknown>;
  if (s.kind === 'Mark') {
    if (settings.shape) s.wellKnownName = settings.shape;
    if (settings.strokeColor) s.strokeColor = settings.strokeColor;
    if (settings.strokeWidth !== undefined) s.strokeWidth = settings.strokeWidth;
  } else if (s.kind === 'Line') {
    const dash = settings.dash ? DASHES[settings.dash] : undefined;
    if (dash) s.dasharray = dash;
  } else if (s.kind === 'Fill') {
    if (settings.outlineColor) s.outlineColor = settings.outlineColor;
    if (settings.outlineWidth !== undefined) s.outlineWidth = settings.outlineWidth;
  }
  return s as unknown as Symbolizer;
}

/** A rule's scale range of the zooms: from the scale of the lowest zoom (max) to the scale of the highest (min). */
function scaleRangeOf(zoom: ZoomRange | undefined): Pick<Rule, 'scaleDenominator'> {
  const range = { ...(zoom?.max === undefined ? {} : { min: scaleOfZoom(zoom.max) }), ...(zoom?.min === undefined ? {} : { max: scaleOfZoom(zoom.min) }) };
  return Object.keys(range).length > 0 ? { scaleDenominator: range } : {};
}

/** The GeoStyler style of the editor's config for a layer of the geometry type. */
export function styleOf(config: StyleConfig, geometryType: string | null, name: string): Style {
  const base = baseStyleOf(config, geometryType, name);
  const settings = config.symbol ?? {};
  const { column, ...look } = config.label ?? { column: '' };
  const label: Symbolizer[] = config.label ? [{ kind: 'Text', label: `{{${column}}}`, ...look }] : [];
  const scale = scaleRangeOf(config.zoom);
  return { ...base, rules: base.rules.map((rule) => ({ ...rule, ...scale, symbolizers: [...rule.symbolizers.map((symbolizer) => withSettings(symbolizer, settings)), ...label] })) };
}

function baseStyleOf(config: StyleConfig, geometryType: string | null, name: string): Style {
  if (config.kind === 'classified') {
    const style = legacyToStyle(config, geometryType, name);
    if (!config.other || config.classes.length === 0) return style;
    const other: Rule = { name: OTHER_RULE_NAME, filter: otherValuesFilter(config.column, config.classes.map((entry) => entry.value)), symbolizers: symbolizersFor(geometryType, config.other, config.size, config.opacity) };
    return { ...style, rules: [...style.rules, other] };
  }
  if (config.kind !== 'graduated') return legacyToStyle(config, geometryType, name);
  return {
    name,
    rules: config.classes.map((entry, index) => ({
      name: `${formatBound(entry.min)} – ${formatBound(entry.max)}`,
      filter: ['&&', ['>=', config.column, entry.min], [index === config.classes.length - 1 ? '<=' : '<', config.column, entry.max]] as Filter,
      symbolizers: symbolizersFor(geometryType, entry.color, config.size, config.opacity),
    })),
  };
}

const NUMBER = /^-?\d+(\.\d+)?$/;
const textOrder = new Intl.Collator('fr', { numeric: true }).compare;

/** Values in the order a legend lists them: numbers by their value (7 before 11), text alphabetically, accents among the other letters. */
function compareValues(a: string, b: string): number {
  return NUMBER.test(a) && NUMBER.test(b) ? Number(a) - Number(b) : textOrder(a, b);
}

/** A classification by `column` with one class per distinct value seen (at most as many as colours), the other values in grey. */
export function classify(column: string, values: unknown[], base: Pick<StyleConfig, 'size' | 'opacity'>, palette = 'Set1'): StyleConfig {
  const colours = CATEGORY_PALETTES[palette] ?? CLASS_COLOURS;
  const distinct = [...new Set(values.map((value) => String(value ?? '')))].sort(compareValues).slice(0, colours.length);
  return { kind: 'classified', column, size: base.size, opacity: base.opacity, classes: distinct.map((value, index) => ({ value, color: colours[index] })), other: OTHER_COLOUR };
}

/** Integers up to this are categories (a power, a count of floors, a year); larger ones are codes or measures. */
const SMALL_INTEGER = 10_000;

/** The column's values as categories: text or small integers, at most as many distinct ones as colours; null otherwise. */
function categoriesOf(values: unknown[]): { distinct: number; repeated: boolean } | null {
  const given = values.filter((value) => value !== null && value !== undefined && value !== '');
  if (given.length === 0) return null;
  const categorical = given.every((value) => {
    const number = typeof value === 'number' ? value : typeof value === 'string' && /^\s*[-+]?\d+([.,]\d+)?\s*$/.test(value) ? Number(value.replace(',', '.')) : null;
    return number === null ? typeof value === 'string' || typeof value === 'boolean' : Number.isInteger(number) && Math.abs(number) < SMALL_INTEGER;
  });
  const distinct = new Set(given.map(String)).size;
  return categorical && distinct <= CLASS_COLOURS.length ? { distinct, repeated: distinct > 1 && distinct < given.length } : null;
}

/**
 * The column a classification by value starts on: the first of text or small integers with few
 * distinct values — one of several values that repeat before one of values all different or all
 * the same — never a
 * coordinate (by its name, or one of `coordinates`) nor an identifier; else the first other column.
 */
export function defaultCategoryColumn(columns: readonly string[], valuesOf: (column: string) => unknown[], coordinates: readonly (string | null)[] = []): string | undefined {
  const eligible = columns.filter((column) => !coordinates.includes(column) && !isCoordinateName(column) && !isIdentifierName(column));
  const found = eligible.map((column) => ({ column, categories: categoriesOf(valuesOf(column)) })).filter((entry) => entry.categories !== null);
  return (found.find((entry) => entry.categories!.repeated) ?? found[0])?.column ?? eligible[0] ?? columns[0];
}

/** The colour, size and opacity a rule's first symbolizer draws with. */
function lookOfRule(symbolizer: Record<string, unknown> | undefined): { color: string; size: number; opacity: number } | null {
  if (!symbolizer || typeof symbolizer.color !== 'string') return null;
  const size = symbolizer.kind === 'Mark' ? symbolizer.radius : symbolizer.kind === 'Line' ? Number(symbolizer.width) * 2 : 6;
  const opacity = symbolizer.kind === 'Line' ? symbolizer.opacity : symbolizer.fillOpacity;
  return { color: symbolizer.color, size: typeof size === 'number' && size >= 1 ? Math.min(40, size) : 6, opacity: typeof opacity === 'number' ? opacity : 1 };
}

/** JSON with members in a fixed order, to compare styles whatever order their members came in. */
function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  if (value && typeof value === 'object') return `{${Object.keys(value).sort().map((key) => `${JSON.stringify(key)}:${canonical((value as Record<string, unknown>)[key])}`).join(',')}}`;
  return JSON.stringify(value);
}

/**
 * The editor's config of a style it makes again exactly (one colour; one per value of a column;
 * graduated classes — with the layer's symbols); null for others (an imported style with other
 * shapes, labels, scale ranges…), which the page draws and saves as they are.
 */
export function editorConfigOf(style: Style, geometryType: string | null): StyleConfig | null {
  const candidate = editorCandidate(style);
  return candidate && canonical(styleOf(candidate, geometryType, style.name).rules) === canonical(style.rules) ? candidate : null;
}

/** The symbol's settings, label and zooms a style's first rule shows. */
function settingsOf(style: Style): Pick<StyleConfig, 'symbol' | 'label' | 'zoom'> {
  const symbol: SymbolSettings = {};
  let label: LabelSettings | undefined;
  const first = style.rules[0];
  for (const symbolizer of first?.symbolizers ?? []) {
    const s = symbolizer as unknown as Record<string, unknown>;
    if (s.kind === 'Mark') Object.assign(symbol, { shape: s.wellKnownName, strokeColor: s.strokeColor, strokeWidth: s.strokeWidth });
    if (s.kind === 'Line') symbol.dash = (Object.keys(DASHES) as DashName[]).find((name) => canonical(DASHES[name]) === canonical(s.dasharray)) ?? 'solid';
    if (s.kind === 'Fill') Object.assign(symbol, { outlineColor: s.outlineColor === s.color ? undefined : s.outlineColor, outlineWidth: s.outlineWidth });
    const column = s.kind === 'Text' && typeof s.label === 'string' ? /^\{\{(.+)\}\}$/.exec(s.label)?.[1] : undefined;
    if (column) label = { column, size: s.size as number, color: s.color as string, haloColor: s.haloColor as string, haloWidth: s.haloWidth as number };
  }
  for (const key of Object.keys(symbol) as Array<keyof SymbolSettings>) if (symbol[key] === undefined) delete symbol[key];
  const scale = first?.scaleDenominator;
  const zoom: ZoomRange = {
    ...(typeof scale?.max === 'number' ? { min: Math.round(zoomOfScale(scale.max) * 100) / 100 } : {}),
    ...(typeof scale?.min === 'number' ? { max: Math.round(zoomOfScale(scale.min) * 100) / 100 } : {}),
  };
  return { symbol, ...(label ? { label } : {}), ...(Object.keys(zoom).length > 0 ? { zoom } : {}) };
}

function editorCandidate(style: Style): StyleConfig | null {
  const kind = kindCandidate(style);
  return kind && { ...kind, ...settingsOf(style) };
}

function kindCandidate(style: Style): StyleConfig | null {
  const looks = style.rules.map((rule) => lookOfRule(rule.symbolizers[0] as unknown as Record<string, unknown>));
  if (looks.some((look) => look === null) || looks.length === 0) return null;
  const first = looks[0]!;
  if (style.rules.length === 1 && !style.rules[0].filter) return { kind: 'simple', ...first };
  const filters = style.rules.map((rule) => rule.filter as unknown[] | undefined);
  const ranges = filters.map((filter) => {
    const [and, low, high] = (filter ?? []) as [unknown, unknown[] | undefined, unknown[] | undefined];
    const ok = and === '&&' && filter!.length === 3 && low?.[0] === '>=' && (high?.[0] === '<' || high?.[0] === '<=') && low[1] === high[1] && typeof low[2] === 'number' && typeof high[2] === 'number';
    return ok ? { column: low![1], min: low![2] as number, max: high![2] as number } : null;
  });
  if (ranges.every((range) => range && range.column === ranges[0]!.column && typeof range.column === 'string')) {
    const classes = ranges.map((range, index) => ({ min: range!.min, max: range!.max, color: looks[index]!.color }));
    return { kind: 'graduated', column: ranges[0]!.column as string, method: 'quantile', palette: PALETTES[0].name, size: first.size, opacity: first.opacity, classes };
  }
  // The last rule may draw the values no other lists.
  const other = filters.length > 1 && otherValuesOf(filters[filters.length - 1]) ? looks[looks.length - 1]!.color : undefined;
  const listed = other ? filters.slice(0, -1) : filters;
  const column = listed[0]?.[1];
  const byValue = listed.every((filter) => filter?.[0] === '==' && filter[1] === column && typeof filter[2] === 'string');
  if (!byValue || typeof column !== 'string') return null;
  const classes = listed.map((filter, index) => ({ value: filter![2] as string, color: looks[index]!.color }));
  return { kind: 'classified', column, size: first.size, opacity: first.opacity, classes, ...(other ? { other } : {}) };
}

export interface LegendEntry {
  /** The rule's name; null for a rule drawing all features. */
  label: string | null;
  color: string;
  /** The rule draws the values no other rule lists. */
  other: boolean;
}

/** A legend's entries: each rule's name (all features for a rule without filter, "other values" for their rule) and colour. */
export function legendOf(style: Style): LegendEntry[] {
  return style.rules.map((rule) => {
    const symbolizer = rule.symbolizers[0] as unknown as Record<string, unknown> | undefined;
    return { label: rule.filter ? rule.name || '—' : null, color: typeof symbolizer?.color === 'string' ? symbolizer.color : OTHER_COLOUR, other: otherValuesOf(rule.filter) !== null };
  });
}
