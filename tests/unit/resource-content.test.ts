/** Content checks of resource files while they stream: formats, UTF-8 with the bad line, CSV header and rows, GeoJSON properties. */
import { describe, expect, it } from 'vitest';
import { ContentError, contentInspector, detectDelimiter, parseCsv } from '../../src/server/resources/content.ts';

function inspect(format: string | null, ...chunks: (string | Buffer)[]) {
  const inspector = contentInspector(format);
  for (const chunk of chunks) inspector.inspect(typeof chunk === 'string' ? Buffer.from(chunk) : chunk);
  return inspector.finish();
}

function failure(run: () => unknown): { code: string; params: Record<string, unknown> } {
  try {
    run();
  } catch (error) {
    if (error instanceof ContentError) return { code: error.code, params: error.params };
    throw error;
  }
  throw new Error('no ContentError');
}

describe('resource content checks', () => {
  it('reads the header and the first rows of a CSV, whatever its delimiter, quotes and line ends', () => {
    expect(inspect('csv', 'a,b\r\n1,"x, ""y"""\r\n2,z\r\n')).toEqual({ columns: ['a', 'b'], preview: [['1', 'x, "y"'], ['2', 'z']] });
    expect(inspect('csv', '\uFEFFnom\tx\n', 'Gare\t7.2\n')).toEqual({ columns: ['nom', 'x'], preview: [['Gare', '7.2']] });
    expect(inspect('csv', 'a;b\n', ...Array.from({ length: 20 }, (_, i) => `${i};${i}\n`)).preview).toHaveLength(5);
    expect(inspect('csv', 'a|b\n1|2').preview).toEqual([['1', '2']]);
    expect(detectDelimiter('"a;b",c,d')).toBe(',');
    expect(parseCsv('"multi\nline",x\n', ',', 5)).toEqual([['multi\nline', 'x']]);
  });

  it('names the line of the first byte that is not UTF-8, also across chunks', () => {
    expect(failure(() => inspect('csv', 'a;b\n1;2\n', Buffer.from([0x33, 0x3b, 0xe9, 0x0a])))).toEqual({ code: 'resource.notUtf8', params: { line: 3 } });
    // A character split between two chunks is fine.
    const e = Buffer.from('é');
    expect(inspect('csv', Buffer.concat([Buffer.from('nom\n'), e.subarray(0, 1)]), Buffer.concat([e.subarray(1), Buffer.from('\n')])).preview).toEqual([['é']]);
    expect(failure(() => inspect('csv', Buffer.from([0x61, 0x0a, 0xc3]))).code).toBe('resource.notUtf8');
  });

  it('refuses empty files, a CSV without header, and content that is not the format', () => {
    expect(failure(() => inspect('csv')).code).toBe('resource.emptyFile');
    expect(failure(() => inspect('csv', '\n1;2\n')).code).toBe('resource.csvHeader');
    expect(failure(() => inspect('pdf', 'hello'))).toEqual({ code: 'resource.wrongContent', params: { format: 'PDF' } });
    expect(failure(() => inspect('xlsx', '%PDF-1.4')).code).toBe('resource.wrongContent');
    expect(inspect('xlsx', Buffer.from([0x50, 0x4b, 0x03, 0x04, 0]))).toEqual({ columns: [], preview: [] });
    expect(failure(() => inspect('json', 'not json')).code).toBe('resource.wrongContent');
    expect(failure(() => inspect('geojson', '{"type": "Point"')).code).toBe('resource.wrongContent');
    // Formats without a check pass.
    expect(inspect(null, Buffer.from([0, 1, 2]))).toEqual({ columns: [], preview: [] });
  });

  it('reads the property names and values of the first GeoJSON features', () => {
    const geojson = JSON.stringify({
      type: 'FeatureCollection',
      features: [
        { type: 'Feature', geometry: { type: 'Point', coordinates: [7.26, 43.7] }, properties: { nom: 'Gare', lignes: 3 } },
        { type: 'Feature', geometry: { type: 'Point', coordinates: [7.28, 43.69] }, properties: { nom: 'Port', quai: 'A' } },
      ],
    });
    expect(inspect('geojson', geojson)).toEqual({ columns: ['nom', 'lignes', 'quai'], preview: [['Gare', '3', ''], ['Port', '', 'A']] });
  });
});
