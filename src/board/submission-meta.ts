import type { Admitted } from '../core/benchmark';
import type { Submission } from '../core/submission-schema';
import type { ModelRecord } from '../core/model-schema';
import { slugify } from '../core/slug';
import type { Entry } from '../core/board';
import { modelsRootFor, readModelRegistry, type ModelRegistry } from '../ingest/models/registry';
import { resultsRoot } from './paths';

export type Identity = Pick<Entry, 'submissionId' | 'modelSlug' | 'model' | 'org' | 'weights' | 'releaseDate' | 'paramsB' | 'submittedAt' | 'harness' | 'entryKey' | 'synthetic' | 'source' | 'underReview'>;

const registries = new Map<string, ModelRegistry>();

/**
 * The model registry of the site's results tree (`models/`, or `EVALBOARD_MODELS`), read and
 * checked once per build like the gate's admissions (every board row looks a model up).
 */
export function siteRegistry(): ModelRegistry {
  const root = modelsRootFor(resultsRoot());
  let r = registries.get(root);
  if (!r) registries.set(root, (r = readModelRegistry(root, process.cwd())));
  return r;
}

/** A registered model of the site's registry. */
export function registeredModel(id: string): ModelRecord | undefined {
  return siteRegistry().models.get(id);
}

/** "<harness> <version>", e.g. "lmms-eval 0.3.0" */
export const harnessLabel = (h: Submission['harness']) => `${h.name} ${h.version}`;

/**
 * An entry is model × harness: `<model id>~<harness name>-<harness version>` (slugged). `~` is in
 * neither a model id nor a slug, so the key is unambiguous and URL-safe (compare pages use it).
 */
export const entryKeyOf = (s: Pick<Submission, 'model' | 'harness'>) => `${s.model}~${slugify(s.harness.name)}-${slugify(s.harness.version)}`;

/** A row's label: "model · harness". */
export const entryLabel = (e: Pick<Entry, 'model' | 'harness'>) => `${e.model} · ${e.harness}`;

/** A registry `params` string ("7B", "1.5B", "350M", "1T") in billions; undefined for "unknown" or anything else. */
export function paramsBillions(params: string | undefined): number | undefined {
  const m = /^\s*(\d+(?:\.\d+)?)\s*([KMBT])\s*$/i.exec(params ?? '');
  if (!m) return undefined;
  const per = { K: 1e6, M: 1e3, B: 1, T: 1e-3 }[m[2]!.toUpperCase() as 'K' | 'M' | 'B' | 'T'];
  return Number(m[1]) / per;
}

/**
 * A submission's identity on the boards: the registered model (name, org, weights, release date
 * from `models/<id>.json`; a ranked submission always has one, validate sees to it) and the harness.
 */
export function identityOf(id: string, s: Submission, underReview = false): Identity {
  const m = registeredModel(s.model);
  const date = m?.release_date && m.release_date !== 'unknown' ? m.release_date.slice(0, 10) : undefined;
  return {
    submissionId: id,
    modelSlug: s.model,
    model: m?.name ?? s.model,
    org: m?.org ?? 'unknown',
    weights: m?.weights ?? 'n/a',
    ...(date ? { releaseDate: date } : {}),
    ...(paramsBillions(m?.params) !== undefined ? { paramsB: paramsBillions(m?.params)! } : {}),
    submittedAt: s.submitted_at.slice(0, 10),
    harness: harnessLabel(s.harness),
    entryKey: entryKeyOf(s),
    ...(s.synthetic === true || m?.synthetic === true ? { synthetic: true } : {}),
    ...(s.source ? { source: s.source } : {}),
    ...(underReview ? { underReview: true } : {}),
  };
}

/**
 * The loaded entries the boards list: ranked (valid and accepted) and under review (valid, not yet
 * accepted: `underReview`, listed below the ranking and never ranked, see `rankSection`).
 */
export function listedEntries<E extends { id: string; submission?: Submission }>(entries: readonly E[], admitted: Admitted): (E & { submission: Submission; underReview: boolean })[] {
  return entries
    .filter((e): e is E & { submission: Submission } => e.submission !== undefined && (admitted.ranked(e.id) || admitted.underReview(e.id)))
    .map((e) => ({ ...e, underReview: !admitted.ranked(e.id) }));
}

/** The loaded entries the gate ranks (valid and accepted); a ranked entry always has its submission. */
export function rankedEntries<E extends { id: string; submission?: Submission }>(entries: readonly E[], admitted: Admitted): (E & { submission: Submission })[] {
  return entries.filter((e): e is E & { submission: Submission } => e.submission !== undefined && admitted.ranked(e.id));
}
