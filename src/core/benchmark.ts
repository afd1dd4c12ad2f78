/**
 * The plug-in contract: everything evalboard knows about one benchmark, implemented by one object
 * in `src/benchmarks/<id>/index.ts` and registered once in `src/benchmarks/index.ts`. The core,
 * the pages, the CLIs and validate iterate the registered benchmarks and never name one.
 */
import type { z } from 'zod';
import type { Board } from './board';
import type { CompareData } from './compare';
import type { Finding } from './findings';
import type { FormatHandler } from './format-handler';
import type { MetricDef } from './metric';
import type { SuiteRunner } from './conformance/types';
import type { Submission } from './submission-schema';
import type { WorkedExample } from './worked-example';
import type { DemoTarget } from './demo-submission';
import type { ReportedView } from './reported';

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
  /** The benchmark version (the maintainers' reference, `references/<benchmark>/<version>.json`) the data was checked against; absent when none holds it. */
  referenceVersion?: string;
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

/** A column of a per-sample file of the data API (`/api/v1/samples/…`). */
export interface SampleColumn {
  name: string;
  type: 'string' | 'double' | 'int' | 'boolean';
  description: string;
}

/**
 * One entry's (model × harness) per-sample values on one unit (a subtask config, an eval, a
 * seed × task), published as JSON and Parquet. Only what is already public: never a hidden
 * answer key (ground truth only where the benchmark's public files carry it).
 */
export interface SampleFile {
  submission: string;
  entryKey: string;
  /** URL-safe unit id, unique within the entry. */
  unit: string;
  /** The unit as the benchmark names it (config name, eval id, `task_easy@20260402`). */
  unitLabel: string;
  /** Singular noun: "subtask config", "eval", "seed × task". */
  unitKind: string;
  columns: SampleColumn[];
  /** One record per sample, keyed by column name; NaN is null. */
  rows: Record<string, string | number | boolean | null>[];
}

/**
 * One admitted submission's per-sample files, computed only when asked: the data API writes them
 * one submission at a time and caches what it wrote by the folder's content (so a build never holds
 * every submission's rows, and an incremental build computes only the new submission's).
 */
export interface SubmissionSamples {
  submission: string;
  /** The submission folder: its content (and the scoring code) key the cached files. */
  dir: string;
  /** Every input outside the folder the files depend on (e.g. a digest of the rows when they come from an in-memory loader), for the key. */
  extra?: string;
  files(): SampleFile[] | Promise<SampleFile[]>;
}

/** One entry's result on one sample, as the per-sample explorer shows it. */
export interface ExplorerCell {
  /** The unit's per-sample metric (sorting, colour); null: a failed answer, or nothing computed. */
  value: number | null;
  /** `success`: a scored answer; `failure`: no usable answer or a failed trial; `excluded`: left out by the scorer (shown, not counted). */
  outcome: 'success' | 'failure' | 'excluded';
  /** The answer as scored, short (the extracted answer, the agent's answer); `''` when there is none. */
  answer: string;
  /** Further per-sample numbers by the unit's `metrics` labels (null: NaN). */
  metrics?: Record<string, number | null>;
  /** Long texts shown collapsed and sanitised: the raw response, the grader's reasoning, the action log. */
  texts?: { label: string; body: string }[];
}

/** A sample of an explorer unit: the same id across entries. */
export interface ExplorerSample {
  id: string;
  /** The ground truth as the benchmark's public files state it; absent when it is hidden. */
  truth?: string;
  /** Values of the unit's `fields` (image metadata, seed), parallel to them. */
  fields: (string | number | null)[];
}

/**
 * One board unit (a subtask config, an eval, a seed × task) for the per-sample explorer: its
 * samples and every admitted entry's result on each, from the benchmark's own scorer. Only what
 * is public: a benchmark whose ground truth is a hidden answer key says so (`truth: 'hidden'`,
 * `notes`) and leaves out every field derived from it.
 */
export interface ExplorerUnit {
  /** URL-safe id, unique within the benchmark: `/explore/<benchmark>/<unit>/`. */
  unit: string;
  /** The unit as the benchmark names it. */
  label: string;
  /** Singular noun: "subtask config", "eval", "seed × task". */
  unitKind: string;
  /** Heading it is listed under on the benchmark's explorer index (family, suite, task). */
  group: string;
  /** Plural noun of its samples: "samples", "trials", "episodes". */
  sampleNoun: string;
  truth: 'public' | 'hidden';
  /** Shown above the samples: where the numbers come from, what is left out and why. */
  notes: string[];
  /** The per-sample metric (a registry metric of the benchmark). */
  metric: MetricDef;
  /** Entries disagree on a sample when their outcomes differ or their values differ by at least this much (the disagreement filter). */
  disagreeMargin: number;
  /** Labels of `ExplorerCell.metrics`, in display order, with the registry metric each one is. */
  metrics: { label: string; def: MetricDef }[];
  /** Sample metadata column names (values in `ExplorerSample.fields`). */
  fields: string[];
  samples: ExplorerSample[];
  /** Every admitted entry with a result on the unit; `cells` parallel to `samples` (null: not run on it). */
  entries: { entryKey: string; submission: string; ranked: boolean; cells: (ExplorerCell | null)[] }[];
}

