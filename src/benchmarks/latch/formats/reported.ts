/**
 * Published latch-bench tables, typed in by hand (not computed, not copied files): the scBench
 * leaderboard, its per-category and per-platform tables, and the paper-era results. They cannot be
 * recomputed — only a handful of evals have public per-run results — so every figure is marked
 * `reported: true` with its source, for the site to show next to (never instead of) recomputed
 * numbers. SpatialBench's published tables are not in the public fixtures; `SPATIALBENCH_REPORTED`
 * stays empty until they are typed in.
 *
 * Percentages are accuracy × 100 (binary pass per run, trials averaged per eval, mean over evals,
 * 95 % t-interval over per-eval means), exactly as published (rounded by upstream).
 */

export interface ReportedFigure {
  /** Accuracy (%) as published. */
  value: number;
  ci_lower: number;
  ci_upper: number;
  reported: true;
  /** Where the number was published (repository@commit path). */
  source: string;
}

export interface ReportedRow {
  model: string;
  harness: string;
  /** The upstream row key where the table has one (e.g. "gpt-5.5-openai-codex"). */
  key?: string;
  accuracy: ReportedFigure;
  /** Mean cost per eval run in USD, when published. */
  cost_usd?: number;
  /** Mean duration per eval run in seconds, when published. */
  duration_s?: number;
  n_evals?: number;
}

export interface ReportedTable {
  id: string;
  /** The suite it was published for: shown on that suite's boards only (`src/benchmarks/latch/suites.ts`). */
  bench: 'scBench' | 'SpatialBench' | 'SpatialBench-Long';
  title: string;
  source: string;
  /**
   * The eval set the published numbers were computed on, as the source states it: how many evals,
   * and how many of them have public per-run files (the only ones evalboard can recompute).
   * Shown next to the recomputed rows' eval count, never ranked with them.
   */
  evalSet: { n_evals: number; public_per_run: number; note: string };
  /** Group (task category or platform) → rows; the headline table has the single group "overall". */
  groups: Record<string, { n_evals?: number; rows: ReportedRow[] }>;
  notes?: string;
}

const figure = (source: string, value: number, ci_lower: number, ci_upper: number): ReportedFigure => ({ value, ci_lower, ci_upper, reported: true, source });

const SRC_MODELS = "latchbio/scbench@4a7d2b0 results/model_results.csv (195 evals x 3 runs)";
/** [model, harness, accuracy %, ci_lower, ci_upper, cost $, duration s, N] as in model_results.csv. */
const MODEL_ROWS: [string, string, number, number, number, number, number, number][] = [
  ["gpt-5.5", "mini-swe-agent", 57.95, 51.56, 64.34, 1.1136, 707.09, 195],
  ["gpt-5.5", "openai-codex", 57.78, 51.29, 64.26, 2.4685, 512.8, 195],
  ["gpt-5.4", "mini-swe-agent", 57.44, 51.07, 63.8, 0.824, 1590.77, 195],
  ["claude-opus-4-7", "mini-swe-agent", 55.21, 48.85, 61.57, 1.5378, 818.83, 195],
  ["claude-opus-4-7", "claude-code", 54.02, 47.66, 60.38, 1.1465, 851.33, 195],
  ["gemini-3.1-pro-preview", "mini-swe-agent", 53.85, 47.54, 60.15, 0.8948, 1085.27, 195],
  ["claude-opus-4-6", "mini-swe-agent", 52.65, 46.13, 59.16, 1.1917, 846.08, 195],
  ["gpt-5.2", "mini-swe-agent", 52.31, 45.77, 58.84, 0.8874, 1422.23, 195],
  ["claude-sonnet-4-6", "mini-swe-agent", 50.26, 43.87, 56.64, 0.9872, 1029.21, 195],
  ["claude-opus-4-5", "mini-swe-agent", 47.18, 41.01, 53.35, 0.6553, 566.76, 195],
  ["grok-4.20-beta-0309-reasoning", "mini-swe-agent", 44.44, 38.46, 50.43, 0.2957, 453.29, 195],
  ["grok-4.3", "mini-swe-agent", 44.27, 38.16, 50.39, 0.2147, 620.45, 195],
  ["gpt-5.1", "mini-swe-agent", 38.8, 33.0, 44.61, 0.2177, 465.73, 195],
  ["claude-sonnet-4-5", "mini-swe-agent", 33.16, 27.64, 38.69, 0.2682, 351.52, 195],
  ["grok-4-1-fast-reasoning", "mini-swe-agent", 30.26, 25.04, 35.47, 0.0282, 534.22, 195],
  ["gemini-2.5-pro", "mini-swe-agent", 23.59, 18.55, 28.63, 0.1368, 240.11, 195],
];

