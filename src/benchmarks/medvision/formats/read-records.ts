import { basename } from 'node:path';
import type { Finding } from '../../../core/findings';
import { jsonPath } from '../../../core/findings';
import { forEachLine } from '../../../core/line-reader';
import { arenaLineBuffer } from '../../../core/string-stop';
import { JsonSyntaxError, parseTolerantJson } from '../../../core/tolerant-json';
import { parseSmallJson, parseSmallJsonOrNull } from './small-json';
import { DOC_KEYS, PROFILE_KEYS, RECORD_KEYS, RESPS_INDEX, TARGET_INDEX } from './record-keys';
import type { MedvisionRecord } from './record-schema';
import { answerFromResps, answerFromRespsBytes, rawResponseFromBytes } from './raw-response';
import { isValidRecordFast } from './record-fast-check';
import { hasAsciiEscape, keySpec, scanRecord, type KeySpec } from './scan-record';
import { locatedRecord } from './located-record';
import { FirstLineById } from './first-line-by-id';
import { DISPLAY_DOC_KEYS, displayFactsOf, rawResponseOf, type DisplayFacts } from './display-facts';
import { parseTarget } from '../scorer/target';
import type { SliceGeometry, TaskType } from '../scorer/sample';

/** One validated record, reduced to what scoring and grouping read. */
export interface MedvisionSample {
  line: number;
  docId: number;
  /** What is scored: the re-extraction from `resps` (or, see `ReadOptions`, the submitted or judge parse). */
  prediction: string;
  /** The submitter's own parse, `filtered_resps[0]` (absent in judge-parsed records). */
  filteredResp?: string;
  /** The newest upstream extraction applied to `resps[0][0]`, where the record has a readable one. */
  reextracted?: string;
  /** Parsed by an LLM judge (`LLM_filtered_resps`): judge-parsed, not recomputed. */
  judgeParsed?: boolean;
  target: string;
  /** `target` parsed once here, so scoring does not parse it again. */
  targetValues: number[];
  geometry: SliceGeometry;
  dataset?: string;
  taskId: number;
  label?: number;
  sliceDim: 0 | 1 | 2;
  taskType?: string;
  metricType?: string;
  metricKey?: string;
  /** With `ReadOptions.displayFacts`: what the explorer shows of the record beyond what is scored. */
  display?: DisplayFacts;
}

export interface ParsedFile {
  samples: MedvisionSample[];
  findings: Finding[];
  /** Non-empty lines seen, valid or not. */
  lines: number;
}

export interface ReadOptions {
  /**
   * Score the submitter's own parse (`filtered_resps[0]`) instead of re-extracting from `resps`:
   * upstream-summarizer parity (`score --trust-submitted-parse`), never used by the site.
   */
  trustSubmittedParse?: boolean;
  /**
   * false: every line through the full parser, never the byte scanner (the reference the
   * scanner is tested against: both must give the same samples and findings). Default true.
   */
  scan?: boolean;
  /** Keep each sample's display facts (raw response, slice index, modality) for the explorer. */
  displayFacts?: boolean;
}

/** Examples of a disagreement shown in the one per-file finding. */
const EXAMPLES = 3;

/** In-plane pixel size: the NIfTI zooms without the slicing axis when the record has them. */
function inPlanePixelSize(doc: { pixel_size: [number, number]; voxel_size?: number[]; slice_dim: 0 | 1 | 2 }): [number, number] {
  const v = doc.voxel_size;
  if (v && v.length === 3) {
    const d = doc.slice_dim;
    return d === 0 ? [v[1]!, v[2]!] : d === 1 ? [v[0]!, v[2]!] : [v[0]!, v[1]!];
  }
  return doc.pixel_size;
}

/** Targets are almost always JSON-shaped number lists ("[74.0, 36.0]") or plain numbers: text [s, e), ASCII. */
function targetNumbers(buf: Buffer, s: number, e: number): number | number[] | null {
  const v = parseSmallJsonOrNull(buf, s, e);
  if (typeof v === 'number') return v;
  if (Array.isArray(v) && v.every((x) => typeof x === 'number')) return v as number[];
  return null;
}

