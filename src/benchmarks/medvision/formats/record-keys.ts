/**
 * The keys the fast scanner extracts; everything else on the line is skipped unparsed. `resps` (the
 * raw model text, `[[text]]`) is located but never parsed whole: the answer is cut out of its bytes.
 * Written out here, not read off the zod schema (`record-schema.ts`), so the reader's hot path loads
 * no zod (≈ 50 ms of a worker's start-up); tests/medvision/record-keys.test.ts holds them to it.
 */
export const RECORD_KEYS: readonly string[] = ['doc_id', 'doc', 'target', 'filtered_resps', 'nMAE', 'LLM_filtered_resps', 'resps'];
export const RESPS_INDEX = RECORD_KEYS.indexOf('resps');
export const TARGET_INDEX = RECORD_KEYS.indexOf('target');

/** The `doc` fields scoring and grouping read (the schema's `doc` keys); the scanner skips the rest (file paths, boxes…). */
export const DOC_KEYS: readonly string[] = ['dataset_name', 'taskID', 'taskType', 'slice_dim', 'label', 'image_size_2d', 'pixel_size', 'voxel_size', 'biometric_profile'];
/** The schema's `doc.biometric_profile` keys. */
export const PROFILE_KEYS: readonly string[] = ['metric_type', 'metric_key'];
