import { HttpError } from 'react-admin';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createHttpClient } from '../../src/admin/http/client.ts';
import { isAbortError } from '../../src/admin/http/errors.ts';
import { createDataProvider, toListQuery } from '../../src/admin/providers/dataProvider.ts';

/** A fake fetch answering one JSON response and recording the requests. */
function fakeFetch(status = 200, body: unknown = { count: 0, next: null, previous: null, results: [] }) {
  const calls: { url: URL; init: RequestInit }[] = [];
  const fetchImpl = vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
    calls.push({ url: new URL(String(input)), init });
    if (init.signal?.aborted) throw new DOMException('The operation was aborted.', 'AbortError');
    return new Response(status === 204 ? null : JSON.stringify(body), {
      status,
      headers: { 'Content-Type': 'application/json' },
    });
  });
  const provider = createDataProvider(createHttpClient(() => 'en', fetchImpl as typeof fetch));
  return { provider, calls };
}

const decoded = (url: URL) => `${url.pathname}${decodeURIComponent(url.search)}`;

afterEach(() => {
  document.cookie = 'csrftoken=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/';
});

describe('query strings', () => {
  it('builds page, page_size, ordering, search and __in filters from react-admin params', () => {
    expect(
      toListQuery({
        pagination: { page: 2, perPage: 20 },
        sort: { field: 'start_date', order: 'DESC' },
        filter: { q: 'lyon', status: [0, 1], object_class: 'dataset', empty: '' },
      }),
    ).toEqual({ page: 2, page_size: 20, ordering: '-start_date', search: 'lyon', status__in: '0,1', object_class: 'dataset' });
  });

  it('orders by several fields, each with the direction', () => {
    expect(toListQuery({ sort: { field: 'last_name,first_name', order: 'DESC' } }).ordering).toBe('-last_name,-first_name');
    expect(toListQuery({ sort: { field: 'display_name', order: 'ASC' } }).ordering).toBe('display_name');
  });

  it('asks only for orderings the entity schema allows, leaving the rest to the server default', async () => {
    expect(toListQuery({ sort: { field: 'id', order: 'ASC' } }, ['name', 'email']).ordering).toBeUndefined();
    expect(toListQuery({ sort: { field: 'id,name', order: 'DESC' } }, ['name']).ordering).toBe('-name');
    const { provider, calls } = fakeFetch(200, { count: 0, next: null, previous: null, results: [] });
    await provider.getList('contacts', { pagination: { page: 1, perPage: 1 }, sort: { field: 'id', order: 'ASC' }, filter: {} });
    expect(decoded(calls[0].url)).toBe('/en/dataset/contacts/?page=1&page_size=1');
  });

  it('calls the resource path under the locale with a trailing slash', async () => {
    const { provider, calls } = fakeFetch(200, { count: 42, next: null, previous: null, results: [{ id: 7 }] });
    const result = await provider.getList('tasks', {
      pagination: { page: 3, perPage: 20 },
      sort: { field: 'start_date', order: 'DESC' },
      filter: { status__in: [0, 1] },
    });
    expect(decoded(calls[0].url)).toBe('/en/dashboard/task-queue-track/?status__in=0,1&page=3&page_size=20&ordering=-start_date');
    expect(calls[0].init.credentials).toBe('same-origin');
    expect(result).toEqual({ data: [{ id: 7 }], total: 42 });
  });

  it('answers a capped count with partial pagination, the count kept for the footer', async () => {
    const { provider } = fakeFetch(200, { count: 10000, count_capped: true, next: '/en/dataset/datasets/?page=3', previous: '/en/dataset/datasets/', results: [{ id: 7 }] });
    const result = await provider.getList('datasets', { pagination: { page: 2, perPage: 10 }, sort: { field: 'display_name', order: 'ASC' }, filter: { q: 'eau' } });
    expect(result).toEqual({ data: [{ id: 7 }], pageInfo: { hasNextPage: true, hasPreviousPage: true }, meta: { countCapped: 10000 } });
    const last = await fakeFetch(200, { count: 10000, count_capped: true, next: null, previous: '/en/dataset/datasets/?page=1001', results: [{ id: 8 }] })
      .provider.getList('datasets', { pagination: { page: 1002, perPage: 10 }, sort: { field: 'display_name', order: 'ASC' }, filter: { q: 'eau' } });
    expect(last.pageInfo).toEqual({ hasNextPage: false, hasPreviousPage: true });
  });

  it('fetches several records with one id__in call', async () => {
    const { provider, calls } = fakeFetch(200, { count: 2, next: null, previous: null, results: [{ id: 1 }, { id: 2 }] });
    const { data } = await provider.getMany('tasks', { ids: [1, 2] });
    expect(decoded(calls[0].url)).toBe('/en/dashboard/task-queue-track/?id__in=1,2&page=1&page_size=2');
    expect(data).toHaveLength(2);
  });

  it('filters references by their target', async () => {
    const { provider, calls } = fakeFetch();
    await provider.getManyReference('tasks', {
      target: 'object_id',
      id: 12,
      pagination: { page: 1, perPage: 3 },
      sort: { field: 'start_date', order: 'DESC' },
      filter: {},
    });
    expect(decoded(calls[0].url)).toBe('/en/dashboard/task-queue-track/?object_id=12&page=1&page_size=3&ordering=-start_date');
  });
});

