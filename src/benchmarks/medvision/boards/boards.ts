import type { ModelResult, ConfigResult } from '../formats/score-tree';
import { metric } from '../metrics';
import { stratifiedBootstrap } from '../../../core/stats/bootstrap';
import { contentLabel } from '../../../core/stats/rng';
import type { GroupStat } from '../../../core/stats/group-stat';
import { classifyDetectionRegion } from '../scorer/summary';
import type { TaskType } from '../scorer/sample';
import { ACC_IOU_MEAN_KEY, GROUP_KEY as G, ROW_ACC_IOU, SUMMARY_KEY as S, mreKey, summaryMreKey } from '../scorer/keys';
import { loadMedvision, samplesOf, type MedvisionEntry, type SampleValue } from './load';
import { rankEntries } from '../../../core/rank';
import { slugify } from '../../../core/slug';
import { identityOf, rankedEntries } from '../../../board/submission-meta';
import type { Admitted } from '../../../core/benchmark';
import type { Board, Column, Entry, Section } from '../../../core/board';

export const FAMILIES = ['TL', 'AD', 'Detection'] as const;
export const FAMILY_TITLE: Record<TaskType, string> = { TL: 'Tumour/lesion size', AD: 'Angle/distance', Detection: 'Detection' };
export const SAMPLE_CLASSES = ['full', 'pilot'] as const;
export const CLASS_TITLE = {
  full: 'Open-weight runs (≤ 1000 samples per subtask)',
  pilot: 'Proprietary pilot runs (≤ 100 samples per subtask)',
} as const;
const CLASS_SHORT = { full: 'open-weight runs', pilot: 'pilot runs' } as const;

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

/** The model-summary statistic of each family, over label groups (see stats/group-stat). */
export const FAMILY_STAT: Record<TaskType, GroupStat> = { TL: 'weighted-skip-empty', AD: 'weighted-all', Detection: 'weighted-skip-empty' };

/** Per-sample primaries grouped as the model summary groups them (Detection: T/L regions only). */
export function summaryGroups(family: TaskType, r: ModelResult, samples: readonly SampleValue[]): Map<string, SampleValue[]> {
  const out = new Map<string, SampleValue[]>();
  for (const s of samples) {
    if (!s.group || !(s.group in r.groups)) continue;
    if (family === 'Detection' && classifyDetectionRegion(s.group, r.groups[s.group]![G.n] ?? 0) !== 'T/L') continue;
    const g = out.get(s.group) ?? [];
    g.push(s);
    out.set(s.group, g);
  }
  return out;
}


function familyBoard(family: TaskType, entries: RankedEntry[]): Board {
  const cols = familyColumns(family);
  const [primary, ...secondary] = cols;
  const sections: Section[] = [];
  const grid: NonNullable<Board['grid']> = [];
  for (const sampleClass of SAMPLE_CLASSES) {
    const list: Entry[] = [];
    for (const e of entries) {
      for (const r of e.results) {
        if (r.task_type !== family || r.sample_class !== sampleClass) continue;
        const id = identityOf(e.id, e.submission);
        const groups = summaryGroups(family, r, samplesOf(e, r));
        const strata = [...groups.values()].map((g) => g.map((s) => s.value));
        const boot = stratifiedBootstrap(strata, FAMILY_STAT[family], { seedLabel: contentLabel(`medvision/${family}`, strata) });
        const value = primary!.value(r);
        list.push({
          ...id,
          n: r.n_samples,
          primary: value,
          ...(Number.isFinite(boot.lo) && value !== null ? { interval: { lo: boot.lo, hi: boot.hi, method: 'bootstrap' as const } } : {}),
          secondary: secondary.map((c) => c.value(r)),
          sampleClass,
        });
        for (const c of e.configs.filter((c) => c.model === r.model && c.task_type === family)) {
          grid.push({ model: `${id.model} · ${id.harness}`, modelSlug: id.modelSlug, section: sampleClass, subtask: c.config, subtaskLabel: shortSubtask(c.config), value: configColumns(family)[0]!.value(c.metrics ?? {}), n: c.metrics?.[G.n] ?? c.n_records });
        }
      }
    }
    sections.push({ id: sampleClass, title: CLASS_TITLE[sampleClass], shortTitle: CLASS_SHORT[sampleClass], rows: rankEntries(list, primary!.def.direction) });
  }
  return {
    benchmark: 'medvision',
    slug: family.toLowerCase(),
    kind: 'family',
    title: FAMILY_TITLE[family],
    description:
      family === 'Detection'
        ? 'Bounding boxes of anatomy and tumours/lesions. Ranked by IoU over tumour/lesion regions (sample-weighted over label groups with ≥ 50 samples, as upstream).'
        : `Sample-weighted over label groups exactly as upstream's summarizer; ranked by MRE (lower is better).`,
    nUnit: 'samples',
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
  const byConfig = new Map<string, { family: TaskType; items: { e: MedvisionEntry & { submission: NonNullable<MedvisionEntry['submission']> }; c: ConfigResult; r: ModelResult }[] }>();
  for (const e of entries) {
    for (const c of e.configs) {
      const r = e.results.find((r) => r.model === c.model && r.task_type === c.task_type);
      if (!r || !c.metrics) continue;
      const slot = byConfig.get(c.config) ?? { family: c.task_type, items: [] };
      slot.items.push({ e, c, r });
      byConfig.set(c.config, slot);
    }
  }
  const out: Board[] = [];
  for (const [config, { family, items }] of [...byConfig].sort(([a], [b]) => a.localeCompare(b))) {
    const cols = configColumns(family);
    const [primary, ...secondary] = cols;
    const sections: Section[] = SAMPLE_CLASSES.map((sampleClass) => {
      const list: Entry[] = items
        .filter(({ r }) => r.sample_class === sampleClass)
        .map(({ e, c, r }) => {
          const values = samplesOf(e, r).filter((s) => s.config === config).map((s) => s.value);
          const boot = stratifiedBootstrap([values], 'pooled', { seedLabel: contentLabel(`medvision/config/${config}`, [values]) });
          const value = primary!.value(c.metrics!);
          return {
            ...identityOf(e.id, e.submission),
            n: c.metrics![G.n] ?? c.n_records,
            primary: value,
            ...(Number.isFinite(boot.lo) && value !== null ? { interval: { lo: boot.lo, hi: boot.hi, method: 'bootstrap' as const } } : {}),
            secondary: secondary.map((col) => col.value(c.metrics!)),
            sampleClass,
          };
        });
      return { id: sampleClass, title: CLASS_TITLE[sampleClass], rows: rankEntries(list, primary!.def.direction) };
    });
    out.push({
      benchmark: 'medvision',
      slug: configSlug(config),
      kind: 'config',
      title: `${config.replaceAll('_', ' ')}`,
      description: `One subtask config (${FAMILY_TITLE[family]}); plain means over its samples.`,
      nUnit: 'samples',
      primary: primary!,
      secondary,
      sections,
    });
  }
  return out;
}

type RankedEntry = MedvisionEntry & { submission: NonNullable<MedvisionEntry['submission']> };

/** The family boards and the per-subtask boards, over the submissions the gate ranks. */
export function medvisionBoards(admitted: Admitted): Board[] {
  const entries = rankedEntries(loadMedvision(), admitted);
  return [...FAMILIES.map((f) => familyBoard(f, entries)), ...configBoards(entries)];
}
