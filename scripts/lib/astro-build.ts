import { join } from 'node:path';

/**
 * How the site's `astro build` process is started, shared by `npm run build` and bench:build so the
 * benchmark measures the command users run. A 64 MiB young generation (V8's default is 16 MiB
 * per semi-space) halves the scavenges of a build that makes short-lived page strings and rows by
 * the gigabyte: garbage collection was a fifth of a 200-entry build's CPU time.
 */
export const ASTRO_NODE_FLAGS = ['--max-semi-space-size=64'];

/** `node <flags> astro.js build --outDir <outDir>` as argv for spawn (`extraNodeFlags` go before the script, e.g. --cpu-prof). */
export function astroBuildArgv(root: string, outDir: string, extraNodeFlags: readonly string[] = []): [string, string[]] {
  return [process.execPath, [...ASTRO_NODE_FLAGS, ...extraNodeFlags, join(root, 'node_modules', 'astro', 'astro.js'), 'build', '--outDir', outDir]];
}
