/**
 * The byte scanner (formats/scan-record.ts) against the full parser (core/tolerant-json.ts) on
 * generated records, valid and corrupted: a line the scanner accepts is one the full parser
 * accepts with the same values, a well-formed record without escaped keys is always accepted
 * (so the fast path is really taken), and the reader gives the same samples and findings with
 * the scanner as without it.
 */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { keySpec, rangeOf, scanRecord } from '../../src/benchmarks/medvision/formats/scan-record';
import { readParsedFile } from '../../src/benchmarks/medvision/formats/read-parsed-file';
import { DOC_KEYS, PROFILE_KEYS, RECORD_KEYS } from '../../src/benchmarks/medvision/formats/record-keys';
import { parseTolerantJson } from '../../src/core/tolerant-json';
import { arenaLineBuffer } from '../../src/core/string-stop';

const WS = ['', '', '', ' ', '  ', '\t', '\r', ' \r\n'.slice(0, 2)];

/** JSON text of `v` with whitespace from `ws` between tokens (Python writes ", " and ": "). */
function dump(v: unknown, ws: () => string): string {
  if (Array.isArray(v)) return `[${ws()}${v.map((x) => `${dump(x, ws)}${ws()}`).join(`,${ws()}`)}]`;
  if (typeof v === 'number' && !Number.isFinite(v)) return Number.isNaN(v) ? 'NaN' : v > 0 ? 'Infinity' : '-Infinity';
  if (typeof v === 'object' && v !== null) {
    return `{${ws()}${Object.entries(v).map(([k, x]) => `${JSON.stringify(k)}${ws()}:${ws()}${dump(x, ws)}${ws()}`).join(`,${ws()}`)}}`;
  }
  return JSON.stringify(v);
}

/** Free text like a prompt or a response: any characters, escaped by JSON.stringify (quotes, backslashes, controls). */
const text = fc.oneof(fc.string({ unit: 'binary', maxLength: 80 }), fc.string({ unit: fc.constantFrom('a', ' ', '"', '\\', '\n', '\t', '/', 'é', '😀', '\u0001', '<', '>'), maxLength: 120 }));
const positive = fc.oneof(fc.constantFrom(0.5, 0.78125, 1, 512, 3.0), fc.double({ min: 0.001, max: 1e4, noNaN: true }));

const record = fc.record({
  doc_id: fc.nat(50),
  doc: fc.record({
    dataset_name: fc.constantFrom('KiTS23', 'BraTS24'),
    taskID: fc.constantFrom('01', '02', 1),
    taskType: fc.constant('Tumor-Lesion-Size'),
    image_file: text,
    slice_dim: fc.constantFrom(0, 1, 2),
    slice_idx: fc.nat(),
    image_size_2d: fc.tuple(positive, positive),
    pixel_size: fc.tuple(positive, positive),
    voxel_size: fc.tuple(positive, positive, positive),
    label: fc.constantFrom(1, 2, '2'),
    biometric_profile: fc.record({ metric_type: fc.constantFrom(['distance'], 'distance'), metric_key_major_axis: fc.constant(['L-1-2']), metric_value_major_axis: fc.array(fc.double()) }),
  }, { requiredKeys: ['taskID', 'slice_dim', 'image_size_2d', 'pixel_size'] }),
  target: fc.constantFrom('[40.5, 22.25]', '[74, 36]', '[1e2, -0.5]', '41.0'),
  arguments: fc.dictionary(fc.string({ maxLength: 6 }), fc.jsonValue({ maxDepth: 3 }), { maxKeys: 4 }),
  resps: fc.tuple(text, fc.constantFrom('41.0, 20.0', '41', '1,234.5 and 7', '')).map(([t, a]) => [[`${t}<answer>${a}</answer>${t.slice(0, 5)}`]]),
  filtered_resps: fc.constantFrom(['41.0,20.0'], [''], ['41,20']),
  doc_hash: fc.string({ unit: fc.constantFrom(...'0123456789abcdef'), maxLength: 10 }),
  input: text,
  extra: fc.jsonValue({ maxDepth: 4 }),
}, { requiredKeys: ['doc_id', 'doc', 'target', 'resps'] });

