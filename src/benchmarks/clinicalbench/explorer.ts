/**
 * ClinicalBench's per-sample explorer units: one per seed × task, one row per episode, each
 * entry's recomputed score breakdown, its action log with our replay's step rewards and flag
 * outcomes, and the planted errors each flag hit or missed. The ground truth is not a hidden
 * answer key: anyone regenerates it from the public seed with the public upstream generator.
 * Submitted step rewards are untrusted and shown only as claims beside ours.
 */
import { relative } from 'node:path';
import { entryKeyOf } from '../../board/submission-meta';
import { listSubmissionDirs, readSubmissionFolder } from '../../ingest/submission/read';
import { resultsRoot } from '../../board/paths';
import type { Admitted, ExplorerCell, ExplorerUnit, ExplorerUnitHead } from '../../core/benchmark';
import { headsOfUnits } from '../../core/explorer-unit';
import type { AuditAction } from './scorer/episode';
import { regeneratedGroundTruth } from './formats/ground-truth';
import { actionLogText, flagSummary, plantedErrorsText } from './explorer-rows';
import { findEpisodeFiles } from './formats/discover';
import { readEpisodeFile } from './formats/read-episodes';
import { loadClinicalbench } from './boards/boards';
import type { EpisodeScore } from './formats/score-episodes';
import { seedPagePath } from './boards/seeds';
import { TASKS, type TaskId } from './scorer/tasks';
import { metric } from './metrics';

const COMPONENTS = ['recall', 'precision', 'workflow', 'efficiency', 'report'] as const;

interface SubmittedEpisode {
  actions: AuditAction[];
  claimedRewards?: number[];
}

function cellOf(ep: EpisodeScore, submitted: SubmittedEpisode | undefined): ExplorerCell {
  const b = ep.breakdown;
  const f = flagSummary(ep.replay);
  const summary =
    `${f.flags} flags: ${f.hits} hit, ${f.falsePositives} false positive` +
    `${f.duplicates ? `, ${f.duplicates} duplicate` : ''}${f.blocked ? `, ${f.blocked} blocked` : ''}; ${f.missed} missed; ` +
    (ep.counters.report_submitted ? 'report submitted' : 'no report');
  const texts = [
    ...(submitted
      ? [{ label: `Action log (${submitted.actions.length} actions, step rewards by our replay)`, body: actionLogText(submitted.actions, ep.replay, submitted.claimedRewards) }]
      : []),
    { label: 'Planted errors: hit or missed', body: plantedErrorsText(ep.replay) },
  ];
  return {
    value: Number.isFinite(b.benchmark_score) ? b.benchmark_score : null,
    outcome: ep.counters.report_submitted ? 'success' : 'failure',
    answer: summary,
    metrics: Object.fromEntries(COMPONENTS.map((k) => [k, Number.isFinite(b[k]) ? b[k] : null])),
    texts,
  };
}

/** The ground truth in one line: the planted errors by type and the bias, regenerated from the seed. */
function truthSummary(seed: number, task: TaskId): string | undefined {
  const r = regeneratedGroundTruth(seed, task);
  if (!r.ok) return undefined;
  const byType = new Map<string, number>();
  for (const e of r.truth.errors) byType.set(e.error_type, (byType.get(e.error_type) ?? 0) + 1);
  const types = [...byType].map(([t, n]) => `${n} ${t}`).join(', ');
  const bias = r.truth.bias_actionable ? 'actionable selection bias' : r.truth.bias_present ? 'selection bias below the protocol thresholds' : 'no selection bias';
  return `${r.truth.errors.length} planted errors (${types || 'none'}); ${bias}`;
}

/** The submitted action logs of one submission folder, by `<file>|<episode id>`. */
async function actionLogs(dir: string): Promise<Map<string, SubmittedEpisode>> {
  const out = new Map<string, SubmittedEpisode>();
  for (const file of await findEpisodeFiles(dir)) {
    const shown = relative(dir, file);
    for (const e of (await readEpisodeFile(file, shown)).episodes) {
      const claimed = e.record.claimed?.step_rewards;
      out.set(`${shown}|${e.id}`, { actions: e.actions, ...(claimed ? { claimedRewards: claimed } : {}) });
    }
  }
  return out;
}

/** Every seed × task an admitted (ranked or under-review) submission played, as explorer units. */
export async function clinicalbenchExplorer(admitted: Admitted, root = resultsRoot()): Promise<ExplorerUnitHead[]> {
  const dirs = new Map(listSubmissionDirs(root, 'clinicalbench').map((d) => [readSubmissionFolder(d, root).folderId, d]));
  const byUnit = new Map<string, { seed: number; task: TaskId; entries: { entryKey: string; submission: string; ranked: boolean; cells: ExplorerCell[] }[] }>();
  for (const e of await loadClinicalbench(root)) {
    const ranked = admitted.ranked(e.id);
    if (!e.submission || !(ranked || admitted.underReview(e.id))) continue;
    const dir = dirs.get(e.id);
    const logs = dir ? await actionLogs(dir) : new Map<string, SubmittedEpisode>();
    const mine = new Map<string, ExplorerCell[]>();
    for (const ep of e.episodes as EpisodeScore[]) {
      const k = `${ep.seed}-${ep.task_id}`;
      mine.set(k, [...(mine.get(k) ?? []), cellOf(ep, logs.get(`${ep.path}|${ep.id}`))]);
      if (!byUnit.has(k)) byUnit.set(k, { seed: ep.seed, task: ep.task_id, entries: [] });
    }
    for (const [k, cells] of mine) byUnit.get(k)!.entries.push({ entryKey: entryKeyOf(e.submission), submission: e.id, ranked, cells });
  }
  const units = [...byUnit.keys()].sort().map((unit): ExplorerUnit => {
    const { seed, task, entries } = byUnit.get(unit)!;
    const n = Math.max(...entries.map((x) => x.cells.length));
    const truth = truthSummary(seed, task);
    return {
      unit,
      label: `${task}@${seed}`,
      unitKind: 'seed × task',
      group: `${TASKS[task].label} (${task})`,
      sampleNoun: 'episodes',
      truth: 'public',
      notes: [
        `The ground truth (the planted errors) is regenerated from seed ${seed} by our port of the public upstream generator: anyone can derive it, so each row shows which flag hit which planted error and which errors were missed.`,
        `The dataset the agent saw is on the seed page (/${seedPagePath(seed, task)}).`,
        'Score, components and step rewards are our replay of the submitted action log against the regenerated ground truth (the board’s per-episode values); a submitted step reward is shown only as “claimed” beside ours, with ≠ where it differs. Episodes of different entries with the same index are not paired.',
      ],
      metric: metric('cb-benchmark-score'),
      disagreeMargin: 0.1,
      metrics: COMPONENTS.map((k) => ({ label: k, def: metric(`cb-${k}`) })),
      fields: [],
      samples: Array.from({ length: n }, (_, i) => ({ id: `${seed}/${task}#${i}`, ...(truth === undefined ? {} : { truth }), fields: [] })),
      entries: entries
        .slice()
        .sort((a, b) => Number(b.ranked) - Number(a.ranked) || a.entryKey.localeCompare(b.entryKey))
        .map((x) => ({ ...x, cells: Array.from({ length: n }, (_, i) => x.cells[i] ?? null) })),
    };
  });
  return headsOfUnits(units);
}
