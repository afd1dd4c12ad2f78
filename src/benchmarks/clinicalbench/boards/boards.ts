import { resultsRoot } from '../../../board/paths';
import { relative } from 'node:path';
import { findEpisodeFiles, unrecognisedEpisodeFiles } from '../formats/discover';
import { readEpisodeFile } from '../formats/read-episodes';
import { scoreEpisodes } from '../formats/score-episodes';
import { listSubmissionDirs, readSubmissionFolder } from '../../../ingest/submission/read';
import type { Finding } from '../../../core/findings';
import type { Submission } from '../../../core/submission-schema';
import { metric } from '../metrics';
import { summarizeEpisodes, type ScoredEpisode, type MeanInterval } from '../scorer/aggregate';
import { TASK_IDS, TASKS, type TaskId } from '../scorer/tasks';
import { AVERAGE_COLUMN, PRECISION_COLUMN, TASK_COLUMNS } from '../columns';
import type { ScoreBreakdown } from '../scorer/counters';
import { rankEntries } from '../../../core/rank';
import { identityOf, rankedEntries } from '../../../board/submission-meta';
import type { Admitted } from '../../../core/benchmark';
import type { Board, Entry } from '../../../core/board';
import { seedPagePath } from './seeds';

export interface ClinicalEntry {
  id: string;
  submission?: Submission;
  episodes: ScoredEpisode[];
  findings: Finding[];
}

let cache: Promise<ClinicalEntry[]> | undefined;

/** Replay every ClinicalBench submission's episodes against regenerated ground truth (once per build). */
export function loadClinicalbench(root = resultsRoot()): Promise<ClinicalEntry[]> {
  cache ??= (async () => {
    const out: ClinicalEntry[] = [];
    for (const dir of listSubmissionDirs(root, 'clinicalbench')) {
      const folder = readSubmissionFolder(dir, root);
      const findings = [...folder.findings, ...unrecognisedEpisodeFiles(dir)];
      const episodes: ScoredEpisode[] = [];
      for (const file of await findEpisodeFiles(dir)) {
        const shown = relative(dir, file);
        const read = await readEpisodeFile(file, shown);
        const scored = scoreEpisodes(read, shown);
        findings.push(...read.findings, ...scored.findings);
        episodes.push(...scored.scores);
      }
      out.push({ id: folder.folderId, ...(folder.submission ? { submission: folder.submission } : {}), episodes, findings });
    }
    return out;
  })();
  return cache;
}

const DIFFICULTIES: { task: TaskId; key: 'easy' | 'medium' | 'hard'; title: string }[] = TASK_IDS.map((t) => ({ task: t, key: TASKS[t].rowKey, title: TASKS[t].label }));

const COMPONENTS: (keyof ScoreBreakdown)[] = ['recall', 'precision', 'workflow', 'efficiency', 'report'];
const WEIGHT: Record<string, number> = { recall: 0.7, precision: 0.15, workflow: 0.05, efficiency: 0.05, report: 0.05 };

/** A board column headed with the metric's own label. */
const column = (id: string) => ({ def: metric(id), label: metric(id).label });
const val = (m: MeanInterval) => (Number.isFinite(m.mean) ? m.mean : null);
const iv = (m: MeanInterval) => (m.n > 1 && Number.isFinite(m.low) && Number.isFinite(m.high) ? { interval: { lo: m.low, hi: m.high, method: 't' as const } } : {});
const mean = (xs: number[]) => (xs.length ? xs.reduce((s, v) => s + v, 0) / xs.length : null);

function overall(entries: RankedClinicalEntry[]): Board {
  const list: Entry[] = [];
  for (const e of entries) {
    if (e.episodes.length === 0) continue;
    const s = summarizeEpisodes(e.episodes);
    list.push({
      ...identityOf(e.id, e.submission),
      n: s.average.n,
      primary: val(s.average),
      ...iv(s.average),
      secondary: [...TASK_COLUMNS, PRECISION_COLUMN].map((c) => val(s[c.rowKey])),
      composition: s.rows.map((r) => `seed ${r.seed}: ${[r.easy, r.medium, r.hard].map((v) => (v === null ? '—' : v.toFixed(3))).join(' / ')}`),
      links: s.seeds.map((seed) => ({ label: `seed ${seed}`, href: seedPagePath(seed, TASK_IDS[0]) })),
    });
  }
  return {
    benchmark: 'clinicalbench',
    slug: 'overall',
    kind: 'overall',
    title: 'Average over difficulties',
    description: 'Mean of the Easy, Medium and Hard scores per seed, then the mean over seeds with a 95 % t-interval (seeds are the units).',
    nUnit: 'seeds',
    primary: { def: AVERAGE_COLUMN.def, label: AVERAGE_COLUMN.def.label },
    secondary: [...TASK_COLUMNS, PRECISION_COLUMN].map((c) => ({ def: c.def, label: c.task ? c.name : c.def.label })),
    sections: [{ id: 'all', title: 'All submissions', rows: rankEntries(list, 'higher') }],
  };
}

function difficulty(entries: RankedClinicalEntry[], d: (typeof DIFFICULTIES)[number]): Board {
  const list: Entry[] = [];
  for (const e of entries) {
    const eps = e.episodes.filter((x) => x.task_id === d.task);
    if (eps.length === 0) continue;
    const s = summarizeEpisodes(eps);
    const comp = COMPONENTS.map((c) => mean(eps.map((x) => x.breakdown[c])));
    list.push({
      ...identityOf(e.id, e.submission),
      n: s[d.key].n,
      primary: val(s[d.key]),
      ...iv(s[d.key]),
      secondary: comp,
      composition: COMPONENTS.map((c, i) => `${WEIGHT[c]} × ${c} ${comp[i] === null ? '—' : comp[i]!.toFixed(3)}`).concat('clamped to [0.01, 0.99]'),
      links: s.seeds.map((seed) => ({ label: `seed ${seed}`, href: seedPagePath(seed, d.task) })),
    });
  }
  return {
    benchmark: 'clinicalbench',
    slug: d.key,
    kind: 'difficulty',
    title: d.title,
    description: `The ${d.title.toLowerCase()} task: benchmark score per episode, mean over seeds with a 95 % t-interval; components are means over the episodes.`,
    nUnit: 'seeds',
    primary: column('cb-benchmark-score'),
    secondary: [
      ...['cb-recall', 'cb-precision', 'cb-workflow', 'cb-efficiency', 'cb-report'].map(column),
    ],
    sections: [{ id: 'all', title: 'All submissions', rows: rankEntries(list, 'higher') }],
  };
}

type RankedClinicalEntry = ClinicalEntry & { submission: NonNullable<ClinicalEntry['submission']> };

/** The overall board and one per difficulty, over the submissions the gate ranks. */
export async function clinicalbenchBoards(admitted: Admitted): Promise<Board[]> {
  const entries = rankedEntries(await loadClinicalbench(), admitted);
  if (entries.length === 0) return [];
  return [overall(entries), ...DIFFICULTIES.map((d) => difficulty(entries, d))];
}
