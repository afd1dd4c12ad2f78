import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { STRING_STOP_WASM, arenaLineBuffer, stringStop, stringStopJs } from '../../src/core/string-stop';
import { compiledWat } from '../helpers/wasm-source';

describe('the string-stop SIMD kernel', () => {
  it('is the compiled form of its source (src/core/wasm/string-stop.wat, compiled by wabt)', async () => {
    expect(await compiledWat('string-stop.wat')).toBe(STRING_STOP_WASM);
  });

  it('loads here (the reader falls back to a JavaScript loop without it, much slower)', () => {
    const arena = arenaLineBuffer();
    expect(arena).toBeDefined();
    arena!.release();
  });

  it('finds the same stop as the byte loop, at every offset and length, and growing keeps the bytes', () => {
    const arena = arenaLineBuffer()!;
    try {
      const special = fc.constantFrom(0x22, 0x5c, 0x00, 0x1f, 0x0a, 0x20, 0x21, 0x7f, 0x80, 0xff, 0x5b);
      fc.assert(fc.property(fc.array(fc.oneof(fc.integer({ min: 0x20, max: 0xff }), special), { maxLength: 200 }), fc.nat(), fc.nat(), (bytes, a, b) => {
        const buf = arena.get(bytes.length + 64, 0);
        buf.fill(0x22, 0, bytes.length + 64); // a stop just past `end` must not be found
        buf.set(bytes, 0);
        const p = bytes.length === 0 ? 0 : a % (bytes.length + 1);
        const end = p + (b % (bytes.length - p + 1));
        expect(stringStop(buf, p, end)).toBe(stringStopJs(buf, p, end));
      }), { numRuns: 3000 });
      const small = arena.get(16, 0);
      small.write('no stop here at all, none', 0, 'latin1');
      const big = arena.get(small.length + (1 << 20), small.length);
      expect(big.toString('latin1', 0, 25)).toBe('no stop here at all, none');
      big.fill(0x61, 0, 1 << 20);
      big[(1 << 20) - 3] = 0x5c;
      expect(stringStop(big, 5, 1 << 20)).toBe((1 << 20) - 3);
    } finally {
      arena.release();
    }
  });

  it('is held by one reader at a time: a second one gets no arena (and reads into a buffer of its own)', () => {
    const a = arenaLineBuffer()!;
    expect(arenaLineBuffer()).toBeUndefined();
    a.release();
    const b = arenaLineBuffer();
    expect(b).toBeDefined();
    b!.release();
  });
});
