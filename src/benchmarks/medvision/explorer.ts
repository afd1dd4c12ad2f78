/**
 * MedVision's per-sample explorer units: one per subtask config, every admitted entry's scored
 * prediction on each sample, from the same scorer the boards use (the re-extraction from `resps`,
 * the per-sample metrics, the AD near-zero filter). The targets and image facts are the public
 * dataset's (and equal the version's reference for every admitted submission).
 */
import { listSubmissionDirs, readSubmissionFolder } from '../../ingest/submission/read';
import { cachedProducts } from '../../ingest/product-cache';
import { cellsMean } from '../../core/explorer-unit';
import { resultsRoot } from '../../board/paths';
import { entryKeyOf } from '../../board/submission-meta';
import { slugify } from '../../core/slug';
import type { Admitted, ExplorerCell, ExplorerUnit, ExplorerUnitHead, ExplorerUnitIdentity, ExplorerUnitParts } from '../../core/benchmark';
import { scoredTreeOf } from './scored-once';
import type { TaskType } from './scorer/sample';
import { metric } from './metrics';
import { FAMILY_TITLE } from './boards/boards';

/** One sample of one config as one submission's run scored it (cached per submission). */
export interface RunSample {
  docId: number;
  target: string;
  dataset: string | null;
  modality: string | null;
  slice: string;
  pixel: string;
  image: string;
  group: string | null;
  prediction: string;
  submitted: string | null;
  raw: string | null;
  value: number;
  excluded: boolean;
  success: boolean;
  m: Record<string, number>;
}

interface RunConfig {
  model: string;
  config: string;
  taskType: TaskType;
  samples: RunSample[];
}

const SLICE_AXIS = ['sagittal (dim 0)', 'coronal (dim 1)', 'axial (dim 2)'];
const pair = (p: readonly number[], unit = '') => `${p[0]} × ${p[1]}${unit}`;

function scoreRuns(dir: string): RunConfig[] {
  const scored = scoredTreeOf(dir, { display: true });
  return scored.configs.flatMap((c) => {
    const list = scored.samples?.get(c.path);
    const sc = scored.sampleScores?.get(c.path);
    if (!list || !sc) return [];
    const samples = list.map((s, i): RunSample => {
      const f = s.display ?? {};
      const scoredSample = sc[i]!.scored;
      const m: Record<string, number> = scoredSample.kind === 'detection'
        ? { IoU: scoredSample.m.IoU, F1: scoredSample.m.F1, Precision: scoredSample.m.Precision, Recall: scoredSample.m.Recall, MAE: scoredSample.m.MAE }
        : { MRE: scoredSample.m.MRE, MAE: scoredSample.m.MAE, NMAE: scoredSample.m.NMAE };
      return {
        docId: s.docId,
        target: s.target,
        dataset: s.dataset ?? null,
        modality: f.modality ?? null,
        slice: `${SLICE_AXIS[s.sliceDim]}${f.sliceIdx !== undefined ? `, index ${f.sliceIdx}` : ''}`,
        pixel: pair(s.geometry.pixelSize, ' mm'),
        image: pair(s.geometry.imageSize2d, ' px'),
        group: sc[i]!.group ?? null,
        prediction: s.prediction,
        submitted: s.filteredResp !== undefined && s.filteredResp !== s.prediction ? s.filteredResp : null,
        raw: f.raw ?? null,
        value: scoredSample.kind === 'detection' ? scoredSample.m.IoU : scoredSample.m.MRE,
        excluded: scoredSample.kind === 'measurement' && scoredSample.excluded,
        success: scoredSample.m.success,
        m,
      };
    });
    return [{ model: c.model, config: c.config, taskType: c.task_type, samples }];
  });
}

const finite = (v: number): number | null => (Number.isFinite(v) ? v : null);

/** The further per-sample metrics a cell shows: the scorer's key, the label, the registry metric. */
interface CellMetric { key: string; label: string; id: string }
const DETECTION_METRICS: CellMetric[] = [
  { key: 'F1', label: 'F1', id: 'mv-f1' },
  { key: 'Precision', label: 'Precision', id: 'mv-precision' },
  { key: 'Recall', label: 'Recall', id: 'mv-recall' },
  { key: 'MAE', label: 'MAE', id: 'mv-mae' },
];
const MEASUREMENT_METRICS: CellMetric[] = [
  { key: 'MAE', label: 'MAE', id: 'mv-mae' },
  { key: 'NMAE', label: 'nMAE', id: 'mv-nmae' },
];