/** A record line: some key orders, some whitespace, a few NaN/Infinity numbers as Python writes them. */
const line = fc.tuple(record, fc.array(fc.constantFrom(...WS), { minLength: 1, maxLength: 8 }), fc.boolean()).map(([r, spaces, reverse]) => {
  let n = 0;
  const ws = () => spaces[n++ % spaces.length]!;
  const obj = reverse ? Object.fromEntries(Object.entries(r).reverse()) : r;
  return dump(obj, ws);
});

const SIGNIFICANT = ['"', '\\', ',', ':', '{', '}', '[', ']', '\t', '\u0001', '\u001f', 'u', 'x', '0', '1', '.', 'e', '-', '+', ' ', 'N', 'I', 't', 'n', '\\u00', '\\ud83d', '"a":1,', ',"doc_id":1', ',"doc":{}', '"target":"1",'];

/** A valid line with one edit at a random place: most are malformed JSON, some repeat a key, some stay valid. */
const corrupted = fc.tuple(line, fc.nat(), fc.constantFrom('delete', 'insert', 'replace', 'truncate'), fc.constantFrom(...SIGNIFICANT)).map(([l, at, kind, ch]) => {
  const i = at % Math.max(1, l.length);
  if (kind === 'delete') return l.slice(0, i) + l.slice(i + 1);
  if (kind === 'insert') return l.slice(0, i) + ch + l.slice(i);
  if (kind === 'replace') return l.slice(0, i) + ch + l.slice(i + 1);
  return l.slice(0, i);
});

const spec = () => {
  const profile = keySpec(PROFILE_KEYS);
  const doc = keySpec(DOC_KEYS, { key: 'biometric_profile', spec: profile });
  return { top: keySpec(RECORD_KEYS, { key: 'doc', spec: doc }), doc, profile };
};

/** Whether any key needs an escape in JSON (`dump` writes keys with JSON.stringify). */
function hasEscapedKey(v: unknown): boolean {
  if (Array.isArray(v)) return v.some(hasEscapedKey);
  if (typeof v !== 'object' || v === null) return false;
  return Object.entries(v).some(([k, x]) => JSON.stringify(k) !== `"${k}"` || hasEscapedKey(x));
}

function fullParse(l: string): { ok: true; value: unknown } | { ok: false } {
  try {
    return { ok: true, value: parseTolerantJson(l) };
  } catch {
    return { ok: false };
  }
}

/** Every located value equals the full parser's value at that key. */
function expectSameValues(buf: Buffer, s: ReturnType<typeof spec>, value: Record<string, unknown>) {
  const at = (r: [number, number] | undefined) => (r ? parseTolerantJson(buf.toString('utf8', r[0], r[1])) : undefined);
  for (const k of RECORD_KEYS) if (k !== 'doc') expect(at(rangeOf(s.top, k)), k).toEqual(value[k]);
  const doc = value.doc as Record<string, unknown> | undefined;
  if (doc === undefined || typeof doc !== 'object' || doc === null || Array.isArray(doc)) {
    expect(at(rangeOf(s.top, 'doc'))).toEqual(doc);
    return;
  }
  for (const k of DOC_KEYS) if (k !== 'biometric_profile') expect(at(rangeOf(s.doc, k)), `doc.${k}`).toEqual(doc[k]);
  const bp = doc.biometric_profile as Record<string, unknown> | undefined;
  if (bp && typeof bp === 'object' && !Array.isArray(bp)) for (const k of PROFILE_KEYS) expect(at(rangeOf(s.profile, k)), `profile.${k}`).toEqual(bp[k]);
  else expect(at(rangeOf(s.doc, 'biometric_profile'))).toEqual(bp);
}

