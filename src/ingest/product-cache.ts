import { createHash } from 'node:crypto';
import { appendFileSync, existsSync, mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
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
const productCodeVersion = () => (productCode ??= productCodeVersionOf(process.cwd()));

export interface ProductStore<M> {
  meta: M;
  /** The bytes of one product written by `compute`. */
  read(name: string): Buffer;
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
  // One line per lookup, for a test (or a person) to see which submissions a build recomputed.
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
  const at = join(cacheRoot(), 'products', kind, key);
  const reader = (base: string) => (name: string) => readFileSync(join(base, fileName(name)));
  const metaFile = join(at, 'meta.json');
  if (existsSync(metaFile)) {
    try {
      const meta = JSON.parse(readFileSync(metaFile, 'utf8')) as M;
      count(kind, 'hit', dir);
      return { meta, read: reader(at) };
    } catch {
      // a broken entry is recomputed
    }
  }
  count(kind, 'miss', dir);
  const tmp = `${at}.${process.pid}.tmp`;
  try {
    rmSync(tmp, { recursive: true, force: true });
    mkdirSync(tmp, { recursive: true });
  } catch {
    return inMemory(compute); // a read-only checkout still builds
  }
  const meta = await compute((name, body) => writeFileSync(join(tmp, fileName(name)), body));
  writeFileSync(join(tmp, 'meta.json'), JSON.stringify(meta));
  rmSync(at, { recursive: true, force: true });
  renameSync(tmp, at);
  return { meta, read: reader(at) };
}