function cellOf(s: RunSample, metricKeys: readonly CellMetric[]): ExplorerCell {
  const texts: { label: string; body: string }[] = [];
  if (s.raw !== null) texts.push({ label: 'Raw response', body: s.raw });
  if (s.submitted !== null) texts.push({ label: 'Submitted parse (not scored)', body: s.submitted });
  // Built property by property (no Object.fromEntries, no spread): one cell per sample and entry.
  const metrics: Record<string, number | null> = {};
  for (const k of metricKeys) metrics[k.label] = finite(s.m[k.key]!);
  const cell: ExplorerCell = { value: s.excluded ? null : finite(s.value), outcome: s.excluded ? 'excluded' : s.success ? 'success' : 'failure', answer: s.prediction, metrics };
  if (texts.length > 0) cell.texts = texts;
  return cell;
}

const FIELDS = ['dataset', 'modality', 'slice', 'pixel size', 'image size', 'label group'];

/** One config of one submission's run: the piece's meta (its samples are the piece, read when the unit loads). */
export interface RunMeta {
  model: string;
  config: string;
  taskType: TaskType;
  /** The sorted distinct doc_ids as [first, last] runs, flat. */
  ranges: number[];
  /** The entry's mean on the unit and whether any cell has long texts (as the unit's cells would say). */
  mean: number | null;
  texts: boolean;
  /** Some metric is −0, which the piece's JSON writes as 0: the data API's rows are not read back from this piece. */
  signedZero: boolean;
}

function rangesOf(sorted: readonly number[]): number[] {
  const out: number[] = [];
  for (const d of sorted) {
    if (out.length > 0 && out[out.length - 1] === d - 1) out[out.length - 1] = d;
    else out.push(d, d);
  }
  return out;
}

function metaOf(c: RunConfig): RunMeta {
  // The cells of a unit: one per doc_id, the last sample of it (a Map from the samples in order).
  const last = new Map(c.samples.map((s) => [s.docId, s]));
  const docIds = [...last.keys()].sort((a, b) => a - b);
  const cells = docIds.map((d) => cellOf(last.get(d)!, []));
  const signedZero = c.samples.some((s) => Object.values(s.m).some((v) => Object.is(v, -0)));
  return { model: c.model, config: c.config, taskType: c.taskType, ranges: rangesOf(docIds), mean: cellsMean(cells), texts: cells.some((x) => (x.texts?.length ?? 0) > 0), signedZero };
}

/**
 * A submission's explorer pieces, one per config, written once per folder content (NaN is stored
 * as null and shown as —); the data API's rows are read back from them (`boards/samples.ts`).
 */
export const medvisionRunPieces = (dir: string) =>
  cachedProducts<RunMeta[]>('explorer/medvision', dir, (put) =>
    scoreRuns(dir).map((c) => {
      put(c.config, JSON.stringify(c.samples));
      return metaOf(c);
    }),
  );

interface Run {
  entryKey: string;
  submission: string;
  ranked: boolean;
  /** The product-cache key of the run's pieces (undefined: in memory). */
  key: string | undefined;
  meta: RunMeta;
  samples: () => RunSample[];
}

