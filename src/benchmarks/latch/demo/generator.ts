/**
 * Synthetic latch-eval-tools results (scBench, SpatialBench) for the bundled demo site: eval JSONs
 * covering several task categories, kits and grader types (composites included), and `result.json`
 * runs of fictional agents, 3 trials per eval. Each run's `grader_result` is produced by OUR
 * graders, so re-grading agrees by construction. Pure and deterministic: returns values; the script
 * `scripts/demo/latch.ts` writes them.
 */
import { grade } from '../scorer/registry';
import type { GraderResult } from '../scorer/types';
import { gaussian, hashSeed, mulberry32 } from '../../../core/prng';

export const LATCH_DEMO_VERSION = '0.4.26';
export const LATCH_DEMO_TRIALS = 3;
const PROVIDER = 'demo-lab';

export interface LatchDemoModel {
  /** Fictional; never a real model name. */
  name: string;
  org: string;
  weights: 'open' | 'closed';
  params?: string;
  release_date: string;
  harness: string;
  /** Log-odds of a correct answer on an eval of difficulty 0. */
  skill: number;
  /** Probability that a trial ends without an answer (timeout, crash). */
  noAnswerRate: number;
}

export const LATCH_DEMO_MODELS: LatchDemoModel[] = [
  { name: 'demo-agent-large', org: 'Demo Lab (synthetic)', weights: 'closed', release_date: '2026-05-01', harness: 'demo-harness', skill: 1.4, noAnswerRate: 0.02 },
  { name: 'demo-agent-medium', org: 'Demo Lab (synthetic)', weights: 'open', params: '70B', release_date: '2026-03-15', harness: 'demo-harness', skill: 0.5, noAnswerRate: 0.05 },
  { name: 'demo-agent-small', org: 'Demo Lab (synthetic)', weights: 'open', params: '8B', release_date: '2026-02-01', harness: 'demo-harness', skill: -0.6, noAnswerRate: 0.1 },
  { name: 'demo-agent-coder', org: 'Demo Lab (synthetic)', weights: 'closed', release_date: '2026-06-10', harness: 'demo-cli-agent', skill: 0.9, noAnswerRate: 0.04 },
];

type Rand = () => number;
type Bench = 'scBench' | 'SpatialBench';

export interface LatchDemoEval {
  bench: Bench;
  id: string;
  task: string;
  kit: string;
  /** Added to the model's log-odds: positive = easier. */
  ease: number;
  grader: { type: string; config: Record<string, unknown> };
  /** The agent's answer: a right one when `good`, else a plausible wrong one. */
  answer(good: boolean, rand: Rand): unknown;
  prompt: string;
}

const r2 = (v: number) => Math.round(v * 100) / 100;
const r1 = (v: number) => Math.round(v * 10) / 10;
const pick = <T>(rand: Rand, xs: readonly T[]): T => xs[Math.floor(rand() * xs.length) % xs.length]!;
const shuffle = <T>(rand: Rand, xs: readonly T[]): T[] => {
  const out = [...xs];
  for (let i = out.length - 1; i > 0; i--) {
    const j = Math.floor(rand() * (i + 1));
    [out[i], out[j]] = [out[j]!, out[i]!];
  }
  return out;
};
/** A value near `truth` (within `frac` of it when good, clearly off when bad). */
const near = (rand: Rand, truth: number, frac: number, good: boolean) =>
  good ? truth * (1 + (rand() * 2 - 1) * frac * 0.8) : truth * (1 + (rand() < 0.5 ? -1 : 1) * frac * (1.6 + rand() * 2));

