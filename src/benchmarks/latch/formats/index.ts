import type { Finding } from '../../../core/findings';
import { aggregateBoard, type BoardAggregate, type RunOutcome } from '../scorer/aggregate';
import { readLatchFolder, readManifest } from './read';
import { compareWithRecorded, regradeAnswer, type Regraded } from './regrade';
import type { RunResult } from './schemas';

export interface ScoredRun {
  path: string;
  run: RunResult;
  evalId: string;
  ours?: Regraded;
  outcome: RunOutcome;
}

export interface LatchScore {
  runs: ScoredRun[];
  aggregate: BoardAggregate;
  findings: Finding[];
}

/** Read a latch results folder, re-grade every run and aggregate the recomputed outcomes. */
export async function scoreLatchFolder(root: string): Promise<LatchScore> {
  const folder = await readLatchFolder(root);
  const manifest = await readManifest(root);
  const findings = [...folder.findings];
  const runs: ScoredRun[] = [];
  for (const { path, run } of folder.runs) {
    const evalId = run.result.test_id;
    const spec = folder.evals.get(evalId)?.spec;
    let ours: Regraded | undefined;
    if (spec) {
      ours = regradeAnswer(spec, run.result.agent_answer);
      findings.push(...compareWithRecorded(path, run, ours));
    } else {
      findings.push({ path, pointer: '$.result.test_id', severity: 'error', message: `eval ${evalId}: no eval JSON found, so the run cannot be re-graded (add evals/<task>/<eval>.json); it is left out of the recomputed scores` });
    }
    const meta = manifest.get(evalId) ?? {};
    const task = meta.task ?? spec?.metadata?.task;
    const kit = meta.kit ?? spec?.metadata?.kit;
    const outcome: RunOutcome = {
      evalId,
      model: run.model_name,
      harness: run.harness,
      passed: ours && !ours.error ? ours.passed : run.result.passed,
      ...(task ? { task } : {}),
      ...(kit ? { kit } : {}),
    };
    runs.push({ path, run, evalId, ...(ours ? { ours } : {}), outcome });
  }
  // Only re-graded runs count: a recorded outcome we could not recompute is never trusted.
  return { runs, aggregate: aggregateBoard(runs.filter(isRegraded).map((r) => r.outcome)), findings };
}

export function isRegraded(r: ScoredRun): boolean {
  return r.ours !== undefined && r.ours.error === undefined;
}
