// forEachLine against the obvious reading of a file (split on "\n", a trailing "\r" dropped, no
// line after a final newline): for any content — empty lines, CRLF, multi-byte characters, lines
// longer than the chunk, invalid UTF-8, a byte-order mark — and any chunk size, every line is
// handed over exactly once, in order, with its number, either to onLine or (bad bytes) to
// onEncodingError; no line is dropped or merged at a chunk boundary.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import fc from 'fast-check';
import { afterAll, describe, expect, it } from 'vitest';
import { forEachLine } from '../../src/core/line-reader';

const DIR = mkdtempSync(join(tmpdir(), 'evalboard-lines-'));
afterAll(() => rmSync(DIR, { recursive: true, force: true }));

type Seen = { ok: [number, string][]; bad: number[] };

function read(bytes: Buffer, chunkSize: number, withShared = false): Seen {
  const file = join(DIR, 'f.jsonl');
  writeFileSync(file, bytes);
  const seen: Seen = { ok: [], bad: [] };
  let shared: Buffer | undefined;
  const buffer = withShared
    ? { get: (size: number, keep: number) => { if (shared && shared.length >= size) return shared; const b = Buffer.alloc(size); shared?.copy(b, 0, 0, keep); return (shared = b); } }
    : undefined;
  forEachLine(file, (buf, start, end, lineNo) => seen.ok.push([lineNo, buf.toString('utf8', start, end)]), { chunkSize, onEncodingError: (lineNo) => seen.bad.push(lineNo), ...(buffer ? { buffer } : {}) });
  return seen;
}

/** The reference: line i + 1 is the i-th generated line, whole (without its "\r"), or an encoding error when it has bad bytes. */
function expected(lines: { text: string; bad: boolean }[]): Seen {
  const out: Seen = { ok: [], bad: [] };
  lines.forEach((l, i) => (l.bad ? out.bad.push(i + 1) : out.ok.push([i + 1, l.text])));
  return out;
}

const lineArb = fc.record({
  text: fc.oneof(fc.string({ maxLength: 40 }).map((s) => s.replace(/[\r\n]/g, '')), fc.constantFrom('', 'é', '日本語', '🙂x', 'a'.repeat(300))),
  bad: fc.boolean(),
});

describe('forEachLine', () => {
  it('hands every line once, in order, at any chunk size (own buffer and a caller buffer)', () => {
    fc.assert(
      fc.property(fc.array(lineArb, { maxLength: 30 }), fc.array(fc.boolean(), { maxLength: 30 }), fc.boolean(), fc.integer({ min: 1, max: 64 }), fc.boolean(), (lines, crlf, trailing, chunk, shared) => {
        // A file with no lines is empty; a last empty line only exists before a final newline.
        if (lines.length > 0 && !trailing && lines[lines.length - 1]!.text === '' && !lines[lines.length - 1]!.bad) trailing = true;
        const parts = lines.map((l, i) => Buffer.concat([Buffer.from(l.text, 'utf8'), l.bad ? Buffer.from([0xff, 0xfe]) : Buffer.alloc(0), crlf[i] && (i < lines.length - 1 || trailing) ? Buffer.from('\r') : Buffer.alloc(0)]));
        const bytes = Buffer.concat(parts.flatMap((p, i) => (i < parts.length - 1 || trailing ? [p, Buffer.from('\n')] : [p])));
        const want = expected(lines);
        expect(read(bytes, chunk, shared)).toEqual(want);
      }),
      { numRuns: 400 },
    );
  });

  it('a byte-order mark before line 1 is an encoding error of line 1, and the other lines still come', () => {
    const seen = read(Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from('a\nb\n')]), 2);
    expect(seen).toEqual({ ok: [[2, 'b']], bad: [1] });
  });

  it('an empty file has no lines; a lone newline is one empty line', () => {
    expect(read(Buffer.alloc(0), 4)).toEqual({ ok: [], bad: [] });
    expect(read(Buffer.from('\n'), 4)).toEqual({ ok: [[1, '']], bad: [] });
  });
});