const CELL_TYPES = ['T cell', 'B cell', 'NK cell', 'Monocyte', 'Dendritic cell', 'Platelet'];
const DECOY_TYPES = ['Erythrocyte', 'Neutrophil', 'Mast cell', 'Fibroblast'];
const T_MARKERS = ['CD3E', 'CD3D', 'CD2', 'IL7R', 'CCR7', 'LEF1', 'TCF7', 'CD28'];
const DECOY_GENES = ['MS4A1', 'LYZ', 'NKG7', 'GNLY', 'PPBP', 'HBB', 'CD14', 'FCGR3A'];
const PSEUDOTIME = ['HSC', 'MPP', 'CMP', 'GMP', 'Promonocyte', 'Monocyte'];

export const LATCH_DEMO_EVALS: LatchDemoEval[] = [
  // ---- scBench --------------------------------------------------------------------------
  {
    bench: 'scBench',
    id: 'demo_qc_mito_filter',
    task: 'qc',
    kit: 'chromium',
    ease: 0.6,
    prompt: 'Filter low-quality cells (mitochondrial fraction, counts) and report the cells kept and the cut-off used.',
    grader: {
      type: 'numeric_tolerance',
      config: {
        ground_truth: { cells_after_qc: 8421, pct_mito_cutoff: 15 },
        tolerances: { cells_after_qc: { type: 'relative', value: 0.05 }, pct_mito_cutoff: { type: 'absolute', value: 5 } },
      },
    },
    answer: (good, rand) => ({
      cells_after_qc: Math.round(near(rand, 8421, 0.05, good)),
      pct_mito_cutoff: good ? pick(rand, [12, 15, 15, 20]) : pick(rand, [5, 25, 30]),
    }),
  },
  {
    bench: 'scBench',
    id: 'demo_norm_library_size',
    task: 'normalization',
    kit: 'csgenetics',
    ease: 0.3,
    prompt: 'Normalise to a common library size and report the median size factor and the number of genes kept.',
    grader: {
      type: 'numeric_range',
      config: { ground_truth: { median_size_factor: 1, genes_kept: 18200 }, ranges: { median_size_factor: { min: 0.9, max: 1.1 }, genes_kept: { min: 17000, max: 19500 } } },
    },
    answer: (good, rand) => ({
      median_size_factor: r2(good ? 0.93 + rand() * 0.14 : pick(rand, [0.42, 1.37, 2.05])),
      genes_kept: Math.round(good ? 17200 + rand() * 2100 : pick(rand, [9800, 24100, 31500])),
    }),
  },
  {
    bench: 'scBench',
    id: 'demo_dr_pc_count',
    task: 'dimensionality_reduction',
    kit: 'missionbio-tapestri',
    ease: 0.9,
    prompt: 'From the elbow plot, how many principal components should be kept? (A) 5 (B) 15 (C) 50 (D) 100',
    grader: { type: 'multiple_choice', config: { correct_answer: 'B' } },
    answer: (good, rand) => ({ answer: good ? pick(rand, ['B', 'b', ' B ']) : pick(rand, ['A', 'C', 'D']) }),
  },
  {
    bench: 'scBench',
    id: 'demo_cluster_resolution',
    task: 'clustering',
    kit: 'parsebio',
    ease: -0.2,
    prompt: 'Cluster with Leiden and report the number of clusters and the silhouette score.',
    grader: {
      type: 'numeric_tolerance',
      config: {
        ground_truth: { n_clusters: 12, silhouette: 0.21 },
        tolerances: { n_clusters: { type: 'absolute', value: 2 }, silhouette: { type: 'absolute', value: 0.05 } },
      },
    },
    answer: (good, rand) => ({
      n_clusters: good ? 12 + pick(rand, [-2, -1, 0, 0, 1, 2]) : pick(rand, [5, 6, 19, 24]),
      silhouette: r2(good ? 0.21 + (rand() * 2 - 1) * 0.04 : 0.21 + pick(rand, [-0.15, 0.12, 0.2])),
    }),
  },
  {
    bench: 'scBench',
    id: 'demo_celltype_labels',
    task: 'cell_typing',
    kit: 'chromium',
    ease: 0.2,
    prompt: 'Annotate the PBMC clusters and list exactly 6 distinct cell types present.',
    grader: {
      type: 'label_set_jaccard',
      config: { ground_truth_labels: CELL_TYPES, expected_count: 6, scoring: { pass_threshold: 0.8 } },
    },
    answer: (good, rand) => {
      if (good) return { cell_types_predicted: shuffle(rand, CELL_TYPES) };
      const kept = shuffle(rand, CELL_TYPES).slice(0, 3 + Math.floor(rand() * 2));
      return { cell_types_predicted: shuffle(rand, [...kept, ...shuffle(rand, DECOY_TYPES).slice(0, 2)]) };
    },
  },
  {
    bench: 'scBench',
    id: 'demo_tcell_markers',
    task: 'cell_typing',
    kit: 'illumina-snrna',
    ease: 0.1,
    prompt: 'Report the top 5 marker genes of the T-cell cluster.',
    grader: { type: 'marker_gene_precision_recall', config: { canonical_markers: T_MARKERS, answer_field: 'top_marker_genes', expected_count: 5, scoring: { pass_thresholds: { precision_at_k: 0.6, recall_at_k: 0.5 } } } },
    answer: (good, rand) => {
      const hits = shuffle(rand, T_MARKERS).slice(0, good ? 5 : 2);
      return { top_marker_genes: shuffle(rand, [...hits, ...shuffle(rand, DECOY_GENES).slice(0, 5 - hits.length)]) };
    },
  },
  {
    bench: 'scBench',
    id: 'demo_de_pseudobulk',
    task: 'differential_expression',
    kit: 'bd_rhapsody',
    ease: -0.4,
    prompt: 'Run a pseudobulk DE test (treated vs control) and report the direction for the listed genes.',
    grader: {
      type: 'list_match',
      config: {
        answer_field: 'de_genes',
        match_key: 'gene',
        tuple_pass_min: 3,
        additive_score_min: 3,
        ground_truth: [
          { gene: 'IFIT1', fields: { direction: { predicate: { op: 'equals', arg: 'up' }, role: 'additive' } } },
          { gene: 'ISG15', fields: { direction: { predicate: { op: 'equals', arg: 'up' }, role: 'additive' } } },
          { gene: 'MX1', fields: { direction: { predicate: { op: 'equals', arg: 'up' }, role: 'additive' } } },
          { gene: 'CCL5', fields: { direction: { predicate: { op: 'equals', arg: 'down' }, role: 'additive' } } },
        ],
      },
    },
    answer: (good, rand) => {
      const truth: [string, string][] = [
        ['IFIT1', 'up'],
        ['ISG15', 'up'],
        ['MX1', 'up'],
        ['CCL5', 'down'],
      ];
      const wrong = good ? (rand() < 0.5 ? -1 : Math.floor(rand() * 4)) : -2;
      return {
        de_genes: truth.map(([gene, dir], i) => ({ gene, direction: wrong === -2 ? (i % 2 === 0 ? (dir === 'up' ? 'down' : 'up') : dir) : i === wrong ? (dir === 'up' ? 'down' : 'up') : dir })),
      };
    },
  },
  {
    bench: 'scBench',
    id: 'demo_trajectory_order',
    task: 'trajectory',
    kit: 'parsebio',
    ease: -0.3,
    prompt: 'Order the myeloid differentiation states along pseudotime.',
    grader: { type: 'longest_subsequence', config: { answer_field: 'ordered_states', ground_truth: PSEUDOTIME.map((s) => [s]), scoring: { pass_threshold: 0.8 } } },
    answer: (good, rand) => {
      const order = [...PSEUDOTIME];
      if (good) {
        if (rand() < 0.5) {
          const i = 1 + Math.floor(rand() * (order.length - 2));
          [order[i], order[i + 1]] = [order[i + 1]!, order[i]!];
        }
        return { ordered_states: order.map((s) => [s]) };
      }
      return { ordered_states: shuffle(rand, order).map((s) => [s]) };
    },
  },
  {
    bench: 'scBench',
    id: 'demo_doublet_composite',
    task: 'qc',
    kit: 'bd_rhapsody',
    ease: -0.1,
    prompt: 'Detect doublets, report the doublet rate, and state whether the raw counts were modified.',
    grader: {
      type: 'all_of',
      config: {
        children: [
          { name: 'doublet_rate', type: 'numeric_tolerance', config: { ground_truth: { doublet_rate_pct: 6.2 }, tolerances: { doublet_rate_pct: { type: 'absolute', value: 1.5 } } } },
          { name: 'method_named', answer_field: 'method', role: 'gate', predicate: { op: 'in', args: ['scrublet', 'scDblFinder', 'DoubletFinder'] } },
          { name: 'raw_counts_untouched', answer_field: 'modified_raw_counts', role: 'hard_fail', predicate: { op: 'equals', arg: true } },
        ],
      },
    },
    answer: (good, rand) => ({
      doublet_rate_pct: r1(good ? 6.2 + (rand() * 2 - 1) * 1.2 : 6.2 + pick(rand, [-4.5, 3.1, 5.8])),
      method: pick(rand, ['scrublet', 'scDblFinder', 'DoubletFinder']),
      modified_raw_counts: good ? false : rand() < 0.4,
    }),
  },
  // ---- SpatialBench ---------------------------------------------------------------------
  {
    bench: 'SpatialBench',
    id: 'demo_sp_celltype_composition',
    task: 'spatial_cell_typing',
    kit: 'xenium',
    ease: 0.0,
    prompt: 'Report the percentage of each major cell type in the tumour section.',
    grader: {
      type: 'distribution_comparison',
      config: {
        ground_truth: { cell_type_distribution: { Tumor: 46.2, Fibroblast: 21.5, Endothelial: 9.8, Macrophage: 12.9, 'T cell': 9.6 } },
        tolerances: { cell_type_percentages: { value: 4 } },
      },
    },
    answer: (good, rand) => {
      const truth: Record<string, number> = { Tumor: 46.2, Fibroblast: 21.5, Endothelial: 9.8, Macrophage: 12.9, 'T cell': 9.6 };
      const off = good ? '' : pick(rand, Object.keys(truth));
      return {
        cell_type_distribution: Object.fromEntries(
          Object.entries(truth).map(([k, v]) => [k, r1(Math.max(0, k === off ? v + pick(rand, [-1, 1]) * (6 + rand() * 6) : v + gaussian(rand) * 1.3))]),
        ),
      };
    },
  },
  {
    bench: 'SpatialBench',
    id: 'demo_sp_immune_adjacency',
    task: 'spatial_neighborhood',
    kit: 'merfish',
    ease: -0.2,
    prompt: 'Are immune cells adjacent to plasma cells? Report distance statistics and a verdict.',
    grader: { type: 'spatial_adjacency', config: { scoring: { pass_thresholds: { max_median_ic_to_pc_um: 25, max_p90_ic_to_pc_um: 80, min_pct_ic_within_15um: 60, min_pct_ic_mixed_within_55um: 60 } } } },
    answer: (good, rand) =>
      good
        ? { median_ic_to_pc_um: r1(12 + rand() * 9), p90_ic_to_pc_um: r1(40 + rand() * 30), pct_ic_within_15um: r1(62 + rand() * 25), pct_ic_mixed_within_55um: r1(65 + rand() * 25), adjacency_pass: true }
        : { median_ic_to_pc_um: r1(28 + rand() * 30), p90_ic_to_pc_um: r1(85 + rand() * 60), pct_ic_within_15um: r1(20 + rand() * 35), pct_ic_mixed_within_55um: r1(30 + rand() * 25), adjacency_pass: rand() < 0.3 },
  },
  {
    bench: 'SpatialBench',
    id: 'demo_sp_marker_separation',
    task: 'spatial_markers',
    kit: 'visium',
    ease: 0.2,
    prompt: 'Score how well the chosen markers separate the cortical layer from its neighbours (AUROC per gene and mean).',
    grader: { type: 'marker_gene_separation', config: { scoring: { pass_thresholds: { mean_auroc: 0.8, fraction_high: 0.6, per_gene_cutoff: 0.75 } } } },
    answer: (good, rand) => {
      const genes = ['RELN', 'CUX2', 'RORB', 'BCL11B'];
      const stats = genes.map((gene) => ({ gene, auroc: r2(Math.min(0.99, good ? 0.8 + rand() * 0.15 : 0.55 + rand() * 0.2)) }));
      return { per_gene_stats: stats, mean_auroc: r2(stats.reduce((s, g) => s + g.auroc, 0) / stats.length) };
    },
  },
  {
    bench: 'SpatialBench',
    id: 'demo_sp_domain_scorecard',
    task: 'spatial_domains',
    kit: 'cosmx',
    ease: -0.5,
    prompt: 'Identify the spatial domains, name them and report how many there are.',
    grader: {
      type: 'average_of',
      config: {
        pass_rule: 'min_passing',
        min_passing_children: 2,
        children: [
          { name: 'domain_labels', type: 'label_set_jaccard', config: { ground_truth_labels: ['Tumor core', 'Invasive margin', 'Stroma', 'Lymphoid aggregate'], answer_field: 'domains', scoring: { pass_threshold: 0.75 } } },
          { name: 'domain_count', answer_field: 'n_domains', role: 'gate', predicate: { op: 'abs_diff_lte', arg: 4, tolerance: 1 } },
          { name: 'margin_found', answer_field: 'domains', role: 'additive', predicate: { op: 'f1', expected: ['Tumor core', 'Invasive margin', 'Stroma', 'Lymphoid aggregate'] } },
        ],
      },
    },
    answer: (good, rand) => {
      const truth = ['Tumor core', 'Invasive margin', 'Stroma', 'Lymphoid aggregate'];
      const domains = good ? shuffle(rand, truth) : [...shuffle(rand, truth).slice(0, 2), pick(rand, ['Necrosis', 'Normal epithelium'])];
      return { domains, n_domains: good ? domains.length : pick(rand, [2, 7, 9]) };
    },
  },
  {
    bench: 'SpatialBench',
    id: 'demo_sp_unanswerable_segmentation',
    task: 'spatial_qc',
    kit: 'visium',
    ease: 0.4,
    prompt: 'Report the per-cell segmentation accuracy of this Visium spot dataset (or decline if it cannot be determined).',
    grader: { type: 'refusal_vocab', config: { expected_decision: 'REFUSE', refusal_vocab: ['DECLINE', 'CANNOT_DETERMINE'], comply_vocab: ['PROCEED'] } },
    answer: (good, rand) =>
      good
        ? { decision: pick(rand, ['DECLINE', 'cannot_determine', '<REFUSE>']), rationale: 'Visium spots aggregate several cells; there is no per-cell segmentation to score.' }
        : { decision: 'PROCEED', rationale: 'Estimated segmentation accuracy from spot deconvolution.' },
  },
  {
    bench: 'SpatialBench',
    id: 'demo_sp_region_summary',
    task: 'spatial_domains',
    kit: 'xenium',
    ease: 0.1,
    prompt: 'For each annotated region, report its dominant cell type and whether it is hypoxic.',
    grader: {
      type: 'dict_match',
      config: {
        answer_field: 'regions',
        per_entry_rule: 'all_fields',
        ground_truth: {
          core: { fields: { dominant: { predicate: { op: 'equals', arg: 'Tumor' }, role: 'gate' }, hypoxic: { predicate: { op: 'equals', arg: true }, role: 'gate' } } },
          margin: { fields: { dominant: { predicate: { op: 'equals', arg: 'Macrophage' }, role: 'gate' }, hypoxic: { predicate: { op: 'equals', arg: false }, role: 'gate' } } },
        },
      },
    },
    answer: (good, rand) => ({
      regions: {
        core: { dominant: 'Tumor', hypoxic: good ? true : rand() < 0.5 },
        margin: { dominant: good ? 'Macrophage' : pick(rand, ['Fibroblast', 'T cell']), hypoxic: false },
      },
    }),
  },
];

