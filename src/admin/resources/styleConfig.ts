/** A layer style's look (StyleConfig of the contract) applied to one feature, and the editor's defaults. */
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
