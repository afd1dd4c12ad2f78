/**
 * The record's fields straight from the byte ranges the scanner located, into objects of one fixed
 * shape (every field present, `undefined` when absent). Objects built key by key from the scanner's
 * table (`readObject`) take a new hidden class per key order and make every later read of them a
 * dictionary lookup; these stay monomorphic. Only what scoring reads is parsed: `nMAE` (any value
 * is accepted) and `resps` (cut out of the bytes later) are not.
 */
import type { KeySpec } from './scan-record';
import { parseSmallJson } from './small-json';
import { DOC_KEYS, PROFILE_KEYS, RECORD_KEYS } from './record-keys';

const top = (key: string) => RECORD_KEYS.indexOf(key);
const doc = (key: string) => DOC_KEYS.indexOf(key);
const I = { docId: top('doc_id'), doc: top('doc'), target: top('target'), filtered: top('filtered_resps'), llm: top('LLM_filtered_resps') };
const D = {
  dataset: doc('dataset_name'), taskId: doc('taskID'), taskType: doc('taskType'), sliceDim: doc('slice_dim'), label: doc('label'),
  imageSize: doc('image_size_2d'), pixelSize: doc('pixel_size'), voxelSize: doc('voxel_size'), profile: doc('biometric_profile'),
};
const P = { metricType: PROFILE_KEYS.indexOf('metric_type'), metricKey: PROFILE_KEYS.indexOf('metric_key') };

function value(buf: Buffer, spec: KeySpec, k: number): unknown {
  const r = spec.ranges;
  const s = r[2 * k]!;
  return s < 0 ? undefined : parseSmallJson(buf, s, r[2 * k + 1]!);
}

/** Whether the value of key `k` was located and is an object the scanner walked for its own keys. */
const isObjectAt = (buf: Buffer, spec: KeySpec, k: number) => spec.ranges[2 * k]! >= 0 && buf[spec.ranges[2 * k]!] === 0x7b;

/**
 * The record from the last scan of `spec` (the top level, its `doc` and `biometric_profile`
 * nested specs), or null when `doc` is missing or not an object: the general path decides those.
 */
export function locatedRecord(buf: Buffer, spec: KeySpec): Record<string, unknown> | null {
  if (!isObjectAt(buf, spec, I.doc)) return null;
  const d = spec.nested!;
  const p = d.nested!;
  const profile = isObjectAt(buf, d, D.profile) ? { metric_type: value(buf, p, P.metricType), metric_key: value(buf, p, P.metricKey) } : value(buf, d, D.profile);
  return {
    doc_id: value(buf, spec, I.docId),
    doc: {
      dataset_name: value(buf, d, D.dataset),
      taskID: value(buf, d, D.taskId),
      taskType: value(buf, d, D.taskType),
      slice_dim: value(buf, d, D.sliceDim),
      label: value(buf, d, D.label),
      image_size_2d: value(buf, d, D.imageSize),
      pixel_size: value(buf, d, D.pixelSize),
      voxel_size: value(buf, d, D.voxelSize),
      biometric_profile: profile,
    },
    target: value(buf, spec, I.target),
    filtered_resps: value(buf, spec, I.filtered),
    LLM_filtered_resps: value(buf, spec, I.llm),
  };
}
