/**
 * The data API's per-sample files for the latch suites: one per entry and eval, one record per
 * trial with our re-graded outcome and score. The eval JSONs (the ground truth the submitter
 * provided) and the agents' answers are never copied in.
 */
import { entryKeyOf } from '../../../board/submission-meta';
import { slugify } from '../../../core/slug';
import type { Admitted, SampleColumn, SampleFile, SubmissionSamples } from '../../../core/benchmark';
import { sourcesFromFiles } from '../../../core/sample-sources';
import { resultsRoot } from '../../../board/paths';
import { loadLatch } from './boards';

const COLUMNS: SampleColumn[] = [
  { name: 'sample_id', type: 'string', description: '`<eval id>#<trial_index>`' },
  { name: 'eval_id', type: 'string', description: 'the eval (the board’s unit)' },
  { name: 'trial_index', type: 'int', description: 'the run’s trial_index' },
  { name: 'passed', type: 'boolean', description: 'our re-graded outcome of the run' },
  { name: 'score', type: 'double', description: 'our re-graded score of the run (mean over the eval’s graders)' },
];

const unitId = (evalId: string) => (/^[A-Za-z0-9][A-Za-z0-9._-]*$/.test(evalId) ? evalId : slugify(evalId));

/** Every admitted (ranked or under-review) submission's per-trial files, one per eval. */
export async function latchSampleFiles(admitted: Admitted): Promise<SubmissionSamples[]> {
  const out: SampleFile[] = [];
  for (const e of await loadLatch()) {
    if (!e.submission || !(admitted.ranked(e.id) || admitted.underReview(e.id))) continue;
    const byEval = new Map<string, NonNullable<typeof e.trials>>();
    for (const t of e.trials ?? []) byEval.set(t.evalId, [...(byEval.get(t.evalId) ?? []), t]);
    const used = new Set<string>();
    for (const evalId of [...byEval.keys()].sort()) {
      let unit = unitId(evalId);
      while (used.has(unit)) unit = `${unit}-x`;
      used.add(unit);
      const trials = byEval.get(evalId)!.slice().sort((a, b) => a.trial - b.trial);
      out.push({
        submission: e.id,
        entryKey: entryKeyOf(e.submission),
        unit,
        unitLabel: evalId,
        unitKind: 'eval',
        columns: COLUMNS,
        rows: trials.map((t) => ({ sample_id: `${evalId}#${t.trial}`, eval_id: evalId, trial_index: t.trial, passed: t.passed, score: Number.isFinite(t.score) ? t.score : null })),
      });
    }
  }
  return sourcesFromFiles(out, (id) => `${resultsRoot()}/latch/${id}`);
}
