/**
 * The app's map and a real map server draw a style alike: a polygon layer of a new dataset is
 * styled by value with the other values in grey, then in graduated classes; each time the map's
 * pixels are read inside each feature, and MapServer (`mapserv`, as the server test runs it) draws
 * the same view from the same GeoJSON file, read through OGR, with the SLD the platform exports
 * for the saved style. Without mapserv it is skipped with a warning, and fails under CI=true.
 */
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import layerLabels from '../i18n/resources/geographic-layers.ts';
import { getMap, mapfileOf, mapserverReady, pixelsOfPng, type Pixels } from '../tests/mapserver.ts';
import { openNewDatasetPage, signInFromHome } from './fixtures.ts';
import { shown } from './mapPixels.ts';
import { openNewPolygonLayer, pickOption, succeeded } from './resourceWizard.ts';

const layer = layerLabels.fr;
const DATASET = 'Arrêts de bus du réseau urbain';

/** Ten land uses: the Dark2 palette has eight colours, so the last two in order are other values. */
const USES = ['verger', 'bois', 'zone', 'eau', 'parc', 'vigne', 'champ', 'friche', 'prairie', 'jardin'];
/** Squares of 0.02° in a row near Nice, 0.01° apart, one a land use, peopled 100, 200 … 1000. */
const SIDE = 0.02;
const SQUARES = USES.map((nature, index) => ({ nature, population: (index + 1) * 100, lon: 7.2 + index * 0.03, lat: 43.7 }));
type Square = (typeof SQUARES)[number];
const GEOJSON = JSON.stringify({
  type: 'FeatureCollection',
  features: SQUARES.map(({ nature, population, lon, lat }, index) => ({
    type: 'Feature',
    properties: { nom: `Parcelle ${index + 1}`, nature, population },
    geometry: { type: 'Polygon', coordinates: [[[lon, lat], [lon + SIDE, lat], [lon + SIDE, lat + SIDE], [lon, lat + SIDE], [lon, lat]]] },
  })),
});
/** The editor's default opacity, with which both maps draw the fills over white. */
const OPACITY = 0.8;
/** Fitted as the map fits the layer's box (LayerMap's padding). */
const PADDING = 24;
const EARTH = 2 * Math.PI * 6378137;

/** A place's Web Mercator coordinates in the unit square (x east, y south). */
const mercator = (lon: number, lat: number) => [(lon + 180) / 360, (1 - Math.log(Math.tan(Math.PI / 4 + (lat * Math.PI) / 360)) / Math.PI) / 2];

/** The view MapLibre fits to the box in a map of width × height pixels: unit-square pixels and centre. */
function fittedView(width: number, height: number) {
  const [left, top] = mercator(SQUARES[0].lon, SQUARES[0].lat + SIDE);
  const [right, bottom] = mercator(SQUARES.at(-1)!.lon + SIDE, SQUARES[0].lat);
  const scale = Math.min((width - 2 * PADDING) / (right - left), (height - 2 * PADDING) / (bottom - top));
  const centre = [(left + right) / 2, (top + bottom) / 2];
  const pixel = (lon: number, lat: number) => {
    const [x, y] = mercator(lon, lat);
    return [width / 2 + (x - centre[0]) * scale, height / 2 + (y - centre[1]) * scale];
  };
  // The same view in EPSG:3857 metres, for MapServer.
  const metres = (x: number, y: number) => [(x - 0.5) * EARTH, (0.5 - y) * EARTH];
  const bbox = [...metres(centre[0] - width / 2 / scale, centre[1] + height / 2 / scale), ...metres(centre[0] + width / 2 / scale, centre[1] - height / 2 / scale)];
  return { pixel, bbox };
}

/** The SLD the platform exports for the layer page's saved style, once it styles by `column`. */
async function exportedSld(page: Page, column: string): Promise<string> {
  const exportLink = page.getByRole('link', { name: layer.style.exportSld });
  const download = async () => (await page.request.get(new URL((await exportLink.getAttribute('href'))!, page.url()).href)).text();
  // A save is a task: the export follows once it has run.
  await expect.poll(download, { timeout: 60_000 }).toContain(`<ogc:PropertyName>${column}</ogc:PropertyName>`);
  return download();
}

/**
 * Checks that the layer page's map shows, inside each square, the colour `colourOf` gives it (at
 * the style's opacity over white), and that MapServer draws the same colours there for the same
 * view, from the same file read through OGR, with the SLD exported for the saved style.
 */
