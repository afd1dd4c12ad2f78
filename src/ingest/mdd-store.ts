import { join } from 'node:path';
import { setMddMemo } from '../core/mdd-memo';
import type { Mdd } from '../core/stats/mdd';
import { jsonlStore } from './jsonl-store';
import { cacheRoot, codeVersion } from './score-cache';

/** A remembered MDD: the result, or `none` (fewer than two shared finite units: no paired MDD). */
type Kept = Mdd | 'none';

/**
 * Memoise this process's paired MDDs by their rows' unit-value keys, and keep them in the build
 * cache between builds (`<cache>/mdd/<code hash>.jsonl`; not under EVALBOARD_NO_CACHE). The keys
 * name the score-cache entries the values are read from, which are themselves keyed by folder
 * content and code, and the file is filed under the code hash: a changed scorer starts afresh.
 */
export function persistMdds(): void {
  const disk = process.env.EVALBOARD_NO_CACHE
    ? undefined
    : jsonlStore<Kept>(join(cacheRoot(), 'mdd', `${codeVersion()}.jsonl`), {
        encode: (m) => (m === 'none' ? ['none'] : [m.value, m.basis, m.n]),
        decode: ([value, basis, n]) => {
          if (value === 'none') return 'none';
          if (typeof value !== 'number' || basis !== 'paired' || typeof n !== 'number') throw new Error('not an MDD line');
          return { value, basis, n };
        },
      });
  const memo = new Map<string, Kept>();
  setMddMemo({
    run(key, compute) {
      let kept = memo.get(key) ?? disk?.get(key);
      if (kept === undefined) {
        kept = compute() ?? 'none';
        disk?.set(key, kept);
      }
      memo.set(key, kept);
      return kept === 'none' ? undefined : { ...kept };
    },
  });
}