type Entries = [string, unknown][];
type Edit = { level: 'top' | 'doc' | 'profile'; kind: 'same' | 'repeat' | 'rename' | 'drop' | 'add' | 'escape'; at: number; to: number };

/** JSON text of an object given as entries (keys may repeat, and may be written escaped: a key starting with \\u is written as is). */
function dumpEntries(entries: Entries): string {
  return `{${entries.map(([k, v]) => `${k.startsWith('\\u') ? `"${k}"` : JSON.stringify(k)}:${v instanceof Array && v.length > 0 && v[0] === ENTRIES ? dumpEntries(v[1] as Entries) : dump(v, () => '')}`).join(',')}}`;
}
const ENTRIES = Symbol('entries');

/** `r` as a line with one key of one level edited. */
function editedLine(r: Record<string, unknown>, e: Edit): string {
  const top: Entries = Object.entries(r);
  const docAt = top.findIndex(([k]) => k === 'doc');
  const doc: Entries = Object.entries(r.doc as Record<string, unknown>);
  const bpAt = doc.findIndex(([k]) => k === 'biometric_profile');
  const bp: Entries = bpAt >= 0 ? Object.entries(doc[bpAt]![1] as Record<string, unknown>) : [];
  const level = e.level === 'top' ? top : e.level === 'doc' ? doc : bp;
  if (level.length > 0) {
    const i = e.at % level.length;
    const j = e.to % level.length;
    if (e.kind === 'repeat') level.splice(e.to % (level.length + 1), 0, [level[i]![0], level[i]![1]]); // at the end too: past the last record's keys
    else if (e.kind === 'rename') level[i] = [level[j]![0], level[i]![1]];
    else if (e.kind === 'drop' && !(level === top && i === docAt) && !(level === doc && i === bpAt)) level.splice(i, 1);
    else if (e.kind === 'escape') level[i] = [[...level[i]![0]].map((c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`).join(''), level[i]![1]];
  }
  if (e.kind === 'add') level.push([`extra${e.to % 3}`, e.at]);
  if (bpAt >= 0) doc[doc.findIndex(([k]) => k === 'biometric_profile')] = ['biometric_profile', [ENTRIES, bp]];
  top[top.findIndex(([k]) => k === 'doc')] = ['doc', [ENTRIES, doc]];
  return dumpEntries(top);
}

/** The keys of a line's three levels as text, for the escaped-key test. */
const keysOf = (l: string) => l.match(/"(?:[^"\\]|\\.)*"\s*:/g)?.join('') ?? '';

/** Whether any object of the (escape-free) line repeats a key: parsed with a reviver that sees duplicates. */
function hasRepeatedKey(l: string): boolean {
  let repeated = false;
  const scan = (text: string) => {
    // Walk the objects of the line: a small tokenizer over JSON the generator wrote.
    const stack: Set<string>[] = [];
    let i = 0;
    let expectKey = false;
    while (i < text.length) {
      const c = text[i]!;
      if (c === '"') {
        let j = i + 1;
        while (text[j] !== '"') j += text[j] === '\\' ? 2 : 1;
        const str = text.slice(i, j + 1);
        if (expectKey && stack.length > 0) {
          const key = JSON.parse(str) as string;
          if (stack[stack.length - 1]!.has(key)) repeated = true;
          stack[stack.length - 1]!.add(key);
        }
        expectKey = false;
        i = j + 1;
        continue;
      }
      if (c === '{') { stack.push(new Set()); expectKey = true; }
      else if (c === '}') stack.pop();
      else if (c === '[') stack.push(new Set(['\u0000array']));
      else if (c === ']') stack.pop();
      else if (c === ',') expectKey = stack.length > 0 && !stack[stack.length - 1]!.has('\u0000array');
      i++;
    }
  };
  scan(l);
  return repeated;
}

describe('the record scanner accepts only what the full parser accepts, with the same values', () => {
  const s = spec();
  // The bytes sit in the SIMD kernel's memory, as the reader puts them, so the kernel runs.
  let arena: ReturnType<typeof arenaLineBuffer>;
  beforeAll(() => {
    arena = arenaLineBuffer();
    expect(arena).toBeDefined();
  });
  afterAll(() => arena?.release());
  const inArena = (l: string): [Buffer, number] => {
    const b = Buffer.from(l, 'utf8');
    const buf = arena!.get(b.length + 16, 0);
    b.copy(buf);
    buf.fill(0x22, b.length, b.length + 16); // what follows the line must never be read as part of it
    return [buf, b.length];
  };
  const check = (l: string) => {
    const [buf, n] = inArena(l);
    const full = fullParse(buf.toString('utf8', 0, n)); // what the reader decodes (lone surrogates become U+FFFD)
    if (scanRecord(buf, 0, n, s.top)) {
      expect(full.ok, l).toBe(true);
      const v = (full as { value: unknown }).value;
      expect(typeof v === 'object' && v !== null && !Array.isArray(v), l).toBe(true);
      expectSameValues(buf, s, v as Record<string, unknown>);
    }
  };
  it('on valid records, and takes the fast path on every one of them', () => {
    fc.assert(fc.property(line, (l) => {
      check(l);
      const [buf, n] = inArena(l);
      // An escaped key could spell another key once decoded: that line is left to the full parser.
      if (!hasEscapedKey(parseTolerantJson(l))) expect(scanRecord(buf, 0, n, s.top), l).toBe(true);
    }), { numRuns: 1500 });
  });
  it('on corrupted records', () => {
    fc.assert(fc.property(corrupted, check), { numRuns: 6000 });
  });
  it('on runs of records with one key order, where each level follows the keys of the last (repeats, renames, escapes, extra and missing keys)', () => {
    // One shape, then lines that repeat it with one key edited at one level: the scanner compares
    // keys with the last record's at that level, and must still catch a repeated or escaped key.
    const edit = fc.record({ level: fc.constantFrom('top', 'doc', 'profile'), kind: fc.constantFrom('same', 'repeat', 'rename', 'drop', 'add', 'escape'), at: fc.nat(), to: fc.nat() });
    fc.assert(fc.property(record, fc.array(edit, { minLength: 1, maxLength: 12 }), (r, edits) => {
      const run = edits.map((e) => editedLine(r, e));
      for (const l of [dump(r, () => ''), ...run, dump(r, () => '')]) {
        check(l);
        const parsed = fullParse(l);
        const [buf, n] = inArena(l);
        if (parsed.ok && !hasEscapedKey(parsed.value) && !/\\u00/.test(keysOf(l))) expect(scanRecord(buf, 0, n, s.top), l).toBe(!hasRepeatedKey(l));
      }
    }), { numRuns: 1500 });
  });
  it('on hand-picked malformed lines the old scanner let through (they skipped values unchecked)', () => {
    const good = JSON.stringify({ doc_id: 0, doc: { taskID: '01', slice_dim: 2, image_size_2d: [10, 10], pixel_size: [1, 1] }, target: '[1, 2]', input: 'QQQ', arguments: { a: [1, 2] } });
    const [g, gn] = inArena(good);
    expect(scanRecord(g, 0, gn, s.top)).toBe(true);
    for (const bad of [good.replace('QQQ', 'Q\tQ'), good.replace('QQQ', 'Q\\qQ'), good.replace('QQQ', 'Q\\u12G4'), good.replace('[1,2]', '[1,,2]'), good.replace('[1,2]', '[1 2]'), good.replace('"a":', '"a" '), good.replace('"a":[1,2]', '"a":[1,2],"a":3'), good.replace('[1,2]}', 'tru}'), good.replace('[1,2]', '[01]'), good.replace('[1,2]', '[1.]'), good.replace('[1,2]', '[-]')]) {
      const [buf, n] = inArena(bad);
      expect(fullParse(bad).ok, bad).toBe(false);
      expect(scanRecord(buf, 0, n, s.top), bad).toBe(false);
    }
  });
  it('over long text, where the SIMD kernel runs, and at any offset in a larger buffer', () => {
    fc.assert(fc.property(fc.string({ unit: 'binary', minLength: 20, maxLength: 400 }), fc.nat(40), fc.constantFrom('', '\t', '\\x', '\\u00e9', '\u0001'), fc.nat(), (t, pad, inject, where) => {
      const body = JSON.stringify(t);
      const at = 1 + (where % (body.length - 1));
      const str = body.slice(0, at) + inject + body.slice(at);
      const l = `{"doc_id":1,"input":${str},"target":"1"}`;
      const [framed] = inArena(`${'\n'.repeat(pad)}${l}\n"}`);
      const start = pad;
      const end = pad + Buffer.byteLength(l);
      const full = fullParse(framed.toString('utf8', start, end));
      expect(scanRecord(framed, start, end, s.top), l).toBe(full.ok);
    }), { numRuns: 1500 });
  });
});

