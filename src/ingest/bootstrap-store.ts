import { appendFileSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { createHash } from 'node:crypto';
import { setBootstrapMemo, type BootstrapInput, type BootstrapResult } from '../core/stats/bootstrap';
import { cacheRoot, codeVersion } from './score-cache';
import { ensureCacheRoot } from './cache-root';
import { noteCacheUse, onCacheSweep } from './cache-use';

/**
 * Bootstrap intervals kept between builds: `<cache>/bootstrap/<code hash>.jsonl`, one line per
 * result, keyed by the SHA-256 of every input (src/core/stats/bootstrap.ts) and filed under the
 * code hash, so a changed scorer or statistics file starts an empty file. An incremental build then
 * draws replicates only for the boards' new inputs. Lines are appended; a broken one is skipped.
 */
type Line = [key: string, estimate: number | string, lo: number | string, hi: number | string, replicates: number, level: number, p: number | string | null];

const enc = (v: number): number | string => (Number.isFinite(v) ? v : String(v));
const dec = (v: number | string): number => (typeof v === 'number' ? v : Number(v));

const lineOf = (key: string, r: BootstrapResult): string => JSON.stringify([key, enc(r.estimate), enc(r.lo), enc(r.hi), r.replicates, r.level, r.p === undefined ? null : enc(r.p)] satisfies Line);

function diskStore(file: string) {
  let known: Map<string, BootstrapResult> | undefined;
  // The keys this process looked up or added: a sweep rewrites the file with these alone.
  const used = new Set<string>();
  noteCacheUse(file);
  onCacheSweep(() => {
    const keep = [...load()].filter(([key]) => used.has(key));
    if (keep.length === known!.size) return;
    try {
      const tmp = `${file}.${process.pid}.tmp`;
      writeFileSync(tmp, keep.map(([key, r]) => `${lineOf(key, r)}\n`).join(''));
      renameSync(tmp, file);
      known = new Map(keep);
    } catch {
      // the cache is an optimisation
    }
  });
  const load = (): Map<string, BootstrapResult> => {
    if (known) return known;
    known = new Map();
    let text = '';
    try {
      text = readFileSync(file, 'utf8');
    } catch {
      return known;
    }
    for (const line of text.split('\n')) {
      if (!line) continue;
      try {
        const [key, estimate, lo, hi, replicates, level, p] = JSON.parse(line) as Line;
        known.set(key, { estimate: dec(estimate), lo: dec(lo), hi: dec(hi), replicates, level, ...(p === null ? {} : { p: dec(p) }) });
      } catch {
        // a line cut short by a killed build
      }
    }
    return known;
  };
  return {
    get: (key: string) => {
      const r = load().get(key);
      if (r) used.add(key);
      return r;
    },
    set: (key: string, r: BootstrapResult) => {
      load().set(key, r);
      used.add(key);
      try {
        ensureCacheRoot();
        mkdirSync(join(file, '..'), { recursive: true });
        appendFileSync(file, `${lineOf(key, r)}\n`);
      } catch {
        // the cache is an optimisation; a read-only checkout still builds
      }
    },
  };
}

/** The key of a bootstrap: a SHA-256 of every input value and of its shape (never the 32-bit seed label alone). */
export function bootstrapKey(input: BootstrapInput): string {
  const arrays = input.arrays();
  const { replicates = null, level = null, seedLabel } = input.opts;
  const h = createHash('sha256').update(JSON.stringify([input.kind, input.stat, replicates, level, seedLabel, input.extra, arrays.map((a) => a.length)]));
  for (const a of arrays) h.update(Float64Array.from(a));
  return h.digest('base64');
}

/**
 * Memoise this process's bootstrap results, and keep them in the build cache between builds
 * (not under EVALBOARD_NO_CACHE). Each caller gets its own copy of a result.
 */
export function persistBootstraps(): void {
  const disk = process.env.EVALBOARD_NO_CACHE ? undefined : diskStore(join(cacheRoot(), 'bootstrap', `${codeVersion()}.jsonl`));
  const memo = new Map<string, BootstrapResult>();
  setBootstrapMemo({
    run(input, compute) {
      const key = bootstrapKey(input);
      let r = memo.get(key) ?? disk?.get(key);
      if (!r) {
        r = compute();
        disk?.set(key, r);
      }
      memo.set(key, r);
      return { ...r };
    },
  });
}
