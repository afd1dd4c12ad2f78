import type { MedvisionRecord } from './record-schema';

/**
 * The hot path's stand-in for `medvisionRecordSchema.safeParse`: plain type checks that accept
 * only what the zod schema accepts (a property test holds the two together). Anything it
 * rejects goes through zod, which produces the located messages.
 */
const isFiniteNum = (v: unknown): v is number => typeof v === 'number' && Number.isFinite(v);
const isPositive = (v: unknown): v is number => isFiniteNum(v) && v > 0;
const isPositivePair = (v: unknown) => Array.isArray(v) && v.length === 2 && isPositive(v[0]) && isPositive(v[1]);
// Index loops, not `every`: `every` skips holes in sparse arrays, zod does not. One loop per
// element check, not one taking the check as a function: that call did not inline (≈ 2 % of a run).
function allStrings(v: unknown[]): boolean {
  for (let i = 0; i < v.length; i++) if (typeof v[i] !== 'string') return false;
  return true;
}
function allPositive(v: unknown[]): boolean {
  for (let i = 0; i < v.length; i++) if (!isPositive(v[i])) return false;
  return true;
}
const isStrOrStrs = (v: unknown) => v === undefined || typeof v === 'string' || (Array.isArray(v) && allStrings(v));

function isDoc(d: unknown): boolean {
  if (typeof d !== 'object' || d === null || Array.isArray(d)) return false;
  const o = d as Record<string, unknown>;
  if (o.dataset_name !== undefined && typeof o.dataset_name !== 'string') return false;
  if (typeof o.taskID !== 'string' && !isFiniteNum(o.taskID)) return false;
  if (o.taskType !== undefined && typeof o.taskType !== 'string') return false;
  if (o.slice_dim !== 0 && o.slice_dim !== 1 && o.slice_dim !== 2) return false;
  if (o.label !== undefined && !isFiniteNum(o.label) && typeof o.label !== 'string') return false;
  if (!isPositivePair(o.image_size_2d) || !isPositivePair(o.pixel_size)) return false;
  if (o.voxel_size !== undefined && !(Array.isArray(o.voxel_size) && allPositive(o.voxel_size))) return false;
  const bp = o.biometric_profile;
  if (bp !== undefined) {
    if (typeof bp !== 'object' || bp === null || Array.isArray(bp)) return false;
    const b = bp as Record<string, unknown>;
    if (!isStrOrStrs(b.metric_type) || !isStrOrStrs(b.metric_key)) return false;
  }
  return true;
}

export function isValidRecordFast(r: Record<string, unknown>): r is MedvisionRecord {
  const id = r.doc_id;
  if (typeof id !== 'number' || !Number.isSafeInteger(id) || id < 0) return false;
  if (typeof r.target !== 'string') return false;
  const fr = r.filtered_resps;
  if (fr !== undefined && !(Array.isArray(fr) && fr.length > 0 && allStrings(fr))) return false;
  const lf = r.LLM_filtered_resps;
  if (lf !== undefined && !(Array.isArray(lf) && lf.length > 0 && allStrings(lf))) return false;
  return isDoc(r.doc);
}
