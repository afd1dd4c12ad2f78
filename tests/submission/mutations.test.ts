import { describe, expect, it } from 'vitest';
import { BENCH_MUTATIONS, COMMON, type Mutation } from './mutations';
import { HOSTILE, HOSTILE_COMMON } from './mutations-hostile';
import { EXAMPLES, exampleExists, stageExample, validateIn, type Bench } from './helpers';
import { formatFinding } from '../../src/core/findings';

for (const bench of Object.keys(EXAMPLES) as Bench[]) {
  const variants: Mutation[] = [...COMMON, ...BENCH_MUTATIONS[bench], ...HOSTILE_COMMON, ...HOSTILE[bench]];
  describe.skipIf(!exampleExists(bench))(`${bench}: the valid example and ${variants.length} malformed variants`, () => {
    it('has at least 40 variants', () => expect(variants.length).toBeGreaterThanOrEqual(40));

    it('the example passes validate', async () => {
      const s = stageExample(bench);
      try {
        const r = await validateIn(s.root, s.dir);
        expect(r.findings.filter((f) => f.severity === 'error').map(formatFinding)).toEqual([]);
        expect(r.valid).toBe(true);
        expect(r.recomputedKeys.length).toBeGreaterThan(0);
      } finally {
        s.cleanup();
      }
    });

    it.each(variants.map((m) => [m.name, m] as const))('%s → not valid, with a located error', async (_name, m) => {
      const s = stageExample(bench);
      try {
        m.apply(s.dir);
        const r = await validateIn(s.root, s.dir);
        const errors = r.findings.filter((f) => f.severity === 'error');
        expect(r.valid, `expected errors; got ${r.findings.map(formatFinding).join('\n')}`).toBe(false);
        for (const f of errors) {
          expect(f.path.length).toBeGreaterThan(0);
          expect(f.pointer).toMatch(/^\$/);
          expect(f.message.length).toBeGreaterThan(0);
        }
        const want = m.repoFile ? m.repoFile(s.dir) : typeof m.file === 'function' ? m.file(s.dir) : m.file;
        if (want !== undefined) {
          const shown = m.repoFile ? want : `${r.dir}${want === '.' ? '' : `/${want}`}`;
          const located = errors.filter((f) => f.path === shown || f.path.startsWith(`${shown}/`));
          expect(located.length, `no error names ${shown}:\n${errors.map(formatFinding).join('\n')}`).toBeGreaterThan(0);
          if (m.line) expect(located.some((f) => typeof f.line === 'number' && f.line > 0), errors.map(formatFinding).join('\n')).toBe(true);
          if (m.pointer !== undefined || m.message) {
            const exact = located.filter((f) => (m.pointer === undefined || f.pointer === m.pointer) && (!m.message || m.message.test(f.message)) && (!m.line || (f.line ?? 0) > 0));
            expect(exact.length, `no error at ${shown} ${m.pointer ?? ''} matching ${m.message}:\n${errors.map(formatFinding).join('\n')}`).toBeGreaterThan(0);
          }
        }
      } finally {
        s.cleanup();
      }
    });
  });
}