const CATEGORY_SRC = "latchbio/scbench@4a7d2b0 results/category_results.json";
/** Task category → n_evals and upstream key → [passed %, ci_low, ci_high]. */
const CATEGORY: Record<string, [number, Record<string, [number, number, number]>]> = {
  "cell_typing": [
    78,
    {
      "claude-opus-4-5-mini-swe-agent": [58.97, 49.14, 68.81],
      "claude-opus-4-6-mini-swe-agent": [61.97, 51.85, 72.08],
      "claude-opus-4-7-claude-code": [64.53, 54.66, 74.4],
      "claude-opus-4-7-mini-swe-agent": [64.96, 55.05, 74.86],
      "claude-sonnet-4-5-mini-swe-agent": [38.03, 28.91, 47.16],
      "claude-sonnet-4-6-mini-swe-agent": [60.68, 50.94, 70.43],
      "gemini-2.5-pro-mini-swe-agent": [25.21, 16.98, 33.45],
      "gemini-3.1-pro-preview-mini-swe-agent": [60.68, 51.09, 70.28],
      "gpt-5.1-mini-swe-agent": [46.15, 36.83, 55.48],
      "gpt-5.2-mini-swe-agent": [65.81, 56.12, 75.5],
      "gpt-5.4-mini-swe-agent": [66.67, 56.83, 76.51],
      "gpt-5.5-mini-swe-agent": [63.68, 53.82, 73.53],
      "gpt-5.5-openai-codex": [66.24, 56.44, 76.04],
      "grok-4-1-fast-reasoning-mini-swe-agent": [39.74, 31.09, 48.4],
      "grok-4-mini-swe-agent": [48.72, 39.52, 57.92],
      "grok-4.20-beta-0309-reasoning-mini-swe-agent": [51.71, 42.84, 60.58],
      "grok-4.3-mini-swe-agent": [54.27, 44.73, 63.82],
    },
  ],
  "clustering": [
    22,
    {
      "claude-opus-4-5-mini-swe-agent": [40.91, 24.51, 57.31],
      "claude-opus-4-6-mini-swe-agent": [66.67, 50.22, 83.11],
      "claude-opus-4-7-claude-code": [63.64, 49.28, 77.99],
      "claude-opus-4-7-mini-swe-agent": [68.18, 52.73, 83.63],
      "claude-sonnet-4-5-mini-swe-agent": [24.24, 10.42, 38.06],
      "claude-sonnet-4-6-mini-swe-agent": [57.58, 39.8, 75.35],
      "gemini-2.5-pro-mini-swe-agent": [24.24, 7.68, 40.8],
      "gemini-3.1-pro-preview-mini-swe-agent": [59.09, 39.78, 78.4],
      "gpt-5.1-mini-swe-agent": [40.91, 24.51, 57.31],
      "gpt-5.2-mini-swe-agent": [54.55, 34.9, 74.19],
      "gpt-5.4-mini-swe-agent": [71.21, 54.58, 87.84],
      "gpt-5.5-mini-swe-agent": [74.24, 56.62, 91.87],
      "gpt-5.5-openai-codex": [69.7, 51.51, 87.89],
      "grok-4-1-fast-reasoning-mini-swe-agent": [30.3, 13.92, 46.69],
      "grok-4-mini-swe-agent": [30.3, 15.95, 44.66],
      "grok-4.20-beta-0309-reasoning-mini-swe-agent": [48.48, 30.4, 66.57],
      "grok-4.3-mini-swe-agent": [46.97, 27.8, 66.14],
    },
  ],
  "differential_expression": [
    56,
    {
      "claude-opus-4-5-mini-swe-agent": [37.5, 25.7, 49.3],
      "claude-opus-4-6-mini-swe-agent": [42.26, 29.47, 55.06],
      "claude-opus-4-7-claude-code": [41.67, 29.01, 54.32],
      "claude-opus-4-7-mini-swe-agent": [42.26, 29.93, 54.59],
      "claude-sonnet-4-5-mini-swe-agent": [30.36, 19.96, 40.75],
      "claude-sonnet-4-6-mini-swe-agent": [42.86, 30.38, 55.33],
      "gemini-2.5-pro-mini-swe-agent": [23.81, 13.64, 33.98],
      "gemini-3.1-pro-preview-mini-swe-agent": [46.43, 33.84, 59.02],
      "gpt-5.1-mini-swe-agent": [32.74, 21.64, 43.83],
      "gpt-5.2-mini-swe-agent": [45.24, 32.34, 58.14],
      "gpt-5.4-mini-swe-agent": [47.02, 34.89, 59.15],
      "gpt-5.5-mini-swe-agent": [47.62, 35.01, 60.23],
      "gpt-5.5-openai-codex": [47.62, 34.78, 60.45],
      "grok-4-1-fast-reasoning-mini-swe-agent": [22.62, 13.28, 31.96],
      "grok-4-mini-swe-agent": [31.55, 20.33, 42.76],
      "grok-4.20-beta-0309-reasoning-mini-swe-agent": [38.69, 26.44, 50.94],
      "grok-4.3-mini-swe-agent": [34.52, 22.86, 46.19],
    },
  ],
  "dimensionality_reduction": [
    10,
    {
      "claude-opus-4-5-mini-swe-agent": [60.0, 26.65, 93.35],
      "claude-opus-4-6-mini-swe-agent": [60.0, 23.06, 96.94],
      "claude-opus-4-7-claude-code": [63.33, 30.66, 96.01],
      "claude-opus-4-7-mini-swe-agent": [63.33, 30.66, 96.01],
      "claude-sonnet-4-5-mini-swe-agent": [66.67, 32.94, 100.39],
      "claude-sonnet-4-6-mini-swe-agent": [60.0, 23.06, 96.94],
      "gemini-2.5-pro-mini-swe-agent": [36.67, 5.99, 67.35],
      "gemini-3.1-pro-preview-mini-swe-agent": [56.67, 21.03, 92.3],
      "gpt-5.1-mini-swe-agent": [50.0, 17.71, 82.29],
      "gpt-5.2-mini-swe-agent": [53.33, 17.43, 89.23],
      "gpt-5.4-mini-swe-agent": [46.67, 10.77, 82.57],
      "gpt-5.5-mini-swe-agent": [73.33, 41.94, 104.73],
      "gpt-5.5-openai-codex": [66.67, 36.93, 96.41],
      "grok-4-1-fast-reasoning-mini-swe-agent": [46.67, 16.5, 76.83],
      "grok-4-mini-swe-agent": [60.0, 26.65, 93.35],
      "grok-4.20-beta-0309-reasoning-mini-swe-agent": [66.67, 32.94, 100.39],
      "grok-4.3-mini-swe-agent": [60.0, 26.65, 93.35],
    },
  ],
  "normalization": [
    6,
    {
      "claude-opus-4-5-mini-swe-agent": [27.78, -18.72, 74.27],
      "claude-opus-4-6-mini-swe-agent": [22.22, -20.14, 64.59],
      "claude-opus-4-7-claude-code": [33.33, -20.86, 87.53],
      "claude-opus-4-7-mini-swe-agent": [33.33, -20.86, 87.53],
      "claude-sonnet-4-5-mini-swe-agent": [11.11, -17.45, 39.67],
      "claude-sonnet-4-6-mini-swe-agent": [16.67, -26.18, 59.51],
      "gemini-2.5-pro-mini-swe-agent": [27.78, -6.62, 62.17],
      "gemini-3.1-pro-preview-mini-swe-agent": [27.78, -18.72, 74.27],
      "gpt-5.1-mini-swe-agent": [16.67, -26.18, 59.51],
      "gpt-5.2-mini-swe-agent": [33.33, -20.86, 87.53],
      "gpt-5.4-mini-swe-agent": [27.78, -18.72, 74.27],
      "gpt-5.5-mini-swe-agent": [33.33, -20.86, 87.53],
      "gpt-5.5-openai-codex": [33.33, -20.86, 87.53],
      "grok-4-1-fast-reasoning-mini-swe-agent": [22.22, -20.14, 64.59],
      "grok-4-mini-swe-agent": [5.56, -8.73, 19.84],
      "grok-4.20-beta-0309-reasoning-mini-swe-agent": [16.67, -26.18, 59.51],
      "grok-4.3-mini-swe-agent": [22.22, -20.14, 64.59],
    },
  ],
  "qc": [
    23,
    {
      "claude-opus-4-5-mini-swe-agent": [36.23, 18.89, 53.57],
      "claude-opus-4-6-mini-swe-agent": [37.68, 18.59, 56.78],
      "claude-opus-4-7-claude-code": [40.58, 21.66, 59.5],
      "claude-opus-4-7-mini-swe-agent": [43.48, 24.32, 62.64],
      "claude-sonnet-4-5-mini-swe-agent": [23.19, 9.15, 37.23],
      "claude-sonnet-4-6-mini-swe-agent": [30.43, 12.56, 48.31],
      "gemini-2.5-pro-mini-swe-agent": [10.14, 2.09, 18.2],
      "gemini-3.1-pro-preview-mini-swe-agent": [49.28, 30.4, 68.15],
      "gpt-5.1-mini-swe-agent": [27.54, 10.9, 44.17],
      "gpt-5.2-mini-swe-agent": [26.09, 9.28, 42.89],
      "gpt-5.4-mini-swe-agent": [50.72, 30.4, 71.05],
      "gpt-5.5-mini-swe-agent": [47.83, 28.97, 66.68],
      "gpt-5.5-openai-codex": [44.93, 24.26, 65.59],
      "grok-4-1-fast-reasoning-mini-swe-agent": [11.59, 2.26, 20.92],
      "grok-4-mini-swe-agent": [20.29, 6.05, 34.53],
      "grok-4.20-beta-0309-reasoning-mini-swe-agent": [27.54, 12.08, 43.0],
      "grok-4.3-mini-swe-agent": [30.43, 14.22, 46.65],
    },
  ],
};

