import { basename, relative } from 'node:path';
import type { Finding } from '../../../core/findings';
import { discoverModelFolders, configName, taskTypeOf, type ModelFolder } from './discover';
import { readParsedFile, type MedvisionSample } from './read-parsed-file';
import { readClaimed } from './claimed';
import { scoreFile, type FileReader, type ScoredFile } from './score-file';
import { aggregateScored, type GroupMetrics, type ScoredSample } from '../scorer/aggregate';
import { summarizeModel } from '../scorer/summary';
import { FULL_CAP, sampleClassFrom, type ClassBasis } from '../sample-class';
import type { TaskType } from '../scorer/sample';
import { numbersClose } from '../../../core/conformance/compare';

export interface ConfigResult {
  path: string;
  config: string;
  model: string;
  task_tag: string;
  task_type: TaskType;
  n_records: number;
  metrics: GroupMetrics | null;
  /** The run's own aggregates from `<ts>_results.json`, where present. */
  claimed?: Record<string, number>;
}

export interface ModelResult {
  model: string;
  task_tag: string;
  task_type: TaskType;
  /** `pilot`: capped at 100 samples per subtask; `full`: up to 1000 (from the run's own limit, else the data). */
  sample_class: 'pilot' | 'full';
  /** What decided the class: the `config.limit` the run's results.json records, or the sample counts. */
  sample_class_basis: ClassBasis;
  /** The run's own `--limit` where it decided the class (null: the run says it had none). */
  run_limit?: number | null;
  n_samples: number;
  /** Scored samples with a successful answer (the AD near-zero filter's drops not counted). */
  n_success: number;
  /** Records parsed by an LLM judge (`LLM_filtered_resps`): their numbers are the judge's. */
  n_judge_parsed: number;
  /** What the predictions are: re-extracted from `resps`, the submitter's parse, or (some) a judge's. */
  prediction_source: PredictionSource;
  /** Why a board must not rank this result (absent: rankable). */
  unranked_reason?: 'judge-parsed, not recomputed' | 'no successful answers';
  groups: Record<string, GroupMetrics>;
  model_summary: ReturnType<typeof summarizeModel>;
}

export type PredictionSource = 're-extracted from resps' | 'submitted filtered_resps (--trust-submitted-parse)' | 'judge-parsed, not recomputed';

export interface MedvisionScore {
  configs: ConfigResult[];
  models: ModelResult[];
  findings: Finding[];
  /** Per-sample records kept for callers that need them (tests, compare); absent unless asked. */
  samples?: Map<string, MedvisionSample[]>;
  /** With `keepSamples`: each sample's metrics and its model-summary label group (parallel to `samples`). */
  sampleScores?: Map<string, SampleScore[]>;
}

/** A sample's metrics and the label group it counts in (undefined: subtask config only). */
export interface SampleScore {
  scored: ScoredSample;
  group?: string;
}

/** Upstream AD reads Ceph files one by one and all FeTA24 Task01 files together, at the first. */
function adReadOrder(files: string[]): string[] {
  const order: string[] = [];
  const feta = files.filter((f) => basename(f).includes('FeTA24_BiometricsFromLandmarks_Task01') && !basename(f).includes('Ceph-Biometrics-400'));
  let fetaPlaced = false;
  for (const f of files) {
    const name = basename(f);
    if (name.includes('Ceph-Biometrics-400')) order.push(f);
    else if (feta.includes(f) && !fetaPlaced) {
      order.push(...feta);
      fetaPlaced = true;
    }
  }
  return order;
}

/** How one model folder is scored. */
export interface ScoreModelOptions {
  folder: ModelFolder;
  /** Paths in findings and results are shown relative to this. */
  root: string;
  /** Keep every sample and its per-sample score (board sample tables, compare). */
  keepSamples?: boolean;
  /** With `keepSamples`: each sample's display facts too (raw response, slice index, modality; the explorer). */
  displayFacts?: boolean;
  /** The parsed-file reader (tests substitute one). */
  read?: FileReader;
  /** Score `filtered_resps` as submitted (upstream-summarizer parity; never the site). */
  trustSubmittedParse?: boolean;
  /** Files already scored (in worker threads), by absolute path; a file not in it is scored here. */
  scoredFiles?: ReadonlyMap<string, ScoredFile>;
}

/** A file's path as findings and results show it. */
export const shownPath = (root: string, p: string): string => relative(root, p) || basename(p);