/** The target from the record's own bytes (its JSON string [s, e), quotes included) when it has no escape, so its bytes are its text. */
function targetFromBytes(buf: Buffer, s: number, e: number): number | number[] | null {
  if (buf[s] !== 0x22) return null;
  for (let i = s + 1; i < e - 1; i++) if (buf[i] === 0x5c || buf[i]! > 0x7e) return null;
  return targetNumbers(buf, s + 1, e - 1);
}

/** The same for a target that came through the full parser. */
function fastTarget(t: string): number | number[] | null {
  for (let i = 0; i < t.length; i++) if (t.charCodeAt(i) > 0x7e) return null; // ASCII only: latin1 bytes = chars
  const buf = Buffer.from(t, 'latin1');
  return targetNumbers(buf, 0, buf.length);
}

/** Parse the located values of one level; a nested object is built from its own located keys. */
function readObject(buf: Buffer, spec: KeySpec, skip = -1): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  const r = spec.ranges;
  for (let k = 0; k < spec.keys.length; k++) {
    const s = r[2 * k]!;
    if (s < 0 || k === skip) continue; // resps: cut out of the bytes, never built whole
    out[spec.keys[k]!] = k === spec.nestedIndex && buf[s] === 0x7b ? readObject(buf, spec.nested!) : parseSmallJson(buf, s, r[2 * k + 1]!);
  }
  return out;
}

function isBlank(buf: Buffer, start: number, end: number): boolean {
  for (let i = start; i < end; i++) {
    const c = buf[i];
    if (c !== 0x20 && c !== 0x09 && c !== 0x0d && c !== 0x0a) return false;
  }
  return true;
}

const first = (v: string | string[] | undefined) => (Array.isArray(v) ? v[0] : v);

const quote = (v: string | undefined) => (v === undefined ? '(none)' : JSON.stringify(v.length > 40 ? `${v.slice(0, 40)}…` : v));

/**
 * The full check of a record the fast type check rejected: the record as the zod schema parses it,
 * or the schema's issues (each a JSON path and a message). Passed in, so this reader loads no zod
 * itself: `readParsedFile` (./read-parsed-file.ts) passes the schema; a worker thread passes one
 * that defers the file to the main thread (./score-worker.ts).
 */
export type RecordValidator = (record: Record<string, unknown>) => { ok: true; record: MedvisionRecord } | { ok: false; issues: readonly { path: readonly PropertyKey[]; message: string }[] };

/**
 * Read one parsed JSONL file. Every line becomes a sample or a located finding
 * (`file:line $.path: message`); nothing is dropped silently. `validate` decides the records the
 * fast type check rejects.
 */
