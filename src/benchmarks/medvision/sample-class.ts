/**
 * MedVision's two sample classes, never ranked together: runs capped at 100 samples per subtask
 * config (`--limit 100`, upstream's budget for its API pilot runs, but any model can be run so)
 * and runs of up to 1,000 (upstream's cap for a full run). The class says how a run was made, not
 * who made the model.
 */
export const PILOT_CAP = 100;
export const FULL_CAP = 1000;

export type SampleClass = 'full' | 'pilot';

/** 1000 → "1,000", as toLocaleString('en-US') writes it: that call starts ICU's number formatting (≈ 25 ms of every tool's start-up). */
const grouped = (n: number) => String(n).replace(/\B(?=(\d{3})+(?!\d))/g, ',');

/** Section titles: what each class holds. */
export const SAMPLE_CLASS_TITLE: Record<SampleClass, string> = {
  full: `Runs of up to ${grouped(FULL_CAP)} samples per subtask`,
  pilot: `Runs capped at ${PILOT_CAP} samples per subtask`,
};

/** Lower-case short forms (chart titles, filters). */
export const SAMPLE_CLASS_SHORT: Record<SampleClass, string> = {
  full: `runs of up to ${grouped(FULL_CAP)} samples per subtask`,
  pilot: `runs capped at ${PILOT_CAP} samples per subtask`,
};

/** The class a run belongs to, from its largest subtask config's sample count alone. */
export const sampleClassOf = (maxSamplesPerConfig: number): SampleClass => (maxSamplesPerConfig <= PILOT_CAP ? 'pilot' : 'full');

/** What decided a run's class. */
export type ClassBasis = 'run limit' | 'sample counts';

export interface RunClass {
  sampleClass: SampleClass;
  basis: ClassBasis;
  /** The run's own `--limit` where it decided (null: the run says it had none). */
  limit?: number | null;
}

/** One scored subtask: its sample count and the `config.limit` its run's results.json records. */
export interface SubtaskEvidence {
  n: number;
  /** A number: the run's `--limit`; null: results.json says no limit; undefined: nothing says. */
  limit?: number | null;
}

/** lmms-eval reads a `--limit` below 1 as a fraction of the test set, not a sample count. */
const isSampleCap = (l: number | null | undefined): l is number => typeof l === 'number' && Number.isFinite(l) && l >= 1;

/**
 * The class of one (model folder, task family) from the data and the run's own limit. A limit the
 * run recorded decides (a `--limit 100` run is capped even where a subtask had fewer samples; a
 * run that says it had no limit, or a larger one, is a full run even if only 100 samples are
 * here: it is partial, not capped). Where no results.json says, the sample counts decide.
 */
export function sampleClassFrom(subtasks: readonly SubtaskEvidence[]): RunClass {
  const maxN = Math.max(0, ...subtasks.map((s) => s.n));
  const known = subtasks.filter((s) => s.limit === null || isSampleCap(s.limit));
  if (known.length === 0) return { sampleClass: sampleClassOf(maxN), basis: 'sample counts' };
  if (known.some((s) => s.limit === null)) return { sampleClass: 'full', basis: 'run limit', limit: null };
  const maxLimit = Math.max(...known.map((s) => s.limit as number));
  if (maxLimit > PILOT_CAP) return { sampleClass: 'full', basis: 'run limit', limit: maxLimit };
  // Every recorded limit is a cap of ≤ 100: capped, unless a subtask no limit covers holds more.
  if (maxN > PILOT_CAP) return { sampleClass: 'full', basis: 'sample counts' };
  return { sampleClass: 'pilot', basis: 'run limit', limit: maxLimit };
}
