import { stat } from 'node:fs/promises';
import { basename, relative } from 'node:path';
import { summarizeEpisodes, type BoardSummary, type MeanInterval } from './scorer/aggregate';
import { TASKS } from './scorer/tasks';
import { AVERAGE_COLUMN, PRECISION_COLUMN, README_COLUMNS } from './columns';
import { findEpisodeFiles } from './formats/discover';
import { readEpisodeFile } from './formats/read-episodes';
import { scoreEpisodes, type EpisodeScore } from './formats/score-episodes';
import type { Finding } from '../../core/findings';
import type { FormatHandler, ScoreItem, ScoreOptions, ScoreOutput } from '../../core/format-handler';
import { MISSING, textNumber } from '../../core/text-number';

function interval(m: MeanInterval) {
  return { mean: m.mean, low: m.low, high: m.high, n: m.n };
}

type Interval = ReturnType<typeof interval>;
interface SummaryRow { seed: number; components: BoardSummary['rows'][number]['components']; [column: string]: unknown }
interface AgentTable { seeds: number[]; rows: SummaryRow[]; [column: string]: unknown }

/** The README table's columns, per seed and as means with a 95 % t-interval across seeds. */
function boardSummary(s: BoardSummary): AgentTable {
  return {
    seeds: s.seeds,
    rows: s.rows.map((r) => ({
      seed: r.seed,
      ...Object.fromEntries(README_COLUMNS.map((c) => [c.name, r[c.rowKey]])),
      components: r.components,
    })),
    ...Object.fromEntries(README_COLUMNS.map((c) => [c.name, interval(s[c.rowKey])])),
  };
}

function episodeItem(e: EpisodeScore): ScoreItem {
  const c = e.counters;
  return {
    path: e.path,
    config: e.id,
    task_type: e.task_id,
    seed: e.seed,
    ...(e.agent === undefined ? {} : { agent: e.agent }),
    ...(e.model === undefined ? {} : { model: e.model }),
    ground_truth: e.groundTruthSource,
    ground_truth_mismatch: e.groundTruthMismatch,
    metrics: {
      ...e.breakdown,
      dense_reward_total: e.replay.denseRewardTotal,
      done: e.replay.done,
      total_errors: c.total_errors,
      correct_flags: c.correct_flags,
      false_positive_flags: c.false_positive_flags,
      duplicate_flags: c.duplicate_flags,
      invalid_phase_actions: c.invalid_phase_actions,
      attempts: c.attempts,
      report_quality: c.report_quality,
    },
  };
}

function groupKey(e: EpisodeScore): string {
  return [e.agent ?? '', e.model ?? ''].filter(Boolean).join(' / ') || 'episodes';
}

async function score(path: string, progress?: ScoreOptions['progress']): Promise<ScoreOutput> {
  const isDir = (await stat(path)).isDirectory();
  const files = await findEpisodeFiles(path);
  const findings: Finding[] = [];
  const scores: EpisodeScore[] = [];
  for (const [i, file] of files.entries()) {
    const shown = isDir ? relative(path, file) : basename(file);
    progress?.(i, files.length, shown);
    const read = await readEpisodeFile(file, shown);
    const scored = scoreEpisodes(read, shown);
    findings.push(...read.findings, ...scored.findings);
    scores.push(...scored.scores);
  }
  if (files.length === 0) findings.push({ path: basename(path), pointer: '$', severity: 'error', message: 'no ClinicalBench episode files found' });

  const groups = new Map<string, EpisodeScore[]>();
  for (const e of scores) groups.set(groupKey(e), [...(groups.get(groupKey(e)) ?? []), e]);
  return {
    format: 'clinicalbench',
    items: scores.map(episodeItem),
    summary: {
      episodes: scores.length,
      ground_truth: 'regenerated from (seed, task); submitted copies only compared',
      agents: [...groups].map(([agent, eps]) => ({ agent, ...boardSummary(summarizeEpisodes(eps)) })),
    },
    findings,
  };
}

const fmt = (v: unknown, digits = 3) => textNumber(v, digits);

function renderText(out: ScoreOutput): string {
  const lines: string[] = [];
  lines.push('episode'.padEnd(48) + 'task'.padEnd(8) + 'seed'.padStart(10) + 'score'.padStart(8) + 'recall'.padStart(8) + 'prec'.padStart(8) + 'dense'.padStart(9));
  for (const it of out.items) {
    const m = it.metrics;
    const task = TASKS[it.task_type as keyof typeof TASKS]?.label ?? String(it.task_type);
    lines.push(
      it.config.slice(0, 47).padEnd(48) + task.padEnd(8) + String(it.seed).padStart(10) + fmt(m.benchmark_score).padStart(8) +
        fmt(m.recall).padStart(8) + fmt(m.precision).padStart(8) + fmt(m.dense_reward_total).padStart(9),
    );
  }
  const agents = (out.summary.agents ?? []) as (AgentTable & { agent: string })[];
  for (const a of agents) {
    lines.push('', `${a.agent}: ${README_COLUMNS.map((c) => c.name).join(' / ')}`);
    for (const r of a.rows) {
      const cell = (c: (typeof README_COLUMNS)[number]) => {
        const v = r[c.name] as number | null;
        if (c !== PRECISION_COLUMN) return fmt(v, 2);
        return v === null ? MISSING : `${Math.round(v * 100)}%`;
      };
      lines.push(`  seed ${r.seed}: ${README_COLUMNS.map(cell).join(' / ')}`);
    }
    if (a.rows.length > 1) {
      const iv = (m: Interval) => `${fmt(m.mean, 3)} [${fmt(m.low, 3)}, ${fmt(m.high, 3)}]`;
      lines.push(`  mean over ${a.rows.length} seeds (95% t): ${AVERAGE_COLUMN.name} ${iv(a[AVERAGE_COLUMN.name] as Interval)}`);
    }
  }
  lines.push('', `ground truth: ${String(out.summary.ground_truth)}`);
  const errors = out.findings.filter((f) => f.severity === 'error').length;
  lines.push(`${out.findings.length} finding(s), ${errors} error(s)`);
  for (const f of out.findings.slice(0, 50)) {
    lines.push(`  ${f.severity}: ${f.line === undefined ? f.path : `${f.path}:${f.line}`} ${f.pointer}: ${f.message}`);
  }
  if (out.findings.length > 50) lines.push(`  … ${out.findings.length - 50} more (use --json)`);
  return lines.join('\n');
}

/** `score` CLI support for ClinicalBench episode files (ours, or the conformance/fixture shape). */
export const handler: FormatHandler = {
  format: 'clinicalbench',
  async detect(path, opts) {
    if (opts.reference) return false; // --reference means the tile task
    try {
      return (await findEpisodeFiles(path)).length > 0;
    } catch {
      return false;
    }
  },
  score: (path, opts) => score(path, opts.progress),
  renderText,
};