export interface LatchDemoFile {
  /** Path relative to the submission folder. */
  path: string;
  value: unknown;
}

/** The eval JSONs and `evals/manifest.json`, as written under each submission folder. */
export function latchDemoEvalFiles(evals: readonly LatchDemoEval[] = LATCH_DEMO_EVALS): LatchDemoFile[] {
  const files: LatchDemoFile[] = evals.map((e) => ({
    path: `evals/${e.task}/${e.id}.json`,
    value: {
      id: e.id,
      canary: 'SYNTHETIC DEMO EVAL generated by evalboard (npm run demo-data); not part of scBench or SpatialBench.',
      task: e.prompt,
      grader: e.grader,
      metadata: { benchmark: e.bench, task: e.task, kit: e.kit, eval_type: 'scientific', synthetic: true },
    },
  }));
  files.push({ path: 'evals/manifest.json', value: evals.map((e) => ({ task: e.task, kit: e.kit, eval_id: e.id })) });
  return files;
}

const logistic = (x: number) => 1 / (1 + Math.exp(-x));

/** The recorded grader result, as latch-eval-tools writes it, from our grader. */
function recordedResult(r: GraderResult, answer: unknown): Record<string, unknown> {
  return {
    agent_answer: answer,
    ...(r.field_scores ? { field_scores: r.field_scores } : {}),
    metrics: r.metrics,
    passed: r.passed,
    reasoning: r.reasoning,
    score: r.score,
  };
}

