/**
 * Site files that are not Astro routes: the per-sample files (data API samples, explorer unit
 * documents) whose bytes the product cache already holds. The build records each output path with
 * the cache file that holds it (or, with the cache off, its bytes); after Astro has written its
 * pages, the `published-files` integration (`src/integrations/`) hard-links every one into the
 * output folder. A file that Astro wrote through a route used to cost an async write each; a link
 * is one system call, and an incremental build links what it did not recompute.
 *
 * Why hard links are safe: a product-cache entry is written whole in a temp folder and renamed
 * into place, never changed in place (`src/ingest/product-cache.ts`), and nothing writes into a
 * built site's files; so a link can never change a published file, nor a site change the cache.
 */
import { createHash } from 'node:crypto';
import { appendFileSync, copyFileSync, existsSync, linkSync, mkdirSync, renameSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { cacheRoot, ensureCacheRoot } from './cache-root';
import { noteCacheUse } from './cache-use';

/** One output file: its path below the output folder (`/`-separated, no leading slash) and where its bytes are. */
export type PublishedFile = { path: string; file: string } | { path: string; bytes: Uint8Array };

// The registry lives on globalThis: the integration is loaded with the Astro config and the routes
// in Astro's build bundle, two module instances in one process.
const REGISTRY = Symbol.for('evalboard.published-files');
type Registry = Map<string, PublishedFile>;
const registry = (): Registry => ((globalThis as Record<symbol, Registry | undefined>)[REGISTRY] ??= new Map());

const cacheOff = () => Boolean(process.env.EVALBOARD_NO_CACHE);

function checkPath(path: string): void {
  if (path.startsWith('/') || path.split('/').some((s) => s === '' || s === '.' || s === '..') || path.includes('\\')) throw new Error(`published file: bad output path ${JSON.stringify(path)}`);
}

const sameSource = (a: PublishedFile, b: PublishedFile): boolean =>
  'file' in a && 'file' in b ? a.file === b.file : 'bytes' in a && 'bytes' in b ? Buffer.from(a.bytes).equals(Buffer.from(b.bytes)) : false;

/**
 * Records one output file. Two different sources for one path (two entries whose names give one
 * file path) fail the build naming the path, rather than the second silently replacing the first.
 */
function record(f: PublishedFile): void {
  const had = registry().get(f.path);
  if (had && !sameSource(had, f)) throw new Error(`published file ${f.path}: recorded twice with different contents (${'file' in had ? had.file : 'bytes'} and ${'file' in f ? f.file : 'bytes'})`);
  registry().set(f.path, f);
}

/** Publishes the cache file `file` at `path`, or `bytes` when there is no cache file (the cache off, a read-only checkout). */
export function publishCached(path: string, file: string | undefined, bytes: () => Uint8Array): void {
  checkPath(path);
  record(file === undefined ? { path, bytes: bytes() } : { path, file });
}

/**
 * Publishes bytes computed in this build at `path`. With the cache on they are stored once in the
 * cache by their hash (`products/published/<sha256>`, written to a temp name and renamed) and
 * linked like every other cache file, so the build holds no bytes until the end.
 */
export function publishBytes(path: string, body: string | Uint8Array): void {
  checkPath(path);
  const bytes = typeof body === 'string' ? Buffer.from(body) : body;
  if (cacheOff()) {
    record({ path, bytes });
    return;
  }
  const sha = createHash('sha256').update(bytes).digest('hex');
  const dir = join(cacheRoot(), 'products', 'published', sha.slice(0, 2));
  const file = join(dir, sha);
  if (!existsSync(file)) {
    try {
      ensureCacheRoot();
      mkdirSync(dir, { recursive: true });
      const tmp = `${file}.${process.pid}.tmp`;
      writeFileSync(tmp, bytes);
      renameSync(tmp, file);
    } catch {
      record({ path, bytes }); // a read-only cache: keep the bytes
      return;
    }
  }
  noteCacheUse(file);
  record({ path, file });
}

/** Every file recorded so far, by path. */
export const publishedFiles = (): PublishedFile[] => [...registry().values()].sort((a, b) => a.path.localeCompare(b.path));

/** Forgets every recorded file (a test's fresh build in one process). */
export const clearPublishedFiles = (): void => registry().clear();

export interface LinkCounts {
  linked: number;
  copied: number;
  written: number;
}

/**
 * Puts every recorded file into `outDir`: a hard link to its cache file (a copy when the cache is
 * on another file system or links are refused), or its bytes. A file Astro already wrote there, or
 * a cache file gone since it was recorded, fails the build naming both paths (a half site is never
 * published: `npm run build` swaps only a build that succeeded). `EVALBOARD_LINK_LOG`: one line per
 * file (`link|copy|write <path> <source>`).
 */
export function linkPublishedFiles(outDir: string, files: readonly PublishedFile[] = publishedFiles()): LinkCounts {
  const counts: LinkCounts = { linked: 0, copied: 0, written: 0 };
  const log: string[] = [];
  const made = new Set<string>();
  for (const f of files) {
    const to = join(outDir, ...f.path.split('/'));
    const dir = dirname(to);
    if (!made.has(dir)) {
      mkdirSync(dir, { recursive: true });
      made.add(dir);
    }
    if (existsSync(to)) throw new Error(`published file ${f.path}: ${to} already exists (a route wrote it too)`);
    if ('bytes' in f) {
      writeFileSync(to, f.bytes);
      counts.written++;
      log.push(`write ${f.path} -`);
      continue;
    }
    if (!existsSync(f.file)) throw new Error(`published file ${f.path}: its cache file ${f.file} is gone (deleted since the build recorded it); the site is incomplete and is not published`);
    try {
      linkSync(f.file, to);
      counts.linked++;
      log.push(`link ${f.path} ${f.file}`);
    } catch (e) {
      const code = (e as NodeJS.ErrnoException).code;
      if (code !== 'EXDEV' && code !== 'EPERM' && code !== 'EMLINK') throw new Error(`published file ${f.path}: linking ${f.file}: ${(e as Error).message}`);
      copyFileSync(f.file, to);
      counts.copied++;
      log.push(`copy ${f.path} ${f.file}`);
    }
  }
  if (process.env.EVALBOARD_LINK_LOG) appendFileSync(process.env.EVALBOARD_LINK_LOG, log.map((l) => `${l}\n`).join(''));
  return counts;
}

