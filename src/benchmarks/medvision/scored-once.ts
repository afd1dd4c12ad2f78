/**
 * One scoring pass per folder: every product of a MedVision folder (gate check, digest, board
 * summary and tables, explorer pieces and through them the data API's rows) is computed from
 * `scoreMedvisionTree(dir, { keepSamples: true })`. While a folder pass is open (`withScoredTree`,
 * run by the gate when a folder's first product misses the cache) they share one scored tree;
 * outside it each scores on its own, as a product that misses alone must. At most one folder's
 * tree is held: the one whose pass is open.
 */
import { scoreMedvisionTree, type MedvisionScore } from './formats/score-tree';
import { compareMedvisionWithReference, type MedvisionReferenceCheck } from './reference/compare';
import type { MedvisionReference } from './reference/schema';
import type { ReferenceVersion } from '../../ingest/references';
import { noteComputation } from '../../ingest/product-cache';

interface Pass {
  dir: string;
  scored?: MedvisionScore;
}

// On globalThis: the gate and the loaders must see one pass even if a bundler duplicated this module.
const PASS = Symbol.for('evalboard.medvision.folder-pass');
const state = globalThis as Record<symbol, Pass | undefined>;

/** How many times this process scored each folder (a test's view; the build's log has `score medvision <dir>` lines). */
export const treeScorings = new Map<string, number>();

function score(dir: string, displayFacts: boolean): MedvisionScore {
  treeScorings.set(dir, (treeScorings.get(dir) ?? 0) + 1);
  noteComputation('score', 'medvision', dir);
  return scoreMedvisionTree(dir, { keepSamples: true, displayFacts });
}

/**
 * The folder's scored tree with its samples: the open pass's when it is this folder's, else scored
 * now. Callers must not change it (another product of the pass reads the same object). `display`:
 * the samples must carry their display facts (the explorer's pieces). A pass's tree always does,
 * since the explorer may follow; outside one they are read only when asked (they cost ≈ a third
 * more scoring time, mostly the collector's, for the raw texts kept).
 */
export function scoredTreeOf(dir: string, opts: { display?: boolean } = {}): MedvisionScore {
  const pass = state[PASS];
  if (pass?.dir !== dir) return score(dir, opts.display === true);
  return (pass.scored ??= score(dir, true));
}

/**
 * Runs `run` with a pass open on `dir`; `run` is told whether the folder has been scored in it so
 * far (then the folder missed the cache and the rest of its products are worth computing now).
 */
export async function withScoredTree<T>(dir: string, run: (scored: () => boolean) => Promise<T>): Promise<T> {
  const outer = state[PASS];
  const pass: Pass = { dir };
  state[PASS] = pass;
  try {
    return await run(() => pass.scored !== undefined);
  } finally {
    state[PASS] = outer;
  }
}

const compared = new WeakMap<MedvisionScore, Map<string, MedvisionReferenceCheck>>();

/**
 * `compareMedvisionWithReference`, once per scored tree and reference versions: the gate's check
 * and the board summary of one folder pass compare the same tree with the same answer keys.
 * Callers must not change the result (the other reads the same object).
 */
export function referenceCheckOf(scored: MedvisionScore, refs: readonly ReferenceVersion<MedvisionReference>[]): MedvisionReferenceCheck {
  const key = refs.map((r) => `${r.version}\u0000${r.file}\u0000${r.digest}`).join('\u0001');
  let byRefs = compared.get(scored);
  if (!byRefs) compared.set(scored, (byRefs = new Map()));
  let check = byRefs.get(key);
  if (!check) byRefs.set(key, (check = compareMedvisionWithReference(scored, refs)));
  return check;
}
