/**
 * Compare a scored MedVision run with the benchmark version's reference (pure). The submitted
 * `target`, the doc fields the scorers read and the `doc_id`s are untrusted: every difference is
 * a located error, a `doc_id` outside the reference is an error, reference samples missing from
 * the run make it partial coverage, and a config with no reference is "ground truth unverified"
 * (shown, never ranked). The sample class comes from the reference's sample sets, never from the
 * run's own counts alone: dropping records makes a run partial, never "pilot".
 */
import type { Finding } from '../../../core/findings';
import type { ReferenceVersion } from '../../../ingest/references';
import type { MedvisionSample } from '../formats/read-parsed-file';
import type { ConfigResult, MedvisionScore } from '../formats/score-tree';
import type { TaskType } from '../scorer/sample';
import { parseTarget } from '../scorer/target';
import { sampleClassOf, type SampleClass } from '../sample-class';
import type { MedvisionReference, MedvisionReferenceConfig } from './schema';

export interface ConfigCoverage {
  config: string;
  path: string;
  /** Reference samples of the run's class present in the run. */
  present: number;
  /** The class's sample count in the reference (0: no reference). */
  expected: number;
  covered: boolean;
}

/** One (model folder, family) of a run against the reference. */
export interface FamilyCoverage {
  model: string;
  family: TaskType;
  sampleClass: SampleClass;
  /** The reference version it was compared with (absent: none holds any of its configs). */
  version?: string;
  /** Reference configs of this family and class fully present in the run. */
  units: number;
  /** Reference configs of this family and class. */
  total: number;
  /** Configs the run holds that the reference has no answer key for. */
  unverified: string[];
  configs: ConfigCoverage[];
}

export interface MedvisionReferenceCheck {
  version?: string;
  findings: Finding[];
  families: FamilyCoverage[];
}

/** Located errors per file and kind before they are summarised. */
const MAX_PER_KIND = 20;

const same = (a: readonly number[], b: readonly number[]) => a.length === b.length && a.every((v, i) => Object.is(v, b[i]));
const show = (v: unknown) => JSON.stringify(v);

/** The version holding the most of the run's configs (ties: the first by name). */
export function pickVersion(configs: readonly string[], refs: readonly ReferenceVersion<MedvisionReference>[]): ReferenceVersion<MedvisionReference> | undefined {
  let best: ReferenceVersion<MedvisionReference> | undefined;
  let bestN = 0;
  for (const r of refs) {
    const n = configs.filter((c) => Object.hasOwn(r.data.configs, c)).length;
    if (n > bestN) {
      best = r;
      bestN = n;
    }
  }
  return best;
}

function compareFile(c: ConfigResult, samples: readonly MedvisionSample[], ref: MedvisionReferenceConfig, version: string, findings: Finding[]): Map<number, number> {
  const index = new Map<number, number>();
  ref.samples.forEach((s, i) => index.set(s.doc_id, i));
  const counts = new Map<string, number>();
  const err = (kind: string, line: number, pointer: string, message: string) => {
    const n = (counts.get(kind) ?? 0) + 1;
    counts.set(kind, n);
    if (n <= MAX_PER_KIND) findings.push({ path: c.path, line, pointer, severity: 'error', message });
  };
  /** doc_id → position in the reference, for the samples that match it. */
  const matched = new Map<number, number>();
  for (const s of samples) {
    const i = index.get(s.docId);
    if (i === undefined) {
      err('doc_id', s.line, '$.doc_id', `doc_id ${s.docId} is not in the reference sample set of ${c.config} (${version}: ${ref.samples.length} samples); a sample outside the benchmark is not scored against it`);
      continue;
    }
    const r = ref.samples[i]!;
    let ok = true;
    const want = parseTarget(r.target);
    const wantValues = want === null ? null : typeof want === 'number' ? [want] : want;
    if (wantValues === null || !same(s.targetValues, wantValues)) {
      err('target', s.line, '$.target', `${show(s.target)} differs from the reference answer key ${show(r.target)} for doc_id ${s.docId} (${version}): the ground truth is the benchmark's, not the submission's`);
      ok = false;
    }
    const fields: [string, unknown, unknown][] = [
      ['image_size_2d', [...s.geometry.imageSize2d], r.doc.image_size_2d],
      ['pixel_size', [...s.geometry.pixelSize], r.doc.pixel_size],
      ['slice_dim', s.sliceDim, r.doc.slice_dim],
      ['taskID', s.taskId, r.doc.taskID],
      ['label', s.label, r.doc.label],
      ['dataset_name', s.dataset, r.doc.dataset_name],
      ['biometric_profile.metric_type', s.metricType, r.doc.metric_type],
      ['biometric_profile.metric_key', s.metricKey, r.doc.metric_key],
    ];
    for (const [name, got, expected] of fields) {
      const equal = Array.isArray(got) && Array.isArray(expected) ? same(got as number[], expected as number[]) : Object.is(got, expected);
      if (!equal) {
        err(`doc.${name}`, s.line, `$.doc.${name}`, `${got === undefined ? '(missing)' : show(got)} differs from the reference ${expected === undefined ? '(absent)' : show(expected)} for doc_id ${s.docId} (${version})${name === 'pixel_size' ? ' (in-plane pixel size as scored: voxel_size without the slicing axis, else pixel_size)' : ''}`);
        ok = false;
      }
    }
    if (ok) matched.set(s.docId, i);
  }
  for (const [kind, n] of counts) {
    if (n > MAX_PER_KIND) findings.push({ path: c.path, pointer: kind === 'doc_id' ? '$.doc_id' : kind === 'target' ? '$.target' : `$.${kind}`, severity: 'error', message: `${n - MAX_PER_KIND} more record(s) with the same problem (${kind}) than listed above` });
  }
  return matched;
}

