import { referenceCheckOf, scoredTreeOf } from './scored-once';
import { FULL_CAP, PILOT_CAP, SAMPLE_CLASS_SHORT } from './sample-class';
import { claimAgrees, flattenNumbers } from '../../ingest/submission/claims';
import type { BenchmarkCheck } from '../../core/benchmark';
import { declaresSynthetic, referencesOfKind } from '../../ingest/references';
import type { Finding } from '../../core/findings';
import { medvisionReferencesFor } from './reference/read';


/**
 * MedVision: every sample file parses (the reader locates bad lines, duplicate doc_ids and empty
 * files), one model per submission, per-subtask counts agree with the run's own results.json and
 * stay within the class cap, the sample class is derived from the counts, and every model-level
 * number is recomputed.
 */
export function checkMedvision(dir: string): BenchmarkCheck {
  const scored = scoredTreeOf(dir);
  const findings: Finding[] = [...scored.findings];
  const facts: BenchmarkCheck['facts'] = [];
  // The answer key, sample ids and class come from the benchmark version's reference.
  const refs = medvisionReferencesFor(dir);
  const versions = referencesOfKind(refs.versions, declaresSynthetic(dir));
  const against = referenceCheckOf(scored, versions);
  findings.push(...against.findings);
  if (refs.findings.length) facts.push({ label: 'Reference files', value: `${refs.findings.length} problem(s) in the maintainers' reference files (not read): ${refs.findings.slice(0, 2).map((f) => `${f.path} ${f.pointer}: ${f.message}`).join('; ')}` });
  facts.push({ label: 'Reference', value: against.version ? `${against.version} (${versions.find((v) => v.version === against.version)?.file ?? ''})` : 'none holds these subtasks: ground truth unverified' });
  for (const fc of against.families) {
    const partial = fc.configs.filter((c) => !c.covered).map((c) => `${c.config} ${c.present}/${c.expected}`);
    facts.push({
      label: `Coverage ${fc.family} (${fc.model})`,
      value: `${fc.sampleClass} class (from the reference's sample sets) · ${fc.units}/${fc.total} subtasks complete${partial.length ? ` · partial: ${partial.join(', ')}` : ''}${fc.unverified.length ? ` · ground truth unverified: ${fc.unverified.join(', ')}` : ''}`,
    });
  }

  const modelNames = [...new Set(scored.models.map((m) => m.model).concat(scored.configs.map((c) => c.model)))].sort();
  if (modelNames.length > 1) {
    findings.push({ path: 'Results', pointer: '$', severity: 'error', message: `one submission holds one model; found model folders ${modelNames.map((m) => `"${m}"`).join(', ')}` });
  }
  for (const c of scored.configs) {
    const declared = c.claimed?.num_samples;
    const counted = c.metrics?.num_samples;
    if (declared !== undefined && counted !== undefined && declared !== counted) {
      findings.push({ path: c.path, pointer: '$', severity: 'error', message: `${counted} samples counted (${c.n_records} valid records), but the run's results.json says num_samples ${declared} for ${c.config}` });
    }
    if (c.n_records > FULL_CAP) {
      findings.push({ path: c.path, pointer: '$', severity: 'error', message: `${c.n_records} samples in subtask ${c.config}: above the benchmark's cap of ${FULL_CAP} per subtask` });
    }
  }
  const claimedConfigs = new Set(scored.configs.filter((c) => c.claimed).map((c) => c.config));
  const perTag = new Map<string, number[]>();
  for (const c of scored.configs) perTag.set(c.task_tag, [...(perTag.get(c.task_tag) ?? []), c.n_records]);
  for (const m of scored.models) {
    const counts = perTag.get(m.task_tag) ?? [];
    facts.push({
      label: `${m.task_tag} (${m.task_type})`,
      value: `${SAMPLE_CLASS_SHORT[against.families.find((f) => f.model === m.model && f.family === m.task_type)?.sampleClass ?? m.sample_class]} (${m.sample_class_basis === 'run limit' ? `the run's own --limit ${m.run_limit ?? 'none'}` : `largest subtask has ${Math.max(0, ...counts)} samples; capped ≤ ${PILOT_CAP}, full ≤ ${FULL_CAP}`}) · ${counts.length} subtasks · ${m.n_samples} samples`,
    });
  }
  if (claimedConfigs.size === 0 && scored.configs.length > 0) {
    findings.push({ path: 'Results', pointer: '$', severity: 'warning', message: 'no <ts>_results.json: the per-subtask sample counts cannot be checked against the run\'s own list' });
  }

  const recomputed: Record<string, number | null> = {};
  for (const m of scored.models) {
    recomputed[`${m.task_tag}/${m.model}/n_samples`] = m.n_samples;
    recomputed[`${m.task_tag}/${m.model}/n_success`] = m.n_success;
    flattenNumbers(m.model_summary, `${m.task_tag}/${m.model}`, recomputed);
    if (m.unranked_reason) facts.push({ label: `${m.task_tag} (${m.task_type}) ranking`, value: `not ranked: ${m.unranked_reason.replace(/^not ranked: /, '')}` });
  }
  // Per subtask config, under the keys the run's own <ts>_results.json claims them with.
  const fileClaims: NonNullable<BenchmarkCheck['fileClaims']> = [];
  for (const c of scored.configs) {
    const prefix = `${c.task_tag}/${c.model}/config/${c.config}`;
    flattenNumbers(c.metrics ?? {}, prefix, recomputed);
    for (const [k, v] of Object.entries(c.claimed ?? {})) {
      const key = `${prefix}/${k}`;
      const claimed = Number.isNaN(v) ? null : v;
      if (!Object.hasOwn(recomputed, key)) fileClaims.push({ key, claimed, recomputed: undefined, status: 'unknown' });
      else fileClaims.push({ key, claimed, recomputed: recomputed[key]!, status: claimAgrees(claimed, recomputed[key]!) ? 'ok' : 'mismatch' });
    }
  }

  return { findings, recomputed, facts, ...(fileClaims.length ? { fileClaims } : {}), ...(against.version ? { referenceVersion: against.version } : {}) };
}
