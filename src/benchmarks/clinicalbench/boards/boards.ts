import { resultsRoot } from '../../../board/paths';
import { relative } from 'node:path';
import { findEpisodeFiles, unrecognisedEpisodeFiles } from '../formats/discover';
import { readEpisodeFile } from '../formats/read-episodes';
import { scoreEpisodes } from '../formats/score-episodes';
import { listSubmissionDirs, readSubmissionFolder } from '../../../ingest/submission/read';
import type { Finding } from '../../../core/findings';
import type { Submission } from '../../../core/submission-schema';
import { metric } from '../metrics';
import { formatMetric } from '../../../core/format';
import { summarizeEpisodes, type ScoredEpisode, type MeanInterval, type SeedRow } from '../scorer/aggregate';
import { TASK_IDS, TASKS, type TaskId } from '../scorer/tasks';
import { AVERAGE_COLUMN, PRECISION_COLUMN, TASK_COLUMNS } from '../columns';
import type { ScoreBreakdown } from '../scorer/counters';
import { rankSection } from '../../../core/rank';
import { readClinicalbenchReferences } from '../reference/read';
import { pickSeedVersion, seedCoverage, type SeedCoverage } from '../reference/coverage';
import { referencesOfKind, referencesRootFor, type ReferenceVersion } from '../../../ingest/references';
import type { ClinicalbenchReference } from '../reference/schema';
import { identityOf, listedEntries } from '../../../board/submission-meta';
import type { Admitted } from '../../../core/benchmark';
import type { Board, Entry, Section, UnrankedStatus } from '../../../core/board';
import { seedPagePath } from './seeds';

export interface ClinicalEntry {
  id: string;
  submission?: Submission;
  episodes: ScoredEpisode[];
  findings: Finding[];
  /** The reference version its seeds were matched with (absent: seed set unverified). */
  reference?: ReferenceVersion<ClinicalbenchReference>;
}

let cache: Promise<ClinicalEntry[]> | undefined;

