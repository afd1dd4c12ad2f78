import { resultsRoot } from '../../../board/paths';
import { isRegraded, scoreLatchFolder, type ReferenceUnit } from '../formats/index';
import { readLatchReferences } from '../reference/read';
import { coverageOf } from '../reference/coverage';
import { referencesOfKind, referencesRootFor } from '../../../ingest/references';
import { listSubmissionDirs, readSubmissionFolder } from '../../../ingest/submission/read';
import type { Finding } from '../../../core/findings';
import type { Submission } from '../../../core/submission-schema';
import { metric } from '../metrics';
import { summarizeRuns, type RunOutcome } from '../scorer/aggregate';
import { rankSection } from '../../../core/rank';
import { slugify } from '../../../core/slug';
import { identityOf, listedEntries } from '../../../board/submission-meta';
import type { Admitted } from '../../../core/benchmark';
import type { Board, Entry, Section, UnrankedStatus } from '../../../core/board';
import { LATCH_SUITES, suiteNamed, type LatchSuite } from '../suites';

export interface LatchEntry {
  id: string;
  submission?: Submission;
  outcomes: RunOutcome[];
  findings: Finding[];
  /** Each re-graded run's own outcome and score (ours), for the data API's per-sample files. */
  trials?: { evalId: string; trial: number; passed: boolean; score: number; answer: unknown; reasoning?: string }[];
  /** Each trusted eval's grader type(s) and config (the public eval JSON, equal to the reference's), for the explorer. */
  graders?: Record<string, { type: string; config: unknown }[]>;
  /** The reference version its evals were compared with, and that version's eval set (absent: unverified). */
  reference?: { version: string; units: ReferenceUnit[] };
}

let cache: Promise<LatchEntry[]> | undefined;

/** Ingest, re-grade and keep every latch submission's run outcomes (once per build). */
export function loadLatch(root = resultsRoot()): Promise<LatchEntry[]> {
  cache ??= (async () => {
    const out: LatchEntry[] = [];
    const references = readLatchReferences(referencesRootFor(root)).versions;
    for (const dir of listSubmissionDirs(root, 'latch')) {
      const folder = readSubmissionFolder(dir, root);
      const scored = await scoreLatchFolder(dir, { references: referencesOfKind(references, folder.submission?.synthetic === true) });
      out.push({
        id: folder.folderId,
        ...(folder.submission ? { submission: folder.submission } : {}),
        outcomes: scored.runs.filter(isRegraded).map((r) => r.outcome),
        trials: scored.runs.filter(isRegraded).map((r) => ({ evalId: r.evalId, trial: r.run.trial_index, passed: r.ours!.passed, score: r.ours!.score, answer: r.run.result.agent_answer, ...(r.ours!.reasoning !== undefined ? { reasoning: r.ours!.reasoning } : {}) })),
        graders: Object.fromEntries(scored.graders),
        findings: [...folder.findings, ...scored.findings],
        ...(scored.reference ? { reference: scored.reference } : {}),
      });
    }
    return out;
  })();
  return cache;
}

/** Per-eval pass rates (%) of one submission's runs, optionally one task category or platform. */
export function perEvalMeans(outcomes: readonly RunOutcome[]): Record<string, number> {
  return summarizeRuns(outcomes).per_eval_means_pct;
}

type Verdict = { status: UnrankedStatus; reason: string } | true;

/** The evals of a suite in an entry's reference (the reference's eval → suite map). */
const unitsOf = (e: LatchEntry, suite: LatchSuite) => e.reference?.units.filter((u) => suiteNamed(u.suite) === suite) ?? [];

/** Whether an entry has runs of a suite's evals: only then is it on that suite's boards. */
function runsIn(e: LatchEntry, suite: LatchSuite): boolean {
  const ids = new Set(unitsOf(e, suite).map((u) => u.id));
  return e.outcomes.some((o) => ids.has(o.evalId));
}

/**
 * One board of one suite: the unit set is the suite's evals in the reference that `keepUnit`
 * selects (the task category or platform of the reference's own metadata). An entry's runs of
 * other suites' evals never count here. Entries with every unit at the required trials are ranked;
 * the others are listed with their coverage and their score on the evals they have.
 */
