import { stat } from 'node:fs/promises';
import { basename, join } from 'node:path';
import { scoreTileTaskFiles } from './formats/read';
import type { FormatHandler, ScoreOutput } from '../../core/format-handler';
import { textNumber } from '../../core/text-number';

/** Where a task folder keeps the agent's answer. */
const PREDICTION_CANDIDATES = ['predictions.json', join('output', 'predictions.json')];

async function isFile(p: string): Promise<boolean> {
  try {
    return (await stat(p)).isFile();
  } catch {
    return false;
  }
}

/** The predictions file for `path`: the file itself, or predictions.json in the folder or its output/. */
async function predictionsFile(path: string): Promise<string | null> {
  if (await isFile(path)) return path.endsWith('.json') ? path : null;
  for (const c of PREDICTION_CANDIDATES) if (await isFile(join(path, c))) return join(path, c);
  return null;
}

const METRIC_KEYS = ['tile_precision', 'tile_recall', 'tile_f1', 'tile_f1_score', 'detection_score', 'area_fraction_score', 'final_score'] as const;

async function score(path: string, reference: string | undefined): Promise<ScoreOutput> {
  const file = await predictionsFile(path);
  if (!reference || !file) {
    const message = !reference ? 'the tile task needs --reference <reference_annotations.json>' : 'no predictions.json found';
    return { format: 'tile-task', items: [], summary: {}, findings: [{ path: basename(path), pointer: '$', severity: 'error', message }] };
  }
  const shown = { predictions: basename(file), reference: basename(reference) };
  const { report, findings } = await scoreTileTaskFiles(file, reference, shown);
  if (!report) return { format: 'tile-task', items: [], summary: {}, findings };
  const metrics: Record<string, number | boolean | null> = { valid: report.valid };
  for (const k of METRIC_KEYS) metrics[k] = report[k] ?? null;
  return {
    format: 'tile-task',
    items: [{ path: shown.predictions, config: 'predictions', task_type: 'tile-task', metrics, errors: report.errors, warnings: report.warnings }],
    summary: { final_score: report.final_score, valid: report.valid, errors: report.errors, warnings: report.warnings },
    findings,
  };
}

function renderText(out: ScoreOutput): string {
  const lines: string[] = [];
  const item = out.items[0];
  if (item) {
    for (const [k, v] of Object.entries(item.metrics)) {
      lines.push(`${k.padEnd(22)}${textNumber(v, 4)}`);
    }
  }
  for (const f of out.findings) lines.push(`${f.severity}: ${f.line === undefined ? f.path : `${f.path}:${f.line}`} ${f.pointer}: ${f.message}`);
  return lines.join('\n');
}

/** `score` CLI support for the whole-slide tile task: a predictions.json scored with `--reference`. */
export const handler: FormatHandler = {
  format: 'tile-task',
  async detect(path, opts) {
    try {
      return Boolean(opts.reference) && (await predictionsFile(path)) !== null;
    } catch {
      return false;
    }
  },
  score: (path, opts) => score(path, opts.reference),
  renderText,
};