function scoreModel({ folder, root, keepSamples = false, displayFacts = false, read, trustSubmittedParse = false, scoredFiles }: ScoreModelOptions, out: MedvisionScore): void {
  const rel = (p: string) => shownPath(root, p);
  const perType = new Map<TaskType, ScoredFile[]>();
  const configCounts: number[] = [];
  for (const file of folder.sampleFiles) {
    const taskType = taskTypeOf(file, folder.taskTag);
    if (!taskType) {
      out.findings.push({ path: rel(file), pointer: '$', severity: 'error', message: 'cannot tell the task family (TL, AD or Detection) from the file name or task folder; file not scored' });
      continue;
    }
    const scored = scoredFiles?.get(file) ?? scoreFile({ file, display: rel(file), taskType, trustSubmittedParse, displayFacts: keepSamples && displayFacts, read: read ?? readParsedFile });
    out.findings.push(...scored.findings);
    if (keepSamples) (out.samples ??= new Map()).set(rel(file), scored.samples ?? []);
    const list = perType.get(taskType) ?? [];
    list.push(scored);
    perType.set(taskType, list);
    configCounts.push(scored.nSamples);
    out.configs.push({
      path: rel(file),
      config: configName(file),
      model: folder.model,
      task_tag: folder.taskTag,
      task_type: taskType,
      n_records: scored.nSamples,
      metrics: scored.metrics,
    });
  }
  for (const f of folder.otherFiles) {
    out.findings.push({ path: rel(f), pointer: '$', severity: 'warning', message: 'not a file MedVision\'s parse step writes (<ts>_samples_<config>.jsonl, <ts>_results.json, summary_*): not read, nothing in it is scored or compared' });
  }
  if (folder.sampleFiles.length === 0) {
    out.findings.push({ path: rel(folder.dir), pointer: '$', severity: 'error', message: 'no parsed/<ts>_samples_<config>.jsonl files in this model folder' });
  }
  const claimed = readClaimed(folder.resultsFiles.map((f) => ({ file: f, display: rel(f) })), out.findings);
  const scoredConfigs = new Set(out.configs.filter((c) => c.model === folder.model && c.task_tag === folder.taskTag).map((c) => c.config));
  for (const [config, c] of claimed) {
    if (!scoredConfigs.has(config)) {
      out.findings.push({ path: c.file, pointer: `$.results[${JSON.stringify(config)}]`, severity: 'warning', message: `claims numbers for ${config}, but this model folder has no parsed samples file of that config: nothing to compare them with` });
    }
  }
  const limits = new Map<string, number | null | undefined>();
  for (const item of out.configs.filter((c) => c.model === folder.model && c.task_tag === folder.taskTag)) {
    const c = claimed.get(item.config);
    if (!c) continue;
    limits.set(item.path, c.limit);
    if (typeof c.limit === 'number' && c.limit >= 1 && item.n_records > c.limit) {
      out.findings.push({ path: item.path, pointer: '$', severity: 'error', message: `${item.n_records} samples, but the run's own results.json (${c.file}) says it ran with --limit ${c.limit}: records were added or the files do not belong together` });
    }
    item.claimed = c.metrics;
    for (const [key, value] of Object.entries(c.metrics)) {
      const ours = item.metrics?.[key];
      if (ours === undefined || numbersClose(value, ours, { rel: 1e-6, abs: 1e-9 })) continue;
      out.findings.push({
        path: c.file,
        pointer: `$.results[${JSON.stringify(item.config)}][${JSON.stringify(c.rawKeys[key] ?? key)}]`,
        severity: 'warning',
        message: `claimed ${value}, recomputed ${ours} (older medvision_bm versions score differently; the board shows the recomputed value)`,
      });
    }
  }
  const maxPerConfig = Math.max(0, ...configCounts);
  if (maxPerConfig > FULL_CAP) {
    out.findings.push({ path: rel(folder.dir), pointer: '$', severity: 'warning', message: `${maxPerConfig} samples in one subtask: above the benchmark's cap of ${FULL_CAP}` });
  }
  for (const [taskType, files] of perType) {
    const groups = groupSamples(taskType, files, rel, out.findings);
    if (keepSamples) {
      for (const f of files) (out.sampleScores ??= new Map()).set(rel(f.file), f.scored.map((scored, i) => ({ scored, group: f.group[i] })));
    }
    const metrics: Record<string, GroupMetrics> = {};
    for (const [name, samples] of groups) {
      const m = aggregateScored(taskType, samples);
      if (m !== null) metrics[name] = m;
    }
    const nSamples = files.reduce((s, f) => s + f.nSamples, 0);
    let nSuccess = 0;
    let nJudge = 0;
    for (const f of files) {
      for (const sc of f.scored) if (!sc.excluded && sc.m.success) nSuccess++;
      nJudge += f.nJudge;
    }
    const unranked = nJudge > 0 ? 'judge-parsed, not recomputed' as const : nSuccess === 0 ? 'no successful answers' as const : undefined;
    if (nSuccess === 0 && nSamples > 0) {
      out.findings.push({ path: rel(folder.dir), pointer: '$', severity: 'warning', message: `${taskType}: none of the ${nSamples} answers could be scored (no <answer> tag with ${taskType === 'Detection' ? 4 : taskType === 'TL' ? 2 : 1} number(s) in any response): not ranked, no successful answers` });
    }
    const runClass = sampleClassFrom(out.configs
      .filter((c) => c.model === folder.model && c.task_tag === folder.taskTag && c.task_type === taskType)
      .map((c) => ({ n: c.n_records, limit: limits.get(c.path) })));
    out.models.push({
      model: folder.model,
      task_tag: folder.taskTag,
      task_type: taskType,
      sample_class: runClass.sampleClass,
      sample_class_basis: runClass.basis,
      ...(runClass.limit !== undefined ? { run_limit: runClass.limit } : {}),
      n_samples: nSamples,
      n_success: nSuccess,
      n_judge_parsed: nJudge,
      prediction_source: nJudge > 0 ? 'judge-parsed, not recomputed' : trustSubmittedParse ? 'submitted filtered_resps (--trust-submitted-parse)' : 're-extracted from resps',
      ...(unranked ? { unranked_reason: unranked } : {}),
      groups: metrics,
      model_summary: summarizeModel(taskType, metrics),
    });
  }
}

