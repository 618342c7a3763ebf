import { describe, expect, it } from 'vitest';
import type { Db } from '../../src/server/db/pool.ts';
import { ApiError, ValidationError } from '../../src/server/http/errors.ts';
import {
  buildFilters,
  buildOrderBy,
  buildSearch,
  MAX_PAGE_SIZE,
  pageLinks,
  parsePageParams,
  SqlParams,
  type ListSpec,
} from '../../src/server/http/pagination.ts';

const spec: ListSpec = {
  fields: {
    id: { column: 'u.id', type: 'integer', orderable: true, filters: ['in'] },
    status: { column: 'u.status', type: 'integer', orderable: true, filters: ['exact', 'in'] },
    username: { column: 'u.username', type: 'text', orderable: true, filters: ['exact'] },
    is_superuser: { column: 'u.is_superuser', type: 'boolean', filters: ['exact'] },
    date_joined: { column: 'u.date_joined', type: 'timestamp', orderable: true },
    secret: { column: 'u.password', type: 'text' },
  },
  defaultOrdering: ['-date_joined'],
  searchColumns: ['u.username', 'u.last_name'],
};

function catchError(work: () => unknown): unknown {
  try {
    work();
  } catch (error) {
    return error;
  }
  throw new Error('expected an error');
}

describe('parsePageParams', () => {
  it('defaults to page 1 and 20 per page', () => {
    expect(parsePageParams({})).toEqual({ page: 1, pageSize: 20 });
  });

  it('reads page and page_size, capping the size', () => {
    expect(parsePageParams({ page: '3', page_size: '50' })).toEqual({ page: 3, pageSize: 50 });
    expect(parsePageParams({ page_size: '5000' }).pageSize).toBe(MAX_PAGE_SIZE);
    expect(parsePageParams({}, 50).pageSize).toBe(50);
  });

  it('ignores a bad page_size', () => {
    expect(parsePageParams({ page_size: 'abc' }).pageSize).toBe(20);
    expect(parsePageParams({ page_size: '0' }).pageSize).toBe(20);
    expect(parsePageParams({ page_size: '-4' }).pageSize).toBe(20);
  });

  it.each(['0', '-1', 'abc', '1.5', 'last'])('answers 404 "Invalid page" for page=%s', (page) => {
    const error = catchError(() => parsePageParams({ page }));
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).statusCode).toBe(404);
    expect((error as ApiError).detail).toBe('invalidPage');
  });
});

describe('buildOrderBy', () => {
  it('uses the default ordering plus the id tie-breaker, going the way of the last term', () => {
    // An index on (column NULLS FIRST, id) read backwards gives this order exactly, with no sort.
    expect(buildOrderBy(undefined, spec, 'en')).toBe('ORDER BY u.date_joined DESC NULLS LAST, u.id DESC');
    expect(buildOrderBy('date_joined', spec, 'en')).toBe('ORDER BY u.date_joined ASC NULLS FIRST, u.id ASC');
    expect(buildOrderBy('username,-status', spec, 'en')).toBe('ORDER BY u.username ASC NULLS FIRST, u.status DESC NULLS LAST, u.id DESC');
  });

  it('maps fields to columns, "-" meaning descending', () => {
    expect(buildOrderBy('-status,username', spec, 'en')).toBe(
      'ORDER BY u.status DESC NULLS LAST, u.username ASC NULLS FIRST, u.id ASC',
    );
    expect(buildOrderBy('-id', spec, 'en')).toBe('ORDER BY u.id DESC NULLS LAST');
  });

  it('rejects unknown and non-orderable fields with 400 {"ordering": [...]}', () => {
    const error = catchError(() => buildOrderBy('username,password;drop table users,-secret', spec, 'en'));
    expect(error).toBeInstanceOf(ValidationError);
    const fields = (error as ValidationError).fields;
    expect(Object.keys(fields)).toEqual(['ordering']);
    expect(fields.ordering).toHaveLength(2);
    expect(fields.ordering[0]).toContain('password;drop table users');
  });

  it('translates the message', () => {
    const error = catchError(() => buildOrderBy('nope', spec, 'fr')) as ValidationError;
    expect(error.fields.ordering[0]).toBe('Champ de tri invalide : « nope ».');
  });
});