/** Every subtask config any admitted (ranked or under-review) submission ran, as explorer units loaded one at a time. */
export async function medvisionExplorer(admitted: Admitted, root = resultsRoot()): Promise<ExplorerUnitHead[]> {
  const byConfig = new Map<string, { taskType: TaskType; runs: Run[] }>();
  for (const dir of listSubmissionDirs(root, 'medvision')) {
    const folder = readSubmissionFolder(dir, root);
    const sub = folder.submission;
    const ranked = admitted.ranked(folder.folderId);
    if (!sub || !(ranked || admitted.underReview(folder.folderId))) continue;
    const store = await medvisionRunPieces(dir);
    for (const meta of store.meta) {
      const slot = byConfig.get(meta.config) ?? { taskType: meta.taskType, runs: [] };
      slot.runs.push({ entryKey: entryKeyOf(sub), submission: folder.folderId, ranked, key: store.key, meta, samples: () => JSON.parse(store.read(meta.config).toString('utf8')) as RunSample[] });
      byConfig.set(meta.config, slot);
    }
  }
  const heads: ExplorerUnitHead[] = [];
  const used = new Set<string>();
  for (const config of [...byConfig.keys()].sort()) {
    const { taskType, runs } = byConfig.get(config)!;
    let unit = slugify(config);
    while (used.has(unit)) unit = `${unit}-x`;
    used.add(unit);
    const ordered = runs.slice().sort(byRankThenKey);
    const keyed = ordered.every((r) => r.key !== undefined);
    heads.push({
      ...identity(unit, config, taskType),
      samples: unionSize(runs.map((r) => r.meta.ranges)),
      entries: ordered.map((r) => ({ entryKey: r.entryKey, submission: r.submission, ranked: r.ranked, mean: r.meta.mean, texts: r.meta.texts })),
      // The unit is a function of its runs' pieces (each keyed by its folder's content and the code) in this order.
      ...(keyed ? { inputsKey: JSON.stringify([unit, config, taskType, ordered.map((r) => [r.entryKey, r.submission, r.ranked, r.key])]), parts: unitParts(unit, config, taskType, runs, ordered) } : {}),
      load: () => unitOf(unit, config, taskType, runs),
    });
  }
  return heads;
}

/** What names a config's unit, on its head and its page alike. */
function identity(unit: string, config: string, taskType: TaskType): Pick<ExplorerUnit, ExplorerUnitIdentity | 'metric'> {
  return { unit, label: config, unitKind: 'subtask config', group: FAMILY_TITLE[taskType], sampleNoun: 'samples', truth: 'public', metric: metric(taskType === 'Detection' ? 'mv-iou' : 'mv-mre') };
}

/** How many distinct doc_ids the runs' ranges cover together. */
function unionSize(all: readonly number[][]): number {
  const spans: [number, number][] = [];
  for (const r of all) for (let i = 0; i < r.length; i += 2) spans.push([r[i]!, r[i + 1]!]);
  spans.sort((a, b) => a[0] - b[0]);
  let n = 0;
  let end = -Infinity;
  for (const [a, b] of spans) {
    if (b <= end) continue;
    n += b - Math.max(a, end + 1) + 1;
    end = b;
  }
  return n;
}

const byRankThenKey = (a: Pick<Run, 'ranked' | 'entryKey'>, b: Pick<Run, 'ranked' | 'entryKey'>) => Number(b.ranked) - Number(a.ranked) || a.entryKey.localeCompare(b.entryKey);

const TARGETS_DIFFER_NOTE = 'Some entries carry a different target for a sample (a config without a reference answer key: ground truth unverified); the first entry’s is shown.';

/** A unit without its entries and without the note only its entries can tell (targets that differ). */
function frameOf(unit: string, config: string, taskType: TaskType, ids: ReadonlyMap<number, RunSample>): Omit<ExplorerUnit, 'entries'> {
  const detection = taskType === 'Detection';
  const docIds = [...ids.keys()].sort((a, b) => a - b);
  const notes = [
    'Predictions are re-extracted from each raw response with the newest upstream <answer>-tag parser; the submitted parse is only compared (shown when it differs).',
    detection
      ? 'Per-sample IoU of the predicted and target boxes (relative corner coordinates, origin lower-left); a failed answer scores 0 and counts.'
      : 'Per-sample MRE = mean |prediction − target| / target; a failed answer has none (—) and counts as a failure in the success rate.',
  ];
  if (taskType === 'AD') notes.push('Samples whose target is below 0.1 are left out by upstream’s near-zero filter: shown as “excluded”, counted nowhere.');
  return {
    ...identity(unit, config, taskType),
    notes,
    disagreeMargin: 0.1,
    metrics: metricKeysOf(taskType).map((k) => ({ label: k.label, def: metric(k.id) })),
    fields: FIELDS,
    samples: docIds.map((d) => {
      const s = ids.get(d)!;
      return { id: `${config}#${d}`, truth: s.target, fields: [s.dataset, s.modality, s.slice, s.pixel, s.image, s.group] };
    }),
  };
}

