import type { MetricDef } from './metric';
import type { SourceCredit } from './source-credit';

/** A registered benchmark's id (`src/benchmarks/index.ts` is the list). */
export type BenchmarkId = string;

/** A column of a board: a registry metric, with the header label used on this board. */
export interface Column {
  def: MetricDef;
  label: string;
}

export interface Interval {
  lo: number;
  hi: number;
  /** How it was computed, shown in the table caption and the downloads. */
  method: 'bootstrap' | 't';
  /** Confidence level; 0.95 when absent. */
  level?: number;
}

/** One scored entry on a board before ranking. */
export interface Entry {
  submissionId: string;
  modelSlug: string;
  model: string;
  org: string;
  /** From the model registry; "n/a" for rule-based agents. */
  weights: 'open' | 'closed' | 'n/a';
  releaseDate?: string;
  /** Parameter count in billions, from the model registry's `params` ("7B"); absent when unknown. */
  paramsB?: number;
  submittedAt: string;
  /** The harness the model ran in, "name version": an entry is model × harness. */
  harness: string;
  /** `<model id>~<harness slug>`: unique per model × harness (compare pages, downloads). */
  entryKey: string;
  /** Units behind the primary value (samples, evals, seeds). */
  n: number;
  primary: number | null;
  interval?: Interval;
  secondary: (number | null)[];
  /** Plain-text score composition for the tooltip / expand. */
  composition?: string[];
  /** MedVision only. */
  sampleClass?: string;
  /** Extra per-row links (site paths without the base URL), e.g. the ClinicalBench seeds a row was run on. */
  links?: { label: string; href: string }[];
  /** How much of the board's fixed unit set the entry was scored on (e.g. 24 of 24 subtasks). */
  coverage?: Coverage;
  /**
   * The entry's value on each independent unit of the board (eval id, seed, `<config>#<doc_id>`),
   * for the paired minimum detectable difference, read when asked: a MedVision row's units are its
   * samples, which the build reads back from the score cache rather than keep on every row of
   * every board. View-model only: never in the downloads.
   */
  unitValues?: () => Readonly<Record<string, number>>;
  /**
   * A stable identity of what `unitValues()` returns (the same key, the same values in the same
   * order), so the build can remember an MDD instead of reading the samples again (`core/mdd-memo.ts`).
   * A function, like `unitValues`: asked for only by the rows an MDD is computed from.
   */
  unitValuesKey?: () => string;
  /** Synthetic demo data (the submission or its registered model says `synthetic: true`): badged wherever the row is shown. */
  synthetic?: boolean;
  /** Imported from a public repository (`submission.json` "source"): its licence and attribution are shown with the row. */
  source?: SourceCredit;
  /** Valid but not yet accepted by a maintainer (the gate): listed below the ranking, never ranked. */
  underReview?: boolean;
}

/** Units an entry was scored on, out of the board's fixed unit set. */
export interface Coverage {
  units: number;
  total: number;
  /** Plural noun: "subtasks", "evals", "seed × task pairs". */
  unit: string;
}

/** Why a row is listed but not ranked. */
export type UnrankedStatus = 'partial' | 'preliminary' | 'under_review' | 'not_ranked';

/** A row shown below a section's ranking, never ranked with it. */
export interface UnrankedRow extends Entry {
  status: UnrankedStatus;
  /** One line, e.g. "partial coverage: 4 of 24 subtasks (score on those only)". */
  reason: string;
}

export interface Row extends Entry {
  /** Point rank by the value (competition ranking: 1 2 2 4). */
  rank: number;
  /** `[best, worst]` from the intervals (`src/core/stats/rank-range.ts` states the rule); contains `rank`. */
  rankRange: [number, number];
  /**
   * Not the leader, and statistically indistinguishable from it: `rankRange[0] === 1`.
   * Kept for the model pages; the boards show the range itself.
   */
  tiedWithLeader: boolean;
}

/** How a board's intervals are computed and how much evidence it needs to rank (set by the benchmark's board builder). */
export interface Evidence {
  /** The independent unit the intervals resample, plural: "evals", "seeds", "samples". */
  unit: string;
  /** One sentence: the interval method and how nested data (trials, label groups) is handled. */
  method: string;
  /** Fewest units (an entry's `n`) a row needs to be ranked; fewer: listed as preliminary. */
  minUnits: number;
  /** Confidence level of the intervals; 0.95 when absent. */
  level?: number;
}

/** A section's minimum detectable difference (see `src/core/stats/mdd.ts`). */
export interface SectionMdd {
  value: number;
  basis: 'paired' | 'standard_errors';
  n: number;
  /** Entry keys of the two rows it was computed from. */
  between: [string, string];
}

/** A separately ranked part of a board (MedVision's two sample classes are never ranked together). */
export interface Section {
  id: string;
  title: string;
  /** Lower-case short form for chart titles, e.g. "pilot runs". */
  shortTitle?: string;
  rows: Row[];
  /** Rows listed below the ranking and never ranked with it (partial coverage, no successful answers, …). */
  unranked?: UnrankedRow[];
  /** Minimum detectable difference of the top two ranked rows (filled by the evidence pass, `src/board/evidence.ts`). */
  mdd?: SectionMdd;
}

export interface Board {
  benchmark: BenchmarkId;
  /** Path below `/benchmarks/<benchmark>/`, e.g. `tl` or `config/kits23-...`. */
  slug: string;
  title: string;
  /** Kind of board, for grouping links on the benchmark page. */
  kind: 'overall' | 'family' | 'config' | 'category' | 'platform' | 'difficulty';
  /** Separately ranked part of the benchmark the board belongs to (latch: the suite, e.g. "scBench"), grouping its links on the benchmark page; absent: one group. */
  group?: string;
  description: string;
  /** What `n` counts. */
  nUnit: string;
  primary: Column;
  secondary: Column[];
  sections: Section[];
  /** Unit, interval method and minimum evidence; absent: `n`'s unit, the rows' interval method, 2 units. */
  evidence?: Evidence;
  /** Subtask × entry values for the heat grid (MedVision family boards); `model` is the entry's "model · harness" label. */
  grid?: { model: string; modelSlug: string; section: string; subtask: string; subtaskLabel?: string; value: number | null; n: number }[];
}