describe('the reader gives the same samples and findings with the scanner as with the full parser alone', () => {
  const dir = mkdtempSync(join(tmpdir(), 'evalboard-scan-'));
  const file = join(dir, '20260101_000000_samples_KiTS23_TumorLesionSize_Task01_Axial.jsonl');
  it('on files of valid and corrupted records', () => {
    fc.assert(fc.property(fc.array(fc.oneof(line, corrupted), { minLength: 1, maxLength: 12 }), (lines) => {
      writeFileSync(file, lines.join('\n') + '\n');
      const fast = readParsedFile(file, 'x.jsonl', 'TL');
      const full = readParsedFile(file, 'x.jsonl', 'TL', { scan: false });
      expect(fast).toEqual(full);
      // With the explorer's display facts too (the scanner then also locates doc's display keys).
      expect(readParsedFile(file, 'x.jsonl', 'TL', { displayFacts: true })).toEqual(readParsedFile(file, 'x.jsonl', 'TL', { scan: false, displayFacts: true }));
    }), { numRuns: 400 });
  });
  it('on responses whose tags are written with escapes (\\u003c, \\/, …), which the byte cut must leave to the full parser', () => {
    // Raw JSON string content: escapes that spell tag characters, and look-alikes that do not (an escaped backslash before "/" or "u003c").
    const raw = fc.constantFrom('<answer>', '</answer>', '\\u003canswer>', '<\\/answer>', '<\\u002fanswer>', '<\\u0061nswer>', '\\u003e', '\\\\/', '\\\\u003c', '\\u00e9', '\\u0031', '1', '2.5', ', ', '\\n', ' mm');
    const open = fc.constantFrom('<answer>', '\\u003canswer>', '<\\u0061nswer>', '<answer\\u003e');
    const close = fc.constantFrom('</answer>', '<\\/answer>', '<\\u002fanswer>', '\\u003c/answer>', '<\\\\/answer>');
    const text = fc.tuple(fc.array(raw, { maxLength: 4 }), open, fc.constantFrom('3, 4', '1', '3, 4, 5'), fc.array(raw, { maxLength: 3 }), close, fc.array(raw, { maxLength: 4 }))
      .map((t) => t.flat().join(''));
    fc.assert(fc.property(fc.array(fc.tuple(record, text), { minLength: 1, maxLength: 6 }), (recs) => {
      const lines = recs.map(([r, t]) => dump({ ...r, resps: [['@@RESP@@']] }, () => '').replace('@@RESP@@', t));
      writeFileSync(file, lines.join('\n') + '\n');
      expect(readParsedFile(file, 'x.jsonl', 'TL')).toEqual(readParsedFile(file, 'x.jsonl', 'TL', { scan: false }));
    }), { numRuns: 400 });
  });
});
