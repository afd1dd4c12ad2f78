import { basename, relative } from 'node:path';
import type { Finding } from '../../../core/findings';
import { discoverModelFolders, configName, datasetFromFile, taskTypeOf, type ModelFolder } from './discover';
import { readParsedFile, type MedvisionSample, type ParsedFile, type ReadOptions } from './read-parsed-file';
import { readClaimed } from './claimed';
import { aggregateScored, scoreSample, type GroupMetrics, type ScoredSample } from '../scorer/aggregate';
import { summarizeModel } from '../scorer/summary';
import { FULL_CAP, sampleClassFrom, type ClassBasis } from '../sample-class';
import { labelGroup } from '../scorer/label-groups';
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

/** A file's samples with their metrics, scored once, and their label groups (parallel arrays). */
interface ScoredFile {
  file: string;
  samples: MedvisionSample[];
  scored: ScoredSample[];
  group: (string | undefined)[];
}

const scoreOne = (taskType: TaskType, s: MedvisionSample): ScoredSample =>
  scoreSample(taskType, { filteredResp: s.prediction, target: s.target, targetValues: s.targetValues, geometry: s.geometry, metricType: s.metricType });

/**
 * Score each sample; an exception (a reader bug, a shape nothing validated) is a located error
 * and the sample is left out, never a silently scored failure.
 */
function scoreAll(taskType: TaskType, samples: MedvisionSample[], display: string, findings: Finding[]): { samples: MedvisionSample[]; scored: ScoredSample[] } {
  const kept: MedvisionSample[] = [];
  const scored: ScoredSample[] = [];
  for (const s of samples) {
    try {
      scored.push(scoreOne(taskType, s));
      kept.push(s);
    } catch (err) {
      findings.push({ path: display, line: s.line, pointer: '$', severity: 'error', message: `scoring this record failed (${(err as Error)?.name ?? 'Error'}: ${(err as Error)?.message ?? String(err)}); sample not scored` });
    }
  }
  return { samples: kept, scored };
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

type FileReader = (file: string, display: string, taskType: TaskType, opts?: ReadOptions) => ParsedFile;

/** How one model folder is scored. */
export interface ScoreModelOptions {
  folder: ModelFolder;
  /** Paths in findings and results are shown relative to this. */
  root: string;
  /** Keep every sample and its per-sample score (board sample tables, compare). */
  keepSamples?: boolean;
  /** The parsed-file reader (tests substitute one). */
  read?: FileReader;
  /** Score `filtered_resps` as submitted (upstream-summarizer parity; never the site). */
  trustSubmittedParse?: boolean;
}

function scoreModel({ folder, root, keepSamples = false, read = readParsedFile, trustSubmittedParse = false }: ScoreModelOptions, out: MedvisionScore): void {
  const rel = (p: string) => relative(root, p) || basename(p);
  const perType = new Map<TaskType, ScoredFile[]>();
  const configCounts: number[] = [];
  for (const file of folder.sampleFiles) {
    const taskType = taskTypeOf(file, folder.taskTag);
    if (!taskType) {
      out.findings.push({ path: rel(file), pointer: '$', severity: 'error', message: 'cannot tell the task family (TL, AD or Detection) from the file name or task folder; file not scored' });
      continue;
    }
    const parsed = read(file, rel(file), taskType, { trustSubmittedParse });
    out.findings.push(...parsed.findings);
    const { samples, scored } = scoreAll(taskType, parsed.samples, rel(file), out.findings);
    if (keepSamples) (out.samples ??= new Map()).set(rel(file), samples);
    const list = perType.get(taskType) ?? [];
    list.push({ file, samples, scored, group: [] });
    perType.set(taskType, list);
    configCounts.push(samples.length);
    out.configs.push({
      path: rel(file),
      config: configName(file),
      model: folder.model,
      task_tag: folder.taskTag,
      task_type: taskType,
      n_records: samples.length,
      metrics: aggregateScored(taskType, scored),
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
    const nSamples = files.reduce((s, f) => s + f.samples.length, 0);
    let nSuccess = 0;
    let nJudge = 0;
    for (const f of files) {
      for (const sc of f.scored) if (!sc.excluded && sc.m.success) nSuccess++;
      for (const s of f.samples) if (s.judgeParsed) nJudge++;
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

function groupSamples(
  taskType: TaskType,
  files: ScoredFile[],
  rel: (p: string) => string,
  findings: Finding[],
): Map<string, ScoredSample[]> {
  const groups = new Map<string, ScoredSample[]>();
  const add = (name: string, f: ScoredFile, i: number) => {
    const g = groups.get(name) ?? [];
    g.push(f.scored[i]!);
    groups.set(name, g);
    f.group[i] = name;
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
      const dataset = datasetFromFile(file);
      const f = byFile.get(file)!;
      const samples = f.samples;
      for (let i = 0; i < samples.length; i++) {
        const s = samples[i]!;
        if (!s.metricKey) {
          findings.push({ path: rel(file), line: s.line, pointer: '$.doc.biometric_profile.metric_key', severity: 'error', message: 'missing: the AD label needs it; sample left out of the model summary' });
          continue;
        }
        add(`${dataset}_${s.metricType ?? ''}_${s.metricKey}`, f, i);
      }
    }
    return groups;
  }
  for (const f of files) {
    const { file, samples } = f;
    const dataset = datasetFromFile(file) ?? samples[0]?.dataset ?? '';
    const unknown = new Map<string, number>();
    for (let i = 0; i < samples.length; i++) {
      const s = samples[i]!;
      const group = s.label === undefined ? undefined : labelGroup(taskType, dataset, s.taskId, s.label, s.sliceDim);
      if (group) add(group, f, i);
      else {
        const key = `dataset ${dataset}, task ${s.taskId}, label ${s.label ?? '(none)'}, slice_dim ${s.sliceDim}`;
        unknown.set(key, (unknown.get(key) ?? 0) + 1);
      }
    }
    for (const [key, n] of unknown) {
      findings.push({ path: rel(file), pointer: '$.doc.label', severity: 'warning', message: `${key} is not in our label-group table (scorer/label-groups.json): ${n} sample(s) scored in their subtask config only, left out of the model summary` });
    }
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
export function scoreMedvisionTree(root: string, opts: { keepSamples?: boolean; trustSubmittedParse?: boolean; progress?: (done: number, total: number, label: string) => void } = {}): MedvisionScore {
  const folders = discoverModelFolders(root);
  if (folders.length === 0) return emptyTree(root);
  const scored = folders.map((folder, i) => {
    opts.progress?.(i, folders.length, `${folder.model} ${folder.taskTag}`);
    return scoreModelFolder({ folder, root, keepSamples: opts.keepSamples ?? false, trustSubmittedParse: opts.trustSubmittedParse ?? false });
  });
  opts.progress?.(folders.length, folders.length, '');
  return mergeScores(scored);
}
