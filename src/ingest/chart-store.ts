import { createHash } from 'node:crypto';
import { join } from 'node:path';
import { plainDataText, setDrawMemo } from '../core/draw-memo';
import { jsonlStore } from './jsonl-store';
import { noteComputation, productCodeVersion } from './product-cache';
import { cacheRoot } from './score-cache';

/**
 * Keep this process's board charts between builds: `<cache>/charts/<product code hash>.jsonl`, one
 * line per drawing, keyed by the SHA-256 of its kind and its plain-data inputs (`plainDataText`,
 * which refuses anything it cannot write apart), and filed under the hash of the code that draws
 * (src/board with the scoring code and the lockfile, so Plot's and linkedom's versions too): changed
 * chart code starts an empty file. An unchanged rebuild then runs Observable Plot for no chart; a
 * build after a new submission draws only the charts whose data it changed. Not under
 * EVALBOARD_NO_CACHE. Each lookup is a `hit`/`miss` line `chart/<kind>` in EVALBOARD_CACHE_LOG.
 */
export function persistCharts(): void {
  if (process.env.EVALBOARD_NO_CACHE) {
    setDrawMemo(undefined);
    return;
  }
  const disk = jsonlStore<object>(join(cacheRoot(), 'charts', `${productCodeVersion()}.jsonl`), {
    encode: (drawing) => [drawing],
    decode: ([drawing]) => {
      if (drawing === null || typeof drawing !== 'object') throw new Error('not a drawing line');
      return drawing;
    },
  });
  const memo = new Map<string, object>();
  setDrawMemo({
    run<O extends object>(kind: string, inputs: unknown, draw: () => O | undefined): O | undefined {
      const key = createHash('sha256').update(kind).update('\0').update(plainDataText(inputs)).digest('base64');
      const kept = memo.get(key) ?? disk.get(key);
      noteComputation(kept ? 'hit' : 'miss', `chart/${kind}`, key);
      if (kept) {
        memo.set(key, kept);
        return structuredClone(kept) as O;
      }
      const drawing = draw();
      if (drawing === undefined) return undefined;
      // A later build reads the drawing's JSON: this build returns the same, so both build alike.
      const stored = JSON.parse(JSON.stringify(drawing)) as O;
      memo.set(key, stored);
      disk.set(key, stored);
      return structuredClone(stored);
    },
  });
}
