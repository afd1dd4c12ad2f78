import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { samplesOf, samplesOfConfig, type HasSampleTables, type SampleTable } from '../../src/benchmarks/medvision/boards/sample-table';

const entryWith = (table: SampleTable): HasSampleTables => {
  const tables = new Map([['m|TL', table]]);
  return { samples: () => tables };
};
const run = { model: 'm', task_type: 'TL' } as const;

describe('samplesOfConfig', () => {
  it("is samplesOf filtered to one config, in order, for any table (and empty for a config the run lacks)", () => {
    const table = fc.integer({ min: 1, max: 4 }).chain((nConfigs) =>
      fc.array(fc.record({ config: fc.integer({ min: 0, max: nConfigs - 1 }), group: fc.integer({ min: -1, max: 1 }), docId: fc.nat(50), value: fc.oneof(fc.double({ noNaN: false }), fc.constant(NaN)) }), { maxLength: 60 }).map(
        (rows): SampleTable => ({
          configs: Array.from({ length: nConfigs }, (_, i) => `C${i}`),
          groups: ['g0', 'g1'],
          config: rows.map((r) => r.config),
          group: rows.map((r) => r.group),
          docId: rows.map((r) => r.docId),
          value: rows.map((r) => r.value),
        }),
      ),
    );
    fc.assert(
      fc.property(table, (t) => {
        const e = entryWith(t);
        for (const config of [...t.configs, 'absent']) {
          expect(samplesOfConfig(e, run, config)).toEqual(samplesOf(e, run).filter((s) => s.config === config));
        }
        expect(samplesOfConfig(e, { model: 'other', task_type: 'TL' }, 'C0')).toEqual([]);
      }),
    );
  });
});
