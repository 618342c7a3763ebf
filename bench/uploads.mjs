// Resource uploads: CSV files of 100 MB and 1 GB, generated as they are sent (never on disk on the
// sending side), uploaded over HTTP to a real server (multipart PUT file-upload/{id}/file/): MB/s
// and the serving process's peak resident memory during each upload (VmHWM, reset before each).
// Figures only: nothing here passes or fails.
import http from 'node:http';
import { readFileSync, writeFileSync } from 'node:fs';
import { Readable } from 'node:stream';
import { signIn, startServer } from './server.mjs';

const MiB = 1024 * 1024;
const SIZES = (process.env.BENCH_UPLOAD_MB ?? '100,1024').split(',').map(Number);
const BOUNDARY = '----publishbench';
const ROW = Buffer.from('12345;Relevé du compteur;7.2619;43.7045\n'.repeat(1600));

const status = (pid, field) => Number(new RegExp(`^${field}:\\s+(\\d+) kB`, 'm').exec(readFileSync(`/proc/${pid}/status`, 'utf8'))[1]) * 1024;

function* csvBody(bytes) {
  yield Buffer.from(`--${BOUNDARY}\r\nContent-Disposition: form-data; name="file"; filename="bench.csv"\r\nContent-Type: text/csv\r\n\r\nid;nom;x;y\n`);
  for (let sent = 0; sent < bytes; sent += ROW.length) yield ROW.subarray(0, Math.min(ROW.length, bytes - sent));
  yield Buffer.from(`\r\n--${BOUNDARY}--\r\n`);
}

function upload(url, authorization, bytes) {
  return new Promise((resolve, reject) => {
    const request = http.request(url, { method: 'PUT', headers: { authorization, 'content-type': `multipart/form-data; boundary=${BOUNDARY}` } });
    request.on('response', (response) => {
      const chunks = [];
      response.on('data', (chunk) => chunks.push(chunk));
      response.on('end', () => (response.statusCode === 200 ? resolve() : reject(new Error(`upload answered ${response.statusCode}: ${Buffer.concat(chunks)}`))));
    });
    request.on('error', reject);
    Readable.from(csvBody(bytes)).pipe(request);
  });
}

const server = await startServer({ port: 18421 });
try {
  const authorization = `JWT ${await signIn(server.baseUrl, 'editor')}`;
  const call = async (method, path, body) => {
    const response = await fetch(`${server.baseUrl}${path}`, { method, headers: { authorization, ...(body ? { 'content-type': 'application/json' } : {}) }, body: body && JSON.stringify(body) });
    if (!response.ok) throw new Error(`${method} ${path} answered ${response.status}: ${await response.text()}`);
    return response.status === 204 ? null : response.json();
  };
  // A group the editor edits (role 1 or more).
  const group = (await call('GET', '/fr/usergroup/user-groups/?user__role__in=1,2')).results[0].id;
  const csv = (await call('GET', '/fr/resource/data-format/?search=csv')).find((format) => format.codename === 'csv').id;
  for (const megabytes of SIZES) {
    const resource = await call('POST', '/fr/resource/resources/', { display_name: `Bench ${megabytes} MB`, type: 'file-upload', usergroup_id: group });
    const source = await call('POST', '/fr/resource/file-upload/', { resource_id: resource.id, dataformat_id: csv });
    const before = status(server.pid, 'VmRSS');
    writeFileSync(`/proc/${server.pid}/clear_refs`, '5');
    const start = performance.now();
    await upload(`${server.baseUrl}/fr/resource/file-upload/${source.id}/file/`, authorization, megabytes * MiB);
    const seconds = (performance.now() - start) / 1000;
    const peak = status(server.pid, 'VmHWM');
    console.log(`upload ${megabytes} MB CSV: ${seconds.toFixed(1)} s, ${(megabytes / seconds).toFixed(0)} MB/s, server peak RSS ${(peak / MiB).toFixed(0)} MB (${(before / MiB).toFixed(0)} MB before)`);
    await call('DELETE', `/fr/resource/resources/${resource.id}/`);
  }
} finally {
  await server.stop();
}
