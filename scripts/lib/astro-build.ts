import { join } from 'node:path';

/**
 * How the site's `astro build` process is started, shared by `npm run build` and bench:build so the
 * benchmark measures the command users run. No extra V8 flags: a larger young generation
 * (--max-semi-space-size) saved 5–10 % of CPU but raised the peak RSS of a warm 200-entry build at
 * --scale 0.02 from 1.64 GB to 1.84 GB (32 MiB) and 1.92 GB (64 MiB), against a 2 GB budget.
 */
export const ASTRO_NODE_FLAGS: readonly string[] = [];

/** `node <flags> astro.js build --outDir <outDir>` as argv for spawn (`extraNodeFlags` go before the script, e.g. --cpu-prof). */
export function astroBuildArgv(root: string, outDir: string, extraNodeFlags: readonly string[] = []): [string, string[]] {
  return [process.execPath, [...ASTRO_NODE_FLAGS, ...extraNodeFlags, join(root, 'node_modules', 'astro', 'astro.js'), 'build', '--outDir', outDir]];
}

/**
 * The top-level folders of `dist/` that hold searchable pages (`searchable` in Base.astro puts
 * `data-pagefind-body` on them; Pagefind then drops every page without it). Pagefind is pointed at
 * these folders only, so it does not parse the compare, review and dated-snapshot pages it would
 * discard: the index is the same, in about half the CPU time at 200 entries.
 * `tests/site/search-scope.test.ts` fails when a searchable page lies outside them.
 */
export const SEARCHABLE_FOLDERS = ['benchmarks', 'guides', 'metrics', 'models'] as const;

/** `pagefind --site <site> …` arguments (after the pagefind binary). */
export const pagefindArgs = (site: string): string[] => ['--site', site, '--glob', `{${SEARCHABLE_FOLDERS.join(',')}}/**/*.html`, '--silent'];