/** The fields that name an explorer unit (its head and its page share them). */
export type ExplorerUnitIdentity = 'unit' | 'label' | 'unitKind' | 'group' | 'sampleNoun' | 'truth';

/**
 * An explorer unit before its samples are read: what the explorer's index and routes need. The
 * build loads one unit at a time (`load`), assembled from per-entry pieces, so it never holds
 * every unit's samples at once.
 */
export interface ExplorerUnitHead extends Pick<ExplorerUnit, ExplorerUnitIdentity | 'metric'> {
  /** Samples of the unit (the union over its entries). */
  samples: number;
  /**
   * Every admitted entry with a result on the unit, in `load()`'s order: its mean over cells with
   * a value (not excluded; null: none) and whether any of its cells has long texts.
   */
  entries: { entryKey: string; submission: string; ranked: boolean; mean: number | null; texts: boolean }[];
  /**
   * What `load()`'s unit is a function of (its entries' cached pieces, in order): when set, the
   * site caches the unit's documents by it and an unchanged unit is never loaded; absent, the unit
   * is assembled every build (units built in memory).
   */
  inputsKey?: string;
  load(): ExplorerUnit | Promise<ExplorerUnit>;
  /**
   * The unit in parts (set with `inputsKey`), so a site can cache each entry's cells apart and
   * assemble a changed unit from the unchanged entries' cached documents: a new entry then costs
   * its own samples, not every entry's.
   */
  parts?: ExplorerUnitParts;
}

/** An explorer unit as a frame (everything but its entries) and one part per entry. */
export interface ExplorerUnitParts {
  /** What the frame is a function of: its samples (ids and facts), metrics, fields and notes; and the samples every entry's cells are aligned to. */
  frameKey: string;
  /** Per entry, in the head's `entries` order: what its cells are a function of besides the frame. */
  entryKeys: string[];
  /** Reads what the frame needs; the opened unit is dropped once assembled (one unit in memory at a time). */
  open(): ExplorerUnitOpened;
}

export interface ExplorerUnitOpened {
  frame: Omit<ExplorerUnit, 'entries'>;
  /** Entry `i`'s cells on the frame's samples, and the notes it adds to the frame's (the unit's notes are the frame's, then every entry's, each once). */
  entry(i: number): { cells: (ExplorerCell | null)[]; notes: string[] };
}

/** What a benchmark's data is, stated on its pages (the clinical claim boundary's second half). */
export interface DataNote {
  kind: 'synthetic' | 'public dataset' | 'mixed' | 'submitted runs';
  licence?: string;
  text: string;
}

/** The upstream code a benchmark's scorer reproduces, linked from its boards' provenance. */
export interface UpstreamSource {
  /** Short name, e.g. "sumitsaraswat362/clinical-trial-auditor". */
  name: string;
  /** What exactly is reproduced, when more than the commit says (shown on the board and review pages). */
  note?: string;
  /** The commit (or release) as written in the benchmark's README, e.g. "639207b"; absent: no single commit. */
  commit?: string;
  /** http(s) page of that commit, release or repository. */
  url: string;
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
  /**
   * The build gate's pass over one folder that is safe to read: `gate()` computes the gate's own
   * cached products of it (content digest, check). When they missed the cache, the benchmark may
   * compute its other cached per-folder products (board summary, explorer pieces, …) from the same
   * read, so the later stages hit instead of reading and scoring the folder again. Without it, each
   * product reads the folder on its own miss.
   */
  folderPass?(dir: string, ctx: { resultsRoot: string; gate: () => Promise<BenchmarkCheck> }): Promise<void>;
  /** Every board of this benchmark (view models), computed from the loaded submissions the gate admits. */
  boards(admitted: Admitted): Promise<Board[]>;
  /**
   * One entry's (model × harness, by `entryKey`) per-unit values for compare (ranked submissions
   * only), published as `/compare-data/<benchmark>/<entry>.json`; `src/core/compare.ts` pairs two
   * of them on their shared units. Undefined when the entry has nothing ranked here.
   */
  compareData(slug: string, admitted: Admitted): Promise<CompareData | undefined>;
  /**
   * Everything `compareData(slug, admitted)` is a function of besides the code (its submissions'
   * contents, the references they are scored against), as a string: the build then caches the
   * entry's compare data per submission and a warm build reads no per-sample data for compare.
   * Undefined (or absent): computed every build.
   */
  compareDataKey?(slug: string, admitted: Admitted): Promise<string | undefined>;
  /** Sections shown below a board's ranking. */
  boardExtras?(board: Board): BoardExtra[];
  /**
   * Published tables typed in by hand for this board (reported rows, never ranked), possibly with
   * one of evalboard's own recomputed rows beside a reported one (from admitted submissions only).
   */
  reported?(board: Board, admitted: Admitted): Promise<ReportedView[]>;
  /**
   * Whether an imported reported table of `suite` (`reported/<benchmark>/*.json`) belongs on this
   * board. Default: the benchmark's overall boards, those of the suite's group when boards have groups.
   */
  reportedOn?(suite: string, board: Board): boolean;
  /** Per-sample files of the admitted (ranked or under-review) submissions, for the data API, one source per submission. */
  sampleFiles?(admitted: Admitted): Promise<SubmissionSamples[]>;
  /** The per-sample explorer's units over the admitted (ranked or under-review) submissions, each loaded on demand. */
  explorer?(admitted: Admitted): Promise<ExplorerUnitHead[]>;
  /** The explorer unit a board is made of, when it is exactly one (a MedVision config board): its rows link that unit. */
  explorerUnitOf?(board: Board): string | undefined;
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
  /** Medical benchmark: its pages carry the note that scores are not evidence of clinical safety. */
  clinical?: boolean;
  /** What its data is (synthetic, a public dataset, licence), shown on its pages. */
  dataNote?: DataNote;
  /** The upstream code its scorer reproduces (its README says how exactly). */
  upstream?: UpstreamSource;
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
  /** Imports an existing upstream result tree as submissions, models and the version's reference (`npm run import`). */
  importer?: BenchmarkImporter;
}