const PLATFORM_SRC = "latchbio/scbench@4a7d2b0 results/platform_results.json";
/** Platform (kit) → n_evals and upstream key → [passed %, ci_low, ci_high]. */
const PLATFORM: Record<string, [number, Record<string, [number, number, number]>]> = {
  "bd_rhapsody": [
    30,
    {
      "claude-opus-4-5-mini-swe-agent": [43.33, 26.62, 60.05],
      "claude-opus-4-6-mini-swe-agent": [44.44, 27.05, 61.84],
      "claude-opus-4-7-claude-code": [52.22, 34.12, 70.33],
      "claude-opus-4-7-mini-swe-agent": [50.0, 32.17, 67.83],
      "claude-sonnet-4-5-mini-swe-agent": [40.0, 25.24, 54.76],
      "claude-sonnet-4-6-mini-swe-agent": [50.0, 32.17, 67.83],
      "gemini-2.5-pro-mini-swe-agent": [25.56, 10.69, 40.42],
      "gemini-3.1-pro-preview-mini-swe-agent": [50.0, 32.17, 67.83],
      "gpt-5.1-mini-swe-agent": [43.33, 25.39, 61.28],
      "gpt-5.2-mini-swe-agent": [52.22, 34.41, 70.03],
      "gpt-5.4-mini-swe-agent": [51.11, 33.29, 68.93],
      "gpt-5.5-mini-swe-agent": [47.78, 30.58, 64.98],
      "gpt-5.5-openai-codex": [51.11, 33.29, 68.93],
      "grok-4-1-fast-reasoning-mini-swe-agent": [30.0, 15.25, 44.75],
      "grok-4-mini-swe-agent": [47.78, 30.27, 65.28],
      "grok-4.20-beta-0309-reasoning-mini-swe-agent": [51.11, 33.9, 68.32],
      "grok-4.3-mini-swe-agent": [50.0, 33.74, 66.26],
    },
  ],
  "chromium": [
    40,
    {
      "claude-opus-4-5-mini-swe-agent": [50.0, 35.32, 64.68],
      "claude-opus-4-6-mini-swe-agent": [51.67, 36.41, 66.93],
      "claude-opus-4-7-claude-code": [52.5, 38.24, 66.76],
      "claude-opus-4-7-mini-swe-agent": [53.33, 38.1, 68.56],
      "claude-sonnet-4-5-mini-swe-agent": [40.83, 26.45, 55.21],
      "claude-sonnet-4-6-mini-swe-agent": [47.5, 32.64, 62.36],
      "gemini-2.5-pro-mini-swe-agent": [30.0, 18.22, 41.78],
      "gemini-3.1-pro-preview-mini-swe-agent": [57.5, 43.63, 71.37],
      "gpt-5.1-mini-swe-agent": [48.33, 34.69, 61.98],
      "gpt-5.2-mini-swe-agent": [47.5, 32.64, 62.36],
      "gpt-5.4-mini-swe-agent": [45.0, 30.81, 59.19],
      "gpt-5.5-mini-swe-agent": [57.5, 42.82, 72.18],
      "gpt-5.5-openai-codex": [52.5, 38.04, 66.96],
      "grok-4-1-fast-reasoning-mini-swe-agent": [35.0, 22.7, 47.3],
      "grok-4-mini-swe-agent": [30.83, 17.97, 43.7],
      "grok-4.20-beta-0309-reasoning-mini-swe-agent": [41.67, 28.28, 55.05],
      "grok-4.3-mini-swe-agent": [40.83, 26.25, 55.42],
    },
  ],
  "csgenetics": [
    29,
    {
      "claude-opus-4-5-mini-swe-agent": [68.97, 54.22, 83.71],
      "claude-opus-4-6-mini-swe-agent": [81.61, 69.59, 93.63],
      "claude-opus-4-7-claude-code": [80.46, 66.69, 94.23],
      "claude-opus-4-7-mini-swe-agent": [80.46, 67.11, 93.81],
      "claude-sonnet-4-5-mini-swe-agent": [48.28, 32.53, 64.02],
      "claude-sonnet-4-6-mini-swe-agent": [66.67, 50.77, 82.56],
      "gemini-2.5-pro-mini-swe-agent": [37.93, 22.14, 53.73],
      "gemini-3.1-pro-preview-mini-swe-agent": [77.01, 63.84, 90.18],
      "gpt-5.1-mini-swe-agent": [52.87, 39.1, 66.65],
      "gpt-5.2-mini-swe-agent": [80.46, 67.11, 93.81],
      "gpt-5.4-mini-swe-agent": [81.61, 68.67, 94.55],
      "gpt-5.5-mini-swe-agent": [80.46, 67.55, 93.37],
      "gpt-5.5-openai-codex": [81.61, 67.4, 95.82],
      "grok-4-1-fast-reasoning-mini-swe-agent": [56.32, 41.51, 71.13],
      "grok-4-mini-swe-agent": [63.22, 49.94, 76.49],
      "grok-4.20-beta-0309-reasoning-mini-swe-agent": [67.82, 53.65, 81.99],
      "grok-4.3-mini-swe-agent": [67.82, 52.11, 83.52],
    },
  ],
  "illumina-snrna": [
    25,
    {
      "claude-opus-4-5-mini-swe-agent": [38.67, 20.6, 56.73],
      "claude-opus-4-6-mini-swe-agent": [36.0, 16.57, 55.43],
      "claude-opus-4-7-claude-code": [44.0, 25.49, 62.51],
      "claude-opus-4-7-mini-swe-agent": [45.33, 27.18, 63.48],
      "claude-sonnet-4-5-mini-swe-agent": [25.33, 8.35, 42.32],
      "claude-sonnet-4-6-mini-swe-agent": [40.0, 21.8, 58.2],
      "gemini-2.5-pro-mini-swe-agent": [18.67, 4.3, 33.03],
      "gemini-3.1-pro-preview-mini-swe-agent": [49.33, 30.65, 68.01],
      "gpt-5.1-mini-swe-agent": [28.0, 11.3, 44.7],
      "gpt-5.2-mini-swe-agent": [44.0, 24.25, 63.75],
      "gpt-5.4-mini-swe-agent": [54.67, 34.85, 74.48],
      "gpt-5.5-mini-swe-agent": [54.67, 34.07, 75.26],
      "gpt-5.5-openai-codex": [56.0, 36.66, 75.34],
      "grok-4-1-fast-reasoning-mini-swe-agent": [20.0, 7.44, 32.56],
      "grok-4-mini-swe-agent": [34.67, 18.54, 50.79],
      "grok-4.20-beta-0309-reasoning-mini-swe-agent": [32.0, 15.88, 48.12],
      "grok-4.3-mini-swe-agent": [30.67, 15.32, 46.01],
    },
  ],
  "missionbio-tapestri": [
    38,
    {
      "claude-opus-4-5-mini-swe-agent": [32.46, 20.11, 44.8],
      "claude-opus-4-6-mini-swe-agent": [43.86, 28.77, 58.95],
      "claude-opus-4-7-claude-code": [41.23, 27.41, 55.05],
      "claude-opus-4-7-mini-swe-agent": [42.98, 29.05, 56.91],
      "claude-sonnet-4-5-mini-swe-agent": [17.54, 10.46, 24.63],
      "claude-sonnet-4-6-mini-swe-agent": [30.7, 18.38, 43.02],
      "gemini-2.5-pro-mini-swe-agent": [7.02, 1.82, 12.21],
      "gemini-3.1-pro-preview-mini-swe-agent": [30.7, 17.13, 44.27],
      "gpt-5.1-mini-swe-agent": [17.54, 7.44, 27.65],
      "gpt-5.2-mini-swe-agent": [28.07, 15.45, 40.69],
      "gpt-5.4-mini-swe-agent": [49.12, 34.55, 63.7],
      "gpt-5.5-mini-swe-agent": [44.74, 30.27, 59.21],
      "gpt-5.5-openai-codex": [41.23, 26.5, 55.96],
      "grok-4-1-fast-reasoning-mini-swe-agent": [6.14, 1.84, 10.44],
      "grok-4-mini-swe-agent": [11.4, 4.08, 18.73],
      "grok-4.20-beta-0309-reasoning-mini-swe-agent": [20.18, 10.8, 29.55],
      "grok-4.3-mini-swe-agent": [23.68, 12.9, 34.46],
    },
  ],
  "parsebio": [
    33,
    {
      "claude-opus-4-5-mini-swe-agent": [51.52, 35.58, 67.45],
      "claude-opus-4-6-mini-swe-agent": [58.59, 42.67, 74.51],
      "claude-opus-4-7-claude-code": [56.57, 40.25, 72.88],
      "claude-opus-4-7-mini-swe-agent": [61.62, 45.95, 77.29],
      "claude-sonnet-4-5-mini-swe-agent": [28.28, 15.03, 41.54],
      "claude-sonnet-4-6-mini-swe-agent": [69.7, 54.24, 85.15],
      "gemini-2.5-pro-mini-swe-agent": [24.24, 11.27, 37.21],
      "gemini-3.1-pro-preview-mini-swe-agent": [62.63, 47.06, 78.19],
      "gpt-5.1-mini-swe-agent": [43.43, 29.74, 57.13],
      "gpt-5.2-mini-swe-agent": [67.68, 51.63, 83.72],
      "gpt-5.4-mini-swe-agent": [68.69, 53.35, 84.02],
      "gpt-5.5-mini-swe-agent": [65.66, 49.89, 81.43],
      "gpt-5.5-openai-codex": [69.7, 53.96, 85.43],
      "grok-4-1-fast-reasoning-mini-swe-agent": [37.37, 24.24, 50.51],
      "grok-4-mini-swe-agent": [46.46, 32.01, 60.92],
      "grok-4.20-beta-0309-reasoning-mini-swe-agent": [58.59, 42.94, 74.23],
      "grok-4.3-mini-swe-agent": [56.57, 40.8, 72.34],
    },
  ],
};

