/** The duplicate-id table against a plain Map, on ids around its growth steps and past its dense range. */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { FirstLineById } from '../../src/benchmarks/medvision/formats/first-line-by-id';

const id = fc.oneof(fc.nat(40), fc.integer({ min: 1000, max: 1100 }), fc.integer({ min: (1 << 22) - 3, max: (1 << 22) + 3 }), fc.nat(Number.MAX_SAFE_INTEGER));

describe('FirstLineById', () => {
  it('answers like a Map of first lines, in any order of ids', () => {
    fc.assert(fc.property(fc.array(id, { maxLength: 200 }), (ids) => {
      const table = new FirstLineById();
      const model = new Map<number, number>();
      ids.forEach((x, i) => {
        const line = i + 1;
        expect(table.firstOrSet(x, line), `id ${x}`).toBe(model.get(x));
        if (!model.has(x)) model.set(x, line);
      });
    }), { numRuns: 500 });
  });
});
