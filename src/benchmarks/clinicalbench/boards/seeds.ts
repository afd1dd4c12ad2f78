/**
 * Seed pages (`/seeds/<seed>/<task>/`): for each official ClinicalBench seed and task, the
 * dataset exactly as the environment shows it to the agent (protocol + patient records),
 * regenerated at build time by our port of the upstream generator, with CSV and JSON downloads.
 *
 * Only what the agent sees: the ground-truth error list, the trap list, `bias_present`, the bias
 * signal and the generator's error counts are not on these pages. They are not secret (regenerated
 * from a public seed by the public generator); the explorer shows, per scored episode, which
 * planted errors the flags hit.
 */
import { resolve } from 'node:path';
import Papa from 'papaparse';
import { readPlayedEpisodes } from '../formats/played-seeds';
import { datasetSha256, generateDataset, FLOAT_FIELDS, toRecord } from '../scorer/dataset';
import type { PatientRecord, Protocol } from '../scorer/dataset';
import { pyFloatRepr } from '../scorer/dataset/py-float-repr';
import { TASK_IDS, TASKS, isTaskId, type TaskId } from '../scorer/tasks';

/** The task list, for the seed pages (pages import view models, not the scorer). */
export { TASK_IDS, TASKS, type TaskId };

/** The seed of the upstream README table; always official. */
export const README_SEED = 20260402;

/** Site path of a seed page, without the base URL (like `downloadPath`): `seeds/42/task_easy/`. */
export function seedPagePath(seed: number | string, task: TaskId | string): string {
  return `seeds/${encodeURIComponent(String(seed))}/${encodeURIComponent(String(task))}/`;
}

/** Site path of a seed page's dataset download, without the base URL. */
export function seedDatasetPath(seed: number | string, task: TaskId | string, ext: 'csv' | 'json'): string {
  return `${seedPagePath(seed, task)}dataset.${ext}`;
}

/** The protocol as the agent reads it; `bias_present` (part of the answer key) is left out. */
export type PublicProtocol = Omit<Protocol, 'bias_present'>;

export function publicProtocol(p: Protocol): PublicProtocol {
  return {
    protocol_id: p.protocol_id,
    protocol_title: p.protocol_title,
    excerpt: p.excerpt,
    age_min: p.age_min,
    age_max: p.age_max,
    treatment_window_days: p.treatment_window_days,
    stage_iv_treatment_window_days: p.stage_iv_treatment_window_days,
    comorbidity_override_threshold: p.comorbidity_override_threshold,
    high_risk_sites: p.high_risk_sites.slice(),
    bias_control_dominance_threshold: p.bias_control_dominance_threshold,
    bias_male_threshold: p.bias_male_threshold,
    bias_stage_adjusted_gap: p.bias_stage_adjusted_gap,
  };
}

/** Descriptive statistics of the shown records (nothing the agent could not count itself). */
export interface SeedSummary {
  patients: number;
  arms: { control: number; treatment: number };
  stages: Record<string, number>;
  gender: Record<string, number>;
  ethnicity: Record<string, number>;
  deceased: number;
  ageMissing: number;
  age: { min: number; median: number; max: number } | null;
  enrollment: { first: string; last: string };
  sites: number;
  countries: number;
}

export interface SeedView {
  seed: number;
  task: TaskId;
  taskLabel: string;
  protocol: PublicProtocol;
  records: PatientRecord[];
  datasetSha256: string;
  summary: SeedSummary;
}

function counts(values: readonly string[]): Record<string, number> {
  const out: Record<string, number> = {};
  for (const v of [...values].sort()) out[v] = (out[v] ?? 0) + 1;
  return out;
}

export function summarize(records: readonly PatientRecord[]): SeedSummary {
  const ages = records.map((r) => r.age).filter((a): a is number => a !== null).sort((a, b) => a - b);
  const mid = ages.length >> 1;
  const median = ages.length === 0 ? NaN : ages.length % 2 ? ages[mid]! : (ages[mid - 1]! + ages[mid]!) / 2;
  const enrolled = records.map((r) => r.enrollment_date).sort();
  return {
    patients: records.length,
    arms: { control: records.filter((r) => r.group === 'control').length, treatment: records.filter((r) => r.group === 'treatment').length },
    stages: counts(records.map((r) => r.stage)),
    gender: counts(records.map((r) => r.gender)),
    ethnicity: counts(records.map((r) => r.ethnicity)),
    deceased: records.filter((r) => r.outcome === 'deceased').length,
    ageMissing: records.length - ages.length,
    age: ages.length ? { min: ages[0]!, median, max: ages.at(-1)! } : null,
    enrollment: { first: enrolled[0] ?? '', last: enrolled.at(-1) ?? '' },
    sites: new Set(records.map((r) => r.treatment_site)).size,
    countries: new Set(records.map((r) => r.country)).size,
  };
}

const views = new Map<string, SeedView>();

