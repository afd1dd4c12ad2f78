import { resultsRoot } from '../../../board/paths';
import type { MedvisionSample } from '../formats/read-parsed-file';
import { scoreMedvisionTree, type ConfigResult, type ModelResult, type SampleScore } from '../formats/score-tree';
import { listSubmissionDirs, readSubmissionFolder } from '../../../ingest/submission/read';
import type { Finding } from '../../../core/findings';
import type { Submission } from '../../../core/submission-schema';
import { cached } from '../../../ingest/score-cache';
import { compareMedvisionWithReference, type FamilyCoverage } from '../reference/compare';
import { readMedvisionReferences } from '../reference/read';
import { referencesOfKind, referencesRootFor, type ReferenceVersion } from '../../../ingest/references';
import type { MedvisionReference } from '../reference/schema';

/** One sample's primary value (MRE for TL/AD, IoU for Detection; NaN = failed answer). */
export interface SampleValue {
  /** Shared across models: `<config>#<doc_id>`. */
  key: string;
  config: string;
  /** Label group of the model summary; undefined when upstream leaves the sample out. */
  group?: string;
  value: number;
}

/** Compact column store of one (model folder, family)'s sample primaries (cheap to keep and cache). */
export interface SampleTable {
  configs: string[];
  groups: string[];
  config: number[];
  /** Index into `groups`, −1 when the sample is in no summary group. */
  group: number[];
  docId: number[];
  /** NaN = failure (stored as null in the cache file). */
  value: number[];
}

export interface MedvisionEntry {
  id: string;
  submission?: Submission;
  results: ModelResult[];
  configs: ConfigResult[];
  findings: Finding[];
  /** Key `${model}|${family}`. */
  samples: Map<string, SampleTable>;
  /** Per (model, family): the reference comparison validate runs (class, subtasks covered, unverified configs). */
  coverage: FamilyCoverage[];
}

/**
 * MedVision's primary per-sample number, as the model summary averages it: MRE for TL/AD (NaN =
 * failed answer), IoU for Detection; null for AD samples upstream's near-zero filter drops.
 */
function primaryValue(s: SampleScore): number | null {
  if (s.scored.kind === 'detection') return s.scored.m.IoU;
  return s.scored.excluded ? null : s.scored.m.MRE;
}

/** Per-sample primaries and label groups, exactly as the scorer grouped them (no second grouping rule here). */
function sampleTables(configs: ConfigResult[], samples: Map<string, MedvisionSample[]>, scores: Map<string, SampleScore[]>): Map<string, SampleTable> {
  const out = new Map<string, SampleTable>();
  for (const c of configs) {
    const list = samples.get(c.path);
    const sc = scores.get(c.path);
    if (!list || !sc) continue;
    const key = `${c.model}|${c.task_type}`;
    const t = out.get(key) ?? { configs: [], groups: [], config: [], group: [], docId: [], value: [] };
    let ci = t.configs.indexOf(c.config);
    if (ci < 0) ci = t.configs.push(c.config) - 1;
    list.forEach((s, i) => {
      const v = primaryValue(sc[i]!);
      if (v === null) return;
      const g = sc[i]!.group;
      let gi = g === undefined ? -1 : t.groups.indexOf(g);
      if (g !== undefined && gi < 0) gi = t.groups.push(g) - 1;
      t.config.push(ci);
      t.group.push(gi);
      t.docId.push(s.docId);
      t.value.push(v);
    });
    out.set(key, t);
  }
  return out;
}

/** The sample primaries of one model result, as objects (built on demand, not kept). */
export function samplesOf(e: MedvisionEntry, r: Pick<ModelResult, 'model' | 'task_type'>): SampleValue[] {
  const t = e.samples.get(`${r.model}|${r.task_type}`);
  if (!t) return [];
  return t.value.map((_, i) => sampleAt(t, i));
}

function sampleAt(t: SampleTable, i: number): SampleValue {
  const config = t.configs[t.config[i]!]!;
  const g = t.group[i]!;
  return { key: `${config}#${t.docId[i]}`, config, ...(g >= 0 ? { group: t.groups[g]! } : {}), value: t.value[i]! };
}

// Row numbers of each config of a table, found once per table: a board per config used to walk
// every sample of the run once per config (66 configs × every sample, per entry).
const rowsByConfig = new WeakMap<SampleTable, Map<number, number[]>>();

/** `samplesOf(e, r)` restricted to one subtask config, in the same order. */
export function samplesOfConfig(e: MedvisionEntry, r: Pick<ModelResult, 'model' | 'task_type'>, config: string): SampleValue[] {
  const t = e.samples.get(`${r.model}|${r.task_type}`);
  if (!t) return [];
  let rows = rowsByConfig.get(t);
  if (!rows) {
    rows = new Map();
    for (let i = 0; i < t.config.length; i++) {
      const c = t.config[i]!;
      const list = rows.get(c);
      if (list) list.push(i);
      else rows.set(c, [i]);
    }
    rowsByConfig.set(t, rows);
  }
  const at = t.configs.indexOf(config);
  return (rows.get(at) ?? []).map((i) => sampleAt(t, i));
}

interface Scored {
  results: ModelResult[];
  configs: ConfigResult[];
  findings: Finding[];
  samples: [string, SampleTable][];
  coverage: FamilyCoverage[];
}

function score(dir: string, refs: readonly ReferenceVersion<MedvisionReference>[]): Scored {
  const scored = scoreMedvisionTree(dir, { keepSamples: true });
  const against = compareMedvisionWithReference(scored, refs);
  // The class is the reference's, never the run's own count (dropping records makes a run partial, not pilot).
  for (const m of scored.models) m.sample_class = against.families.find((f) => f.model === m.model && f.family === m.task_type)?.sampleClass ?? m.sample_class;
  return {
    coverage: against.families,
    findings: [...scored.findings, ...against.findings],
    results: scored.models,
    configs: scored.configs,
    samples: [...sampleTables(scored.configs, scored.samples ?? new Map(), scored.sampleScores ?? new Map())],
  };
}

let cache: MedvisionEntry[] | undefined;

/**
 * Ingest and score every MedVision submission once per build. Each folder's scored form is
 * cached under `.cache/` by a content hash, so a new submission rescores only itself.
 */
export function loadMedvision(root = resultsRoot()): MedvisionEntry[] {
  if (cache) return cache;
  const refs = readMedvisionReferences(referencesRootFor(root));
  cache = listSubmissionDirs(root, 'medvision').map((dir) => {
    const folder = readSubmissionFolder(dir, root);
    // Keyed by the folder and the references it is compared with.
    const scored = cached(`medvision/ref-${refs.digest}`, dir, () => score(dir, referencesOfKind(refs.versions, folder.submission?.synthetic === true)));
    return {
      id: folder.folderId,
      ...(folder.submission ? { submission: folder.submission } : {}),
      results: scored.results,
      configs: scored.configs,
      findings: [...folder.findings, ...scored.findings],
      samples: new Map(scored.samples),
      coverage: scored.coverage,
    };
  });
  return cache;
}