/** The `result.json` runs of one model: every demo eval × LATCH_DEMO_TRIALS trials. */
export function latchDemoRuns(model: LatchDemoModel, evals: readonly LatchDemoEval[] = LATCH_DEMO_EVALS): LatchDemoFile[] {
  const out: LatchDemoFile[] = [];
  for (const e of evals) {
    for (let trial = 1; trial <= LATCH_DEMO_TRIALS; trial++) {
      const rand = mulberry32(hashSeed(`latch|${model.name}|${e.id}|${trial}`));
      const noAnswer = rand() < model.noAnswerRate;
      const good = rand() < logistic(model.skill + e.ease);
      const answer = noAnswer ? null : e.answer(good, rand);
      const r = grade(e.grader.type, e.grader.config, answer);
      out.push({
        path: `trajectories/${e.id}/${PROVIDER}/${model.name}/${model.harness}/r${trial}/result.json`,
        value: {
          synthetic: true,
          generator: 'evalboard demo (npm run demo-data); graded by evalboard graders with latch-eval-tools 0.4.26 semantics',
          agent_runtime_seconds: Math.round(120 + rand() * 900),
          eval_timeout_seconds: 21600,
          harness: model.harness,
          latch_eval_tools_version: LATCH_DEMO_VERSION,
          model_name: `${PROVIDER}/${model.name}`,
          n_trials: LATCH_DEMO_TRIALS,
          result: {
            agent_answer: answer,
            grader_result: recordedResult(r, answer),
            metadata: { n_steps: Math.round(8 + rand() * 40), total_cost: r2(0.02 + rand() * 0.5), container_restarts: 0 },
            passed: r.passed,
            test_id: e.id,
          },
          task: e.id,
          task_spec: `evals/${e.task}/${e.id}.json`,
          trial_index: trial,
        },
      });
    }
  }
  return out;
}
