import type { MetricDef } from './metric';

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
}

/** One scored entry on a board before ranking. */
export interface Entry {
  submissionId: string;
  modelSlug: string;
  model: string;
  org: string;
  weights: 'open' | 'closed';
  releaseDate?: string;
  submittedAt: string;
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
}

export interface Row extends Entry {
  rank: number;
  tiedWithLeader: boolean;
}

/** A separately ranked part of a board (MedVision's two sample classes are never ranked together). */
export interface Section {
  id: string;
  title: string;
  /** Lower-case short form for chart titles, e.g. "pilot runs". */
  shortTitle?: string;
  rows: Row[];
}

export interface Board {
  benchmark: BenchmarkId;
  /** Path below `/benchmarks/<benchmark>/`, e.g. `tl` or `config/kits23-...`. */
  slug: string;
  title: string;
  /** Kind of board, for grouping links on the benchmark page. */
  kind: 'overall' | 'family' | 'config' | 'category' | 'platform' | 'difficulty';
  description: string;
  /** What `n` counts. */
  nUnit: string;
  primary: Column;
  secondary: Column[];
  sections: Section[];
  /** Subtask × model values for the heat grid (MedVision family boards). */
  grid?: { model: string; modelSlug: string; section: string; subtask: string; subtaskLabel?: string; value: number | null; n: number }[];
}
