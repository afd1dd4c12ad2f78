import { createHash } from 'node:crypto';
import { appendFileSync, existsSync, mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { claimedEntry } from './cache-claim';
import { ensureCacheRoot } from './cache-root';
import { noteCacheUse } from './cache-use';
import { CODE_DIRS, cacheKey, cacheRoot, codeVersionOf } from './score-cache';

/**
 * Per-submission build products (the data API's sample files, the explorer's per-entry pieces),
 * written to disk one submission at a time: `<cache>/products/<kind>/<key>/` holds `meta.json`
 * (the small part the build keeps in memory) and one file per product, read back only when its
 * page is written. The key is the score cache's (folder content, scoring code, lockfile) plus the
 * view-model code that shapes the products (`src/board`) and the caller's `extra` inputs, so an
 * incremental build computes only a new or changed submission's products.
 */

/** The scoring code and lockfile, and src/board: the view-model code that turns scored forms into products (JSON, Parquet). */
export const PRODUCT_CODE_DIRS = [...CODE_DIRS, 'src/board'];

/** The code part of every product key of the checkout at `root`. */
export const productCodeVersionOf = (root: string): string => codeVersionOf(root, PRODUCT_CODE_DIRS);

let productCode: string | undefined;
/** `productCodeVersionOf` the working directory, once per process. */
export const productCodeVersion = (): string => (productCode ??= productCodeVersionOf(process.cwd()));

export interface ProductStore<M> {
  meta: M;
  /** The bytes of one product written by `compute`. */
  read(name: string): Buffer;
  /** The cache file holding one product (for the build to hard-link into the site); undefined when the products are in memory. */
  fileOf(name: string): string | undefined;
  /** The entry's key (what its products are a function of); undefined when the products are in memory. */
  key: string | undefined;
}

/** Writes one product of the submission being computed. */
export type PutProduct = (name: string, body: string | Uint8Array) => void;
type Compute<M> = (put: PutProduct) => M | Promise<M>;

/** Hits and misses per kind in this process (the cache test reads the log; this is for bench figures). */
export const productCacheCounts = new Map<string, { hits: number; misses: number }>();

function count(kind: string, what: 'hit' | 'miss', dir: string): void {
  const c = productCacheCounts.get(kind) ?? { hits: 0, misses: 0 };
  if (what === 'hit') c.hits++;
  else c.misses++;
  productCacheCounts.set(kind, c);
  noteComputation(what, kind, dir);
}

/**
 * One line in EVALBOARD_CACHE_LOG (`<what> <kind> <folder>`): each product lookup (`hit`, `miss`),
 * each scoring of a folder (`score`) and each read of a folder's per-sample tables (`read`), for a
 * test (or a person) to see what a build recomputed.
 */
export function noteComputation(what: 'hit' | 'miss' | 'score' | 'read', kind: string, dir: string): void {
  if (process.env.EVALBOARD_CACHE_LOG) appendFileSync(process.env.EVALBOARD_CACHE_LOG, `${what} ${kind} ${dir}\n`);
}

const fileName = (name: string) => `p-${encodeURIComponent(name)}`;

/** Products kept in memory when the cache is off (EVALBOARD_NO_CACHE: tests on temp trees). */
async function inMemory<M>(compute: Compute<M>): Promise<ProductStore<M>> {
  const bodies = new Map<string, Buffer>();
  const meta = await compute((name, body) => bodies.set(name, Buffer.from(body)));
  return {
    meta,
    read: (name) => {
      const b = bodies.get(name);
      if (!b) throw new Error(`product ${name} was never written`);
      return b;
    },
    fileOf: () => undefined,
    key: undefined,
  };
}

/**
 * `compute(put)` once per (kind, folder content, code, extra): it writes each product with `put`
 * and returns the meta. A hit reads the meta only.
 */
export async function cachedProducts<M>(kind: string, dir: string, compute: Compute<M>, opts: { extra?: string } = {}): Promise<ProductStore<M>> {
  if (process.env.EVALBOARD_NO_CACHE) {
    count(kind, 'miss', dir);
    return inMemory(compute);
  }
  const key = createHash('sha256').update(cacheKey(dir, opts)).update('\0').update(productCodeVersion()).digest('hex');
  return keyedProducts(kind, key, dir, compute);
}

/**
 * `compute(put)` once per (kind, key): for products that are a function of other products (an
 * explorer unit of its entries' pieces) rather than of one folder. `key` must already cover
 * everything they depend on, the product code included (`productCodeVersion`); `label` names the
 * entry in the cache log.
 */
export async function productsByKey<M>(kind: string, key: string, label: string, compute: Compute<M>): Promise<ProductStore<M>> {
  if (process.env.EVALBOARD_NO_CACHE) {
    count(kind, 'miss', label);
    return inMemory(compute);
  }
  return keyedProducts(kind, createHash('sha256').update(key).update('\0').update(productCodeVersion()).digest('hex'), label, compute);
}

/**
 * A file of another keyed entry (`ProductStore.key`), for a product that publishes it rather than
 * copying its bytes (an explorer unit, its entries' texts documents); marks the entry used, so a
 * sweep keeps it while something refers to it. Undefined when the entry is gone.
 */
export function keyedProductFile(kind: string, key: string, name: string): { file: string; read: () => Buffer } | undefined {
  const at = join(cacheRoot(), 'products', kind, key);
  if (!existsSync(join(at, 'meta.json'))) return undefined;
  noteCacheUse(at);
  const file = join(at, fileName(name));
  return { file, read: () => readFileSync(file) };
}

async function keyedProducts<M>(kind: string, key: string, label: string, compute: Compute<M>): Promise<ProductStore<M>> {
  const at = join(cacheRoot(), 'products', kind, key);
  const store = (meta: M): ProductStore<M> => ({ meta, read: (name) => readFileSync(join(at, fileName(name))), fileOf: (name) => join(at, fileName(name)), key });
  const metaFile = join(at, 'meta.json');
  noteCacheUse(at);
  let broken = false;
  const look = (): ProductStore<M> | undefined => {
    if (!existsSync(metaFile)) return undefined;
    try {
      const meta = JSON.parse(readFileSync(metaFile, 'utf8')) as M;
      count(kind, 'hit', label);
      return store(meta);
    } catch {
      broken = true; // a broken entry is recomputed
      return undefined;
    }
  };
  return claimedEntry({
    at,
    look,
    compute: async () => {
      count(kind, 'miss', label);
      // An entry is written whole in a temp folder and renamed into place, never changed in place: the
      // site's files are hard links to these, so a rewrite must make new inodes (a published file
      // never changes under a built site, and a site never changes a cache entry).
      const tmp = `${at}.${process.pid}.tmp`;
      try {
        ensureCacheRoot();
        rmSync(tmp, { recursive: true, force: true });
        mkdirSync(tmp, { recursive: true });
      } catch {
        return inMemory(compute); // a read-only checkout still builds
      }
      const meta = await compute((name, body) => writeFileSync(join(tmp, fileName(name)), body));
      writeFileSync(join(tmp, 'meta.json'), JSON.stringify(meta));
      if (broken || !existsSync(metaFile)) rmSync(at, { recursive: true, force: true }); // a broken or half-removed entry
      try {
        renameSync(tmp, at);
      } catch (err) {
        // Another process put the entry in place meanwhile (one that did not see our claim: a
        // claims folder it could not write): the key is the content and the code, so its bytes
        // are these. Theirs stays, since a site may already link to its files.
        if (!existsSync(metaFile)) throw err;
        rmSync(tmp, { recursive: true, force: true });
      }
      return store(meta);
    },
  });
}