const PAPER_SRC = "latchbio/scbench@74b1035 results/benchmark_results.json (paper era, 394 evals, mini-swe-agent)";
/** [model id, display name, mean %, ci_lower, ci_upper, n_evals] (harness mini-swe-agent, 394 evals, 2026-02-03). */
const PAPER_ROWS: [string, string, number, number, number, number][] = [
  ["claude-opus-4-6", "Claude Opus 4.6", 52.8, 48.3, 57.2, 381],
  ["claude-opus-4-5", "Claude Opus 4.5", 49.9, 45.3, 54.4, 379],
  ["gpt-5.2", "GPT-5.2", 45.2, 40.9, 49.5, 379],
  ["claude-sonnet-4-5", "Claude Sonnet 4.5", 44.2, 39.9, 48.6, 392],
  ["gpt-5.1", "GPT-5.1", 37.9, 33.7, 42.0, 379],
  ["grok-4.1", "Grok-4.1", 35.6, 31.6, 39.7, 379],
  ["grok-4", "Grok-4", 33.9, 30.1, 37.8, 379],
  ["gemini-2.5-pro", "Gemini 2.5 Pro", 29.2, 25.6, 32.9, 379],
];

/** Upstream keys are "<model>-<harness>"; the harness is one of these. */
const HARNESSES = ['mini-swe-agent', 'claude-code', 'openai-codex'];