/** The environment's view of (seed, task), regenerated once per build. */
export function seedView(seed: number, task: TaskId): SeedView {
  const key = `${seed}/${task}`;
  let view = views.get(key);
  if (!view) {
    const generated = generateDataset(seed, task);
    const records = generated.patients.map(toRecord);
    view = {
      seed,
      task,
      taskLabel: TASKS[task].label,
      protocol: publicProtocol(generated.protocol),
      records,
      datasetSha256: datasetSha256(records),
      summary: summarize(records),
    };
    views.set(key, view);
  }
  return view;
}

export interface OfficialSeed {
  seed: number;
  /** Submissions (folder ids) with an episode on this seed, per task. */
  usedBy: Record<TaskId, string[]>;
}

const official = new Map<string, Promise<OfficialSeed[]>>();

/**
 * The official seeds: every seed a bundled `results/clinicalbench` submission played (only
 * seeds that are valid integers), plus the README seed. Sorted, README seed first.
 */
export function officialSeeds(resultsRoot = resolve(process.cwd(), 'results')): Promise<OfficialSeed[]> {
  let hit = official.get(resultsRoot);
  if (!hit) {
    hit = (async () => {
      const bySeed = new Map<number, OfficialSeed>();
      const entry = (seed: number) => {
        let e = bySeed.get(seed);
        if (!e) bySeed.set(seed, (e = { seed, usedBy: { task_easy: [], task_medium: [], task_hard: [] } }));
        return e;
      };
      entry(README_SEED);
      for (const { submission: id, seed, taskId } of await readPlayedEpisodes(resultsRoot)) {
        if (!Number.isSafeInteger(seed) || !isTaskId(taskId)) continue;
        const used = entry(seed).usedBy[taskId];
        if (!used.includes(id)) used.push(id);
      }
      return [...bySeed.values()].sort((a, b) => (a.seed === README_SEED ? -1 : b.seed === README_SEED ? 1 : a.seed - b.seed));
    })();
    official.set(resultsRoot, hit);
  }
  return hit;
}

/** Every (official seed, task) pair a page is built for. */
export async function seedPages(resultsRoot?: string): Promise<{ seed: number; task: TaskId; usedBy: string[] }[]> {
  return (await officialSeeds(resultsRoot)).flatMap((s) => TASK_IDS.map((task) => ({ seed: s.seed, task, usedBy: s.usedBy[task] })));
}

/** Column order of the CSV: upstream's record key order. */
export const CSV_COLUMNS: readonly (keyof PatientRecord)[] = [
  'patient_id', 'age', 'gender', 'ethnicity', 'group', 'treatment_start', 'death_date', 'outcome', 'treatment_site',
  'stage', 'trial_phase', 'drug', 'enrollment_date', 'country', 'comorbidity_index', 'ecog_performance_status',
  'prior_chemo_cycles', 'baseline_ldh', 'bmi', 'insurance_type', 'smoking_status', 'blood_pressure_sys',
  'blood_pressure_dia', 'primary_tumor_site', 'histology_type', 'concomitant_medications',
];

/** The records as CSV (papaparse): missing values empty, medications joined with "; ". */
export function datasetCsv(view: SeedView): string {
  const rows = view.records.map((r) =>
    CSV_COLUMNS.map((c) => {
      const v = r[c];
      if (v === null) return '';
      if (Array.isArray(v)) return v.join('; ');
      if (typeof v === 'number' && FLOAT_FIELDS.has(c)) return pyFloatRepr(v);
      return v;
    }),
  );
  return Papa.unparse({ fields: [...CSV_COLUMNS], data: rows }, { newline: '\n' }) + '\n';
}

function recordJson(r: PatientRecord): string {
  const parts = Object.entries(r).map(([k, v]) => `${JSON.stringify(k)}:${typeof v === 'number' && FLOAT_FIELDS.has(k) ? pyFloatRepr(v) : JSON.stringify(v)}`);
  return `{${parts.join(',')}}`;
}

/**
 * The environment's view as JSON: protocol (without `bias_present`) and the records in the order
 * and key order the observation shows them, one per line; `baseline_ldh`/`bmi` written as Python
 * floats (`221.0`) so the bytes of `json.dumps(dataset, sort_keys=True, separators=(",", ":"))`
 * can be rebuilt and checked against `dataset_sha256`.
 */
export function datasetJson(view: SeedView): string {
  const head = {
    benchmark: 'clinicalbench',
    seed: view.seed,
    task_id: view.task,
    generator: 'evalboard port of sumitsaraswat362/clinical-trial-auditor server/dataset_generator.py @ 639207b',
    dataset_sha256: view.datasetSha256,
    n_patients: view.records.length,
    protocol: view.protocol,
  };
  const top = JSON.stringify(head, null, 2).replace(/\n}$/, '');
  return `${top},\n  "dataset": [\n${view.records.map((r) => `    ${recordJson(r)}`).join(',\n')}\n  ]\n}\n`;
}