describe('buildFilters', () => {
  it('turns field and field__in into parameterised conditions', () => {
    const params = new SqlParams();
    const conditions = buildFilters({ status__in: '0,1', id__in: '4', username: "o'brien", is_superuser: 'true' }, spec, params, 'en');
    expect(conditions).toEqual([
      'u.id = ANY($1::integer[])',
      'u.status = ANY($2::integer[])',
      'u.username = $3',
      'u.is_superuser = $4',
    ]);
    expect(params.values).toEqual([[4], [0, 1], "o'brien", true]);
  });

  it('ignores unknown parameters and filters a field does not offer', () => {
    const params = new SqlParams();
    expect(buildFilters({ secret: 'x', password: 'y', date_joined: '2020-01-01', id: '3' }, spec, params, 'en')).toEqual([]);
    expect(params.values).toEqual([]);
  });

  it('rejects values of the wrong type with 400 per parameter', () => {
    const error = catchError(() => buildFilters({ status__in: '1,x', is_superuser: 'maybe' }, spec, new SqlParams(), 'en'));
    expect((error as ValidationError).fields).toEqual({
      status__in: ['A valid integer is required.'],
      is_superuser: ['Invalid value.'],
    });
  });

  it('accepts repeated parameters', () => {
    const params = new SqlParams();
    buildFilters({ status__in: ['0', '2'] }, spec, params, 'en');
    expect(params.values).toEqual([[0, 2]]);
  });
});

describe('buildSearch', () => {
  // Search columns read nothing from the database before the statement.
  const db = {} as Db;

  it('matches every search column, escaping LIKE wildcards', async () => {
    const params = new SqlParams();
    expect(await buildSearch(' 50%_off ', spec, params, db)).toBe(
      '(immutable_unaccent(lower(u.username)) LIKE immutable_unaccent($1) OR immutable_unaccent(lower(u.last_name)) LIKE immutable_unaccent($1))',
    );
    expect(params.values).toEqual(['%50\\%\\_off%']);
  });

  it('requires every word to match some column, like DRF', async () => {
    const params = new SqlParams();
    const clause = await buildSearch('syndicat  cassis', spec, params, db);
    expect(clause).toBe(
      '(immutable_unaccent(lower(u.username)) LIKE immutable_unaccent($1) OR immutable_unaccent(lower(u.last_name)) LIKE immutable_unaccent($1))' +
        ' AND (immutable_unaccent(lower(u.username)) LIKE immutable_unaccent($2) OR immutable_unaccent(lower(u.last_name)) LIKE immutable_unaccent($2))',
    );
    expect(params.values).toEqual(['%syndicat%', '%cassis%']);
  });

  it('does nothing for an empty search', async () => {
    expect(await buildSearch('   ', spec, new SqlParams(), db)).toBeNull();
    expect(await buildSearch(undefined, spec, new SqlParams(), db)).toBeNull();
  });
});

describe('pageLinks', () => {
  const publicUrl = 'https://data.example.org/plateforme/';
  const at = (url: string) => ({ url, publicUrl });
  const url = '/fr/usergroup/users/?status__in=2&page=2&ordering=-id';

  it('links the next and previous pages under PUBLIC_URL, keeping other parameters', () => {
    expect(pageLinks(at(url), 2, 10, 45)).toEqual({
      next: 'https://data.example.org/plateforme/fr/usergroup/users/?status__in=2&page=3&ordering=-id',
      previous: 'https://data.example.org/plateforme/fr/usergroup/users/?status__in=2&ordering=-id',
    });
  });

  it('has no next on the last page and no previous on the first', () => {
    expect(pageLinks(at(url), 5, 10, 45).next).toBeNull();
    expect(pageLinks(at('/x/'), 1, 10, 45)).toEqual({ next: `${publicUrl}x/?page=2`, previous: null });
    expect(pageLinks(at('/x/'), 1, 10, 10)).toEqual({ next: null, previous: null });
    expect(pageLinks(at('/x/'), 1, 20, 0)).toEqual({ next: null, previous: null });
  });

  it('previous of page 3 is page 2', () => {
    expect(pageLinks(at('/x/?page=3'), 3, 10, 45).previous).toBe(`${publicUrl}x/?page=2`);
  });

  it('give a full page past a capped count a next page, and its previous page the one before it', () => {
    expect(pageLinks(at('/x/?page=1001'), 1001, 10, 10000, true)).toEqual({ next: `${publicUrl}x/?page=1002`, previous: `${publicUrl}x/?page=1000` });
    expect(pageLinks(at('/x/?page=1001'), 1001, 10, 10000, false)).toEqual({ next: null, previous: `${publicUrl}x/?page=1000` });
    expect(pageLinks(at('/x/'), 1, 10, 10000, true).next).toBe(`${publicUrl}x/?page=2`);
  });
});