async function drawnAlike(page: Page, folder: string, file: string, colourOf: (square: Square) => string, column: string) {
  const sld = await exportedSld(page, column);
  // MapServer styles only the layer named as the SLD's NamedLayer (docs/styles.md).
  const namedLayer = /<(?:\w+:)?NamedLayer>\s*<(?:\w+:)?Name>([^<]+)</.exec(sld)![1];
  const map = page.locator('.layer-map');
  const inside = ({ lon, lat }: Square) => [0.3, 0.5, 0.7].flatMap((dx) => [0.3, 0.5, 0.7].map((dy) => [lon + dx * SIDE, lat + dy * SIDE] as const));
  const expected = SQUARES.map((square) => shown(colourOf(square), OPACITY));
  const mismatches = (pixels: Pixels, view: ReturnType<typeof fittedView>) =>
    SQUARES.flatMap((square, index) =>
      inside(square)
        .map(([lon, lat]) => pixels.at(...(view.pixel(lon, lat) as [number, number])))
        .filter((rgb) => distance(rgb, expected[index]) >= 24)
        .map((rgb) => `${square.nature} (${square.population}): ${rgb.join(',')} for ${expected[index].join(',')}`),
    );

  // The app's map, once drawn, in its own pixels.
  let app!: Pixels;
  await expect
    .poll(async () => {
      await expect(map).toHaveAttribute('aria-busy', 'false');
      app = await pixelsOfPng(await map.screenshot());
      return mismatches(app, fittedView(app.width, app.height));
    }, { timeout: 20_000 })
    .toEqual([]);

  // MapServer's picture of the same view.
  const view = fittedView(app.width, app.height);
  const layers = `
  LAYER
    NAME "${namedLayer}"
    TYPE POLYGON
    STATUS ON
    CONNECTIONTYPE OGR
    CONNECTION "${file}"
    PROJECTION "init=epsg:4326" END
    METADATA "wms_title" "parcelles" "wms_include_items" "all" END
    CLASS STYLE COLOR 0 0 0 END END
  END`;
  const mapfile = mapfileOf({ extent: view.bbox, width: app.width, height: app.height, projection: 'epsg:3857', layers });
  const drawn = await getMap({ dir: folder, mapfile, layer: namedLayer, sld, bbox: view.bbox, width: app.width, height: app.height, srs: 'EPSG:3857' });
  expect(mismatches(drawn, view)).toEqual([]);
  // Between the squares, MapServer draws nothing.
  const between = view.pixel(SQUARES[0].lon + SIDE * 1.25, SQUARES[0].lat + SIDE / 2) as [number, number];
  expect(distance(drawn.at(...between), [255, 255, 255])).toBeLessThan(24);
}

const distance = (a: readonly number[], b: readonly number[]) => a.reduce((sum, value, index) => sum + Math.abs(value - b[index]), 0);

test('the map of a layer styled by value (other values included), then in graduated classes, shows the colours MapServer draws with the SLD the platform exports', async ({ page }) => {
  test.skip(!mapserverReady('the comparison of the app\'s map with MapServer\'s'), 'mapserv is not installed');
  test.setTimeout(180_000);
  const folder = await mkdtemp(join(tmpdir(), 'publish-mapserver-'));
  const file = join(folder, 'parcelles.geojson');
  await writeFile(file, GEOJSON);
  try {
    await signInFromHome(page, 'editor');
    const datasetUrl = await openNewDatasetPage(page, `Occupation des sols ${Date.now()}`, DATASET);
    await openNewPolygonLayer(page, datasetUrl, 'Parcelles', file);

    // One colour per land use, from the Dark2 palette: eight listed, the other two in grey.
    await page.getByLabel(layer.style.name, { exact: false }).fill('Occupation');
    await pickOption(page, layer.style.kind, layer.style.kinds.classified);
    await pickOption(page, layer.style.column, 'nature');
    await pickOption(page, layer.style.palette, 'Dark2');
    const legend = page.getByRole('list', { name: layer.style.legend }).getByRole('listitem');
    await expect(legend).toHaveCount(9);
    const colours = new Map((await legend.allTextContents()).map((text) => /^(.*) \((#[0-9a-f]{6})\)$/.exec(text)!.slice(1, 3) as [string, string]));
    expect(SQUARES.filter(({ nature }) => !colours.has(nature)).map(({ nature }) => nature)).toEqual(['zone', 'vigne']);

    await page.getByRole('button', { name: layer.style.save }).click();
    await expect(succeeded(page)).toBeVisible({ timeout: 60_000 });
    await drawnAlike(page, folder, file, (square) => colours.get(square.nature) ?? colours.get(layer.style.otherValues)!, 'nature');

    // Five quantile classes of the population, saved over the same style.
    await pickOption(page, layer.style.kind, layer.style.kinds.graduated);
    await pickOption(page, layer.style.column, 'population');
    await expect(legend).toHaveCount(5);
    const classes = (await legend.allTextContents()).map((text) => {
      const [, min, max, colour] = /^(\d+) – (\d+) \((#[0-9a-f]{6})\)$/.exec(text)!;
      return { min: Number(min), max: Number(max), colour };
    });
    // As the style's filters: from min to below max, the last class up to its max.
    const classOf = (population: number) => classes.find(({ min, max }, index) => population >= min && (population < max || (index === classes.length - 1 && population === max)))!.colour;
    await page.getByRole('button', { name: layer.style.save }).click();
    await drawnAlike(page, folder, file, (square) => classOf(square.population), 'population');
  } finally {
    await rm(folder, { recursive: true, force: true });
  }
});