/** Replay every ClinicalBench submission's episodes against regenerated ground truth (once per build). */
export function loadClinicalbench(root = resultsRoot()): Promise<ClinicalEntry[]> {
  cache ??= (async () => {
    const out: ClinicalEntry[] = [];
    const refs = readClinicalbenchReferences(referencesRootFor(root)).versions;
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
      const reference = pickSeedVersion(episodes.map((e) => e.seed), referencesOfKind(refs, folder.submission?.synthetic === true));
      out.push({ id: folder.folderId, ...(folder.submission ? { submission: folder.submission } : {}), episodes, findings, ...(reference ? { reference } : {}) });
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
/** One value per seed (the board's independent unit), for the paired minimum detectable difference. */
const perSeed = (rows: readonly SeedRow[], pick: (r: SeedRow) => number | null) =>
  Object.fromEntries(rows.flatMap((r) => { const v = pick(r); return v === null ? [] : [[String(r.seed), v]]; }));
const EVIDENCE = { unit: 'seeds', method: '95 % t-interval over seeds (n − 1 df); a seed’s episodes are scored together first, so tasks and episodes never count as independent units', minUnits: 3 };

type Verdict = { status: UnrankedStatus; reason: string } | true;
type Item = { entry: Entry; verdict: Verdict; version: string };

/** An entry's episodes on the reference's seeds only (other seeds are never on a board), and its coverage. */
function onReference(e: RankedClinicalEntry, tasks?: readonly string[]): { episodes: ScoredEpisode[]; cov: SeedCoverage; verdict: Verdict } {
  const episodes = e.reference ? e.episodes.filter((x) => e.reference!.data.seeds.includes(x.seed)) : e.episodes;
  const cov = seedCoverage(episodes.map((x) => ({ seed: x.seed, task: x.task_id })), e.reference, tasks);
  const verdict: Verdict = !e.reference
    ? { status: 'not_ranked', reason: 'seed set unverified: no reference holds these seeds' }
    : cov.units < cov.total
      ? { status: 'partial', reason: `partial coverage: ${cov.units} of ${cov.total} seed × task pairs (missing ${cov.missing.slice(0, 3).join(', ')}${cov.missing.length > 3 ? ', …' : ''}); score on the pairs played` }
      : true;
  return { episodes, cov, verdict };
}

/** One section per reference version (a single one when every row used the same). */
function sectionsOf(items: Item[]): Section[] {
  const versions = [...new Set(items.map((i) => i.version))].sort();
  return (versions.length ? versions : ['']).map((version) => {
    const list = items.filter((i) => i.version === version);
    const verdicts = new Map(list.map((i) => [i.entry, i.verdict]));
    const { rows, unranked } = rankSection(list.map((i) => i.entry), { direction: 'higher', rankable: (x) => verdicts.get(x) ?? true });
    const split = versions.length > 1;
    return { id: split ? `v-${version || 'unverified'}` : 'all', title: split ? `Reference ${version || 'none'}` : 'All submissions', rows, ...(unranked.length ? { unranked } : {}) };
  });
}

function overall(entries: RankedClinicalEntry[]): Board {
  const list: Item[] = [];
  for (const e of entries) {
    const { episodes, cov, verdict } = onReference(e);
    if (episodes.length === 0) continue;
    const s = summarizeEpisodes(episodes);
    list.push({ version: e.reference?.version ?? '', verdict, entry: {
      ...(e.reference ? { coverage: { units: cov.units, total: cov.total, unit: 'seed × task pairs' } } : {}),
      ...identityOf(e.id, e.submission, e.underReview),
      n: s.average.n,
      primary: val(s.average),
      ...iv(s.average),
      unitValues: () => perSeed(s.rows, (r) => r.average),
      secondary: [...TASK_COLUMNS, PRECISION_COLUMN].map((c) => val(s[c.rowKey])),
      composition: s.rows.map((r) => `seed ${r.seed}: ${[r.easy, r.medium, r.hard].map((v) => formatMetric(metric('cb-benchmark-score'), v)).join(' / ')}`),
      links: s.seeds.map((seed) => ({ label: `seed ${seed}`, href: seedPagePath(seed, TASK_IDS[0]) })),
    } });
  }
  return {
    benchmark: 'clinicalbench',
    slug: 'overall',
    kind: 'overall',
    title: 'Average over difficulties',
    description: 'Mean of the Easy, Medium and Hard scores per seed, then the mean over seeds with a 95 % t-interval (seeds are the units).',
    nUnit: 'seeds',
    evidence: EVIDENCE,
    primary: { def: AVERAGE_COLUMN.def, label: AVERAGE_COLUMN.def.label },
    secondary: [...TASK_COLUMNS, PRECISION_COLUMN].map((c) => ({ def: c.def, label: c.task ? c.name : c.def.label })),
    sections: sectionsOf(list),
  };
}

function difficulty(entries: RankedClinicalEntry[], d: (typeof DIFFICULTIES)[number]): Board {
  const list: Item[] = [];
  for (const e of entries) {
    const { episodes, cov, verdict } = onReference(e, [d.task]);
    const eps = episodes.filter((x) => x.task_id === d.task);
    if (eps.length === 0) continue;
    const s = summarizeEpisodes(eps);
    const comp = COMPONENTS.map((c) => mean(eps.map((x) => x.breakdown[c])));
    list.push({ version: e.reference?.version ?? '', verdict, entry: {
      ...(e.reference ? { coverage: { units: cov.units, total: cov.total, unit: 'seeds' } } : {}),
      ...identityOf(e.id, e.submission, e.underReview),
      n: s[d.key].n,
      primary: val(s[d.key]),
      ...iv(s[d.key]),
      unitValues: () => perSeed(s.rows, (r) => r[d.key]),
      secondary: comp,
      composition: COMPONENTS.map((c, i) => `${WEIGHT[c]} × ${c} ${formatMetric(metric(`cb-${c}`), comp[i])}`).concat('clamped to [0.01, 0.99]'),
      links: s.seeds.map((seed) => ({ label: `seed ${seed}`, href: seedPagePath(seed, d.task) })),
    } });
  }
  return {
    benchmark: 'clinicalbench',
    slug: d.key,
    kind: 'difficulty',
    title: d.title,
    description: `The ${d.title.toLowerCase()} task: benchmark score per episode, mean over seeds with a 95 % t-interval; components are means over the episodes.`,
    nUnit: 'seeds',
    evidence: EVIDENCE,
    primary: column('cb-benchmark-score'),
    secondary: [
      ...['cb-recall', 'cb-precision', 'cb-workflow', 'cb-efficiency', 'cb-report'].map(column),
    ],
    sections: sectionsOf(list),
  };
}

type RankedClinicalEntry = ClinicalEntry & { submission: NonNullable<ClinicalEntry['submission']>; underReview?: boolean };

/** The overall board and one per difficulty, over the submissions the gate ranks. */
export async function clinicalbenchBoards(admitted: Admitted): Promise<Board[]> {
  const entries = listedEntries(await loadClinicalbench(), admitted);
  if (entries.length === 0) return [];
  return [overall(entries), ...DIFFICULTIES.map((d) => difficulty(entries, d))];
}
