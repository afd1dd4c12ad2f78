// The dev server's path rewrite (src/integrations/dev-endpoint-paths.ts) on its own: which requests
// it hands to a parameterised endpoint with the trailing slash its pattern wants, and which it
// leaves to Vite or Astro. The patterns are written the way Astro 5's route manifest makes them
// (`getPattern` in astro/dist/core/routing/manifest/pattern.js); tests/e2e/dev-server.test.ts
// runs the real server with the real ones.
import { describe, expect, it } from 'vitest';
import { devEndpointUrl } from '../../src/integrations/dev-endpoint-paths';

// Astro's patterns for `api/v1/[...path].ts` and `schemas/[name].json.ts` under trailingSlash 'always'.
const endpoints = [/^\/api\/v1(?:\/(.*?))?\/$/, /^\/schemas\/([^/]+?)\.json\/$/];
const publicFiles = new Set(['/favicon.svg', '/api/v1/static.json']);
const opts = { endpoints, isFile: (p: string) => publicFiles.has(p) };

describe('devEndpointUrl', () => {
  it('adds the slash to a data file a parameterised endpoint claims, keeping the query', () => {
    expect(devEndpointUrl('/api/v1/manifest.json', opts)).toBe('/api/v1/manifest.json/');
    expect(devEndpointUrl('/api/v1/samples/medvision/a~b/X_Task01.parquet?v=1', opts)).toBe('/api/v1/samples/medvision/a~b/X_Task01.parquet/?v=1');
    expect(devEndpointUrl('/schemas/api-manifest.json', opts)).toBe('/schemas/api-manifest.json/');
    // Percent-encoded paths are matched decoded and passed on as they came.
    expect(devEndpointUrl('/api/v1/models/a%7Eb.json', opts)).toBe('/api/v1/models/a%7Eb.json/');
  });

  it('leaves pages, slashed paths, files Vite serves, internal paths and unclaimed paths alone', () => {
    for (const url of ['/api/v1/', '/api/v1/manifest.json/', '/favicon.svg', '/api/v1/static.json', '/@vite/client.js', '/_image.png', '/other/file.json', '/schemas/x.csv', '/api/v1/%E0%A4%A.json', '/benchmarks/medvision'])
      expect(devEndpointUrl(url, opts), url).toBeUndefined();
  });
});
