import { describe, expect, it } from 'vitest';
import { normalisePath, switchLocale } from '../../src/admin/routing/normalisePath.ts';
import { loginServiceUrl } from '../../src/admin/config/runtimeConfig.ts';

describe('normalisePath', () => {
  it.each([
    ['/', '/fr/home/'],
    ['/fr', '/fr/home/'],
    ['/en/', '/en/home/'],
    ['/de/x/', '/fr/x/'],
    ['/de/home', '/fr/home/'],
    ['/pt-BR/data/', '/fr/data/'],
    ['/data/', '/fr/data/'],
    ['/it/data', '/it/data/'],
    ['/fr/data//tasks', '/fr/data/tasks/'],
  ])('%s → %s', (path, expected) => {
    expect(normalisePath(path)).toBe(expected);
  });

  it('leaves canonical paths alone', () => {
    expect(normalisePath('/fr/home/')).toBeNull();
    expect(normalisePath('/it/data/datasets/12/')).toBeNull();
  });

  it('switches the locale of a path', () => {
    expect(switchLocale('/fr/data/tasks/', 'en')).toBe('/en/data/tasks/');
  });
});

describe('login service links', () => {
  it('fills the locale and carries next', () => {
    const links = { login: '/{locale}/login/signin/', profile: '', terms: '', signout: '', home: '/' };
    expect(loginServiceUrl(links, 'login', 'fr', '/publish/en/data/#x')).toBe(
      '/fr/login/signin/?next=%2Fpublish%2Fen%2Fdata%2F%23x',
    );
  });
});