export function splitModelHarness(key: string): { model: string; harness: string } {
  const harness = HARNESSES.find((h) => key.endsWith(`-${h}`));
  if (!harness) throw new Error(`reported table key without a known harness: ${key}`);
  return { model: key.slice(0, -harness.length - 1), harness };
}

/** latchbio/scbench@4a7d2b0 publishes per-run files (`trajectories/`) for 6 of its evals (fixtures README). */
const SCBENCH_PUBLIC_PER_RUN = 6;
const SCBENCH_HEAD_SET = { n_evals: 195, public_per_run: SCBENCH_PUBLIC_PER_RUN, note: 'scBench HEAD eval set (4a7d2b0), 3 runs per eval' };

function groupedTable(id: string, title: string, source: string, data: Record<string, [number, Record<string, [number, number, number]>]>): ReportedTable {
  const groups: ReportedTable['groups'] = {};
  for (const [group, [n_evals, rows]] of Object.entries(data)) {
    groups[group] = {
      n_evals,
      rows: Object.entries(rows).map(([key, [v, lo, hi]]) => ({ ...splitModelHarness(key), key, accuracy: figure(source, v, lo, hi) })),
    };
  }
  return { id, bench: 'scBench', title, source, evalSet: SCBENCH_HEAD_SET, groups };
}

