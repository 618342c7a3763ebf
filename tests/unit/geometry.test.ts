import { describe, expect, it } from 'vitest';
import { toWgs84 } from '../../src/server/datastore/crs.ts';
import { simplifyGeometry, zoomTolerance } from '../../src/server/datastore/features.ts';
import { columnGeometryType, extendBox, geometryFields, projectGeometry, wktGeometry } from '../../src/server/datastore/geometry.ts';

describe('geometry column types', () => {
  it('take the one type, the multi type of one family, else Geometry', () => {
    expect(columnGeometryType([])).toBeNull();
    expect(columnGeometryType(['Point', 'Point'])).toBe('Point');
    expect(columnGeometryType(['Polygon', 'MultiPolygon'])).toBe('MultiPolygon');
    expect(columnGeometryType(['LineString', 'MultiLineString'])).toBe('MultiLineString');
    expect(columnGeometryType(['Point', 'LineString'])).toBe('Geometry');
    expect(columnGeometryType(['GeometryCollection'])).toBe('Geometry');
  });
});

describe('geometries', () => {
  it('give their box, every part of them', () => {
    expect(extendBox(null, { type: 'MultiPolygon', coordinates: [[[[1, 2], [3, 2], [3, 5], [1, 2]]], [[[-1, 0], [0, 0], [0, 1], [-1, 0]]]] })).toEqual([-1, 0, 3, 5]);
    expect(extendBox(null, { type: 'GeometryCollection', geometries: [] })).toBeNull();
    expect(extendBox([0, 0, 1, 1], { type: 'Point', coordinates: [2, -1] })).toEqual([0, -1, 2, 1]);
  });

  it('are written for COPY: EWKB with SRID 4326 and promoted to the column\'s multi type, or GeoJSON and a box', () => {
    const polygon = { type: 'Polygon' as const, coordinates: [[[0, 0], [1, 0], [1, 1], [0, 0]]] };
    const [ewkb] = geometryFields(polygon, [0, 0, 1, 1], 'postgis', 'MultiPolygon');
    // Little endian, type 6 (MultiPolygon) with the SRID flag, SRID 4326.
    expect(ewkb.slice(0, 18)).toBe('0106000020e6100000');
    expect(geometryFields(polygon, [0, 0, 1, 1], 'plain', 'Polygon')).toEqual([JSON.stringify(polygon), '(1,1),(0,0)']);
    expect(geometryFields(null, null, 'plain', 'Polygon')).toEqual(['\\N', '\\N']);
  });

  it('are read from WKT and projected to WGS 84', () => {
    expect(wktGeometry('POINT(700000 6600000)')).toEqual({ type: 'Point', coordinates: [700000, 6600000] });
    expect(wktGeometry('not wkt')).toBeNull();
    expect(wktGeometry('')).toBeNull();
    const projected = projectGeometry(wktGeometry('LINESTRING(700000 6600000, 700000 6600000)')!, toWgs84(2154)) as { coordinates: number[][] };
    expect(projected.coordinates[0][0]).toBeCloseTo(3, 9);
    expect(projected.coordinates[0][1]).toBeCloseTo(46.5, 9);
    expect(projectGeometry({ type: 'Point', coordinates: [500, 500] }, toWgs84(4326))).toBeNull();
  });

  it('are simplified ring by ring, never below a ring', () => {
    const line = { type: 'LineString' as const, coordinates: [[0, 0], [1, 0.001], [2, 0]] };
    expect(simplifyGeometry(line, 0.01)).toEqual({ type: 'LineString', coordinates: [[0, 0], [2, 0]] });
    const triangle = { type: 'Polygon' as const, coordinates: [[[0, 0], [1, 0.001], [2, 0], [0, 0]]] };
    expect(simplifyGeometry(triangle, 0.01)).toEqual(triangle);
    expect(zoomTolerance(0)).toBeCloseTo(360 / 256, 12);
  });
});