function board(suite: LatchSuite, kind: Board['kind'], slug: string, title: string, description: string, entries: RankedLatchEntry[], keepUnit: (u: ReferenceUnit) => boolean): Board {
  const primary = { def: metric('latch-accuracy'), label: 'Accuracy (%)' };
  const byVersion = new Map<string, { entry: Entry; verdict: Verdict }[]>();
  for (const e of entries) {
    if (!runsIn(e, suite)) continue;
    const units = unitsOf(e, suite).filter(keepUnit);
    if (units.length === 0) continue;
    const ids = new Set(units.map((u) => u.id));
    const runs = e.outcomes.filter((o) => ids.has(o.evalId));
    const s = summarizeRuns(runs);
    const iv = s.unrounded;
    const trials = Object.values(s.n_trials).reduce((a, b) => a + b, 0);
    const cov = coverageOf(runs, units);
    const verdict: Verdict =
      cov.units < cov.total
        ? { status: 'partial', reason: `partial coverage: ${cov.units} of ${cov.total} ${suite.name} evals with the required trials${cov.short.length ? ` (too few trials: ${cov.short.slice(0, 3).join(', ')}${cov.short.length > 3 ? ', …' : ''})` : ''}${cov.missing.length ? ` (missing: ${cov.missing.slice(0, 3).join(', ')}${cov.missing.length > 3 ? ', …' : ''})` : ''}; score on those evals only` }
        : true;
    const version = units[0]!.version;
    const list = byVersion.get(version) ?? [];
    list.push({
      verdict,
      entry: {
        ...identityOf(e.id, e.submission, e.underReview),
        n: s.n_evals,
        primary: Number.isFinite(iv.mean) ? iv.mean : null,
        ...(s.n_evals > 1 && Number.isFinite(iv.ci_lower) ? { interval: { lo: iv.ci_lower, hi: iv.ci_upper, method: 't' as const } } : {}),
        secondary: [],
        unitValues: () => s.per_eval_means_pct,
        composition: [`${s.n_evals} ${suite.name} evals, ${trials} runs; each eval's trials averaged, then the mean over evals`],
        coverage: { units: cov.units, total: cov.total, unit: 'evals' },
      },
    });
    byVersion.set(version, list);
  }
  const versions = [...byVersion.keys()].sort();
  const sections: Section[] = (versions.length ? versions : ['']).map((version) => {
    const list = byVersion.get(version) ?? [];
    const verdicts = new Map(list.map((i) => [i.entry, i.verdict]));
    const { rows, unranked } = rankSection(list.map((i) => i.entry), { direction: 'higher', rankable: (e) => verdicts.get(e) ?? true });
    const split = versions.length > 1;
    return { id: split ? `v-${version}` : 'all', title: split ? `${suite.name} reference ${version}` : 'All submissions', rows, ...(unranked.length ? { unranked } : {}) };
  });
  return {
    benchmark: 'latch',
    slug,
    kind,
    group: suite.name,
    title,
    description,
    nUnit: 'evals',
    evidence: { unit: 'evals', method: '95 % t-interval over evals (n − 1 df); each eval’s trials are averaged inside the eval first, so trials never count as independent units', minUnits: 5 },
    primary,
    secondary: [],
    sections,
  };
}

type RankedLatchEntry = LatchEntry & { submission: NonNullable<LatchEntry['submission']>; underReview?: boolean };

/** The boards of one suite: overall, per task category and per platform (categories from the reference's eval metadata, never a submission's). */
function suiteBoards(suite: LatchSuite, entries: RankedLatchEntry[]): Board[] {
  const mine = entries.filter((e) => runsIn(e, suite));
  if (!mine.length) return [];
  const units = mine.flatMap((e) => unitsOf(e, suite));
  const tasks = [...new Set(units.map((u) => u.task).filter((t): t is string => !!t))].sort();
  const kits = [...new Set(units.map((u) => u.kit).filter((t): t is string => !!t))].sort();
  const n = suite.name;
  return [
    board(suite, 'overall', `${suite.id}/overall`, `${n} — Overall`, `${n} evals only (a run belongs to a suite by its eval id, from the reference): every eval weighs the same, each eval’s trials are averaged, then the mean over evals with a 95 % t-interval. Ranked: entries with every ${n} eval of the reference at the required trials. Other suites have their own boards.`, mine, () => true),
    ...tasks.map((t) => board(suite, 'category', `${suite.id}/task/${slugify(t)}`, `${n} — Task: ${t}`, `${n} evals of the task category “${t}” (from the reference).`, mine, (u) => u.task === t)),
    ...kits.map((k) => board(suite, 'platform', `${suite.id}/platform/${slugify(k)}`, `${n} — Platform: ${k}`, `${n} evals run on the “${k}” platform (kit, from the reference).`, mine, (u) => u.kit === k)),
  ];
}

/**
 * Every suite's boards (scBench, SpatialBench, SpatialBench-Long: they share the graders, never a
 * ranking), over the submissions the gate ranks. A submission with runs of two suites is one entry
 * on each suite's boards; runs of evals whose suite the reference does not name (a located warning
 * from the reader) and submissions no reference holds (ground truth unverified) are on no board.
 */
export async function latchBoards(admitted: Admitted): Promise<Board[]> {
  const entries = listedEntries(await loadLatch(), admitted);
  return LATCH_SUITES.flatMap((suite) => suiteBoards(suite, entries));
}

/** A board URL from before the suites were split (`overall`, `task/<t>`, `platform/<k>`) and the suite boards it became. */
export interface MovedBoard {
  /** The old slug below `/benchmarks/latch/`. */
  slug: string;
  /** The suite boards now at that place: slug and title. */
  to: { slug: string; title: string }[];
}

/**
 * The old pooled board URLs, each kept as a page that links the suite boards it became (never a
 * pooled ranking): bookmarks and links keep working. From the reference units of the loaded
 * submissions, like the boards; every target is a board `latchBoards` makes for the same data.
 */
export async function movedLatchBoards(): Promise<MovedBoard[]> {
  const entries = await loadLatch();
  const moved = new Map<string, MovedBoard['to']>();
  const add = (slug: string, to: MovedBoard['to'][number]) => {
    const list = moved.get(slug) ?? [];
    if (!list.some((x) => x.slug === to.slug)) list.push(to);
    moved.set(slug, list);
  };
  for (const suite of LATCH_SUITES) {
    const mine = entries.filter((e) => e.submission && runsIn(e, suite));
    if (!mine.length) continue;
    add('overall', { slug: `${suite.id}/overall`, title: `${suite.name} — Overall` });
    for (const u of mine.flatMap((e) => unitsOf(e, suite))) {
      if (u.task) add(`task/${slugify(u.task)}`, { slug: `${suite.id}/task/${slugify(u.task)}`, title: `${suite.name} — Task: ${u.task}` });
      if (u.kit) add(`platform/${slugify(u.kit)}`, { slug: `${suite.id}/platform/${slugify(u.kit)}`, title: `${suite.name} — Platform: ${u.kit}` });
    }
  }
  return [...moved].sort(([a], [b]) => a.localeCompare(b)).map(([slug, to]) => ({ slug, to }));
}
