/**
 * Build a MedVision reference from a trusted tree's samples (pure: the samples are read by the
 * caller, see `./read.ts`). Used by the importer on the pinned public sources and by the demo
 * generator on its own data; never on a submission.
 */
import type { MedvisionSample } from '../formats/read-parsed-file';
import type { TaskType } from '../scorer/sample';
import { FULL_CAP, PILOT_CAP, type SampleClass } from '../sample-class';
import type { MedvisionReference, MedvisionReferenceConfig, MedvisionReferenceSample } from './schema';

export interface TrustedConfig {
  config: string;
  family: TaskType;
  taskTag?: string;
  samples: readonly MedvisionSample[];
}

export interface BuildOptions {
  version: string;
  source: string;
  synthetic?: boolean;
  /**
   * What the trusted tree is: `full` (a run with the open-weight budget: the pilot set is its
   * first min(100, n) samples) or `pilot` (a `--limit 100` run: only the pilot set is known).
   */
  treeClass: SampleClass;
  /** Upstream task lists' test-set sizes, config → size. */
  listed?: Readonly<Record<string, number>>;
  /** Class sample counts other than upstream's caps (the demo: its own smaller budgets). */
  caps?: { full: number; pilot: number };
}

export function referenceSample(s: MedvisionSample): MedvisionReferenceSample {
  return {
    doc_id: s.docId,
    target: s.target,
    doc: {
      image_size_2d: [s.geometry.imageSize2d[0], s.geometry.imageSize2d[1]],
      pixel_size: [s.geometry.pixelSize[0], s.geometry.pixelSize[1]],
      slice_dim: s.sliceDim,
      taskID: s.taskId,
      ...(s.label !== undefined ? { label: s.label } : {}),
      ...(s.dataset !== undefined ? { dataset_name: s.dataset } : {}),
      ...(s.metricType !== undefined ? { metric_type: s.metricType } : {}),
      ...(s.metricKey !== undefined ? { metric_key: s.metricKey } : {}),
    },
  };
}

export function buildMedvisionReference(configs: readonly TrustedConfig[], opts: BuildOptions): MedvisionReference {
  const out: Record<string, MedvisionReferenceConfig> = {};
  for (const c of [...configs].sort((a, b) => a.config.localeCompare(b.config))) {
    if (out[c.config]) throw new Error(`config ${c.config} appears twice in the trusted tree`);
    const samples = [...c.samples].sort((a, b) => a.docId - b.docId).map(referenceSample);
    const n = samples.length;
    const listed = opts.listed?.[c.config];
    const full = opts.caps?.full ?? FULL_CAP;
    const pilot = opts.caps?.pilot ?? PILOT_CAP;
    const expected = opts.treeClass === 'full' ? { full: Math.min(full, n), pilot: Math.min(pilot, n) } : { pilot: Math.min(pilot, n) };
    out[c.config] = { family: c.family, ...(c.taskTag ? { task_tag: c.taskTag } : {}), ...(listed !== undefined ? { listed } : {}), expected, samples: samples.slice(0, opts.treeClass === 'full' ? full : pilot) };
  }
  return { benchmark: 'medvision', version: opts.version, ...(opts.synthetic ? { synthetic: true } : {}), source: opts.source, configs: out };
}
