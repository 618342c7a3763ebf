import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  boundingBoxOf,
  loadCommunesByCode,
  loadCurrentCommunes,
  parseBoxesCsv,
  unionBoundingBox,
  type BoundingBox,
  type Commune,
  GEO_DATA_DIR,
} from '../../src/server/geo/communes';

const communeBoxes2018 = parseBoxesCsv(readFileSync(join(GEO_DATA_DIR, 'commune-bboxes.csv'), 'utf8'));
const departementBoxes = parseBoxesCsv(readFileSync(join(GEO_DATA_DIR, 'departement-bboxes.csv'), 'utf8'));

function covers(outer: BoundingBox, inner: BoundingBox): boolean {
  return outer[0] <= inner[0] && outer[1] <= inner[1] && outer[2] >= inner[2] && outer[3] >= inner[3];
}

function containsPoint(box: BoundingBox, lon: number, lat: number): boolean {
  return box[0] <= lon && lon <= box[2] && box[1] <= lat && lat <= box[3];
}

describe('reference data files', () => {
  it('reads every commune and department box, CRLF line endings included', () => {
    expect(communeBoxes2018.size).toBe(35357);
    expect(departementBoxes.size).toBe(101);
    expect(departementBoxes.get('2A')).toEqual([8.53514, 41.33363, 9.40815, 42.38141]);
  });
});

describe('loadCurrentCommunes', () => {
  let communes: Commune[];
  let byCode: Map<string, Commune>;

  let loadMs: number;

  beforeAll(async () => {
    const started = performance.now();
    communes = await loadCurrentCommunes();
    loadMs = performance.now() - started;
    byCode = await loadCommunesByCode();
  });

  it('loads quickly', () => {
    // About 0.25 s here; the margin keeps a busy CI machine from failing the test.
    expect(loadMs).toBeLessThan(2000);
  });

  it('lists the current communes only, each with a valid box', () => {
    expect(communes.length).toBeGreaterThan(34_000);
    expect(byCode.size).toBe(communes.length);
    // Former communes ("déléguées") and municipal arrondissements are not current communes.
    expect(byCode.has('13201')).toBe(false); // Marseille 1er arrondissement
    const invalid = communes.filter(({ bbox }) => !(bbox.every(Number.isFinite) && bbox[0] <= bbox[2] && bbox[1] <= bbox[3]));
    expect(invalid).toEqual([]);
  });

  it('is loaded once and reused', async () => {
    expect(await loadCurrentCommunes()).toBe(communes);
  });

  it('gives Marseille its 2018 box, which contains the city centre', () => {
    const marseille = byCode.get('13055');
    expect(marseille).toMatchObject({ code: '13055', name: 'Marseille', departement: '13' });
    expect(marseille!.population).toBeGreaterThan(800_000);
    expect(containsPoint(marseille!.bbox, 5.37, 43.3)).toBe(true);
    expect(marseille!.bbox).toEqual(communeBoxes2018.get('13055'));
  });

  it('gives a commune created by merger in 2019 the union of the communes it absorbed', () => {
    // Valserhône (01033) was created on 1 January 2019 from Bellegarde-sur-Valserine (whose
    // code it kept), Châtillon-en-Michaille (01091) and Lancrans (01205).
    const valserhone = byCode.get('01033')!;
    expect(valserhone.name).toBe('Valserhône');
    const former = ['01033', '01091', '01205'].map((code) => communeBoxes2018.get(code)!);
    for (const box of former) expect(covers(valserhone.bbox, box)).toBe(true);
    expect(valserhone.bbox).toEqual(unionBoundingBox(former));
    // Strictly larger than the 2018 box of Bellegarde-sur-Valserine alone.
    expect(valserhone.bbox).not.toEqual(communeBoxes2018.get('01033'));
  });

  it('uses the former communes when the current code is absent from the 2018 data', () => {
    // Porte des Pierres Dorées (69114): formerly 69101 (Jarnioux) and 69159.
    expect(communeBoxes2018.has('69114')).toBe(false);
    const commune = byCode.get('69114')!;
    expect(commune.bbox).toEqual(unionBoundingBox([communeBoxes2018.get('69101')!, communeBoxes2018.get('69159')!]));
  });

  it("falls back to the department's box when the commune is in neither source", () => {
    // Sannerville (14666) was restored as a commune after 2018 and absorbed nobody.
    expect(communeBoxes2018.has('14666')).toBe(false);
    const sannerville = byCode.get('14666')!;
    expect(sannerville.departement).toBe('14');
    expect(sannerville.bbox).toEqual(departementBoxes.get('14'));
  });

  it('computes the box of a list of municipalities', () => {
    const box = boundingBoxOf(['13055', '01033', 'unknown'], byCode)!;
    expect(covers(box, byCode.get('13055')!.bbox)).toBe(true);
    expect(covers(box, byCode.get('01033')!.bbox)).toBe(true);
    expect(boundingBoxOf(['13055'], Object.fromEntries(byCode))).toEqual(byCode.get('13055')!.bbox);
  });
});

describe('unionBoundingBox / boundingBoxOf', () => {
  it('unions two boxes', () => {
    expect(
      unionBoundingBox([
        [1, 40, 2, 41],
        [1.5, 39, 3, 40.5],
      ]),
    ).toEqual([1, 39, 3, 41]);
  });

  it('does not modify its input', () => {
    const first: BoundingBox = [1, 40, 2, 41];
    unionBoundingBox([first, [0, 0, 5, 50]]);
    expect(first).toEqual([1, 40, 2, 41]);
  });

  it('is null for no boxes', () => {
    expect(unionBoundingBox([])).toBeNull();
    expect(boundingBoxOf([], new Map())).toBeNull();
    expect(boundingBoxOf(['00000'], new Map())).toBeNull();
  });
});