/** Compare every parsed file of a scored tree with the best-matching reference version. */
export function compareMedvisionWithReference(scored: Pick<MedvisionScore, 'configs' | 'models' | 'samples'>, refs: readonly ReferenceVersion<MedvisionReference>[]): MedvisionReferenceCheck {
  const findings: Finding[] = [];
  const picked = pickVersion([...new Set(scored.configs.map((c) => c.config))], refs);
  const ref = picked?.data;
  const version = picked?.version;
  const families: FamilyCoverage[] = [];
  for (const m of scored.models) {
    const files = scored.configs.filter((c) => c.model === m.model && c.task_type === m.task_type);
    const matched = new Map<string, { c: ConfigResult; ref: MedvisionReferenceConfig; positions: number[] }>();
    const unverified: string[] = [];
    for (const c of files) {
      const rc = ref && Object.hasOwn(ref.configs, c.config) ? ref.configs[c.config]! : undefined;
      if (!rc) {
        unverified.push(c.config);
        findings.push({ path: c.path, pointer: '$', severity: 'warning', message: `no reference answer key for subtask ${c.config}${version ? ` in ${version}` : ' (no MedVision reference holds it)'}: ground truth unverified; shown, never ranked` });
        continue;
      }
      if (rc.family !== c.task_type) {
        findings.push({ path: c.path, pointer: '$', severity: 'error', message: `subtask ${c.config} is a ${rc.family} config in the reference (${version}), read here as ${c.task_type}` });
        continue;
      }
      const pos = compareFile(c, scored.samples?.get(c.path) ?? [], rc, version!, findings);
      matched.set(c.config, { c, ref: rc, positions: [...pos.values()] });
    }
    // The class: the run's own limit where its results.json records one; else pilot only when
    // every matched sample lies in its config's pilot set.
    const inPilotSet = ({ ref: r, positions }: { ref: MedvisionReferenceConfig; positions: number[] }) => r.expected.pilot !== undefined && positions.every((p) => p < r.expected.pilot!);
    let sampleClass: SampleClass;
    if (m.sample_class_basis === 'run limit') {
      sampleClass = m.sample_class;
      if (sampleClass === 'pilot') {
        for (const x of matched.values()) {
          if (!inPilotSet(x)) findings.push({ path: x.c.path, pointer: '$', severity: 'error', message: `the run's results.json says --limit ${m.run_limit}, but some samples lie beyond the first ${x.ref.expected.pilot ?? 0} of subtask ${x.c.config} in the reference (${version}): not what a capped run reads` });
        }
      }
    } else if (matched.size === 0) sampleClass = sampleClassOf(Math.max(0, ...files.map((c) => c.n_records)));
    else sampleClass = [...matched.values()].every(inPilotSet) ? 'pilot' : 'full';
    const expectedOf = (r: MedvisionReferenceConfig) => (sampleClass === 'pilot' ? r.expected.pilot : r.expected.full ?? r.samples.length) ?? 0;
    const configs: ConfigCoverage[] = [];
    for (const { c, ref: r, positions } of matched.values()) {
      const expected = expectedOf(r);
      const present = positions.filter((p) => p < expected).length;
      configs.push({ config: c.config, path: c.path, present, expected, covered: expected > 0 && present === expected });
    }
    const unitSet = ref ? Object.entries(ref.configs).filter(([, r]) => r.family === m.task_type && expectedOf(r) > 0).map(([k]) => k) : [];
    const units = configs.filter((c) => c.covered && unitSet.includes(c.config)).length;
    families.push({ model: m.model, family: m.task_type, sampleClass, ...(version ? { version } : {}), units, total: unitSet.length, unverified, configs });
  }
  return { ...(version ? { version } : {}), findings, families };
}