export const SCBENCH_REPORTED: ReportedTable[] = [
  {
    id: 'scbench_HEAD_model_results_csv',
    bench: 'scBench',
    title: 'scBench leaderboard (published)',
    source: SRC_MODELS,
    evalSet: SCBENCH_HEAD_SET,
    groups: {
      overall: {
        n_evals: 195,
        rows: MODEL_ROWS.map(([model, harness, v, lo, hi, cost_usd, duration_s, n_evals]) => ({ model, harness, accuracy: figure(SRC_MODELS, v, lo, hi), cost_usd, duration_s, n_evals })),
      },
    },
    notes: '195 evals × 3 runs; only 6 evals have public per-run results, so these cannot be recomputed.',
  },
  groupedTable('scbench_HEAD_category_results.json', 'scBench by task category (published)', CATEGORY_SRC, CATEGORY),
  groupedTable('scbench_HEAD_platform_results.json', 'scBench by platform (published)', PLATFORM_SRC, PLATFORM),
  {
    id: 'scbench_paper_74b1035_benchmark_results',
    bench: 'scBench',
    title: 'scBench paper results (published, 394 evals)',
    source: PAPER_SRC,
    evalSet: { n_evals: 394, public_per_run: SCBENCH_PUBLIC_PER_RUN, note: 'scBench paper-era eval set (74b1035, benchmark version 1.0); the public per-run files at HEAD cover 6 evals' },
    groups: {
      overall: {
        n_evals: 394,
        rows: PAPER_ROWS.map(([model, , v, lo, hi, n_evals]) => ({ model, harness: 'mini-swe-agent', accuracy: figure(PAPER_SRC, v, lo, hi), n_evals })),
      },
    },
    notes: 'Paper era (benchmark version 1.0, 2026-02-03), harness mini-swe-agent; n_evals is per model (evals with results).',
  },
];

/** Display names the paper-era table gives its model ids. */
export const SCBENCH_PAPER_DISPLAY_NAMES: Record<string, string> = Object.fromEntries(PAPER_ROWS.map(([id, name]) => [id, name]));

/** SpatialBench's published tables are not in the public fixtures yet. */
export const SPATIALBENCH_REPORTED: ReportedTable[] = [];

export const LATCH_REPORTED: ReportedTable[] = [...SCBENCH_REPORTED, ...SPATIALBENCH_REPORTED];
