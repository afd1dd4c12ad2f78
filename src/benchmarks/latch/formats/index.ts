import type { Finding } from '../../../core/findings';
import type { ReferenceVersion } from '../../../ingest/references';
import { aggregateBoard, type BoardAggregate, type RunOutcome } from '../scorer/aggregate';
import { readLatchFolder, readManifestWithFindings } from './read';
import { compareWithRecorded, regradeAnswer, type Regraded } from './regrade';
import type { RunResult } from './schemas';
import { evalDigest } from '../reference/canonical';
import type { LatchReference } from '../reference/schema';
import { SUITE_NAMES, suiteNamed } from '../suites';

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
  /** The suite the reference puts the eval in (its `bench`, e.g. "scBench"); absent: unknown, on no suite board. */
  suite?: string;
  /** The reference version that holds it. */
  version: string;
  trials: number;
}

export interface LatchScore {
  runs: ScoredRun[];
  aggregate: BoardAggregate;
  findings: Finding[];
  /** With references: the version compared with, and its eval set (absent: ground truth unverified). */
  reference?: { version: string; units: ReferenceUnit[] };
  /** The grader(s) of every eval its runs were re-graded with. */
  graders: Map<string, { type: string; config: unknown }[]>;
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

/** The suites a reference version holds ("" for evals it names no suite for). */
const suitesOf = (r: ReferenceVersion<LatchReference>) => new Set(Object.values(r.data.evals).map((e) => e.bench ?? ''));

/**
 * The versions a folder is compared with: the one holding most of its eval ids, then, for the ids
 * left, the best version of other suites, and so on. Each suite has its own versions, so a folder
 * with runs of two suites is compared with one version of each; two versions of one suite never mix.
 */
function pickVersions(ids: readonly string[], refs: readonly ReferenceVersion<LatchReference>[]): ReferenceVersion<LatchReference>[] {
  const picked: ReferenceVersion<LatchReference>[] = [];
  const left = new Set(ids);
  const taken = new Set<string>();
  for (;;) {
    let best: ReferenceVersion<LatchReference> | undefined;
    let bestN = 0;
    for (const r of refs) {
      if (picked.includes(r) || [...suitesOf(r)].some((s) => taken.has(s))) continue;
      const n = [...left].filter((id) => Object.hasOwn(r.data.evals, id)).length;
      if (n > bestN) {
        best = r;
        bestN = n;
      }
    }
    if (!best) return picked;
    picked.push(best);
    for (const id of [...left]) if (Object.hasOwn(best.data.evals, id)) left.delete(id);
    for (const s of suitesOf(best)) taken.add(s);
  }
}

/** Read a latch results folder, re-grade every run and aggregate the recomputed outcomes. */
export async function scoreLatchFolder(root: string, opts: LatchScoreOptions = {}): Promise<LatchScore> {
  const folder = await readLatchFolder(root);
  const manifest = await readManifestWithFindings(root);
  const findings = [...folder.findings, ...manifest.findings];
  const refs = opts.references;
  const picked = refs ? pickVersions([...new Set([...folder.evals.keys(), ...folder.runs.map((r) => r.run.result.test_id)])], refs) : [];
  /** The picked version holding an eval id. */
  const versionOf = (id: string) => picked.find((v) => Object.hasOwn(v.data.evals, id));
  const refEval = (id: string) => versionOf(id)?.data.evals[id];
  const pickedText = picked.map((v) => `${v.version}: ${Object.keys(v.data.evals).length} evals`).join('; ');
  /** Eval ids whose JSON matches the reference (with references), else every eval read. */
  const trusted = new Set<string>();
  for (const [id, { path, spec }] of folder.evals) {
    if (!refs) {
      trusted.add(id);
      continue;
    }
    const version = versionOf(id);
    const want = refEval(id);
    if (!picked.length) {
      findings.push({ path, pointer: '$', severity: 'warning', message: `eval ${id}: no latch reference holds it, so its grader config and ground truth cannot be checked: ground truth unverified; shown, never ranked` });
      continue;
    }
    if (!want) {
      findings.push({ path, pointer: '$.id', severity: 'error', message: `eval ${id} is not in the reference eval set (${pickedText}); an eval the benchmark does not have is not scored` });
      continue;
    }
    const got = evalDigest(spec);
    if (got !== want.sha256) {
      findings.push({ path, pointer: '$', severity: 'error', message: `eval ${id} differs from the reference eval JSON (${version!.version}: sha256 ${want.sha256.slice(0, 12)}…, this file ${got.slice(0, 12)}…): the grader config, ground truth and metadata are the benchmark's, not the submission's; its runs are not scored` });
      continue;
    }
    if (!suiteNamed(want.bench)) findings.push({ path, pointer: '$.id', severity: 'warning', message: `eval ${id}: the reference (${version!.version}) ${want.bench ? `puts it in the suite ${JSON.stringify(want.bench)}, not one of ${SUITE_NAMES}` : `does not say which suite (${SUITE_NAMES}) it belongs to`}; its runs are re-graded but on no suite board, never pooled with another suite's evals` });
    trusted.add(id);
  }
  const runs: ScoredRun[] = [];
  const graders = new Map<string, { type: string; config: unknown }[]>();
  for (const id of trusted) {
    const spec = folder.evals.get(id)!.spec;
    graders.set(id, (spec.graders ?? (spec.grader ? [spec.grader] : [])).map((g) => ({ type: g.type, config: g.config })));
  }
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
    const fromRef = refEval(evalId);
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
  const units: ReferenceUnit[] = [];
  for (const v of picked) {
    for (const [id, e] of Object.entries(v.data.evals)) {
      if (versionOf(id) === v) units.push({ id, ...(e.task ? { task: e.task } : {}), ...(e.kit ? { kit: e.kit } : {}), ...(e.bench ? { suite: e.bench } : {}), version: v.version, trials: e.trials ?? v.data.trials });
    }
  }
  const reference = picked.length ? { version: picked.map((v) => v.version).join(' + '), units: units.sort((a, b) => a.id.localeCompare(b.id)) } : undefined;
  // Only re-graded runs count: a recorded outcome we could not recompute is never trusted.
  return { runs, aggregate: aggregateBoard(runs.filter(isRegraded).map((r) => r.outcome)), findings, graders, ...(reference ? { reference } : {}) };
}

export function isRegraded(r: ScoredRun): boolean {
  return r.ours !== undefined && r.ours.error === undefined;
}
