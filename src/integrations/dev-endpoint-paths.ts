/**
 * Astro integration, dev server only: serve the site's data files at the paths the built site has.
 *
 * With `trailingSlash: 'always'`, Astro gives a route with parameters (`api/v1/[...path].ts`,
 * `schemas/[name].json.ts`, …) a pattern that requires a trailing slash, even when the file it
 * produces has an extension; only a static path such as `feed.xml.ts` is exempt. `astro build`
 * writes `manifest.json` as a file, so links without the slash are right, but `astro dev` answered
 * every data API document, schema, download, compare and explorer data file with a 404 — the
 * explorer and compare pages could not load their data in dev. This rewrites such a request to the
 * form the route matches, and leaves alone everything else: files in `public/` or the project
 * (Vite serves them), Vite's and Astro's own paths, and paths no parameterised endpoint claims.
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { AstroIntegration, IntegrationResolvedRoute } from 'astro';

const WITH_EXTENSION = /\/[^/]*\.[0-9A-Za-z]+$/;

export interface DevPathOptions {
  /** Parameterised endpoint routes' patterns. */
  endpoints: readonly RegExp[];
  /** True when Vite would serve the path itself (a public or project file). */
  isFile: (pathname: string) => boolean;
}

/** The URL to hand to Astro for `url` (path and query), or undefined to leave the request as it is. */
export function devEndpointUrl(url: string, opts: DevPathOptions): string | undefined {
  const q = url.indexOf('?');
  const raw = q < 0 ? url : url.slice(0, q);
  let pathname: string;
  try {
    pathname = decodeURI(raw);
  } catch {
    return undefined;
  }
  if (!WITH_EXTENSION.test(pathname) || /^\/[@_]/.test(pathname) || opts.isFile(pathname)) return undefined;
  const slashed = `${pathname}/`;
  if (!opts.endpoints.some((re) => re.test(slashed))) return undefined;
  return `${raw}/${q < 0 ? '' : url.slice(q)}`;
}

const parameterised = (r: IntegrationResolvedRoute) => r.type === 'endpoint' && r.params.length > 0;

export default function devEndpointPaths(): AstroIntegration {
  let endpoints: RegExp[] = [];
  let roots: string[] = [];
  return {
    name: 'evalboard:dev-endpoint-paths',
    hooks: {
      'astro:config:done': ({ config }) => {
        roots = [fileURLToPath(config.publicDir), fileURLToPath(config.root)];
      },
      'astro:routes:resolved': ({ routes }) => {
        endpoints = routes.filter(parameterised).map((r) => r.patternRegex);
      },
      'astro:server:setup': ({ server }) => {
        const isFile = (pathname: string) => roots.some((r) => existsSync(join(r, pathname)));
        server.middlewares.use((req, _res, next) => {
          if ((req.method === 'GET' || req.method === 'HEAD') && req.url) {
            const to = devEndpointUrl(req.url, { endpoints, isFile });
            if (to) req.url = to;
          }
          next();
        });
      },
    },
  };
}
