import { stat } from 'node:fs/promises';
import { join } from 'node:path';
import { formatFinding } from '../../core/findings';
import { isRegraded, scoreLatchFolder } from './formats';
import { listFiles } from './formats/read';
import type { FormatHandler, ScoreOutput } from '../../core/format-handler';
import { textNumber } from '../../core/text-number';

async function exists(p: string): Promise<boolean> {
  try {
    await stat(p);
    return true;
  } catch {
    return false;
  }
}

/** `score` CLI support for latch-eval-tools results folders (scBench, SpatialBench). */
export const handler: FormatHandler = {
  format: 'latch',
  async detect(path) {
    try {
      if (!(await stat(path)).isDirectory()) return false;
      if ((await exists(join(path, 'trajectories'))) || (await exists(join(path, 'evals')))) return true;
      return (await listFiles(path)).some((f) => f.endsWith('/result.json'));
    } catch {
      return false;
    }
  },
  async score(path) {
    const scored = await scoreLatchFolder(path);
    const items = scored.runs.map((r) => ({
      path: r.path,
      config: r.evalId,
      // Ours only: a run we could not re-grade is null (not recomputable), never the recorded value.
      metrics: isRegraded(r) ? { passed: r.outcome.passed ? 1 : 0, score: r.ours!.score } : { passed: null, score: null },
      recomputed: isRegraded(r),
      model: r.run.model_name,
      harness: r.run.harness,
      trial_index: r.run.trial_index,
      recorded: {
        passed: r.run.result.grader_result?.passed ?? r.run.result.passed ?? null,
        score: r.run.result.grader_result?.score ?? null,
        latch_eval_tools_version: r.run.latch_eval_tools_version ?? null,
      },
    }));
    const summary = Object.fromEntries(
      Object.entries(scored.aggregate.overall).map(([key, g]) => [
        key,
        { accuracy: g.unrounded.mean, ci_lower: g.unrounded.ci_lower, ci_upper: g.unrounded.ci_upper, n_evals: g.n_evals, per_eval_means_pct: g.per_eval_means_pct },
      ]),
    );
    return { format: 'latch', items, summary: { by_config: summary, by_task: scored.aggregate.by_task, by_platform: scored.aggregate.by_platform }, findings: scored.findings };
  },
  renderText(out: ScoreOutput) {
    const rows = Object.entries((out.summary.by_config ?? {}) as Record<string, { accuracy: number; ci_lower: number; ci_upper: number; n_evals: number }>);
    const width = Math.max(12, ...rows.map(([k]) => k.length));
    const fmt = (v: number) => textNumber(v, 1);
    const lines = [`${'model|harness'.padEnd(width)}  accuracy  95% CI            evals`];
    for (const [key, s] of rows.sort((a, b) => b[1].accuracy - a[1].accuracy)) {
      lines.push(`${key.padEnd(width)}  ${fmt(s.accuracy).padStart(8)}  [${fmt(s.ci_lower)}, ${fmt(s.ci_upper)}]`.padEnd(width + 38) + `${s.n_evals}`);
    }
    lines.push(`${out.items.length} runs, ${out.findings.length} findings`);
    for (const f of out.findings) lines.push(`  ${formatFinding(f)}`);
    return lines.join('\n');
  },
};
