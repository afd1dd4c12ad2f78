import type { ModelResult, ConfigResult } from '../formats/score-tree';
import { metric } from '../metrics';
import type { TaskType } from '../scorer/sample';
import { ACC_IOU_MEAN_KEY, GROUP_KEY as G, ROW_ACC_IOU, SUMMARY_KEY as S, mreKey, summaryMreKey } from '../scorer/keys';
import { loadMedvision, type MedvisionEntry } from './load';
import { samplesOf, samplesOfConfig, unitValuesOf } from './sample-table';
import { summaryGroups } from './sample-groups';
import { resultOfConfig } from './row-stats';
import { rankSection } from '../../../core/rank';
import type { FamilyCoverage } from '../reference/compare';
import { slugify } from '../../../core/slug';
import { SAMPLE_CLASS_SHORT, SAMPLE_CLASS_TITLE } from '../sample-class';
import { identityOf, listedEntries } from '../../../board/submission-meta';
import type { Admitted } from '../../../core/benchmark';
import type { Board, Column, Entry, Section, UnrankedStatus } from '../../../core/board';

/**
 * Rows no MedVision board ranks: a run with no successful answer (an all-empty run would otherwise
 * top a lower-is-better board with AD's MAE 0) and judge-parsed runs (their numbers are an LLM
 * judge's, never ranked with regex-parsed rows). Listed below the ranking with the reason.
 */
export function unrankedReasonOf(r: Pick<ModelResult, 'n_success' | 'n_judge_parsed'>): string | undefined {
  if (r.n_judge_parsed > 0) return 'judge-parsed, not recomputed';
  if (r.n_success === 0) return 'not ranked: no successful answers';
  return undefined;
}

/** Rank a section's entries; those `why` names a reason for are listed unranked instead. */
export function rankMedvision(list: Entry[], why: Map<Entry, string>, direction: 'higher' | 'lower'): Pick<Section, 'rows' | 'unranked'> {
  const { rows, unranked } = rankSection(list, {
    direction,
    rankable: (e) => {
      const reason = why.get(e);
      return reason === undefined ? true : { status: 'not_ranked' as UnrankedStatus, reason };
    },
  });
  return { rows, ...(unranked.length ? { unranked } : {}) };
}

export const FAMILIES = ['TL', 'AD', 'Detection'] as const;
export const FAMILY_TITLE: Record<TaskType, string> = { TL: 'Tumour/lesion size', AD: 'Angle/distance', Detection: 'Detection' };
export const SAMPLE_CLASSES = ['full', 'pilot'] as const;

type Value = (r: ModelResult) => number | null;
interface ColumnSpec extends Column { value: Value }

/** A column headed with the metric's own label. */
const column = (id: string): Column => ({ def: metric(id), label: metric(id).label });
const num = (v: unknown): number | null => (typeof v === 'number' && Number.isFinite(v) ? v : null);
const ms = (r: ModelResult) => r.model_summary as unknown as Record<string, unknown>;
const lb = (r: ModelResult, group: 'anatomy' | 'T/L', key: string) =>
  num((ms(r).leaderboard_row as Record<string, Record<string, unknown>> | undefined)?.[group]?.[key]);

function familyColumns(family: TaskType): ColumnSpec[] {
  if (family === 'Detection') {
    return [
      { def: metric('mv-iou'), label: 'IoU (T/L)', value: (r) => lb(r, 'T/L', 'IoU') },
      { def: metric('mv-iou'), label: 'IoU (anatomy)', value: (r) => lb(r, 'anatomy', 'IoU') },
      { def: metric('mv-f1'), label: 'F1 (T/L)', value: (r) => lb(r, 'T/L', 'F1') },
      { def: metric('mv-acc-iou'), label: 'Acc@IoU (T/L)', value: (r) => lb(r, 'T/L', ROW_ACC_IOU.mean) },
      { def: metric('mv-success-rate'), label: 'SR (T/L)', value: (r) => lb(r, 'T/L', G.sr) },
    ];
  }
  return [
    { def: metric('mv-mre'), label: metric('mv-mre').label, value: (r) => num(ms(r)[S.mre]) },
    { def: metric('mv-mae'), label: family === 'AD' ? 'MAE (mm, °)' : 'MAE (mm)', value: (r) => num(ms(r)[S.mae]) },
    { def: metric('mv-nmae'), label: metric('mv-nmae').label, value: (r) => num(ms(r)[S.nmae]) },
    { def: metric('mv-success-rate'), label: metric('mv-success-rate').label, value: (r) => num(ms(r)[S.sr]) },
    { def: metric('mv-mre-lt'), label: mreKey(0.1), value: (r) => num(ms(r)[summaryMreKey(0.1)]) },
  ];
}

