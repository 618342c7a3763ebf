/**
 * Graduated classes of a numeric column: class breaks by equal intervals, quantiles or natural
 * breaks (Jenks, Fisher's exact optimisation), and named ColorBrewer palettes interpolated to 2–12
 * colours, the colour-blind-safe ones first. Pure.
 */

export type ClassMethod = 'equal' | 'quantile' | 'jenks';
export const CLASS_METHODS: readonly ClassMethod[] = ['equal', 'quantile', 'jenks'];
export const MIN_CLASSES = 2;
export const MAX_CLASSES = 12;

export interface Palette {
  name: string;
  kind: 'sequential' | 'diverging';
  colourBlindSafe: boolean;
  /** ColorBrewer's 9-class colours, interpolated for other counts. */
  anchors: string[];
}

/** ColorBrewer palettes (Cynthia Brewer, Apache-2.0), colour-blind-safe first. */
export const PALETTES: readonly Palette[] = [
  { name: 'YlOrRd', kind: 'sequential', colourBlindSafe: true, anchors: ['#ffffcc', '#ffeda0', '#fed976', '#feb24c', '#fd8d3c', '#fc4e2a', '#e31a1c', '#bd0026', '#800026'] },
  { name: 'YlGnBu', kind: 'sequential', colourBlindSafe: true, anchors: ['#ffffd9', '#edf8b1', '#c7e9b4', '#7fcdbb', '#41b6c4', '#1d91c0', '#225ea8', '#253494', '#081d58'] },
  { name: 'Blues', kind: 'sequential', colourBlindSafe: true, anchors: ['#f7fbff', '#deebf7', '#c6dbef', '#9ecae1', '#6baed6', '#4292c6', '#2171b5', '#08519c', '#08306b'] },
  { name: 'Purples', kind: 'sequential', colourBlindSafe: true, anchors: ['#fcfbfd', '#efedf5', '#dadaeb', '#bcbddc', '#9e9ac8', '#807dba', '#6a51a3', '#54278f', '#3f007d'] },
  { name: 'RdYlBu', kind: 'diverging', colourBlindSafe: true, anchors: ['#d73027', '#f46d43', '#fdae61', '#fee090', '#ffffbf', '#e0f3f8', '#abd9e9', '#74add1', '#4575b4'] },
  { name: 'PuOr', kind: 'diverging', colourBlindSafe: true, anchors: ['#b35806', '#e08214', '#fdb863', '#fee0b6', '#f7f7f7', '#d8daeb', '#b2abd2', '#8073ac', '#542788'] },
  { name: 'BrBG', kind: 'diverging', colourBlindSafe: true, anchors: ['#8c510a', '#bf812d', '#dfc27d', '#f6e8c3', '#f5f5f5', '#c7eae5', '#80cdc1', '#35978f', '#01665e'] },
  { name: 'Greens', kind: 'sequential', colourBlindSafe: false, anchors: ['#f7fcf5', '#e5f5e0', '#c7e9c0', '#a1d99b', '#74c476', '#41ab5d', '#238b45', '#006d2c', '#00441b'] },
  { name: 'RdYlGn', kind: 'diverging', colourBlindSafe: false, anchors: ['#d73027', '#f46d43', '#fdae61', '#fee08b', '#ffffbf', '#d9ef8b', '#a6d96a', '#66bd63', '#1a9850'] },
  { name: 'Spectral', kind: 'diverging', colourBlindSafe: false, anchors: ['#d53e4f', '#f46d43', '#fdae61', '#fee08b', '#ffffbf', '#e6f598', '#abdda4', '#66c2a5', '#3288bd'] },
];

const hex = (value: number) => Math.round(value).toString(16).padStart(2, '0');
const rgb = (colour: string) => [1, 3, 5].map((at) => parseInt(colour.slice(at, at + 2), 16));

/** `count` colours of the palette, from its first anchor to its last. */
export function paletteColours(name: string, count: number): string[] {
  const anchors = (PALETTES.find((palette) => palette.name === name) ?? PALETTES[0]).anchors;
  return Array.from({ length: count }, (_, index) => {
    const position = count === 1 ? 0 : (index * (anchors.length - 1)) / (count - 1);
    const low = Math.floor(position);
    const high = Math.min(anchors.length - 1, low + 1);
    const [a, b] = [rgb(anchors[low]), rgb(anchors[high])];
    return `#${a.map((channel, at) => hex(channel + (b[at] - channel) * (position - low))).join('')}`;
  });
}

