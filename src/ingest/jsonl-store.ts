import { appendFileSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import { ensureCacheRoot } from './cache-root';
import { noteCacheUse, onCacheSweep } from './cache-use';

/**
 * Results kept between builds in one file of JSON lines (`[key, …encoded value]`): read whole on
 * first use, appended to as results are computed (a line cut short by a killed build is skipped),
 * and rewritten by a cache sweep with only the keys this process looked up or added.
 */
export interface JsonlStore<V> {
  get(key: string): V | undefined;
  set(key: string, value: V): void;
}

export interface JsonlCodec<V> {
  encode(value: V): unknown[];
  /** The value of a line's fields after the key; throws on a line it cannot read (skipped). */
  decode(fields: unknown[]): V;
}

export function jsonlStore<V>(file: string, codec: JsonlCodec<V>): JsonlStore<V> {
  let known: Map<string, V> | undefined;
  const used = new Set<string>();
  const lineOf = (key: string, v: V) => `${JSON.stringify([key, ...codec.encode(v)])}\n`;
  const load = (): Map<string, V> => {
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
        const [key, ...fields] = JSON.parse(line) as unknown[];
        if (typeof key === 'string') known.set(key, codec.decode(fields));
      } catch {
        // a line cut short by a killed build
      }
    }
    return known;
  };
  noteCacheUse(file);
  onCacheSweep(() => {
    const keep = [...load()].filter(([key]) => used.has(key));
    if (keep.length === known!.size) return;
    try {
      const tmp = `${file}.${process.pid}.tmp`;
      writeFileSync(tmp, keep.map(([key, v]) => lineOf(key, v)).join(''));
      renameSync(tmp, file);
      known = new Map(keep);
    } catch {
      // the cache is an optimisation
    }
  });
  return {
    get(key) {
      const v = load().get(key);
      if (v !== undefined) used.add(key);
      return v;
    },
    set(key, value) {
      load().set(key, value);
      used.add(key);
      try {
        ensureCacheRoot();
        mkdirSync(dirname(file), { recursive: true });
        appendFileSync(file, lineOf(key, value));
      } catch {
        // the cache is an optimisation; a read-only checkout still builds
      }
    },
  };
}
