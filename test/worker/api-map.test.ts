// docs/api.md lists every route of the app: a route added, removed or renamed without updating it fails here.
import { describe, expect, it } from 'vitest';
import apiDoc from '../../docs/api.md?raw';
import { app } from '../../worker/src/app';

const routesOfApp = () =>
  new Set(app.routes.filter((route) => route.method !== 'ALL').map((route) => `${route.method} ${route.path}`));

const routesOfDoc = () => {
  const rows = apiDoc.matchAll(/^\|\s*(GET|POST|PUT|PATCH|DELETE)\s*\|\s*`([^`]+)`\s*\|/gm);
  return new Set([...rows].map(([, method, path]) => `${method} ${path}`));
};

describe('docs/api.md', () => {
  it('names every route the app serves, and no route it does not', () => {
    const app = routesOfApp();
    const doc = routesOfDoc();
    expect(app.size).toBeGreaterThan(60);
    expect(
      [...app].filter((route) => !doc.has(route)),
      'routes missing from docs/api.md',
    ).toEqual([]);
    expect(
      [...doc].filter((route) => !app.has(route)),
      'routes in docs/api.md the app does not serve',
    ).toEqual([]);
  });
});
