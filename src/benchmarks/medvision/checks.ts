import { scoreMedvisionTree } from './formats/score-tree';
import { FULL_CAP, PILOT_CAP } from './sample-class';
import { flattenNumbers } from '../../ingest/submission/claims';
import type { BenchmarkCheck } from '../../core/benchmark';
import type { Finding } from '../../core/findings';


/**
 * MedVision: every sample file parses (the reader locates bad lines, duplicate doc_ids and empty
 * files), one model per submission, per-subtask counts agree with the run's own results.json and
 * stay within the class cap, the sample class is derived from the counts, and every model-level
 * number is recomputed.
 */
export function checkMedvision(dir: string): BenchmarkCheck {
  const scored = scoreMedvisionTree(dir);
  const findings: Finding[] = [...scored.findings];
  const facts: BenchmarkCheck['facts'] = [];

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
      value: `${m.sample_class} class (derived: largest subtask has ${Math.max(0, ...counts)} samples; pilot ≤ ${PILOT_CAP}, full ≤ ${FULL_CAP}) · ${counts.length} subtasks · ${m.n_samples} samples`,
    });
  }
  if (claimedConfigs.size === 0 && scored.configs.length > 0) {
    findings.push({ path: 'Results', pointer: '$', severity: 'warning', message: 'no <ts>_results.json: the per-subtask sample counts cannot be checked against the run\'s own list' });
  }

  const recomputed: Record<string, number | null> = {};
  for (const m of scored.models) {
    recomputed[`${m.task_tag}/${m.model}/n_samples`] = m.n_samples;
    flattenNumbers(m.model_summary, `${m.task_tag}/${m.model}`, recomputed);
  }

  return { findings, recomputed, facts };
}