/** The model summary's label groups over the folder's files (each sample's group was named with its file). */
function groupSamples(
  taskType: TaskType,
  files: ScoredFile[],
  rel: (p: string) => string,
  findings: Finding[],
): Map<string, ScoredSample[]> {
  const groups = new Map<string, ScoredSample[]>();
  const addFile = (f: ScoredFile) => {
    f.groupName.forEach((name, i) => {
      if (name === undefined) return;
      const g = groups.get(name) ?? [];
      g.push(f.scored[i]!);
      groups.set(name, g);
      f.group[i] = name;
    });
  };
  if (taskType === 'AD') {
    const byFile = new Map(files.map((f) => [f.file, f]));
    const order = adReadOrder(files.map((f) => f.file));
    for (const f of files) {
      if (!order.includes(f.file)) {
        findings.push({ path: rel(f.file), pointer: '$', severity: 'warning', message: 'upstream\'s AD model summary reads only Ceph-Biometrics-400 and FeTA24 Task01 files: scored per subtask config only' });
      }
    }
    for (const file of order) {
      const f = byFile.get(file)!;
      findings.push(...f.groupFindings);
      addFile(f);
    }
    return groups;
  }
  for (const f of files) {
    addFile(f);
    findings.push(...f.groupFindings);
  }
  return groups;
}

function emptyTree(root: string): MedvisionScore {
  const out: MedvisionScore = { configs: [], models: [], findings: [] };
  out.findings.push({ path: root, pointer: '$', severity: 'error', message: 'no MedVision model folder (<model>/parsed/) found here' });
  return out;
}

/** Score one model folder on its own (folders are independent: the unit of parallel scoring). */
export function scoreModelFolder(opts: ScoreModelOptions): MedvisionScore {
  const out: MedvisionScore = { configs: [], models: [], findings: [] };
  scoreModel(opts, out);
  return out;
}

/** Concatenate per-folder results in folder order. */
export function mergeScores(parts: MedvisionScore[]): MedvisionScore {
  const out: MedvisionScore = { configs: [], models: [], findings: [] };
  for (const p of parts) {
    out.configs.push(...p.configs);
    out.models.push(...p.models);
    out.findings.push(...p.findings);
    if (p.samples) for (const [k, v] of p.samples) (out.samples ??= new Map()).set(k, v);
    if (p.sampleScores) for (const [k, v] of p.sampleScores) (out.sampleScores ??= new Map()).set(k, v);
  }
  return out;
}

/** Score every model folder found under `root` (model, task, Results or submission folder). */
export function scoreMedvisionTree(root: string, opts: { keepSamples?: boolean; displayFacts?: boolean; trustSubmittedParse?: boolean; progress?: (done: number, total: number, label: string) => void } = {}): MedvisionScore {
  const folders = discoverModelFolders(root);
  if (folders.length === 0) return emptyTree(root);
  const scored = folders.map((folder, i) => {
    opts.progress?.(i, folders.length, `${folder.model} ${folder.taskTag}`);
    return scoreModelFolder({ folder, root, keepSamples: opts.keepSamples ?? false, displayFacts: opts.displayFacts ?? false, trustSubmittedParse: opts.trustSubmittedParse ?? false });
  });
  opts.progress?.(folders.length, folders.length, '');
  return mergeScores(scored);
}
