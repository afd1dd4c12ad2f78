/**
 * The data API's per-sample files for ClinicalBench: one per entry and seed × task, one record
 * per episode with the recomputed score breakdown. The ground truth is regenerated from the seed
 * (the seed pages do not list it, `./seeds.ts`; the explorer shows it per episode); these files
 * keep to scores: no error list, no error count, and no flag counts (correct flags ÷ recall would give the count).
 */
import { entryKeyOf } from '../../../board/submission-meta';
import type { Admitted, SampleColumn, SampleFile, SubmissionSamples } from '../../../core/benchmark';
import { sourcesFromFiles } from '../../../core/sample-sources';
import { resultsRoot } from '../../../board/paths';
import { loadClinicalbench } from './boards';

const COLUMNS: SampleColumn[] = [
  { name: 'sample_id', type: 'string', description: '`<seed>/<task>#<episode>`' },
  { name: 'seed', type: 'int', description: 'the dataset seed' },
  { name: 'task', type: 'string', description: 'task id (task_easy, task_medium, task_hard)' },
  { name: 'episode', type: 'int', description: 'ordinal of the episode on this seed × task in the submission (0-based)' },
  { name: 'benchmark_score', type: 'double', description: 'the episode’s score (the board’s per-episode value)' },
  { name: 'recall', type: 'double', description: 'recall component' },
  { name: 'precision', type: 'double', description: 'precision component' },
  { name: 'workflow', type: 'double', description: 'workflow component' },
  { name: 'efficiency', type: 'double', description: 'efficiency component' },
  { name: 'report', type: 'double', description: 'report-quality component' },
  { name: 'success', type: 'boolean', description: 'the agent submitted a report' },
  { name: 'attempts', type: 'int', description: 'the agent’s attempts' },
  { name: 'invalid_phase_actions', type: 'int', description: 'actions taken in the wrong phase' },
];

const num = (v: number): number | null => (Number.isFinite(v) ? v : null);

/** Every admitted (ranked or under-review) submission's per-episode files, one per seed × task. */
export async function clinicalbenchSampleFiles(admitted: Admitted): Promise<SubmissionSamples[]> {
  const out: SampleFile[] = [];
  for (const e of await loadClinicalbench()) {
    if (!e.submission || !(admitted.ranked(e.id) || admitted.underReview(e.id))) continue;
    const byUnit = new Map<string, typeof e.episodes>();
    for (const ep of e.episodes) {
      const k = `${ep.seed}-${ep.task_id}`;
      byUnit.set(k, [...(byUnit.get(k) ?? []), ep]);
    }
    for (const unit of [...byUnit.keys()].sort()) {
      const eps = byUnit.get(unit)!;
      const { seed, task_id: task } = eps[0]!;
      out.push({
        submission: e.id,
        entryKey: entryKeyOf(e.submission),
        unit,
        unitLabel: `${task}@${seed}`,
        unitKind: 'seed × task',
        columns: COLUMNS,
        rows: eps.map((ep, i) => ({
          sample_id: `${seed}/${task}#${i}`,
          seed,
          task,
          episode: i,
          benchmark_score: num(ep.breakdown.benchmark_score),
          recall: num(ep.breakdown.recall),
          precision: num(ep.breakdown.precision),
          workflow: num(ep.breakdown.workflow),
          efficiency: num(ep.breakdown.efficiency),
          report: num(ep.breakdown.report),
          success: ep.counters.report_submitted,
          attempts: ep.counters.attempts,
          invalid_phase_actions: ep.counters.invalid_phase_actions,
        })),
      });
    }
  }
  return sourcesFromFiles(out, (id) => `${resultsRoot()}/clinicalbench/${id}`);
}
