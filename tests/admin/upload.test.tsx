/**
 * Sending a file with its progress (src/admin/http/upload.ts): the bytes sent, in the file's bytes,
 * reach the file's size, the CSRF header goes as with every write, the answer is parsed, refusals become the
 * client's errors with their field messages.
 */
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { errorBody, errorStatus } from '../../src/admin/http/errors.ts';
import { uploadFile, type UploadProgress } from '../../src/admin/http/upload.ts';
import { server } from './server.ts';

describe('uploadFile', () => {
  it("reports the file's bytes sent up to its size (not the multipart body's) and answers the parsed JSON", async () => {
    document.cookie = 'csrftoken=token-123; path=/';
    window.history.replaceState(null, '', '/publish/fr/data/');
    const seen: { csrf: string | null; method: string; path: string; text: string }[] = [];
    server.use(
      http.put('/:locale/resource/file-upload/:id/file/', async ({ request }) => {
        const file = (await request.formData()).get('file') as File;
        seen.push({ csrf: request.headers.get('x-csrftoken'), method: request.method, path: new URL(request.url).pathname, text: await file.text() });
        return HttpResponse.json({ id: 70, columns: ['a', 'b'] });
      }),
    );
    const progress: UploadProgress[] = [];
    const content = 'a;b\n1;2\n'.repeat(1000);
    const answer = await uploadFile<{ id: number; columns: string[] }>('resource/file-upload/70/file', new File([content], 'data.csv'), {
      onProgress: (step) => progress.push(step),
    });
    expect(answer).toEqual({ id: 70, columns: ['a', 'b'] });
    expect(seen).toEqual([{ csrf: 'token-123', method: 'PUT', path: '/fr/resource/file-upload/70/file/', text: content }]);
    const last = progress.at(-1)!;
    expect(last).toEqual({ loaded: content.length, total: content.length });
    expect(progress.every((step) => step.total === content.length && step.loaded <= content.length)).toBe(true);
  });

  it('turns a refusal into an error with its field messages', async () => {
    server.use(http.put('/:locale/resource/file-upload/:id/file/', () => HttpResponse.json({ file: ['Fichier trop volumineux.'] }, { status: 400 })));
    const failure = await uploadFile('resource/file-upload/70/file', new File(['x'], 'data.csv')).catch((error: unknown) => error);
    expect(errorStatus(failure)).toBe(400);
    expect(errorBody(failure).errors).toEqual({ file: 'Fichier trop volumineux.' });
  });
});
