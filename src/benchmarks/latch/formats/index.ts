import type { Finding } from '../../../core/findings';
import type { ReferenceVersion } from '../../../ingest/references';
import { aggregateBoard, type BoardAggregate, type RunOutcome } from '../scorer/aggregate';
import { readLatchFolder, readManifestWithFindings } from './read';
import { compareWithRecorded, regradeAnswer, type Regraded } from './regrade';
import type { RunResult } from './schemas';
import { evalDigest } from '../reference/canonical';
import type { LatchReference } from '../reference/schema';

export interface ScoredRun {
  path: string;
  run: RunResult;
  evalId: string;
  ours?: Regraded;
  /** `passed` is ours (re-graded) or undefined (not recomputable): never the submitter's own. */
  outcome: RunOutcome;
}

/** One eval of the reference's unit set, with what the boards need. */
export interface ReferenceUnit {
  id: string;
  task?: string;
  kit?: string;
  trials: number;
}

export interface LatchScore {
  runs: ScoredRun[];
  aggregate: BoardAggregate;
  findings: Finding[];
  /** With references: the version compared with, and its eval set (absent: ground truth unverified). */
  reference?: { version: string; units: ReferenceUnit[] };
}

export interface LatchScoreOptions {
  /**
   * The maintainers' references (`references/latch/*.json`). When given, every eval JSON is
   * compared with the best-matching version: a differing eval JSON or an eval outside it is an
   * error, and task and kit come from the reference. Without (the score CLI on a local folder),
   * the folder's own eval JSONs are used as they are.
   */
  references?: readonly ReferenceVersion<LatchReference>[];
}

function pickVersion(ids: readonly string[], refs: readonly ReferenceVersion<LatchReference>[]): ReferenceVersion<LatchReference> | undefined {
  let best: ReferenceVersion<LatchReference> | undefined;
  let bestN = 0;
  for (const r of refs) {
    const n = ids.filter((id) => Object.hasOwn(r.data.evals, id)).length;
    if (n > bestN) {
      best = r;
      bestN = n;
    }
  }
  return best;
}

/** Read a latch results folder, re-grade every run and aggregate the recomputed outcomes. */
export async function scoreLatchFolder(root: string, opts: LatchScoreOptions = {}): Promise<LatchScore> {
  const folder = await readLatchFolder(root);
  const manifest = await readManifestWithFindings(root);
  const findings = [...folder.findings, ...manifest.findings];
  const refs = opts.references;
  const picked = refs ? pickVersion([...new Set([...folder.evals.keys(), ...folder.runs.map((r) => r.run.result.test_id)])], refs) : undefined;
  const ref = picked?.data;
  /** Eval ids whose JSON matches the reference (with references), else every eval read. */
  const trusted = new Set<string>();
  for (const [id, { path, spec }] of folder.evals) {
    if (!refs) {
      trusted.add(id);
      continue;
    }
    const want = ref && Object.hasOwn(ref.evals, id) ? ref.evals[id]! : undefined;
    if (!ref) {
      findings.push({ path, pointer: '$', severity: 'warning', message: `eval ${id}: no latch reference holds it, so its grader config and ground truth cannot be checked: ground truth unverified; shown, never ranked` });
      continue;
    }
    if (!want) {
      findings.push({ path, pointer: '$.id', severity: 'error', message: `eval ${id} is not in the reference eval set (${picked!.version}: ${Object.keys(ref.evals).length} evals); an eval the benchmark does not have is not scored` });
      continue;
    }
    const got = evalDigest(spec);
    if (got !== want.sha256) {
      findings.push({ path, pointer: '$', severity: 'error', message: `eval ${id} differs from the reference eval JSON (${picked!.version}: sha256 ${want.sha256.slice(0, 12)}…, this file ${got.slice(0, 12)}…): the grader config, ground truth and metadata are the benchmark's, not the submission's; its runs are not scored` });
      continue;
    }
    trusted.add(id);
  }
  const runs: ScoredRun[] = [];
  for (const { path, run } of folder.runs) {
    const evalId = run.result.test_id;
    const loaded = folder.evals.get(evalId);
    const spec = loaded && trusted.has(evalId) ? loaded.spec : undefined;
    let ours: Regraded | undefined;
    if (spec) {
      ours = regradeAnswer(spec, run.result.agent_answer);
      findings.push(...compareWithRecorded(path, run, ours));
    } else if (!loaded) {
      findings.push({ path, pointer: '$.result.test_id', severity: 'error', message: `eval ${evalId}: no eval JSON found, so the run cannot be re-graded (add evals/<task>/<eval>.json); not recomputable, left out of every score` });
    }
    const fromRef = ref && Object.hasOwn(ref.evals, evalId) ? ref.evals[evalId]! : undefined;
    const meta = refs ? {} : manifest.entries.get(evalId) ?? {};
    const task = refs ? fromRef?.task : meta.task ?? spec?.metadata?.task;
    const kit = refs ? fromRef?.kit : meta.kit ?? spec?.metadata?.kit;
    const outcome: RunOutcome = {
      evalId,
      model: run.model_name,
      harness: run.harness,
      // Ours or nothing: a recorded outcome we could not recompute is never reported as ours.
      passed: ours && !ours.error ? ours.passed : undefined,
      ...(task ? { task } : {}),
      ...(kit ? { kit } : {}),
    };
    runs.push({ path, run, evalId, ...(ours ? { ours } : {}), outcome });
  }
  const reference = picked
    ? { version: picked.version, units: Object.entries(picked.data.evals).sort(([a], [b]) => a.localeCompare(b)).map(([id, e]) => ({ id, ...(e.task ? { task: e.task } : {}), ...(e.kit ? { kit: e.kit } : {}), trials: e.trials ?? picked.data.trials })) }
    : undefined;
  // Only re-graded runs count: a recorded outcome we could not recompute is never trusted.
  return { runs, aggregate: aggregateBoard(runs.filter(isRegraded).map((r) => r.outcome)), findings, ...(reference ? { reference } : {}) };
}

export function isRegraded(r: ScoredRun): boolean {
  return r.ours !== undefined && r.ours.error === undefined;
}
