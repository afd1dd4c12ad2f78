import { scoreLatchFolder } from './formats';
import type { Finding } from '../../core/findings';
import { unsafeIdReason } from '../../ingest/submission/ids';
import type { BenchmarkCheck, CheckContext } from '../../core/benchmark';
import { namesModel } from '../../core/model-identity';
import { latchReferencesFor } from './reference/read';
import { declaresSynthetic, referencesOfKind } from '../../ingest/references';
import { latchCoverage } from './reference/coverage';

/**
 * latch-eval-tools: every eval JSON and run result.json parses, every run is re-graded with its
 * eval's grader (a run whose eval JSON is missing cannot be recomputed: error), no two runs share
 * (eval, model, harness, trial), trial counts match n_trials, one model per submission.
 */
export async function checkLatch(dir: string, ctx: CheckContext = {}): Promise<BenchmarkCheck> {
  // Eval JSONs are compared with the benchmark version's reference: a forged one is an error here, so everywhere.
  const scored = await scoreLatchFolder(dir, { references: referencesOfKind(latchReferencesFor(dir).versions, declaresSynthetic(dir)) });
  const findings: Finding[] = [...scored.findings];
  // Every run's model_name must be the submission's registered model (name, id or alias; "provider/<name>" too).
  if (ctx.model) {
    const wrong = new Map<string, string[]>();
    for (const r of scored.runs) if (!namesModel(r.run.model_name, ctx.model.names)) wrong.set(r.run.model_name, [...(wrong.get(r.run.model_name) ?? []), r.path]);
    for (const [name, paths] of wrong) {
      findings.push({
        path: paths[0]!,
        pointer: '$.model_name',
        severity: 'error',
        message: `model_name ${JSON.stringify(name)} is not the submission's model "${ctx.model.id}" (${ctx.model.names.map((n) => JSON.stringify(n)).join(', ')}, or "<provider>/" before one; compared after NFKC and case folding)${paths.length > 1 ? ` — ${paths.length} runs` : ''}: another name goes in the registry's "aliases"`,
      });
    }
  }
  if (scored.runs.length === 0) findings.push({ path: '.', pointer: '$', severity: 'error', message: 'no run result.json files found' });

  const seen = new Map<string, string>();
  const trials = new Map<string, { declared?: number; found: number; path: string }>();
  for (const r of scored.runs) {
    const bad = unsafeIdReason(r.evalId);
    if (bad) findings.push({ path: r.path, pointer: '$.result.test_id', severity: 'error', message: `eval id ${JSON.stringify(r.evalId.slice(0, 80))} ${bad}` });
    const key = `${r.evalId}\u0000${r.run.model_name}\u0000${r.run.harness}\u0000${r.run.trial_index}`;
    const first = seen.get(key);
    // The trial's identity is its r<N> folder (upstream's layout): the same trial_index in another
    // r<N> is a rerun, recorded as such; without r<N> folders a repeated trial_index is a duplicate.
    // An identical copy under another r<N> is still a duplicate.
    const trialDir = (p: string) => /(?:^|\/)(r\d+)\/result\.json$/.exec(p)?.[1];
    const firstRun = first ? scored.runs.find((x) => x.path === first) : undefined;
    if (first && trialDir(first) && trialDir(r.path) && trialDir(first) !== trialDir(r.path) && JSON.stringify(firstRun?.run) !== JSON.stringify(r.run)) findings.push({ path: r.path, pointer: '$.trial_index', severity: 'warning', message: `rerun: eval ${r.evalId}, ${r.run.model_name}|${r.run.harness}, trial_index ${r.run.trial_index} is also recorded in ${first}; each r<N> folder counts as its own trial` });
    else if (first) findings.push({ path: r.path, pointer: '$.trial_index', severity: 'error', message: `duplicate run: eval ${r.evalId}, ${r.run.model_name}|${r.run.harness}, trial ${r.run.trial_index} is also in ${first}` });
    else seen.set(key, r.path);
    const tk = `${r.evalId}\u0000${r.run.model_name}|${r.run.harness}`;
    const t = trials.get(tk) ?? { found: 0, path: r.path, ...(r.run.n_trials === undefined ? {} : { declared: r.run.n_trials }) };
    t.found++;
    trials.set(tk, t);
  }
  for (const [k, t] of trials) {
    if (t.declared !== undefined && t.declared !== t.found) {
      const [evalId, cfg] = k.split('\u0000');
      findings.push({ path: t.path, pointer: '$.n_trials', severity: 'warning', message: `eval ${evalId}, ${cfg}: n_trials says ${t.declared}, ${t.found} run(s) found` });
    }
  }
  const byModel = new Map<string, string[]>();
  for (const r of scored.runs) byModel.set(r.run.model_name, [...(byModel.get(r.run.model_name) ?? []), r.path]);
  if (byModel.size > 1) {
    const [main] = [...byModel].sort((a, b) => b[1].length - a[1].length)[0]!;
    for (const [model, paths] of byModel) {
      if (model === main) continue;
      findings.push({ path: paths[0]!, pointer: '$.model_name', severity: 'error', message: `one submission holds one model: "${model}" here (${paths.length} run(s)), "${main}" elsewhere` });
    }
  }

  const recomputed: Record<string, number | null> = {};
  const facts: BenchmarkCheck['facts'] = [];
  for (const [key, g] of Object.entries(scored.aggregate.overall)) {
    const u = g.unrounded;
    const num = (v: number) => (Number.isFinite(v) ? v : null);
    Object.assign(recomputed, { [`${key}/accuracy`]: num(u.mean), [`${key}/ci_lower`]: num(u.ci_lower), [`${key}/ci_upper`]: num(u.ci_upper), [`${key}/n_evals`]: g.n_evals });
    const trialsPerEval = [...new Set(Object.values(g.n_trials))].sort((a, b) => a - b).join(' or ');
    facts.push({ label: key, value: `${g.n_evals} evals × ${trialsPerEval} trial(s)` });
  }
  facts.push({ label: 'Reference', value: scored.reference ? `${scored.reference.version}: ${scored.reference.units.length} evals` : 'none holds these evals: ground truth unverified' });
  for (const [key, c] of latchCoverage(scored)) {
    facts.push({ label: `Coverage ${key}`, value: `${c.units}/${c.total} evals with the required trials${c.short.length ? ` · too few trials: ${c.short.slice(0, 5).join(', ')}${c.short.length > 5 ? ', …' : ''}` : ''}${c.missing.length ? ` · missing: ${c.missing.slice(0, 5).join(', ')}${c.missing.length > 5 ? ', …' : ''}` : ''}` });
  }
  return { findings, recomputed, facts, ...(scored.reference ? { referenceVersion: scored.reference.version } : {}) };
}
