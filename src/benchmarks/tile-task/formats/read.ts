import { checkPredictions, classifyTiles } from '../scorer/validate';
import { scoreTileTask } from '../scorer/score';
import { DEFAULT_GRID, type TileReference, type TileScoreReport } from '../scorer/types';
import { jsonPath, type Finding } from '../../../core/findings';
import { jsonLineIndex, lineOf } from '../../../core/json-lines';
import { JsonSyntaxError, parseTolerantJson } from '../../../core/tolerant-json';
import { readUtf8File } from '../../../core/utf8';
import { tileReferenceSchema } from './schema';

/** Per-tile findings beyond this many of one kind are summarised in one line. */
const MAX_TILE_FINDINGS = 20;

type Loaded = { ok: true; value: unknown; text: string } | { ok: false; finding: Finding };

async function loadJson(file: string, shown: string): Promise<Loaded> {
  let text: string;
  try {
    text = await readUtf8File(file);
  } catch (err) {
    if (err instanceof JsonSyntaxError) return { ok: false, finding: { path: shown, ...(err.line === undefined ? {} : { line: err.line }), pointer: err.pointer, severity: 'error', message: err.message } };
    return { ok: false, finding: { path: shown, pointer: '$', severity: 'error', message: `cannot read: ${(err as Error).message}` } };
  }
  try {
    // Strict JSON as JSON.parse reads it, but a repeated key or a byte-order mark is a located error.
    return { ok: true, value: parseTolerantJson(text, { allowNonFinite: false }), text };
  } catch (err) {
    const at = err instanceof JsonSyntaxError ? { pointer: err.pointer, ...(err.line === undefined ? {} : { line: err.line }) } : { pointer: '$' };
    return { ok: false, finding: { path: shown, ...at, severity: 'error', message: `not valid JSON: ${(err as Error).message}` } };
  }
}

export async function readTileReference(file: string, shown: string): Promise<{ reference?: TileReference; findings: Finding[] }> {
  const loaded = await loadJson(file, shown);
  if (!loaded.ok) return { findings: [loaded.finding] };
  const parsed = tileReferenceSchema.safeParse(loaded.value);
  if (!parsed.success) {
    return {
      findings: parsed.error.issues.map((i) => ({
        path: shown,
        pointer: jsonPath(i.path.filter((k): k is string | number => typeof k !== 'symbol')),
        severity: 'error' as const,
        message: `reference: ${i.message}`,
      })),
    };
  }
  return { reference: parsed.data as TileReference, findings: [] };
}

const ERROR_MESSAGES: Record<string, string> = {
  not_an_object: 'predictions must be a JSON object; score 0',
  tumor_tiles_not_list: 'tumor_tiles must be a list of [x, y] tiles; score 0',
};

const TILE_MESSAGES = {
  invalid_tile: 'not a pair of integers; ignored',
  tile_out_of_bounds: 'outside the analysis grid; ignored',
  duplicate_tiles: 'listed before; ignored',
} as const;

/** Scorer codes → located findings on the predictions file. */
export function tileFindings(predictions: unknown, reference: TileReference, report: TileScoreReport, shown: string): Finding[] {
  const out: Finding[] = [];
  for (const code of report.errors) {
    const [kind, field] = code.split(':');
    const pointer = field ? `$.${field}` : code === 'tumor_tiles_not_list' ? '$.tumor_tiles' : '$';
    const message =
      ERROR_MESSAGES[code] ?? (kind === 'missing_field' ? `required field ${field} is missing; score 0` : `${field} has the wrong type; score 0`);
    out.push({ path: shown, pointer, severity: 'error', message });
  }
  if (!report.valid) return out;

  const p = predictions as Record<string, unknown>;
  const { problems } = classifyTiles(p.tumor_tiles as unknown[], reference.grid ?? DEFAULT_GRID);
  const warn = (pointer: string, message: string) => out.push({ path: shown, pointer, severity: 'warning', message });
  if (report.warnings.includes('slide_id_mismatch')) warn('$.slide_id', `slide_id ${JSON.stringify(p.slide_id)} is not the reference slide ${JSON.stringify(reference.slide_id)}`);
  for (const kind of ['invalid_tile', 'tile_out_of_bounds', 'duplicate_tiles'] as const) {
    const ofKind = problems.filter((x) => x.kind === kind);
    for (const x of ofKind.slice(0, MAX_TILE_FINDINGS)) warn(`$.tumor_tiles[${x.index}]`, `tile ${TILE_MESSAGES[kind]}`);
    if (ofKind.length > MAX_TILE_FINDINGS) warn('$.tumor_tiles', `${ofKind.length - MAX_TILE_FINDINGS} more tiles ${TILE_MESSAGES[kind]}`);
  }
  const checked = checkPredictions(predictions, reference.slide_id, reference.grid ?? DEFAULT_GRID);
  const unique = checked.ok ? checked.predictions.tiles.length : 0;
  if (report.warnings.includes('tumor_tile_count_mismatch')) warn('$.tumor_tile_count', `tumor_tile_count ${String(p.tumor_tile_count)} ≠ ${unique} unique valid tiles`);
  if (report.warnings.includes('area_fraction_inconsistent')) {
    warn('$.tumor_area_fraction', `tumor_area_fraction ${String(p.tumor_area_fraction)} ≠ tumor_tile_count / total_tissue_tiles`);
  }
  return out;
}

export interface TileTaskResult {
  report?: TileScoreReport;
  findings: Finding[];
}

/** Read predictions and reference, score, and locate every error and warning. */
export async function scoreTileTaskFiles(predictionsFile: string, referenceFile: string, shown: { predictions: string; reference: string }): Promise<TileTaskResult> {
  const ref = await readTileReference(referenceFile, shown.reference);
  if (!ref.reference) return { findings: ref.findings };
  const loaded = await loadJson(predictionsFile, shown.predictions);
  if (!loaded.ok) {
    const report: TileScoreReport = { valid: false, errors: ['not_an_object'], warnings: [], final_score: 0 };
    return { report, findings: [loaded.finding] };
  }
  const report = scoreTileTask(loaded.value, ref.reference);
  const lines = jsonLineIndex(loaded.text);
  const findings = tileFindings(loaded.value, ref.reference, report, shown.predictions).map((f) => {
    const line = lineOf(lines, f.pointer);
    return line === undefined ? f : { ...f, line };
  });
  return { report, findings };
}
