/**
 * ClinicalBench's per-sample explorer units: one per seed × task, one row per episode, each
 * entry's recomputed score breakdown and its action log. The ground truth (the planted errors) is
 * regenerated from the seed and is a hidden answer key (see `boards/seeds.ts`): nothing derived
 * from it is shown — no error list or count, no step rewards, no flag counts, and no mark of
 * which flag hit which planted error. The action log is the submitter's own file, as submitted.
 */
import { relative } from 'node:path';
import { entryKeyOf } from '../../board/submission-meta';
import { listSubmissionDirs, readSubmissionFolder } from '../../ingest/submission/read';
import { resultsRoot } from '../../board/paths';
import type { Admitted, ExplorerCell, ExplorerUnit } from '../../core/benchmark';
import type { AuditActionRecord } from './formats/schema';
import { findEpisodeFiles } from './formats/discover';
import { readEpisodeFile } from './formats/read-episodes';
import { loadClinicalbench } from './boards/boards';
import type { EpisodeScore } from './formats/score-episodes';
import { seedPagePath } from './boards/seeds';
import { TASKS, type TaskId } from './scorer/tasks';
import { metric } from './metrics';

const COMPONENTS = ['recall', 'precision', 'workflow', 'efficiency', 'report'] as const;

/** One action as a line: its type, then every field it carries. */
function actionLine(a: AuditActionRecord, i: number): string {
  const { action_type: type, ...rest } = a as Record<string, unknown> & { action_type?: string };
  const fields = Object.entries(rest)
    .filter(([, v]) => v !== null && v !== undefined)
    .map(([k, v]) => `${k}=${JSON.stringify(v)}`);
  return `${String(i + 1).padStart(3)}. ${type ?? 'flag_error'}${fields.length ? ` ${fields.join(' ')}` : ''}`;
}

function cellOf(ep: EpisodeScore, actions: readonly AuditActionRecord[] | undefined): ExplorerCell {
  const b = ep.breakdown;
  const count = (t: string) => (actions ?? []).filter((a) => (a.action_type ?? 'flag_error') === t).length;
  const summary = actions ? `${count('flag_error')} flags, ${count('investigate_pattern') + count('compute_distribution')} investigations, ${ep.counters.report_submitted ? 'report submitted' : 'no report'}` : '';
  return {
    value: Number.isFinite(b.benchmark_score) ? b.benchmark_score : null,
    outcome: ep.counters.report_submitted ? 'success' : 'failure',
    answer: summary,
    metrics: Object.fromEntries(COMPONENTS.map((k) => [k, Number.isFinite(b[k]) ? b[k] : null])),
    ...(actions ? { texts: [{ label: `Action log (${actions.length} actions, as submitted)`, body: actions.map(actionLine).join('\n') }] } : {}),
  };
}

/** The submitted action logs of one submission folder, by `<file>|<episode id>`. */
async function actionLogs(dir: string): Promise<Map<string, AuditActionRecord[]>> {
  const out = new Map<string, AuditActionRecord[]>();
  for (const file of await findEpisodeFiles(dir)) {
    const shown = relative(dir, file);
    for (const e of (await readEpisodeFile(file, shown)).episodes) out.set(`${shown}|${e.id}`, e.record.actions);
  }
  return out;
}

/** Every seed × task an admitted (ranked or under-review) submission played, as explorer units. */
export async function clinicalbenchExplorer(admitted: Admitted, root = resultsRoot()): Promise<ExplorerUnit[]> {
  const dirs = new Map(listSubmissionDirs(root, 'clinicalbench').map((d) => [readSubmissionFolder(d, root).folderId, d]));
  const byUnit = new Map<string, { seed: number; task: TaskId; entries: { entryKey: string; submission: string; ranked: boolean; cells: ExplorerCell[] }[] }>();
  for (const e of await loadClinicalbench(root)) {
    const ranked = admitted.ranked(e.id);
    if (!e.submission || !(ranked || admitted.underReview(e.id))) continue;
    const dir = dirs.get(e.id);
    const logs = dir ? await actionLogs(dir) : new Map<string, AuditActionRecord[]>();
    const mine = new Map<string, ExplorerCell[]>();
    for (const ep of e.episodes as EpisodeScore[]) {
      const k = `${ep.seed}-${ep.task_id}`;
      mine.set(k, [...(mine.get(k) ?? []), cellOf(ep, logs.get(`${ep.path}|${ep.id}`))]);
      if (!byUnit.has(k)) byUnit.set(k, { seed: ep.seed, task: ep.task_id, entries: [] });
    }
    for (const [k, cells] of mine) byUnit.get(k)!.entries.push({ entryKey: entryKeyOf(e.submission), submission: e.id, ranked, cells });
  }
  return [...byUnit.keys()].sort().map((unit): ExplorerUnit => {
    const { seed, task, entries } = byUnit.get(unit)!;
    const n = Math.max(...entries.map((x) => x.cells.length));
    return {
      unit,
      label: `${task}@${seed}`,
      unitKind: 'seed × task',
      group: `${TASKS[task].label} (${task})`,
      sampleNoun: 'episodes',
      truth: 'hidden',
      notes: [
        `The ground truth (the planted errors) is regenerated from seed ${seed} and is a hidden answer key: it is not shown, nor is anything derived from it — step rewards, flag counts, and which flag hit which planted error are left out.`,
        `What the agent saw is public: the dataset of this seed and task is on its seed page (/${seedPagePath(seed, task)}).`,
        'Score and its components are our replay of the submitted action log against the regenerated ground truth (the board’s per-episode values); episodes of different entries with the same index are not paired.',
      ],
      metric: metric('cb-benchmark-score'),
      disagreeMargin: 0.1,
      metrics: COMPONENTS.map((k) => ({ label: k, def: metric(`cb-${k}`) })),
      fields: [],
      samples: Array.from({ length: n }, (_, i) => ({ id: `${seed}/${task}#${i}`, fields: [] })),
      entries: entries
        .slice()
        .sort((a, b) => Number(b.ranked) - Number(a.ranked) || a.entryKey.localeCompare(b.entryKey))
        .map((x) => ({ ...x, cells: Array.from({ length: n }, (_, i) => x.cells[i] ?? null) })),
    };
  });
}
