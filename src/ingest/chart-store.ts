import { createHash } from 'node:crypto';
import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { plainDataText, setDrawMemo } from '../core/draw-memo';
import { noteComputation, productCodeVersion } from './product-cache';
import { cacheRoot, cachedFile } from './score-cache';

/**
 * Keep this process's board charts between builds: `<cache>/charts/<product code hash>/<key>.json`,
 * one file per drawing, keyed by the SHA-256 of its kind and its plain-data inputs
 * (`plainDataText`, which refuses anything it cannot write apart), and filed under the hash of the
 * code that draws (src/board with the scoring code and the lockfile, so Plot's and linkedom's
 * versions too): changed chart code starts an empty folder. An unchanged rebuild then runs
 * Observable Plot for no chart; a build after a new submission draws only the charts whose data it
 * changed. One file per drawing, read when its page is rendered, so a build holds no drawing it
 * does not need and the cache sweep drops the ones no build uses. Not under EVALBOARD_NO_CACHE.
 * Each lookup is a `hit`/`miss` line `chart/<kind>` in EVALBOARD_CACHE_LOG.
 */
interface Kept<O> {
  /** null: the chart kind draws nothing for these inputs. */
  drawing: O | null;
}

const isKept = (v: unknown): v is Kept<object> => {
  if (v === null || typeof v !== 'object' || Array.isArray(v) || !('drawing' in v)) return false;
  const d = v.drawing;
  return d === null || (typeof d === 'object' && !Array.isArray(d));
};

export function persistCharts(): void {
  if (process.env.EVALBOARD_NO_CACHE) {
    setDrawMemo(undefined);
    return;
  }
  const folder = join(cacheRoot(), 'charts', productCodeVersion());
  setDrawMemo({
    run<O extends object>(kind: string, inputs: unknown, draw: () => O | undefined): O | undefined {
      const key = createHash('sha256').update(kind).update('\0').update(plainDataText(inputs)).digest('hex');
      const file = join(folder, key.slice(0, 2), `${key}.json`);
      const compute = (): Kept<O> => ({ drawing: draw() ?? null });
      let kept = cachedFile<unknown>(file, compute);
      if (kept.hit && !isKept(kept.value)) {
        // Not a file this store writes (edited by hand, say): drawn again and replaced.
        rmSync(file, { force: true });
        kept = cachedFile(file, compute);
      }
      noteComputation(kept.hit ? 'hit' : 'miss', `chart/${kind}`, key);
      const { drawing } = kept.value as Kept<O>;
      // A later build reads the drawing's JSON: this one returns the same, so both build alike.
      return drawing === null ? undefined : kept.hit ? drawing : (JSON.parse(JSON.stringify(drawing)) as O);
    },
  });
}