type ConfigValue = (m: Record<string, number>) => number | null;
function configColumns(family: TaskType): (Column & { value: ConfigValue })[] {
  if (family === 'Detection') {
    return [
      { ...column('mv-iou'), value: (m) => num(m.IoU) },
      { ...column('mv-f1'), value: (m) => num(m.F1) },
      { ...column('mv-acc-iou'), value: (m) => num(m[ACC_IOU_MEAN_KEY]) },
      { ...column('mv-success-rate'), value: (m) => num(m[G.sr]) },
    ];
  }
  return [
    { ...column('mv-mre'), value: (m) => num(m[G.mre]) },
    { ...column('mv-mae'), value: (m) => num(m[G.mae]) },
    { ...column('mv-nmae'), value: (m) => num(m[G.nmae]) },
    { ...column('mv-success-rate'), value: (m) => num(m[G.sr]) },
    { def: metric('mv-mre-lt'), label: mreKey(0.1), value: (m) => num(m[mreKey(0.1)]) },
  ];
}

export { FAMILY_STAT, summaryGroups } from './sample-groups';

type Verdict = { status: UnrankedStatus; reason: string } | true;

/** Why a family row is not ranked with the others (true: it is), from the reference comparison validate runs. */
function familyVerdict(r: ModelResult, fc: FamilyCoverage | undefined): Verdict {
  if (!fc || fc.unverified.length > 0) return { status: 'not_ranked', reason: `ground truth unverified: no reference answer key for ${fc?.unverified.join(', ') ?? 'these subtasks'}` };
  if (r.unranked_reason) return { status: 'not_ranked', reason: `not ranked: ${r.unranked_reason}` };
  if (fc.total === 0 || fc.units < fc.total) return { status: 'partial', reason: `partial coverage: ${fc.units} of ${fc.total} subtasks complete (score on the submitted samples only)` };
  return true;
}

/** Sections: one per sample class, split by reference version when rows were compared with different ones. */
function sectionsOf(family: string, items: { sampleClass: string; version: string; entry: Entry; verdict: Verdict }[], direction: 'higher' | 'lower', short: boolean): Section[] {
  const sections: Section[] = [];
  for (const sampleClass of SAMPLE_CLASSES) {
    const mine = items.filter((i) => i.sampleClass === sampleClass);
    const versions = [...new Set(mine.map((i) => i.version))].sort();
    for (const version of versions.length ? versions : ['']) {
      const list = mine.filter((i) => i.version === version);
      const verdicts = new Map(list.map((i) => [i.entry, i.verdict]));
      const { rows, unranked } = rankSection(list.map((i) => i.entry), { direction, rankable: (e) => verdicts.get(e) ?? true });
      const split = versions.length > 1;
      sections.push({
        id: split ? `${sampleClass}-${version || 'unverified'}` : sampleClass,
        title: split ? `${SAMPLE_CLASS_TITLE[sampleClass]} · reference ${version || 'none'}` : SAMPLE_CLASS_TITLE[sampleClass],
        ...(short ? { shortTitle: SAMPLE_CLASS_SHORT[sampleClass] } : {}),
        rows,
        ...(unranked.length ? { unranked } : {}),
      });
    }
  }
  void family;
  return sections;
}

function familyBoard(family: TaskType, entries: RankedEntry[]): Board {
  const cols = familyColumns(family);
  const [primary, ...secondary] = cols;
  const grid: NonNullable<Board['grid']> = [];
  const items: Parameters<typeof sectionsOf>[1] = [];
  for (const sampleClass of SAMPLE_CLASSES) {
    for (const e of entries) {
      for (const r of e.results) {
        if (r.task_type !== family || r.sample_class !== sampleClass) continue;
        const id = identityOf(e.id, e.submission, e.underReview);
        const fc = e.coverage.find((f) => f.model === r.model && f.family === family);
        const boot = e.stats.family[e.results.indexOf(r)]!;
        const value = primary!.value(r);
        items.push({
          sampleClass,
          version: fc?.version ?? '',
          verdict: familyVerdict(r, fc),
          entry: {
            ...id,
            n: r.n_samples,
            primary: value,
            ...(Number.isFinite(boot.lo) && value !== null ? { interval: { lo: boot.lo, hi: boot.hi, method: 'bootstrap' as const } } : {}),
            unitValues: () => unitValuesOf([...summaryGroups(family, r, samplesOf(e, r)).values()].flat()),
            unitValuesKey: () => JSON.stringify([e.samplesKey(), 'family', family, e.results.indexOf(r)]),
            secondary: secondary.map((c) => c.value(r)),
            sampleClass,
            ...(fc ? { coverage: { units: fc.units, total: fc.total, unit: 'subtasks' } } : {}),
          },
        });
        for (const c of e.configs.filter((c) => c.model === r.model && c.task_type === family)) {
          grid.push({ model: `${id.model} · ${id.harness}`, modelSlug: id.modelSlug, section: sampleClass, subtask: c.config, subtaskLabel: shortSubtask(c.config), value: configColumns(family)[0]!.value(c.metrics ?? {}), n: c.metrics?.[G.n] ?? c.n_records });
        }
      }
    }
  }
  const sections = sectionsOf(family, items, primary!.def.direction, true);
  return {
    benchmark: 'medvision',
    slug: family.toLowerCase(),
    kind: 'family',
    title: FAMILY_TITLE[family],
    description:
      family === 'Detection'
        ? 'Bounding boxes of anatomy and tumours/lesions. Ranked by IoU over tumour/lesion regions (upstream\'s own aggregation: sample-weighted over label groups with ≥ 50 samples). Only runs with every subtask of the reference\'s task list complete are ranked; the others are listed below with their coverage.'
        : `Upstream's own aggregation: sample-weighted over label groups exactly as its summarizer; ranked by MRE (lower is better). Only runs with every subtask of the reference's task list complete are ranked; the others are listed below with their coverage.`,
    nUnit: 'samples',
    evidence: { unit: 'samples', method: '95 % percentile bootstrap (1000 replicates; fewer, never below 200, for very large runs): samples redrawn with replacement inside each subtask config (stratified by config, config sizes fixed; each sample keeps its label group), then combined over the label groups as the upstream summary does', minUnits: MIN_SAMPLES },
    primary: primary!,
    secondary,
    sections,
    grid,
  };
}

