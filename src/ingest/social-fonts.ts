/**
 * The fonts social card images are drawn with: Inter (OFL-1.1, from `@fontsource/inter`), regular
 * and bold, in the subsets below, and the code points those subsets cover (the package's own
 * `unicode.json`), so a text the fonts cannot draw is replaced rather than drawn as empty boxes.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';

const SUBSETS = ['latin', 'latin-ext', 'greek', 'cyrillic'] as const;

export interface CardFont {
  name: string;
  data: Buffer;
  weight: 400 | 700;
  style: 'normal';
}

export interface CardFonts {
  fonts: CardFont[];
  /** Whether every character of `text` has a glyph in the fonts. */
  covers: (text: string) => boolean;
}

let loaded: CardFonts | undefined;

function rangesOf(spec: string): [number, number][] {
  return spec.split(',').map((r) => {
    const [lo, hi = lo] = r.trim().replace(/^U\+/, '').split('-');
    return [parseInt(lo!, 16), parseInt(hi!, 16)];
  });
}

export function socialCardFonts(): CardFonts {
  if (loaded) return loaded;
  const require = createRequire(import.meta.url);
  const unicode = JSON.parse(readFileSync(require.resolve('@fontsource/inter/unicode.json'), 'utf8')) as Record<string, string>;
  const ranges = SUBSETS.flatMap((s) => rangesOf(unicode[s]!));
  const fonts = SUBSETS.flatMap((subset) =>
    ([400, 700] as const).map((weight) => ({ name: 'Inter', weight, style: 'normal' as const, data: readFileSync(require.resolve(`@fontsource/inter/files/inter-${subset}-${weight}-normal.woff`)) })),
  );
  const covers = (text: string) => [...text].every((ch) => ranges.some(([lo, hi]) => ch.codePointAt(0)! >= lo && ch.codePointAt(0)! <= hi));
  return (loaded = { fonts, covers });
}
