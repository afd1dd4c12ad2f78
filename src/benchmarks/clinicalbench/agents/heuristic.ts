/**
 * The upstream heuristic agent (`inference.py --mode heuristic`, clinical-trial-auditor@639207b),
 * re-implemented from its documented behaviour so evalboard can recompute the seed README's
 * Heuristic row itself: on the dataset regenerated from (seed, task) it investigates, then flags by
 * fixed rules with their known weaknesses (ages outside the protocol bounds widened by 3; death
 * before treatment; enrolment-to-treatment delay over the standard window, Stage IV exception
 * ignored; on the hard task, selection bias from the overall, not stage-adjusted, mortality gap),
 * within its step budget, and submits a fixed report. The result is an action log the scorer
 * replays like any submitted episode. Pure: no I/O.
 */
import type { AuditAction } from '../scorer/episode';
import { TASKS, type TaskId } from '../scorer/tasks';
import { generateDataset, toRecord, type PatientRecord } from '../scorer/dataset';

/** What the agent reads of the protocol excerpt (the rule it parses, with its defaults when absent). */
export interface HeuristicRules {
  age_min: number;
  age_max: number;
  treatment_window: number;
  bias_dom: number;
}

export function parseRules(excerpt: string): HeuristicRules {
  const age = /age (\d+)-(\d+) inclusive/.exec(excerpt);
  const window = /Treatment must begin within (\d+) days/.exec(excerpt);
  const bias = /dominance exceeds (\d+)%, male share exceeds (\d+)%, and stage-adjusted mortality gap exceeds (\d+) percentage points/.exec(excerpt);
  return {
    age_min: age ? Number(age[1]) : 18,
    age_max: age ? Number(age[2]) : 120,
    treatment_window: window ? Number(window[1]) : 21,
    bias_dom: bias ? Number(bias[1]) / 100 : 1.0,
  };
}

const INVESTIGATIONS: Record<TaskId, string[]> = {
  task_easy: ['age'],
  task_medium: ['age', 'death_date', 'enrollment_date', 'stage'],
  task_hard: ['age', 'death_date', 'enrollment_date', 'stage', 'comorbidity_index'],
};
const DISTRIBUTIONS = ['ethnicity', 'gender', 'outcome'];
const REPORT = 'Heuristic rule-based audit. Root cause: possible data-entry drift. Risk: moderate. Recommend validation checks.';

/** Day number of a `YYYY-MM-DD` date, or undefined when it is not one (the agent skips such rows). */
function day(s: string | null | undefined): number | undefined {
  const m = typeof s === 'string' ? /^(\d{4})-(\d{2})-(\d{2})$/.exec(s) : null;
  if (!m) return undefined;
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const t = Date.UTC(y, mo - 1, d);
  const back = new Date(t);
  return back.getUTCFullYear() === y && back.getUTCMonth() === mo - 1 && back.getUTCDate() === d ? t / 86_400_000 : undefined;
}

/** Python's `f"{x:.0%}"` for the shares the agent prints in its reason (display only, never scored). */
const pct = (x: number) => `${Math.round(x * 100)}%`;

interface Finding { error_type: string; patient_id: string | null; reason: string; confidence: number }

function findings(dataset: readonly PatientRecord[], task: TaskId, rules: HeuristicRules): Finding[] {
  const out: Finding[] = [];
  for (const r of dataset) {
    if (r.age === null || r.age < rules.age_min - 3 || r.age > rules.age_max + 3) out.push({ error_type: 'invalid_age', patient_id: r.patient_id, reason: `Heuristic: age=${r.age === null ? 'None' : r.age}`, confidence: 0.82 });
  }
  for (const r of dataset) {
    const t = day(r.treatment_start);
    const d = day(r.death_date);
    if (t !== undefined && d !== undefined && d < t) out.push({ error_type: 'temporal_inconsistency', patient_id: r.patient_id, reason: `Death ${t - d}d before treatment`, confidence: 0.9 });
  }
  if (task === 'task_medium' || task === 'task_hard') {
    for (const r of dataset) {
      const e = day(r.enrollment_date);
      const t = day(r.treatment_start);
      if (e === undefined || t === undefined) continue;
      const delay = t - e;
      if (delay > rules.treatment_window) out.push({ error_type: 'protocol_window_violation', patient_id: r.patient_id, reason: `Delay ${delay}d > ${rules.treatment_window}d`, confidence: 0.8 });
    }
  }
  if (task === 'task_hard') {
    const control = dataset.filter((r) => r.group === 'control');
    if (control.length) {
      // Counter.most_common(1): the highest count, the first seen among equals.
      const counts = new Map<string, number>();
      for (const r of control) counts.set(r.ethnicity, (counts.get(r.ethnicity) ?? 0) + 1);
      let [domEth, domCount] = ['', -1];
      for (const [k, n] of counts) if (n > domCount) [domEth, domCount] = [k, n];
      const domRatio = domCount / control.length;
      const dom = control.filter((r) => r.ethnicity === domEth);
      const min = control.filter((r) => r.ethnicity !== domEth);
      const mort = (g: readonly PatientRecord[]) => g.filter((r) => r.outcome === 'deceased').length / Math.max(1, g.length);
      const gap = mort(min) - mort(dom);
      if (domRatio >= Math.max(0.55, rules.bias_dom - 0.07) && gap >= 0.1) out.push({ error_type: 'selection_bias', patient_id: null, reason: `Overall gap=${pct(gap)}, ${domEth}=${pct(domRatio)}`, confidence: 0.74 });
    }
  }
  return out;
}

/** The agent's action log on `(seed, task)`: investigations, flags within the budget, the report. */
export function heuristicActions(seed: number, task: TaskId): AuditAction[] {
  const generated = generateDataset(seed, task);
  return heuristicActionsOn(generated.patients.map(toRecord), generated.protocol.excerpt, task);
}

/** The same on a given dataset and protocol excerpt (what the environment shows the agent). */
export function heuristicActionsOn(dataset: readonly PatientRecord[], excerpt: string, task: TaskId): AuditAction[] {
  const maxSteps = TASKS[task].maxSteps;
  const actions: AuditAction[] = [];
  for (const variable of INVESTIGATIONS[task]) actions.push({ action_type: 'investigate_pattern', variable });
  if (task === 'task_hard') for (const variable of DISTRIBUTIONS) actions.push({ action_type: 'compute_distribution', variable });
  // Every step counts against the budget; one is kept for the report. The episode cannot end
  // earlier (it ends on the report or when the budget is spent), so no feedback is needed.
  const flagged = new Set<string>();
  for (const f of findings(dataset, task, parseRules(excerpt))) {
    if (actions.length >= maxSteps - 1) break;
    if (f.patient_id !== null && flagged.has(f.patient_id)) continue;
    if (f.patient_id !== null) flagged.add(f.patient_id);
    actions.push({ action_type: 'flag_error', patient_id: f.patient_id, error_type: f.error_type, reason: f.reason, confidence: f.confidence });
  }
  actions.push({ action_type: 'submit_report', report: REPORT });
  return actions;
}
