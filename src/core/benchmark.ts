/**
 * The plug-in contract: everything evalboard knows about one benchmark, implemented by one object
 * in `src/benchmarks/<id>/index.ts` and registered once in `src/benchmarks/index.ts`. The core,
 * the pages, the CLIs and validate iterate the registered benchmarks and never name one.
 */
import type { z } from 'zod';
import type { Board } from './board';
import type { Difference } from './compare';
import type { Finding } from './findings';
import type { FormatHandler } from './format-handler';
import type { MetricDef } from './metric';
import type { SuiteRunner } from './conformance/types';
import type { Submission } from './submission-schema';
import type { WorkedExample } from './worked-example';
import type { DemoTarget } from './demo-submission';

/** A file format we publish a JSON Schema for, at `/schemas/<name>.json`. */
export interface PublishedSchema {
  name: string;
  title: string;
  /** Where the file lives, e.g. `episodes/<name>.json`. */
  file: string;
  schema: z.ZodType;
}

/** What a benchmark's submission check returns (validate and the board gate run the same one). */
export interface BenchmarkCheck {
  /** Paths relative to the submission folder. */
  findings: Finding[];
  /** Every number we recompute, keyed as `claimed` keys are written. */
  recomputed: Record<string, number | null>;
  /** Facts derived from the data (sample class, counts) for the report and review page. */
  facts: { label: string; value: string }[];
  /**
   * Numbers the benchmark's own files claim (e.g. an upstream `<ts>_results.json`), each next to
   * ours under the same key as `recomputed`; shown on the review page with `submission.json`'s.
   * Their disagreements are the benchmark's findings (usually warnings: older tool versions).
   */
  fileClaims?: { key: string; claimed: number | null; recomputed: number | null | undefined; status: 'ok' | 'mismatch' | 'unknown' }[];
}

/** One submission folder as the board path read it (valid or not). */
export interface LoadedSubmission {
  id: string;
  submission?: Submission;
  findings: readonly Finding[];
}

/**
 * An Astro component, loaded lazily so that the CLIs (plain TypeScript) can import the registry
 * without ever loading `.astro` files.
 */
export type ComponentLoader = () => Promise<{ default: unknown }>;

/** A section a benchmark adds below a board's ranking (e.g. published tables shown beside the recomputed rows). */
export interface BoardExtra {
  component: ComponentLoader;
  props: Record<string, unknown>;
}

/** A page of the benchmark's own, at `/<path>/` (e.g. the ClinicalBench seed pages). */
export interface ExtraPage {
  /** Site path without leading or trailing slash. */
  path: string;
  component: ComponentLoader;
  props: Record<string, unknown>;
}

/** A generated file of the benchmark's own, at `/<path>` (e.g. a seed's dataset as CSV). */
export interface ExtraFile {
  path: string;
  contentType: string;
  body(): string;
}

/** The gate's answer for one benchmark's submissions (validate's checks plus the maintainer review). */
export interface Admitted {
  /** Valid and accepted by a maintainer: ranked. */
  ranked(id: string): boolean;
  /** Valid, not yet accepted: listed unranked and marked unverified. */
  underReview(id: string): boolean;
}

/** What board code is given: the one gate, so the boards never decide admission themselves. */
export interface BoardContext {
  forBenchmark(benchmark: string): Admitted;
}

/** What validate tells a benchmark's check about the submission it is checking. */
export interface CheckContext {
  /**
   * The registered model the submission names (`models/<id>.json`): every name it answers to
   * (name, id, aliases). Names written inside result files (an episode's `agent`, a run's
   * `model_name`) must be one of them (`namesModel` in `src/core/model-identity.ts`).
   */
  model?: { id: string; names: readonly string[] };
}

/** Benchmarks that take score submissions under `results/<id>/<submission>/`. */
export interface SubmissionSupport {
  /** The benchmark-specific part of `validate`: read every file, recompute every claimable number. */
  check(dir: string, ctx?: CheckContext): Promise<BenchmarkCheck>;
  /**
   * A hash of the folder's normalised per-sample content, independent of folder and file names
   * and of file order: two submissions with the same digest are copies (validate gives every one
   * of them an error). Undefined when there is nothing to hash.
   */
  contentDigest?(dir: string): Promise<string | undefined>;
  /** Every board of this benchmark (view models), computed from the loaded submissions the gate admits. */
  boards(admitted: Admitted): Promise<Board[]>;
  /** Paired differences between two entries (model × harness, by `entryKey`) on the units both were scored on (ranked submissions only). */
  compare(slugA: string, slugB: string, admitted: Admitted): Promise<Difference[]>;
  /** Sections shown below a board's ranking. */
  boardExtras?(board: Board): BoardExtra[];
}

export interface Benchmark {
  /** Folder name under `src/benchmarks/` and `results/`, URL segment, metric `benchmark` field. */
  id: string;
  /** Display name, e.g. "MedVision". */
  name: string;
  /** Short label for the top navigation. */
  navLabel: string;
  /** One sentence for the home page. */
  blurb: string;
  /** Every metric this benchmark reports, defined once. */
  metrics: readonly MetricDef[];
  /** Result formats the `score` CLI detects, in detection order. */
  formats: readonly FormatHandler[];
  /** File formats published under `/schemas/`. */
  schemas: readonly PublishedSchema[];
  /** Conformance: the vector folders under `../shared/conformance/` this benchmark answers for, and its suites. */
  conformance: { folders: readonly string[]; suites: readonly SuiteRunner[] };
  /** The worked example shown on one of this benchmark's metric pages, computed by its own scorer. */
  workedExample(def: MetricDef): WorkedExample;
  submissions?: SubmissionSupport;
  pages?(): Promise<ExtraPage[]>;
  files?(): Promise<ExtraFile[]>;
  /** Regenerates the bundled synthetic submissions under `<resultsRoot>/<id>/` and their reviews (deterministic). */
  demo?: { write(target: DemoTarget): void };
}
