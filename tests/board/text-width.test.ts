// Label widths (src/board/charts-kit.ts): `textWidth` and `fitLabel` against the rules written out
// plainly — each character's em width by its class, summed in order, and a label cut one character
// at a time until its trimmed prefix and "…" fit — on random text of every kind of character.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { fitLabel, textWidth } from '../../src/board/charts-kit';

/** The width rule as stated: narrow, semi-narrow and wide ASCII classes, digits, letters, then by code point. */
function plainWidth(text: string, size = 12): number {
  let em = 0;
  for (const ch of text) {
    if ("il.,:;'|!()[]{}`".includes(ch)) em += 0.36;
    else if ('fjrtI -/'.includes(ch)) em += 0.46;
    else if ('mwMW@%'.includes(ch)) em += 1.0;
    else if (ch >= '0' && ch <= '9') em += 0.66;
    else if (ch >= 'a' && ch <= 'z') em += 0.64;
    else if (ch >= 'A' && ch <= 'Z') em += 0.76;
    else if (ch.codePointAt(0)! < 0x2e80) em += 0.8;
    else em += 1.1;
  }
  return Math.ceil(em * size);
}

function plainFit(text: string, max: number, size = 12): string {
  if (plainWidth(text, size) <= max) return text;
  const chars = [...text];
  let n = chars.length;
  while (n > 1 && plainWidth(`${chars.slice(0, n).join('').trimEnd()}…`, size) > max) n--;
  return `${chars.slice(0, n).join('').trimEnd()}…`;
}

// Every class of character, white space a trim removes (and one it does not: U+200B), surrogate
// pairs and lone surrogates.
const PIECES = ['a', 'm', 'W', 'I', 'i', '1', ' ', '\u00a0', '\u3000', '\t', '\u200b', '·', 'é', '…', '模', '型', '😀', '\ud800', '\udc00', '-', '%', '<', '&'];
const text = fc.array(fc.oneof(fc.constantFrom(...PIECES), fc.string({ unit: 'grapheme', maxLength: 3 }), fc.string({ unit: 'binary', maxLength: 2 })), { maxLength: 40 }).map((xs) => xs.join(''));

describe('label widths', () => {
  it('textWidth sums each character’s em width in order', () => {
    fc.assert(fc.property(text, fc.constantFrom(12, 20, 28, 46), (t, size) => textWidth(t, size) === plainWidth(t, size)), { numRuns: 3000 });
  });

  it('fitLabel cuts as the plain rule does', () => {
    fc.assert(fc.property(text, fc.integer({ min: 0, max: 400 }), fc.constantFrom(12, 28), (t, max, size) => fitLabel(t, max, size) === plainFit(t, max, size)), { numRuns: 3000 });
  });

  it('keeps the known cases', () => {
    expect(textWidth('')).toBe(0);
    expect(textWidth('il')).toBe(Math.ceil(0.72 * 12));
    expect(fitLabel('short', 200)).toBe('short');
    expect(fitLabel('A very long model name', 60)).toBe(plainFit('A very long model name', 60));
    expect(fitLabel('ab   cd', 40)).toBe('ab…');
  });
});
