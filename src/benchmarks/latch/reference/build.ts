/**
 * Build a latch reference from a trusted eval set (pure: the evals are read by the caller, see
 * `./read.ts`). Used by the importer on the pinned public suite and by the demo generator on its
 * own eval JSONs; never on a submission's files.
 */
import { evalDigest } from './canonical';
import type { EvalSpec } from '../formats/schemas';
import type { LatchReference, LatchReferenceEval } from './schema';

export interface TrustedEval {
  spec: EvalSpec;
  /** Task and kit from the suite's own manifest, where the eval JSON's metadata lacks them. */
  manifest?: { task?: string; kit?: string };
}

export interface LatchBuildOptions {
  version: string;
  source: string;
  synthetic?: boolean;
  /** Required trials per eval (scBench and SpatialBench publish 3). */
  trials: number;
  /** The suite of a checkout of one suite ("scBench"): each eval's `bench` where its metadata names none. */
  suite?: string;
}

export function buildLatchReference(evals: readonly TrustedEval[], opts: LatchBuildOptions): LatchReference {
  const out: Record<string, LatchReferenceEval> = {};
  for (const { spec, manifest } of [...evals].sort((a, b) => a.spec.id.localeCompare(b.spec.id))) {
    if (out[spec.id]) throw new Error(`eval ${spec.id} appears twice in the trusted set`);
    const meta = (spec.metadata ?? {}) as { task?: unknown; kit?: unknown; benchmark?: unknown };
    const task = typeof meta.task === 'string' ? meta.task : manifest?.task;
    const kit = typeof meta.kit === 'string' ? meta.kit : manifest?.kit;
    out[spec.id] = { sha256: evalDigest(spec), ...(task ? { task } : {}), ...(kit ? { kit } : {}), ...(typeof meta.benchmark === 'string' ? { bench: meta.benchmark } : opts.suite ? { bench: opts.suite } : {}) };
  }
  return { benchmark: 'latch', version: opts.version, ...(opts.synthetic ? { synthetic: true } : {}), source: opts.source, trials: opts.trials, evals: out };
}
