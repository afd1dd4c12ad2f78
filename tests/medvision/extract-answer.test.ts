import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { answerFromTagBody } from '../../src/benchmarks/medvision/scorer/extract-answer';

describe('the ASCII path of the answer extraction agrees with the Unicode pattern it stands in for', () => {
  it('on number-heavy ASCII text, for every k', () => {
    // Upstream's pattern as written (Python's \d = \p{Nd}), applied the straightforward way.
    const NUMBER = /[-+]?(?:\p{Nd}{1,3}(?:,\p{Nd}{3})+|\p{Nd}+)(?:\.\p{Nd}+)?(?:[eE][-+]?\p{Nd}+)?/gu;
    const reference = (body: string, k: number) => {
      const numbers = Array.from(body.matchAll(NUMBER), (m) => m[0].replace(/,/g, ''));
      return numbers.length < k || k <= 0 ? '' : numbers.slice(-k).join(',');
    };
    const unit = fc.constantFrom(...'0123456789,,,..eE+- ax', '1,234', ',000', '١', '\u00a0');
    fc.assert(fc.property(fc.string({ unit, maxLength: 40 }), fc.integer({ min: 0, max: 5 }), (body, k) => {
      expect(answerFromTagBody(body, k), JSON.stringify(body)).toBe(reference(body, k));
    }), { numRuns: 5000 });
  });
});
