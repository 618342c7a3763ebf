/**
 * What the style editor edits (one colour, or one colour per value of a column), its defaults, and
 * its way to and from the GeoStyler style the server keeps (schemas/styles.ts).
 */
import type { Style } from '../../../schemas/styles.ts';
import type { StyleConfig } from './resourcesApi.ts';

export const DEFAULT_STYLE: StyleConfig = { kind: 'simple', color: '#1f78b4', size: 6, opacity: 0.8 };

/** Colours given in turn to the classes found in the data (ColorBrewer "Set1"). */
export const CLASS_COLOURS = ['#e41a1c', '#377eb8', '#4daf4a', '#984ea3', '#ff7f00', '#ffff33', '#a65628', '#f781bf', '#999999'];

/** Shown for a value no class names. */
export const OTHER_COLOUR = '#9e9e9e';

export interface PointLook {
  color: string;
  radius: number;
  opacity: number;
}

export function lookOf(config: StyleConfig, properties: Record<string, unknown>): PointLook {
  if (config.kind === 'simple') return { color: config.color, radius: config.size, opacity: config.opacity };
  const value = properties[config.column];
  const match = config.classes.find((entry) => entry.value === String(value ?? ''));
  return { color: match?.color ?? OTHER_COLOUR, radius: config.size, opacity: config.opacity };
}

/** A classification by `column` with one class per distinct value seen (at most as many as colours). */
export function classify(column: string, values: unknown[], base: Pick<StyleConfig, 'size' | 'opacity'>): StyleConfig {
  const distinct = [...new Set(values.map((value) => String(value ?? '')))].sort().slice(0, CLASS_COLOURS.length);
  return { kind: 'classified', column, size: base.size, opacity: base.opacity, classes: distinct.map((value, index) => ({ value, color: CLASS_COLOURS[index] })) };
}

/** The colour, size and opacity a rule's first symbolizer draws with. */
function lookOfRule(symbolizer: Record<string, unknown> | undefined): { color: string; size: number; opacity: number } | null {
  if (!symbolizer || typeof symbolizer.color !== 'string') return null;
  const size = symbolizer.kind === 'Mark' ? symbolizer.radius : symbolizer.kind === 'Line' ? Number(symbolizer.width) * 2 : 6;
  const opacity = symbolizer.kind === 'Line' ? symbolizer.opacity : symbolizer.fillOpacity;
  return { color: symbolizer.color, size: typeof size === 'number' && size >= 1 ? Math.min(40, size) : 6, opacity: typeof opacity === 'number' ? opacity : 1 };
}

/**
 * The editor's config of a style it can show: one rule without a filter, or rules each matching one
 * value of the same column (what the editor makes); null for others (an imported style, graduated
 * classes…), which the page draws and saves as they are.
 */
export function editorConfigOf(style: Style): StyleConfig | null {
  const looks = style.rules.map((rule) => lookOfRule(rule.symbolizers[0] as unknown as Record<string, unknown>));
  if (looks.some((look) => look === null) || looks.length === 0) return null;
  const first = looks[0]!;
  if (style.rules.length === 1 && !style.rules[0].filter) return { kind: 'simple', ...first };
  const filters = style.rules.map((rule) => rule.filter as unknown[] | undefined);
  const column = filters[0]?.[1];
  const byValue = filters.every((filter) => filter?.[0] === '==' && filter[1] === column && typeof filter[2] === 'string');
  if (!byValue || typeof column !== 'string') return null;
  return { kind: 'classified', column, size: first.size, opacity: first.opacity, classes: filters.map((filter, index) => ({ value: filter![2] as string, color: looks[index]!.color })) };
}

/** A legend's entries: each rule's name (all features for a rule without filter) and colour. */
export function legendOf(style: Style): Array<{ label: string | null; color: string }> {
  return style.rules.map((rule) => {
    const symbolizer = rule.symbolizers[0] as unknown as Record<string, unknown> | undefined;
    return { label: rule.filter ? rule.name || '—' : null, color: typeof symbolizer?.color === 'string' ? symbolizer.color : OTHER_COLOUR };
  });
}
