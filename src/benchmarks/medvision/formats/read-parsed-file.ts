import { basename } from 'node:path';
import type { Finding } from '../../../core/findings';
import { jsonPath } from '../../../core/findings';
import { forEachLine } from '../../../core/line-reader';
import { JsonSyntaxError, parseTolerantJson } from '../../../core/tolerant-json';
import { parseSmallJson, parseSmallJsonOrNull } from './small-json';
import { DOC_KEYS, PROFILE_KEYS, medvisionRecordSchema, RECORD_KEYS, type MedvisionRecord } from './record-schema';
import { isValidRecordFast } from './record-fast-check';
import { keySpec, scanRecord, type KeySpec } from './scan-record';
import { parseTarget } from '../scorer/target';
import type { SliceGeometry, TaskType } from '../scorer/sample';

/** One validated record, reduced to what scoring and grouping read. */
export interface MedvisionSample {
  line: number;
  docId: number;
  filteredResp: string;
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
}

export interface ParsedFile {
  samples: MedvisionSample[];
  findings: Finding[];
  /** Non-empty lines seen, valid or not. */
  lines: number;
}

/** In-plane pixel size: the NIfTI zooms without the slicing axis when the record has them. */
function inPlanePixelSize(doc: { pixel_size: [number, number]; voxel_size?: number[]; slice_dim: 0 | 1 | 2 }): [number, number] {
  const v = doc.voxel_size;
  if (v && v.length === 3) {
    const rest = v.filter((_, i) => i !== doc.slice_dim);
    return [rest[0]!, rest[1]!];
  }
  return doc.pixel_size;
}

/** Targets are almost always JSON-shaped number lists ("[74.0, 36.0]") or plain numbers. */
function fastTarget(t: string): number | number[] | null {
  for (let i = 0; i < t.length; i++) if (t.charCodeAt(i) > 0x7e) return null; // ASCII only: latin1 bytes = chars
  const buf = Buffer.from(t, 'latin1');
  const v = parseSmallJsonOrNull(buf, 0, buf.length);
  if (typeof v === 'number') return v;
  if (Array.isArray(v) && v.every((x) => typeof x === 'number')) return v as number[];
  return null;
}

/** Parse the located values of one level; a nested object is built from its own located keys. */
function readObject(buf: Buffer, spec: KeySpec): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  const r = spec.ranges;
  for (let k = 0; k < spec.keys.length; k++) {
    const s = r[2 * k]!;
    if (s < 0) continue;
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

/**
 * Read one parsed JSONL file. Every line becomes a sample or a located finding
 * (`file:line $.path: message`); nothing is dropped silently.
 */
export function readParsedFile(file: string, displayPath: string, taskType: TaskType): ParsedFile {
  const samples: MedvisionSample[] = [];
  const findings: Finding[] = [];
  const seenIds = new Map<number, number>();
  let lines = 0;
  const error = (line: number, pointer: string, message: string) =>
    findings.push({ path: displayPath, line, pointer, severity: 'error', message });

  // `doc` holds long paths we never read: only its wanted fields (and those of its
  // biometric_profile) are located, in the same pass, and parsed.
  const profile = keySpec(PROFILE_KEYS);
  const doc = keySpec(DOC_KEYS, { key: 'biometric_profile', spec: profile });
  const top = keySpec(RECORD_KEYS, { key: 'doc', spec: doc });

  const onEncodingError = (lineNo: number, message: string) => {
    lines++;
    error(lineNo, '$', message);
  };
  forEachLine(file, (buf, start, end, lineNo) => {
    if (isBlank(buf, start, end)) return;
    lines++;
    let record: Record<string, unknown> | undefined;
    if (scanRecord(buf, start, end, top)) {
      try {
        record = readObject(buf, top);
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
    if (isValidRecordFast(record)) r = record;
    else {
      const parsed = medvisionRecordSchema.safeParse(record);
      if (!parsed.success) {
        for (const issue of parsed.error.issues) {
          error(lineNo, jsonPath(issue.path as (string | number)[]), issue.message);
        }
        return;
      }
      r = parsed.data;
    }
    const k = taskType === 'Detection' ? 4 : taskType === 'TL' ? 2 : 1;
    const target = fastTarget(r.target) ?? parseTarget(r.target);
    const targetLen = typeof target === 'number' ? 1 : target?.length;
    if (target === null || (taskType === 'Detection' && targetLen !== 4) || (taskType === 'TL' && targetLen !== 2) || (taskType === 'AD' && targetLen !== 1)) {
      error(lineNo, '$.target', `expected ${k === 1 ? 'a number' : `a list of ${k} numbers`} as text, got ${JSON.stringify(r.target).slice(0, 80)}; sample not scored`);
      return;
    }
    const prev = seenIds.get(r.doc_id);
    if (prev !== undefined) error(lineNo, '$.doc_id', `duplicate doc_id ${r.doc_id} (first on line ${prev})`);
    else seenIds.set(r.doc_id, lineNo);
    const taskId = Number.parseInt(String(r.doc.taskID), 10);
    if (!Number.isFinite(taskId)) {
      error(lineNo, '$.doc.taskID', `expected a numeric task id, got ${JSON.stringify(r.doc.taskID)}`);
      return;
    }
    const label = r.doc.label === undefined ? undefined : Number(r.doc.label);
    samples.push({
      line: lineNo,
      docId: r.doc_id,
      filteredResp: r.filtered_resps[0]!,
      target: r.target,
      targetValues: typeof target === 'number' ? [target] : target,
      geometry: { imageSize2d: r.doc.image_size_2d, pixelSize: inPlanePixelSize(r.doc) },
      dataset: r.doc.dataset_name,
      taskId,
      label: label !== undefined && Number.isFinite(label) ? label : undefined,
      sliceDim: r.doc.slice_dim,
      taskType: r.doc.taskType,
      metricType: first(r.doc.biometric_profile?.metric_type),
      metricKey: first(r.doc.biometric_profile?.metric_key),
    });
  }, { onEncodingError });
  if (lines === 0) findings.push({ path: displayPath, pointer: '$', severity: 'error', message: `${basename(file)} holds no records` });
  return { samples, findings, lines };
}