/** Fisher–Jenks natural breaks: the upper bounds of `count` classes minimising the within-class variance. */
function jenksBreaks(sorted: number[], count: number): number[] {
  const n = sorted.length;
  const lower = Array.from({ length: n + 1 }, () => new Array<number>(count + 1).fill(0));
  const variance = Array.from({ length: n + 1 }, () => new Array<number>(count + 1).fill(Infinity));
  for (let j = 1; j <= count; j += 1) {
    lower[1][j] = 1;
    variance[1][j] = 0;
  }
  for (let l = 2; l <= n; l += 1) {
    let sum = 0;
    let squares = 0;
    let w = 0;
    let v = 0;
    for (let m = 1; m <= l; m += 1) {
      const at = l - m + 1;
      const value = sorted[at - 1];
      squares += value * value;
      sum += value;
      w += 1;
      v = squares - (sum * sum) / w;
      if (at > 1) {
        for (let j = 2; j <= count; j += 1) {
          if (variance[l][j] >= v + variance[at - 1][j - 1]) {
            lower[l][j] = at;
            variance[l][j] = v + variance[at - 1][j - 1];
          }
        }
      }
    }
    lower[l][1] = 1;
    variance[l][1] = v;
  }
  const uppers: number[] = [sorted[n - 1]];
  let k = n;
  for (let j = count; j >= 2; j -= 1) {
    // Class j starts at its lower index: the class before ends just under that value.
    const at = lower[k][j] - 1;
    uppers.unshift(sorted[at]);
    k = at;
  }
  return uppers;
}

/**
 * The classes' bounds [min, max] of the numbers by the method, at most `count` (fewer when the
 * values are fewer); each class holds min ≤ value < max, the last one also its max.
 */
export function classBreaks(values: number[], method: ClassMethod, count: number): Array<[number, number]> {
  const sorted = values.filter(Number.isFinite).sort((a, b) => a - b);
  if (sorted.length === 0) return [];
  const classes = Math.max(1, Math.min(count, new Set(sorted).size));
  const min = sorted[0];
  const max = sorted[sorted.length - 1];
  let uppers: number[];
  if (method === 'equal') uppers = Array.from({ length: classes }, (_, index) => (index === classes - 1 ? max : min + ((max - min) * (index + 1)) / classes));
  else if (method === 'quantile') uppers = Array.from({ length: classes }, (_, index) => (index === classes - 1 ? max : sorted[Math.ceil(((index + 1) * sorted.length) / classes)]));
  else uppers = jenksBreaks(sorted, classes);
  const distinct = [...new Set(uppers)].sort((a, b) => a - b);
  return distinct.map((upper, index) => [index === 0 ? min : distinct[index - 1], upper]);
}

/** The numbers among values (numbers, or text that reads as one). */
export function numbersOf(values: unknown[]): number[] {
  return values
    .map((value) => (typeof value === 'number' ? value : typeof value === 'string' && value.trim() !== '' ? Number(value) : Number.NaN))
    .filter(Number.isFinite);
}

/** ColorBrewer qualitative palettes for one colour per value (Set1 first, the editor's default). */
export const CATEGORY_PALETTES: Readonly<Record<string, readonly string[]>> = {
  Set1: ['#e41a1c', '#377eb8', '#4daf4a', '#984ea3', '#ff7f00', '#ffff33', '#a65628', '#f781bf', '#999999'],
  Dark2: ['#1b9e77', '#d95f02', '#7570b3', '#e7298a', '#66a61e', '#e6ab02', '#a6761d', '#666666'],
  Set2: ['#66c2a5', '#fc8d62', '#8da0cb', '#e78ac3', '#a6d854', '#ffd92f', '#e5c494', '#b3b3b3'],
  Paired: ['#a6cee3', '#1f78b4', '#b2df8a', '#33a02c', '#fb9a99', '#e31a1c', '#fdbf6f', '#ff7f00', '#cab2d6', '#6a3d9a', '#ffff99', '#b15928'],
};