describe('writes', () => {
  it('sends the CSRF token from the cookie, and the record as JSON', async () => {
    document.cookie = 'csrftoken=abc123; path=/';
    const { provider, calls } = fakeFetch(201, { id: 9, action: 'run' });
    const { data } = await provider.create('tasks', { data: { action: 'run' } });
    expect(calls[0].init.method).toBe('POST');
    expect(new Headers(calls[0].init.headers).get('X-CSRFToken')).toBe('abc123');
    expect(calls[0].init.body).toBe('{"action":"run"}');
    expect(data).toEqual({ id: 9, action: 'run' });
  });

  it('sends each creation with an Idempotency-Key of its own, so a creation the server receives twice makes one record', async () => {
    const { provider, calls } = fakeFetch(201, { id: 9 });
    await provider.create('tasks', { data: { action: 'run' } });
    await provider.create('tasks', { data: { action: 'run' } });
    const [first, second] = calls.map((call) => new Headers(call.init.headers).get('Idempotency-Key'));
    expect(first).toMatch(/^[\x21-\x7e]{16,255}$/);
    expect(second).toMatch(/^[\x21-\x7e]{16,255}$/);
    expect(first).not.toBe(second);
    await provider.update('tasks', { id: 9, data: { action: 'run' }, previousData: { id: 9 } });
    expect(new Headers(calls[2].init.headers).has('Idempotency-Key')).toBe(false);
  });

  it('sends the __Host-csrftoken cookie the server sets over https, in preference', async () => {
    const cookie = vi.spyOn(document, 'cookie', 'get').mockReturnValue('csrftoken=plain; __Host-csrftoken=secure.token');
    try {
      const { provider, calls } = fakeFetch(201, { id: 9 });
      await provider.create('tasks', { data: { action: 'run' } });
      expect(new Headers(calls[0].init.headers).get('X-CSRFToken')).toBe('secure.token');
    } finally {
      cookie.mockRestore();
    }
  });

  it('updates with PUT, or PATCH with the changed fields only', async () => {
    const { provider, calls } = fakeFetch(200, { id: 9, action: 'b', status: 1 });
    await provider.update('tasks', { id: 9, data: { id: 9, action: 'b', status: 1 }, previousData: { id: 9, action: 'a', status: 1 } });
    await provider.update('tasks', {
      id: 9,
      data: { id: 9, action: 'b', status: 1 },
      previousData: { id: 9, action: 'a', status: 1 },
      meta: { partial: true },
    });
    expect(calls.map((call) => `${call.init.method} ${call.url.pathname} ${String(call.init.body)}`)).toEqual([
      'PUT /en/dashboard/task-queue-track/9/ {"id":9,"action":"b","status":1}',
      'PATCH /en/dashboard/task-queue-track/9/ {"action":"b"}',
    ]);
  });

  it('deletes (204) and returns the previous record', async () => {
    const { provider, calls } = fakeFetch(204);
    const { data } = await provider.delete('tasks', { id: 9, previousData: { id: 9, action: 'a' } });
    expect(calls[0].init.method).toBe('DELETE');
    expect(data).toEqual({ id: 9, action: 'a' });
  });
});

describe('errors', () => {
  it('maps a 400 field dictionary to an HttpError whose errors the form fields show', async () => {
    const { provider } = fakeFetch(400, { display_name: ['Ce champ est obligatoire.'], email: ['Invalide.', 'Déjà utilisé.'] });
    const error = await provider.create('tasks', { data: {} }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(HttpError);
    expect(error).toMatchObject({
      status: 400,
      body: { errors: { display_name: 'Ce champ est obligatoire.', email: 'Invalide. Déjà utilisé.' } },
    });
  });

  it('uses non_field_errors or detail as the message', async () => {
    const nonField = await fakeFetch(400, { non_field_errors: ['Combinaison invalide.'] })
      .provider.create('tasks', { data: {} })
      .catch((e: unknown) => e);
    expect(nonField).toMatchObject({ message: 'Combinaison invalide.', status: 400 });
    const notFound = await fakeFetch(404, { detail: 'Pas trouvé.' })
      .provider.getOne('tasks', { id: 1 })
      .catch((e: unknown) => e);
    expect(notFound).toMatchObject({ message: 'Pas trouvé.', status: 404 });
  });

  it('keeps the code of a terms-required answer', async () => {
    const error = await fakeFetch(403, { detail: 'Conditions.', code: 'terms-required' })
      .provider.getOne('tasks', { id: 1 })
      .catch((e: unknown) => e);
    expect(error).toMatchObject({ status: 403, body: { code: 'terms-required', detail: 'Conditions.' } });
  });

  it('lets a cancelled request reject as an abort, not as an HTTP error', async () => {
    const { provider } = fakeFetch();
    const controller = new AbortController();
    controller.abort();
    const error = await provider
      .getList('tasks', { pagination: { page: 1, perPage: 20 }, sort: { field: 'id', order: 'ASC' }, filter: {}, signal: controller.signal })
      .catch((e: unknown) => e);
    expect(error).not.toBeInstanceOf(HttpError);
    expect(isAbortError(error)).toBe(true);
  });

  it('refuses a resource missing from the path table', async () => {
    await expect(fakeFetch().provider.getOne('nothing', { id: 1 })).rejects.toThrow(/RESOURCE_PATHS/);
  });
});
