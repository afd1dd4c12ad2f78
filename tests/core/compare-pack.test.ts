// Packed compare data (what a build keeps of every entry) gives back the same JSON file and the
// same comparison as the data it was packed from, for any blocks: null and non-finite values, −0,
// absent and present strata and binary outcomes, keys shared between entries or not.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { KeyTable, compareData, packCompareData, unpackCompareData, type CompareData, type UnitBlock } from '../../src/core/compare';

const value = fc.oneof(fc.double(), fc.constant(null), fc.constant(-0), fc.constant(Infinity), fc.constant(NaN));
const block = (id: string): fc.Arbitrary<UnitBlock> =>
  fc.uniqueArray(fc.stringMatching(/^[a-c]{1,3}$/), { maxLength: 12 }).chain((keys) =>
    fc.record(
      {
        id: fc.constant(id),
        keys: fc.constant(keys),
        values: fc.array(value, { minLength: keys.length, maxLength: keys.length }),
        strata: fc.array(fc.integer({ min: -1, max: 2 }), { minLength: keys.length, maxLength: keys.length }),
        binary: fc.array(fc.constantFrom<0 | 1 | null>(0, 1, null), { minLength: keys.length, maxLength: keys.length }),
      },
      { requiredKeys: ['id', 'keys', 'values'] },
    ),
  );
const data = (entry: string): fc.Arbitrary<CompareData> =>
  fc.tuple(block('x'), block('y')).map(([x, y]) => ({
    version: 1,
    benchmark: 'b',
    name: 'B',
    entry,
    unit: 'units',
    minUnits: 2,
    metrics: [{ id: 'm', label: 'M', direction: 'higher', format: { kind: 'fixed', digits: 3 }, unit: '' } as CompareData['metrics'][number]],
    strata: ['s0', 's1', 's2'],
    blocks: [x, y],
    scopes: [
      { task: 'mean', metric: 'm', method: 'mean', blocks: ['x', 'y'], stratify: 'none', seed: 'p/mean' },
      { task: 'strata', metric: 'm', method: 'weighted-all', blocks: ['x'], stratify: 'strata', seed: 'p/strata' },
    ],
  }));

describe('packCompareData', () => {
  it('unpacks to the same JSON and the same comparison, the key table shared by two entries', () => {
    fc.assert(
      fc.property(data('a'), data('b'), (a, b) => {
        const table = new KeyTable();
        const [pa, pb] = [packCompareData(a, table), packCompareData(b, table)];
        const [ua, ub] = [unpackCompareData(pa, table), unpackCompareData(pb, table)];
        expect(JSON.stringify(ua)).toBe(JSON.stringify(a));
        expect(JSON.stringify(ub)).toBe(JSON.stringify(b));
        expect(compareData([[ua, ub]])).toEqual(compareData([[a, b]]));
      }),
      { numRuns: 200 },
    );
  });
});
