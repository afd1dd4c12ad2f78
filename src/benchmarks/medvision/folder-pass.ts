/**
 * The gate's pass over one MedVision folder (`SubmissionSupport.folderPass`): when the gate's own
 * products (digest, check) missed the cache, the folder's other cached products — the board
 * loader's summary and tables, the explorer pieces (and through them the data API's rows) — are
 * computed now from the tree the gate just scored, each into its own cache entry under the key
 * its stage looks up. A folder read in full is then read once per build, not once per stage.
 */
import type { BenchmarkCheck } from '../../core/benchmark';
import { readSubmissionFolder } from '../../ingest/submission/read';
import { primeMedvisionEntry } from './boards/load';
import { medvisionRunPieces } from './explorer';
import { withScoredTree } from './scored-once';

export async function medvisionFolderPass(dir: string, ctx: { resultsRoot: string; gate: () => Promise<BenchmarkCheck> }): Promise<void> {
  await withScoredTree(dir, async (scored) => {
    const check = await ctx.gate();
    // Both cached: the folder is unchanged, and a later product that misses (its code changed) reads it then.
    if (!scored()) return;
    primeMedvisionEntry(dir, ctx.resultsRoot);
    // The explorer and the data API show admitted submissions only: none with an error, none without submission.json.
    if (check.findings.some((f) => f.severity === 'error') || !readSubmissionFolder(dir, ctx.resultsRoot).submission) return;
    await medvisionRunPieces(dir);
  });
}
