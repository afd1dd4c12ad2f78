/**
 * The seed README's own published tables, typed in by hand (facts with their source, not a copied
 * file: the upstream repository has no licence). Every value is the README's text exactly as
 * printed ("0.60", "67%"); `tests/clinicalbench/reported-readme.test.ts` parses the README's tables
 * from `../shared/seeds/` and checks each one. They cannot be recomputed (no episodes are
 * published), except the Heuristic row: a deterministic rule-based agent that evalboard re-runs on
 * the seed-20260402 datasets (`../agents/heuristic.ts`) and replays (`../boards/reported.ts`).
 */

export const README_REPO = 'https://github.com/sumitsaraswat362/clinical-trial-auditor';
/** HEAD; README.md last changed at 5afe05e, and the HF Space Timusgeorge/clinical_trial_auditor serves the same text (seed 002). */
export const README_COMMIT = '639207bfb35497a71021e87ca9dd3210f54f580d';
export const README_PATH = 'README.md';
export const README_LICENCE = 'unclear: the repository has no LICENSE file in any commit (its README shows a BSD 3-Clause badge linking to a file that does not exist)';
export const README_ATTRIBUTION = 'Sumit Saraswat, ClinicalBench (clinical-trial-auditor)';

export interface ReadmeScoreRow {
  /** As the README names the agent, without its emoji and bold. */
  agent: string;
  easy: string;
  medium: string;
  hard: string;
  average: string;
  precision: string;
  description: string;
  /** The upstream agent (`inference.py --mode`) evalboard can recompute this row from, when it is deterministic. */
  recomputable?: 'heuristic';
}

/** "Benchmark Results": "Reproducible benchmark scores (`seed=20260402`)". */
export const REPRODUCIBLE_SCORES = {
  section: 'Benchmark Results: "Reproducible benchmark scores (seed=20260402)"',
  seed: 20260402,
  rows: [
    { agent: 'Naive LLM', easy: '0.19', medium: '0.16', hard: '0.02', average: '0.12', precision: '10%', description: 'Single prompt, tiny sample, zero feedback' },
    { agent: 'Heuristic', easy: '0.98', medium: '0.79', hard: '0.73', average: '0.83', precision: '67%', description: 'Deterministic Python rules (honestly labeled, no LLM)', recomputable: 'heuristic' },
    { agent: 'ReAct (3.1 405B)', easy: '0.77', medium: '0.38', hard: '0.34', average: '0.50', precision: '26%', description: 'Massive parameters lead to false-positive hallucinations' },
    { agent: 'ReAct (3.3 70B)', easy: '0.98', medium: '0.60', hard: '0.40', average: '0.66', precision: '45%', description: 'Specialized tool-calling efficiently avoids logic traps' },
  ] satisfies ReadmeScoreRow[],
};

export interface FrontierRow {
  /** The README's own rank column. */
  rank: string;
  model: string;
  easy: string;
  medium: string;
  hard: string;
  average: string;
}

/** "🏆 Frontier Model Leaderboard" (its "Your model here" placeholder row is not a result and is left out). */
export const FRONTIER_LEADERBOARD = {
  section: 'Benchmark Results: "Frontier Model Leaderboard"',
  rows: [
    { rank: '1', model: 'Meta-Llama-3.3-70B-Instruct', easy: '0.98', medium: '0.60', hard: '0.40', average: '0.66' },
    { rank: '2', model: 'Meta-Llama-3.1-405B-Instruct', easy: '0.77', medium: '0.38', hard: '0.34', average: '0.50' },
  ] satisfies FrontierRow[],
};