const metricKeysOf = (taskType: TaskType) => (taskType === 'Detection' ? DETECTION_METRICS : MEASUREMENT_METRICS);

/** One run's cells on the unit's doc_ids: the last sample of each doc_id it ran, null where it ran none. */
function cellsOf(samples: readonly RunSample[], docIds: readonly number[], taskType: TaskType): (ExplorerCell | null)[] {
  const metricKeys = metricKeysOf(taskType);
  const at = new Map(samples.map((s) => [s.docId, s]));
  return docIds.map((d) => {
    const s = at.get(d);
    return s ? cellOf(s, metricKeys) : null;
  });
}

/** One unit, assembled from its runs' pieces (read now, dropped with the unit). */
function unitOf(unit: string, config: string, taskType: TaskType, list: readonly Run[]): ExplorerUnit {
  const runs = list.map((r) => ({ ...r, samples: r.samples() }));
  const ids = new Map<number, RunSample>();
  for (const r of runs) for (const s of r.samples) if (!ids.has(s.docId)) ids.set(s.docId, s);
  const frame = frameOf(unit, config, taskType, ids);
  const docIds = [...ids.keys()].sort((a, b) => a - b);
  // Every sample's doc_id is in `ids`: one look-up per sample (this was doc_ids × runs × samples, ≈ 10¹⁰ steps per unit at --scale 1).
  const targetsDiffer = runs.some((r) => r.samples.some((s) => s.target !== ids.get(s.docId)!.target));
  return {
    ...frame,
    notes: targetsDiffer ? [...frame.notes, TARGETS_DIFFER_NOTE] : frame.notes,
    entries: runs
      .slice()
      .sort(byRankThenKey)
      .map((r) => ({ entryKey: r.entryKey, submission: r.submission, ranked: r.ranked, cells: cellsOf(r.samples, docIds, taskType) })),
  };
}

/**
 * Which run's sample the unit shows for each doc_id: the first run (in `list`'s order, as
 * `unitOf` reads them) that holds it, from the runs' doc_id ranges alone.
 */
function providersOf(list: readonly Run[]): { run: Run; docIds: number[] }[] {
  const covered = new Set<number>();
  const out: { run: Run; docIds: number[] }[] = [];
  for (const run of list) {
    const docIds: number[] = [];
    const r = run.meta.ranges;
    for (let k = 0; k < r.length; k += 2) {
      for (let d = r[k]!; d <= r[k + 1]!; d++) {
        if (covered.has(d)) continue;
        covered.add(d);
        docIds.push(d);
      }
    }
    if (docIds.length > 0) out.push({ run, docIds });
  }
  return out;
}

/**
 * The unit in parts, equal to `unitOf`'s: the frame is a function of the runs that provide its
 * samples (and which doc_ids each provides, which also gives the samples every entry's cells are
 * aligned to), an entry of its own piece given the frame. Opening reads only the providing runs'
 * pieces; an entry's part reads its own.
 */
function unitParts(unit: string, config: string, taskType: TaskType, list: readonly Run[], ordered: readonly Run[]): ExplorerUnitParts {
  const providers = providersOf(list);
  return {
    frameKey: JSON.stringify(['medvision-frame/1', unit, config, taskType, providers.map((p) => [p.run.key, rangesOf(p.docIds)])]),
    entryKeys: ordered.map((r) => JSON.stringify([r.key, r.meta.config])),
    open: () => {
      const ids = new Map<number, RunSample>();
      for (const p of providers) {
        const first = new Map<number, RunSample>();
        for (const s of p.run.samples()) if (!first.has(s.docId)) first.set(s.docId, s);
        for (const d of p.docIds) ids.set(d, first.get(d)!);
      }
      const frame = frameOf(unit, config, taskType, ids);
      const docIds = [...ids.keys()].sort((a, b) => a - b);
      return {
        frame,
        entry: (i) => {
          const samples = ordered[i]!.samples();
          const differs = samples.some((s) => s.target !== ids.get(s.docId)?.target);
          return { cells: cellsOf(samples, docIds, taskType), notes: differs ? [TARGETS_DIFFER_NOTE] : [] };
        },
      };
    },
  };
}