/** Subtask config as a short axis label, e.g. `KiTS23 T1 Axial`. */
export function shortSubtask(config: string): string {
  return config
    .replace(/_(TumorLesionSize|BoxCoordinate|BiometricsFromLandmarks)/, '')
    .replace(/_Task0?(\d+)/, ' T$1')
    .replaceAll('_', ' ');
}

export function configSlug(config: string): string {
  return `config/${slugify(config)}`;
}

function configBoards(entries: RankedEntry[]): Board[] {
  const byConfig = new Map<string, { family: TaskType; items: { e: RankedEntry; c: ConfigResult; r: ModelResult; boot: { lo: number; hi: number } }[] }>();
  for (const e of entries) {
    for (const [i, c] of e.configs.entries()) {
      const r = resultOfConfig(e.results, c);
      const boot = e.stats.config[i];
      if (!r || !c.metrics || !boot) continue;
      const slot = byConfig.get(c.config) ?? { family: c.task_type, items: [] };
      slot.items.push({ e, c, r, boot });
      byConfig.set(c.config, slot);
    }
  }
  const out: Board[] = [];
  for (const [config, { family, items }] of [...byConfig].sort(([a], [b]) => a.localeCompare(b))) {
    const cols = configColumns(family);
    const [primary, ...secondary] = cols;
    const list: Parameters<typeof sectionsOf>[1] = items.map(({ e, c, r, boot }) => {
      const value = primary!.value(c.metrics!);
      const fc = e.coverage.find((f) => f.model === r.model && f.family === r.task_type);
      const cc = fc?.configs.find((x) => x.config === config);
      const verdict: Verdict = !cc
        ? { status: 'not_ranked', reason: `ground truth unverified: no reference answer key for ${config}` }
        : r.unranked_reason
          ? { status: 'not_ranked', reason: `not ranked: ${r.unranked_reason}` }
          : !cc.covered
            ? { status: 'partial', reason: `partial coverage: ${cc.present} of ${cc.expected} reference samples (score on those only)` }
            : true;
      return {
        sampleClass: r.sample_class,
        version: fc?.version ?? '',
        verdict,
        entry: {
          ...identityOf(e.id, e.submission, e.underReview),
          n: c.metrics![G.n] ?? c.n_records,
          primary: value,
          ...(Number.isFinite(boot.lo) && value !== null ? { interval: { lo: boot.lo, hi: boot.hi, method: 'bootstrap' as const } } : {}),
          unitValues: () => unitValuesOf(samplesOfConfig(e, r, config)),
          unitValuesKey: () => JSON.stringify([e.samplesKey(), 'config', config, r.model, r.task_type]),
          secondary: secondary.map((col) => col.value(c.metrics!)),
          sampleClass: r.sample_class,
          ...(cc ? { coverage: { units: cc.present, total: cc.expected, unit: 'samples' } } : {}),
        },
      };
    });
    const sections = sectionsOf(config, list, primary!.def.direction, false);
    out.push({
      benchmark: 'medvision',
      slug: configSlug(config),
      kind: 'config',
      title: `${config.replaceAll('_', ' ')}`,
      description: `One subtask config (${FAMILY_TITLE[family]}); plain means over its samples.`,
      nUnit: 'samples',
      evidence: { unit: 'samples', method: '95 % percentile bootstrap (1000 replicates): the subtask’s samples redrawn with replacement, mean over the finite values', minUnits: MIN_SAMPLES },
      primary: primary!,
      secondary,
      sections,
    });
  }
  return out;
}

type RankedEntry = MedvisionEntry & { submission: NonNullable<MedvisionEntry['submission']>; underReview?: boolean };

/** Fewest samples a row needs to be ranked (a subtask board; a family board counts its samples over every subtask). */
export const MIN_SAMPLES = 30;

/** The family boards and the per-subtask boards, over the submissions the gate ranks. */
export function medvisionBoards(admitted: Admitted): Board[] {
  const entries = listedEntries(loadMedvision(), admitted);
  return [...FAMILIES.map((f) => familyBoard(f, entries)), ...configBoards(entries)];
}
