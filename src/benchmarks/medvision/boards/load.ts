import { resultsRoot } from '../../../board/paths';
import { trackPerSample, type HasSampleTables, type SampleTable } from './sample-table';
import { rowStatsOf, type RowStats } from './row-stats';
import type { MedvisionSample } from '../formats/read-parsed-file';
import type { ConfigResult, ModelResult, SampleScore } from '../formats/score-tree';
import { referenceCheckOf, scoredTreeOf } from '../scored-once';
import { listSubmissionDirs, readSubmissionFolder } from '../../../ingest/submission/read';
import type { Finding } from '../../../core/findings';
import type { Submission } from '../../../core/submission-schema';
import { cached, cachedName, keepCached } from '../../../ingest/score-cache';
import { noteComputation } from '../../../ingest/product-cache';
import type { FamilyCoverage } from '../reference/compare';
import { readMedvisionReferences } from '../reference/read';
import { referencesOfKind, referencesRootFor, type ReferenceVersion } from '../../../ingest/references';
import type { MedvisionReference } from '../reference/schema';

export interface MedvisionEntry extends HasSampleTables {
  id: string;
  submission?: Submission;
  results: ModelResult[];
  configs: ConfigResult[];
  findings: Finding[];
  /** Per (model, family): the reference comparison validate runs (class, subtasks covered, unverified configs). */
  coverage: FamilyCoverage[];
  /** What the board rows need of the samples (intervals), computed when the folder was scored and cached with its summary. */
  stats: RowStats;
  /** The stable name of `samples()`'s tables (their score-cache kind and key), found on first ask. */
  samplesKey(): string;
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

interface Scored {
  results: ModelResult[];
  configs: ConfigResult[];
  findings: Finding[];
  coverage: FamilyCoverage[];
}

type Tables = [string, SampleTable][];

function score(dir: string, refs: readonly ReferenceVersion<MedvisionReference>[]): Scored & { samples: Tables } {
  const scored = scoredTreeOf(dir);
  const against = referenceCheckOf(scored, refs);
  // The class is the reference's, never the run's own count (dropping records makes a run partial,
  // not pilot). On copies: the folder pass shares `scored` with the folder's other products.
  const results = scored.models.map((m) => ({ ...m, sample_class: against.families.find((f) => f.model === m.model && f.family === m.task_type)?.sampleClass ?? m.sample_class }));
  return {
    coverage: against.families,
    findings: [...scored.findings, ...against.findings],
    results,
    configs: scored.configs,
    samples: [...sampleTables(scored.configs, scored.samples ?? new Map(), scored.sampleScores ?? new Map())],
  };
}

/**
 * The tables of the submissions read last, newest last: at most `TABLES_KEPT` submissions' samples
 * are in memory at a time. The boards, the MDD and compare read one or two entries at a time, so
 * the corpus's per-sample data is read from the score cache when asked and dropped after.
 */
export const TABLES_KEPT = 2;
const recent = new Map<string, ReadonlyMap<string, SampleTable>>();

function keepRecent(dir: string, read: () => Tables): ReadonlyMap<string, SampleTable> {
  const hit = recent.get(dir);
  if (hit) {
    recent.delete(dir);
    recent.set(dir, hit);
    return hit;
  }
  const tables = trackPerSample(new Map(read()));
  recent.set(dir, tables);
  while (recent.size > TABLES_KEPT) recent.delete(recent.keys().next().value!);
  return tables;
}

/** Forgets the recently read tables (a test's way to see that nothing else holds one). */
export const forgetRecentTables = (): void => recent.clear();

let cache: MedvisionEntry[] | undefined;

type References = ReturnType<typeof readMedvisionReferences>;

/**
 * A folder's board summary (with its rows' intervals) and its per-sample tables, through the
 * score cache. Both keyed by the folder and the references it is compared with; the tables apart,
 * so an entry's summary is read without its samples.
 */
function cachedEntry(dir: string, refs: References, synthetic: boolean) {
  const mine = referencesOfKind(refs.versions, synthetic);
  const tablesKind = `medvision/samples-ref-${refs.digest}`;
  const readTables = (): Tables => {
    noteComputation('read', tablesKind, dir);
    return cached(tablesKind, dir, () => score(dir, mine).samples);
  };
  const scored = cached(`medvision/ref-${refs.digest}`, dir, (): Scored & { stats: RowStats } => {
    const { samples, ...summary } = score(dir, mine);
    cached(tablesKind, dir, () => samples);
    const tables = new Map(samples);
    return { ...summary, stats: rowStatsOf({ ...summary, samples: () => tables }) };
  });
  return { scored, readTables, tablesKind };
}

/**
 * Computes the board loader's cached summary and tables of the folder `dir` under `root` now
 * (the gate's folder pass, from the tree it scored): `loadMedvision` then reads them from the cache.
 */
export function primeMedvisionEntry(dir: string, root: string): void {
  const folder = readSubmissionFolder(dir, root);
  cachedEntry(dir, readMedvisionReferences(referencesRootFor(root)), folder.submission?.synthetic === true);
}

/**
 * Ingest and score every MedVision submission once per build. Each folder's scored form is
 * cached under `.cache/` by a content hash, so a new submission rescores only itself; its
 * per-sample tables are cached beside it and read back only when asked (`samples()`).
 */
export function loadMedvision(root = resultsRoot()): MedvisionEntry[] {
  if (cache) return cache;
  const refs = readMedvisionReferences(referencesRootFor(root));
  cache = listSubmissionDirs(root, 'medvision').map((dir) => {
    const folder = readSubmissionFolder(dir, root);
    const { scored, readTables, tablesKind } = cachedEntry(dir, refs, folder.submission?.synthetic === true);
    // A warm build reads no tables for the boards: the sweep must still keep them for later asks.
    keepCached(tablesKind, dir);
    let samplesKey: string | undefined;
    return {
      id: folder.folderId,
      ...(folder.submission ? { submission: folder.submission } : {}),
      results: scored.results,
      configs: scored.configs,
      findings: [...folder.findings, ...scored.findings],
      coverage: scored.coverage,
      stats: scored.stats,
      samples: () => keepRecent(dir, readTables),
      samplesKey: () => (samplesKey ??= cachedName(tablesKind, dir)),
    };
  });
  return cache;
}
