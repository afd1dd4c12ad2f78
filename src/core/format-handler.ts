import type { Finding } from './findings';

/** One scored unit in `score --json` (DESIGN §6). NaN is written as null by the CLI. */
export interface ScoreItem {
  path: string;
  config: string;
  task_type?: string;
  metrics: Record<string, number | null | boolean | string>;
  [extra: string]: unknown;
}

export interface ScoreOutput {
  /** The benchmark id whose format this is. */
  format: string;
  items: ScoreItem[];
  summary: Record<string, unknown>;
  findings: Finding[];
}

export interface ScoreOptions {
  /** Tile task: the reference answer file. */
  reference?: string;
  /** MedVision: score the submitter's own parse (`filtered_resps`), upstream-summarizer parity; never the site. */
  trustSubmittedParse?: boolean;
  /** Told before each unit of work (a model folder, a file): the CLI's progress line on a terminal. */
  progress?: (done: number, total: number, label: string) => void;
  /** Add each unit's per-sample scores to its item (`samples`), as the scorer computed them. */
  perSample?: boolean;
}

/** A result format the `score` CLI can detect and score. */
export interface FormatHandler {
  format: ScoreOutput['format'];
  /** True when `path` (file or folder) is in this format. Must be cheap and never throw. */
  detect(path: string, opts: ScoreOptions): Promise<boolean>;
  score(path: string, opts: ScoreOptions): Promise<ScoreOutput>;
  /** Human-readable table for the terminal. */
  renderText(out: ScoreOutput): string;
}
