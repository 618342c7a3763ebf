/**
 * The GDAL worker thread (src/server/datastore/gdal.ts starts it): GDAL 3.8 compiled to
 * WebAssembly (gdal3.js, installed by npm with its PROJ database; nothing is fetched at run time),
 * run off the event loop. GDAL sees one folder of the host, the job's (`dir`, a folder of
 * DATA_DIR/gdal), mounted for the call's length as /output/<its name>: whatever a file names
 * (a virtual layer, a GML schema, a path climbing with `..`), no other file of the host exists for it.
 * Files are named relative to that folder. Messages: {id, op, args} in, {id, result} or
 * {id, error: {message}} out. Plain JavaScript so that worker_threads loads it as it is, with or
 * without a TypeScript loader.
 */
import { createRequire } from 'node:module';
import path from 'node:path';
import process from 'node:process';
import { parentPort } from 'node:worker_threads';

const require = createRequire(import.meta.url);
const initGdal = require('gdal3.js/node.js');
const packageDir = path.dirname(require.resolve('gdal3.js/dist/package/gdal3.node.js'));

// No `dest`: nothing of the host is mounted until a job's call mounts its folder.
const gdalReady = initGdal({
  useWorker: false,
  // gdal3.js reads its files at "./" + path: relative to the working folder.
  path: path.relative(process.cwd(), packageDir) || '.',
  logHandler: () => {},
  errorHandler: () => {},
});

/** gdal3.js rejects with [{no, message}] or {no, message}: one readable line. */
function gdalMessage(error) {
  const list = Array.isArray(error) ? error : [error];
  const text = list.map((item) => (item && typeof item === 'object' ? item.message : String(item))).filter(Boolean).join('; ');
  return text || 'GDAL could not read the file';
}

/**
 * The GDAL drivers that may read a file, by the extension the job gave it (a zipped Shapefile's
 * .shp, a KMZ's .kml): a file is read as the kind its format names, never as another kind GDAL
 * recognises in its content. A virtual layer (OGR VRT), above all, would read whatever file of the
 * host it names.
 */
const DRIVERS = {
  geojson: ['GeoJSON', 'GeoJSONSeq', 'ESRIJSON', 'TopoJSON', 'JSONFG'],
  shp: ['ESRI Shapefile'],
  gpkg: ['GPKG'],
  kml: ['KML', 'LIBKML'],
  gml: ['GML'],
};

/** The folder of the job being served, mounted alone as /output/<its name>: its name in GDAL's paths. */
function mountJob(Gdal, dir) {
  const { FS, NODEFS } = Gdal.Module;
  const name = path.basename(dir);
  if (!/^job-[0-9a-f]+$/.test(name)) throw new Error('not a GDAL job folder');
  FS.mkdir(`/output/${name}`);
  FS.mount(NODEFS, { root: dir }, `/output/${name}`);
  return name;
}

function unmountJob(Gdal, name) {
  const { FS } = Gdal.Module;
  FS.unmount(`/output/${name}`);
  FS.rmdir(`/output/${name}`);
}

/** A name of the job's folder: never absolute, never climbing out of it. */
function inJob(job, name) {
  const normal = path.posix.normalize(String(name));
  if (normal.startsWith('/') || normal === '..' || normal.startsWith('../')) throw new Error('a file outside the job');
  return `${job}/${normal}`;
}

async function openDataset(Gdal, job, file, vsi) {
  let result;
  try {
    result = await Gdal.open(`/output/${inJob(job, file)}`, [], vsi ? [vsi] : []);
  } catch (error) {
    throw new Error(gdalMessage(error));
  }
  const dataset = result.datasets[0];
  if (!dataset) throw new Error(gdalMessage(result.errors));
  const extension = file.split('.').pop().toLowerCase();
  const driver = dataset.info?.driverShortName;
  if (!(DRIVERS[extension] ?? []).includes(driver)) {
    Gdal.close(dataset);
    throw new Error(`the file is not ${extension.toUpperCase()} but ${driver ?? 'another kind'}`);
  }
  return dataset;
}

/** A name in SQLite's SQL (a double quote doubled). */
function quoteSql(name) {
  return `"${String(name).replace(/"/g, '""')}"`;
}

/** A name in OGR SQL, whose double-quoted identifiers take `\"` for a double quote (and no other escape). */
function quoteOgrSql(name) {
  return `"${String(name).replace(/"/g, '\\"')}"`;
}