/** Where an importer writes: the build's (or a maintainer's) trees, never the repository's reviews. */
export interface ImportTarget {
  /** Submission folders go to `<resultsRoot>/<benchmark>/<id>/`. */
  resultsRoot: string;
  /** Each model's registry file goes to `<modelsRoot>/<id>.json`. */
  modelsRoot: string;
  /**
   * Imported real submissions have no maintainer review (they are "under review"). Only when a
   * build-time output dir is given here does the importer write `under_review` files into it;
   * never into the repository's `reviews/`.
   */
  reviewsRoot?: string;
  /** The benchmark version's reference goes to `<referencesRoot>/<benchmark>/<version>.json`. */
  referencesRoot: string;
  /**
   * Reported tables (`ImportReport.reported`) go to `<reportedRoot>/<benchmark>/<slug>.json`
   * (written by `runImport`, read by the build from `EVALBOARD_REPORTED`); absent: not written.
   */
  reportedRoot?: string;
}

/** Where the imported data comes from (from `sources.json`, or the CLI's options). */
export interface ImportProvenance {
  /** Public repository URL. */
  repo?: string;
  commit?: string;
  /** Path inside the repository. */
  path?: string;
  licence?: string;
  attribution?: string;
}

export interface ImportOptions {
  /** The upstream tree on disk. */
  source: string;
  out: ImportTarget;
  /** Compute the report, write nothing. */
  dryRun?: boolean;
  provenance?: ImportProvenance;
  /** The benchmark version the reference is written as (default: derived from the provenance or the source folder's name). */
  version?: string;
}

/** A figure published upstream without per-sample data: shown as a reported row, never ranked. */
export interface ReportedTable {
  /** Suite, family or board it belongs to. */
  suite: string;
  title: string;
  /** Where it was read, relative to the source. */
  from: string;
  columns: string[];
  rows: Record<string, string | number | null>[];
}

/** What an import did (or, with `dryRun`, would do). */
export interface ImportReport {
  benchmark: string;
  source: string;
  dryRun: boolean;
  /** One per submission folder written. */
  submissions: {
    id: string;
    dir: string;
    model: string;
    harness: { name: string; version: string; commit?: string };
    /** Result files in the folder. */
    files: number;
    /** Fields written as "unknown" because the source does not say. */
    unknown: string[];
  }[];
  /** Registry files written (model ids). */
  models: string[];
  /** Reference files written. */
  references: string[];
  /** Review files written (only into a build-time reviews dir). */
  reviews: string[];
  /** Published figures imported as reported rows (never ranked). */
  reported: ReportedTable[];
  /** Files or folders not imported, and why. */
  skipped: { path: string; reason: string }[];
  /** Everything else worth saying (reruns, evals not recomputable, …). */
  notes: string[];
  /** Every file written (absolute paths), sorted. */
  written: string[];
}

/** A benchmark's importer of an existing upstream result layout. */
export interface BenchmarkImporter {
  /** The upstream layouts it reads, one line each (for the CLI's usage and the guide). */
  layouts: readonly string[];
  import(opts: ImportOptions): Promise<ImportReport>;
}