export function readRecords(file: string, displayPath: string, taskType: TaskType, opts: ReadOptions, validate: RecordValidator): ParsedFile {
  const trust = opts.trustSubmittedParse === true;
  const scan = opts.scan !== false;
  const samples: MedvisionSample[] = [];
  const findings: Finding[] = [];
  const seenIds = new FirstLineById();
  let lines = 0;
  const error = (line: number, pointer: string, message: string) =>
    findings.push({ path: displayPath, line, pointer, severity: 'error', message });

  // `doc` holds long paths we never read: only its wanted fields (and those of its
  // biometric_profile) are located, in the same pass, and parsed.
  const profile = keySpec(PROFILE_KEYS);
  const withDisplay = opts.displayFacts === true;
  // The display keys come after the schema's, so locatedRecord's indices still hold.
  const doc = keySpec(withDisplay ? [...DOC_KEYS, ...DISPLAY_DOC_KEYS] : DOC_KEYS, { key: 'biometric_profile', spec: profile });
  const displayAt = DOC_KEYS.length;
  const top = keySpec(RECORD_KEYS, { key: 'doc', spec: doc });
  const k = taskType === 'Detection' ? 4 : taskType === 'TL' ? 2 : 1;
  // Submitted parse vs re-extraction, and judge-parsed records: one finding per file each.
  const differ: { line: number; docId: number; submitted?: string; reextracted?: string }[] = [];
  let compared = 0;
  const judged: number[] = [];

  const onEncodingError = (lineNo: number, message: string) => {
    lines++;
    error(lineNo, '$', message);
  };
  const arena = arenaLineBuffer();
  try {
  forEachLine(file, (buf, start, end, lineNo) => {
    if (isBlank(buf, start, end)) return;
    lines++;
    let record: Record<string, unknown> | undefined;
    let fast = false;
    let checked = false;
    if (scan && scanRecord(buf, start, end, top)) {
      try {
        // The usual record: fixed-shape objects, type-checked here. Anything else is rebuilt key
        // by key and goes to the schema, whose messages locate the problem.
        const located = locatedRecord(buf, top);
        checked = located !== null && isValidRecordFast(located);
        record = checked ? located! : readObject(buf, top, RESPS_INDEX);
        fast = true;
      } catch {
        record = undefined;
      }
    }
    if (!record) {
      try {
        const whole = parseTolerantJson(buf.toString('utf8', start, end));
        if (typeof whole !== 'object' || whole === null || Array.isArray(whole)) {
          error(lineNo, '$', 'expected a JSON object (one record per line)');
          return;
        }
        record = whole as Record<string, unknown>;
      } catch (err) {
        if (err instanceof JsonSyntaxError) error(lineNo, err.pointer, `malformed JSON: ${err.message}`);
        else error(lineNo, '$', `malformed JSON: ${(err as Error).message}`);
        return;
      }
    }
    let r: MedvisionRecord;
    if (checked || isValidRecordFast(record)) r = record as MedvisionRecord;
    else {
      const parsed = validate(record);
      if (!parsed.ok) {
        for (const issue of parsed.issues) {
          error(lineNo, jsonPath(issue.path as (string | number)[]), issue.message);
        }
        return;
      }
      r = parsed.record;
    }
    const target = (fast ? targetFromBytes(buf, top.ranges[2 * TARGET_INDEX]!, top.ranges[2 * TARGET_INDEX + 1]!) : fastTarget(r.target)) ?? parseTarget(r.target);
    const targetLen = typeof target === 'number' ? 1 : target?.length;
    if (target === null || (taskType === 'Detection' && targetLen !== 4) || (taskType === 'TL' && targetLen !== 2) || (taskType === 'AD' && targetLen !== 1)) {
      error(lineNo, '$.target', `expected ${k === 1 ? 'a number' : `a list of ${k} numbers`} as text, got ${JSON.stringify(r.target).slice(0, 80)}; sample not scored`);
      return;
    }
    const targetValues = typeof target === 'number' ? [target] : target;
    if (taskType === 'Detection' && (targetValues[0] === targetValues[2] || targetValues[1] === targetValues[3])) {
      error(lineNo, '$.target', `zero-area ground-truth box ${r.target}: physically impossible (every prediction would score 0); sample not scored`);
      return;
    }
    const judge = r.LLM_filtered_resps !== undefined;
    const submitted = r.filtered_resps?.[0];
    if (!judge && submitted === undefined) {
      error(lineNo, '$.filtered_resps', 'missing: lmms-eval writes the parse with every record (an LLM judge writes LLM_filtered_resps instead); sample not scored');
      return;
    }
    // The raw response, re-extracted: from its bytes on the fast path, else from the parsed value.
    let reextracted: string | undefined;
    let respsProblem: { pointer: string; message: string } | undefined;
    const rs = top.ranges[2 * RESPS_INDEX]!;
    // The parsed resps value when the answer needed it (the display facts reuse it).
    let respsValue: unknown;
    let respsParsed = false;
    if (fast && rs >= 0) reextracted = answerFromRespsBytes(buf, rs, top.ranges[2 * RESPS_INDEX + 1]!, k, { noAsciiEscape: !hasAsciiEscape(top, RESPS_INDEX) });
    if (reextracted === undefined) {
      let value: unknown = record.resps;
      respsParsed = !fast;
      if (fast && rs >= 0) {
        try {
          value = parseTolerantJson(buf.toString('utf8', rs, top.ranges[2 * RESPS_INDEX + 1]!));
          respsParsed = true;
        } catch (err) {
          value = undefined;
          respsProblem = { pointer: '$.resps', message: `malformed JSON: ${(err as Error).message}; sample not scored` };
        }
      }
      respsValue = value;
      if (!respsProblem) {
        const got = answerFromResps(value, k);
        if ('answer' in got) reextracted = got.answer;
        else respsProblem = got;
      }
    }
    if (respsProblem && !judge && !trust) {
      error(lineNo, respsProblem.pointer, respsProblem.message);
      return;
    }
    if (judge) judged.push(lineNo);
    else if (reextracted !== undefined) {
      compared++;
      if (reextracted !== submitted) differ.push({ line: lineNo, docId: r.doc_id, submitted, reextracted });
    }
    const prediction = judge ? r.LLM_filtered_resps![0]! : trust ? submitted! : reextracted!;
    const prev = seenIds.firstOrSet(r.doc_id, lineNo);
    if (prev !== undefined) error(lineNo, '$.doc_id', `duplicate doc_id ${r.doc_id} (first on line ${prev})`);
    const taskId = Number.parseInt(String(r.doc.taskID), 10);
    if (!Number.isFinite(taskId)) {
      error(lineNo, '$.doc.taskID', `expected a numeric task id, got ${JSON.stringify(r.doc.taskID)}`);
      return;
    }
    const label = r.doc.label === undefined ? undefined : Number(r.doc.label);
    let display: DisplayFacts | undefined;
    if (withDisplay) {
      if (fast) {
        const raw = respsParsed ? rawResponseOf(respsValue) : rs >= 0 ? rawResponseFromBytes(buf, rs, top.ranges[2 * RESPS_INDEX + 1]!) : undefined;
        const at = (i: number) => {
          const s = doc.ranges[2 * (displayAt + i)]!;
          return s < 0 ? undefined : parseSmallJson(buf, s, doc.ranges[2 * (displayAt + i) + 1]!);
        };
        display = displayFactsOf(raw, { slice_idx: at(0), modality: at(1), image_modality: at(2) });
      } else display = displayFactsOf(rawResponseOf(record.resps), record.doc as Record<string, unknown>);
    }
    samples.push({
      line: lineNo,
      docId: r.doc_id,
      prediction,
      ...(submitted !== undefined ? { filteredResp: submitted } : {}),
      ...(reextracted !== undefined ? { reextracted } : {}),
      ...(judge ? { judgeParsed: true } : {}),
      target: r.target,
      targetValues,
      geometry: { imageSize2d: r.doc.image_size_2d, pixelSize: inPlanePixelSize(r.doc) },
      dataset: r.doc.dataset_name,
      taskId,
      label: label !== undefined && Number.isFinite(label) ? label : undefined,
      sliceDim: r.doc.slice_dim,
      taskType: r.doc.taskType,
      metricType: first(r.doc.biometric_profile?.metric_type),
      metricKey: first(r.doc.biometric_profile?.metric_key),
      ...(display ? { display } : {}),
    });
  }, { onEncodingError, ...(arena ? { buffer: arena } : {}) });
  } finally {
    arena?.release();
  }
  if (differ.length > 0) {
    const examples = differ.slice(0, EXAMPLES).map((d) => `line ${d.line} (doc_id ${d.docId}): submitted ${quote(d.submitted)}, re-extracted ${quote(d.reextracted)}`).join('; ');
    findings.push({
      path: displayPath,
      line: differ[0]!.line,
      pointer: '$.filtered_resps[0]',
      severity: 'warning',
      message: trust
        ? `${differ.length} of ${compared} submitted parses differ from the re-extraction of the raw responses; scored from the submitted parse (--trust-submitted-parse). e.g. ${examples}`
        : `${differ.length} of ${compared} predictions differ from the submitted parse; the board uses the re-extraction (newest upstream <answer>-tag parser on resps[0][0]). e.g. ${examples}`,
    });
  }
  if (judged.length > 0) {
    findings.push({
      path: displayPath,
      line: judged[0]!,
      pointer: '$.LLM_filtered_resps',
      severity: 'warning',
      message: `${judged.length} of ${samples.length} records are parsed by an LLM judge (LLM_filtered_resps): judge-parsed, not recomputed; their numbers are the judge's, never ranked with regex-parsed rows`,
    });
  }
  if (lines === 0) findings.push({ path: displayPath, pointer: '$', severity: 'error', message: `${basename(file)} holds no records` });
  return { samples, findings, lines };
}
