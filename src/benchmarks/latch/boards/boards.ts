import { resultsRoot } from '../../../board/paths';
import { isRegraded, scoreLatchFolder, type ReferenceUnit } from '../formats/index';
import { readLatchReferences } from '../reference/read';
import { coverageOf } from '../reference/coverage';
import { referencesRootFor } from '../../../ingest/references';
import { listSubmissionDirs, readSubmissionFolder } from '../../../ingest/submission/read';
import type { Finding } from '../../../core/findings';
import type { Submission } from '../../../core/submission-schema';
import { metric } from '../metrics';
import { summarizeRuns, type RunOutcome } from '../scorer/aggregate';
import { rankSection } from '../../../core/rank';
import { slugify } from '../../../core/slug';
import { identityOf, rankedEntries } from '../../../board/submission-meta';
import type { Admitted } from '../../../core/benchmark';
import type { Board, Entry, Section, UnrankedStatus } from '../../../core/board';

export interface LatchEntry {
  id: string;
  submission?: Submission;
  outcomes: RunOutcome[];
  findings: Finding[];
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
      const scored = await scoreLatchFolder(dir, { references });
      out.push({
        id: folder.folderId,
        ...(folder.submission ? { submission: folder.submission } : {}),
        outcomes: scored.runs.filter(isRegraded).map((r) => r.outcome),
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

/**
 * One board: the unit set is the reference's evals that `keepUnit` selects (the task category or
 * platform of the reference's own metadata). Entries with every unit at the required trials are
 * ranked; the others are listed with their coverage and their score on the evals they have.
 */
function board(kind: Board['kind'], slug: string, title: string, description: string, entries: RankedLatchEntry[], keepUnit: (u: ReferenceUnit) => boolean): Board {
  const primary = { def: metric('latch-accuracy'), label: 'Accuracy (%)' };
  const byVersion = new Map<string, { entry: Entry; verdict: Verdict }[]>();
  for (const e of entries) {
    const units = e.reference?.units.filter(keepUnit);
    if (e.reference && units!.length === 0) continue;
    if (!e.reference && kind !== 'overall') continue;
    const ids = new Set(units?.map((u) => u.id));
    const runs = e.outcomes.filter((o) => !e.reference || ids.has(o.evalId));
    const s = summarizeRuns(runs);
    const iv = s.unrounded;
    const trials = Object.values(s.n_trials).reduce((a, b) => a + b, 0);
    const cov = e.reference ? coverageOf(runs, e.reference.units, keepUnit) : undefined;
    const verdict: Verdict = !cov
      ? { status: 'not_ranked', reason: 'ground truth unverified: no reference holds these evals' }
      : cov.units < cov.total
        ? { status: 'partial', reason: `partial coverage: ${cov.units} of ${cov.total} evals with the required trials${cov.short.length ? ` (too few trials: ${cov.short.slice(0, 3).join(', ')}${cov.short.length > 3 ? ', …' : ''})` : ''}${cov.missing.length ? ` (missing: ${cov.missing.slice(0, 3).join(', ')}${cov.missing.length > 3 ? ', …' : ''})` : ''}; score on those evals only` }
        : true;
    const version = e.reference?.version ?? '';
    const list = byVersion.get(version) ?? [];
    list.push({
      verdict,
      entry: {
        ...identityOf(e.id, e.submission),
        n: s.n_evals,
        primary: Number.isFinite(iv.mean) ? iv.mean : null,
        ...(s.n_evals > 1 && Number.isFinite(iv.ci_lower) ? { interval: { lo: iv.ci_lower, hi: iv.ci_upper, method: 't' as const } } : {}),
        secondary: [],
        unitValues: s.per_eval_means_pct,
        composition: [`${s.n_evals} evals, ${trials} runs; each eval's trials averaged, then the mean over evals`],
        ...(cov ? { coverage: { units: cov.units, total: cov.total, unit: 'evals' } } : {}),
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
    return { id: split ? `v-${version || 'unverified'}` : 'all', title: split ? `Reference ${version || 'none'}` : 'All submissions', rows, ...(unranked.length ? { unranked } : {}) };
  });
  return {
    benchmark: 'latch',
    slug,
    kind,
    title,
    description,
    nUnit: 'evals',
    evidence: { unit: 'evals', method: '95 % t-interval over evals (n − 1 df); each eval’s trials are averaged inside the eval first, so trials never count as independent units', minUnits: 5 },
    primary,
    secondary: [],
    sections,
  };
}

type RankedLatchEntry = LatchEntry & { submission: NonNullable<LatchEntry['submission']> };

/** Overall, per task category and per platform, over the submissions the gate ranks (categories from the references' eval metadata, never a submission's). */
export async function latchBoards(admitted: Admitted): Promise<Board[]> {
  const entries = rankedEntries(await loadLatch(), admitted);
  const units = entries.flatMap((e) => e.reference?.units ?? []);
  const tasks = [...new Set(units.map((u) => u.task).filter((t): t is string => !!t))].sort();
  const kits = [...new Set(units.map((u) => u.kit).filter((t): t is string => !!t))].sort();
  return [
    board('overall', 'overall', 'Overall', 'Every eval weighs the same: each eval’s trials are averaged, then the mean over evals with a 95 % t-interval. Ranked: entries with every eval of the reference at the required trials.', entries, () => true),
    ...tasks.map((t) => board('category', `task/${slugify(t)}`, `Task: ${t}`, `Evals of the task category “${t}” (from the reference).`, entries, (u) => u.task === t)),
    ...kits.map((k) => board('platform', `platform/${slugify(k)}`, `Platform: ${k}`, `Evals run on the “${k}” platform (kit, from the reference).`, entries, (u) => u.kit === k)),
  ];
}
