import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { forEachLine, forEachLineIn } from '../../src/core/line-reader';

type Event = [number, string] | [number, 'error', string];

function streamed(file: string, chunkSize: number): Event[] {
  const out: Event[] = [];
  forEachLine(file, (buf, s, e, n) => out.push([n, buf.toString('latin1', s, e)]), { chunkSize, onEncodingError: (n, m) => out.push([n, 'error', m]) });
  return out;
}

function inMemory(bytes: Buffer, pad: number): Event[] {
  const out: Event[] = [];
  const buf = Buffer.concat([Buffer.from('x\n'.repeat(pad)), bytes, Buffer.from('\ny')]);
  forEachLineIn(buf, 2 * pad, 2 * pad + bytes.length, (b, s, e, n) => out.push([n, b.toString('latin1', s, e)]), { onEncodingError: (n, m) => out.push([n, 'error', m]) });
  return out;
}

describe('a whole file in memory gives the same lines and encoding errors as the chunked reader', () => {
  const dir = mkdtempSync(join(tmpdir(), 'evalboard-lines-'));
  const file = join(dir, 'f.jsonl');
  it('on lines with CRLF, blank lines, a BOM, invalid UTF-8 and no final newline, at any chunk size', () => {
    const piece = fc.oneof(
      fc.string({ maxLength: 12 }).map((s) => Buffer.from(s, 'utf8')),
      fc.constantFrom(...[[0x0a], [0x0d, 0x0a], [0x0d], [0xef, 0xbb, 0xbf], [0xff], [0xc3], [0xc3, 0xa9], [0xed, 0xa0, 0x80], [0xf0, 0x9f, 0x98, 0x80]].map((b) => Buffer.from(b))),
    );
    fc.assert(fc.property(fc.array(piece, { maxLength: 30 }), fc.integer({ min: 1, max: 64 }), fc.nat(3), (pieces, chunkSize, pad) => {
      const bytes = Buffer.concat(pieces);
      writeFileSync(file, bytes);
      expect(inMemory(bytes, pad)).toEqual(streamed(file, chunkSize));
    }), { numRuns: 1500 });
  });
  it('names a BOM and the byte offset of an invalid sequence', () => {
    const bytes = Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from('{}\nok\n'), Buffer.from([0x61, 0xff, 0x0a])]);
    const events = inMemory(bytes, 1);
    expect(events[0]).toEqual([1, 'error', expect.stringContaining('byte-order mark')]);
    expect(events[1]).toEqual([2, 'ok']);
    expect(events[2]![1]).toBe('error');
    expect(events[2]![0]).toBe(3);
    expect(String(events[2]![2])).toContain('byte 10');
  });
});
