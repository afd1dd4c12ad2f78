import { join } from 'node:path';

/**
 * How the site's `astro build` process is started, shared by `npm run build` and bench:build so the
 * benchmark measures the command users run.
 *
 * The heap is capped (`--max-old-space-size`, default `BUILD_HEAP_MB`, `EVALBOARD_BUILD_HEAP_MB`
 * overrides it): left alone, V8 sizes the heap to a multiple of what survived its last major GC and
 * on a large machine lets it grow to 1.6–1.9 GB of RSS over a live set of ≈ 0.35–0.6 GB
 * (docs/scaling.md, "A heap cap"); capped, it collects sooner, so the process stays under the
 * 2 GB budget by construction. A build whose live set outgrows the cap fails (V8 aborts; the old
 * dist/ stays) instead of swapping; `npm run build` then names the variable.
 * No larger young generation: --max-semi-space-size saved 5–10 % of CPU but raised the peak RSS of
 * a warm 200-entry build at --scale 0.02 from 1.64 GB to 1.84 GB (32 MiB) and 1.92 GB (64 MiB).
 */
export const BUILD_HEAP_MB = 1536;

/** The heap cap in MB: `EVALBOARD_BUILD_HEAP_MB` when it is a positive integer, else `BUILD_HEAP_MB`. */
export function buildHeapMb(env: NodeJS.ProcessEnv = process.env): number {
  const raw = env.EVALBOARD_BUILD_HEAP_MB;
  if (raw === undefined || raw === '') return BUILD_HEAP_MB;
  if (!/^[1-9][0-9]*$/.test(raw)) throw new Error(`EVALBOARD_BUILD_HEAP_MB must be a whole number of megabytes, got ${JSON.stringify(raw)}`);
  return Number(raw);
}

export const astroNodeFlags = (env: NodeJS.ProcessEnv = process.env): string[] => [`--max-old-space-size=${buildHeapMb(env)}`];

/** `node <flags> astro.js build --outDir <outDir>` as argv for spawn (`extraNodeFlags` go before the script, e.g. --cpu-prof). */
export function astroBuildArgv(root: string, outDir: string, extraNodeFlags: readonly string[] = []): [string, string[]] {
  return [process.execPath, [...astroNodeFlags(), ...extraNodeFlags, join(root, 'node_modules', 'astro', 'astro.js'), 'build', '--outDir', outDir]];
}

/**
 * The top-level folders of `dist/` that hold searchable pages (`searchable` in Base.astro puts
 * `data-pagefind-body` on them; Pagefind then drops every page without it). Pagefind is pointed at
 * these folders only, so it does not parse the compare, review and explorer pages it would
 * discard: the index is the same, in about half the CPU time at 200 entries.
 * `tests/site/search-scope.test.ts` fails when a searchable page lies outside them.
 */
export const SEARCHABLE_FOLDERS = ['benchmarks', 'guides', 'metrics', 'models'] as const;

/**
 * Under `benchmarks/` the dated snapshots (`<board>/as-of/<YYYY-MM-DD>/index.html`) are never
 * searchable, yet they are two thirds of the HTML Pagefind would parse at 200 entries (95 of
 * 144 MB at `--scale 0.05`). They are the only pages there in a folder whose name starts with a
 * digit, and that is what the glob skips (Pagefind's globs have no negation). The index is byte
 * for byte the same; Pagefind's CPU time at 200 entries fell from ≈ 13 s to ≈ 4.5 s.
 * `tests/site/search-scope.test.ts` fails when a searchable page lies outside the glob.
 */
const NOT_DATED = '[!0-9]*';
export const searchGlob = (): string => `{${SEARCHABLE_FOLDERS.map((f) => (f === 'benchmarks' ? `${f}/**/${NOT_DATED}/*.html` : `${f}/**/*.html`)).join(',')}}`;

/** `pagefind --site <site> …` arguments (after the pagefind binary). */
export const pagefindArgs = (site: string): string[] => ['--site', site, '--glob', searchGlob(), '--silent'];