/** The EPSG code of a coordinate system as GDAL identified it, or null. */
function epsgOf(coordinateSystem) {
  const id = coordinateSystem?.projjson?.id;
  return id && id.authority === 'EPSG' && Number.isInteger(Number(id.code)) ? Number(id.code) : null;
}

const ops = {
  /** The layers of a file: name, declared geometry, feature count, CRS, fields. */
  async layers(Gdal, job, { file, vsi }) {
    const dataset = await openDataset(Gdal, job, file, vsi);
    try {
      const info = await Gdal.ogrinfo(dataset, ['-json', '-so']).catch((error) => {
        throw new Error(gdalMessage(error));
      });
      return (info.layers ?? []).map((layer) => {
        const field = layer.geometryFields?.[0] ?? null;
        const crs = field?.coordinateSystem ?? null;
        return {
          name: layer.name,
          featureCount: Number.isFinite(layer.featureCount) && layer.featureCount >= 0 ? layer.featureCount : null,
          geometryField: field ? field.name || 'GEOMETRY' : null,
          declaredType: field ? field.type : null,
          crs: crs ? { epsg: epsgOf(crs), name: crs.projjson?.name ?? null } : null,
          fields: (layer.fields ?? []).map((item) => ({ name: item.name, type: item.type })),
        };
      });
    } finally {
      Gdal.close(dataset);
    }
  },

  /** Features by geometry type and invalid ones, in one read (SQLite dialect, GEOS's validity). */
  async geometryStats(Gdal, job, { file, vsi, layer, geometryField }) {
    const dataset = await openDataset(Gdal, job, file, vsi);
    try {
      const g = quoteSql(geometryField);
      const sql = `SELECT ST_GeometryType(${g}) AS kind, count(*) AS n, sum(CASE WHEN ${g} IS NOT NULL AND NOT ST_IsValid(${g}) THEN 1 ELSE 0 END) AS invalid FROM ${quoteSql(layer)} GROUP BY 1`;
      const info = await Gdal.ogrinfo(dataset, ['-json', '-features', '-dialect', 'SQLite', '-sql', sql]).catch((error) => {
        throw new Error(gdalMessage(error));
      });
      const features = info.layers?.[0]?.features ?? [];
      return features.map((feature) => ({ kind: feature.properties.kind ?? null, count: Number(feature.properties.n) || 0, invalid: Number(feature.properties.invalid) || 0 }));
    } finally {
      Gdal.close(dataset);
    }
  },

  /** The layer written as GeoJSON text sequence in WGS 84 (2D), beside the source: answers its name in the job. */
  async convert(Gdal, job, { file, vsi, layer, sourceCrs, makeValid, limit, output }) {
    const dataset = await openDataset(Gdal, job, file, vsi);
    try {
      const options = ['-f', 'GeoJSONSeq', '-t_srs', 'EPSG:4326', '-dim', 'XY', '-lco', 'RS=NO', '-lco', 'COORDINATE_PRECISION=8'];
      if (sourceCrs) options.push('-s_srs', `EPSG:${sourceCrs}`);
      if (makeValid) options.push('-makevalid');
      if (limit) options.push('-limit', String(limit));
      // ogr2ogr would read a layer name starting with `-` as an option (GDAL 3.8 knows no `--` ending
      // them): such a layer is read by a query instead.
      if (String(layer).startsWith('-')) options.push('-dialect', 'OGRSQL', '-sql', `SELECT * FROM ${quoteOgrSql(layer)}`);
      else options.push(layer);
      const written = await Gdal.ogr2ogr(dataset, options, inJob(job, output)).catch((error) => {
        throw new Error(gdalMessage(error));
      });
      return written.local.slice(`/output/${job}/`.length);
    } finally {
      Gdal.close(dataset);
    }
  },
};

parentPort.on('message', async ({ id, op, dir, args }) => {
  try {
    const Gdal = await gdalReady;
    const job = mountJob(Gdal, dir);
    try {
      parentPort.postMessage({ id, result: await ops[op](Gdal, job, args) });
    } finally {
      unmountJob(Gdal, job);
    }
  } catch (error) {
    parentPort.postMessage({ id, error: { message: error instanceof Error ? error.message : String(error) } });
  }
});
