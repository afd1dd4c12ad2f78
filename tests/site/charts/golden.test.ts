// Golden SVGs, as Observable Plot tests its own marks: every chart kind on fixed data must draw
// exactly the committed file. After an intended change, regenerate with
// `npx tsx tests/site/charts/update-golden.ts --update`, look at the files, and commit them.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { WIDTHS } from '../../../src/board/charts-kit';
import { goldenFiles } from './golden-charts';

const DIR = join(import.meta.dirname, 'golden');
const files = goldenFiles();

describe('golden chart SVGs', () => {
  it('the committed set is exactly the generated set (no stale or missing file)', () => {
    expect(readdirSync(DIR).sort()).toEqual([...files.keys()].sort());
  });
  for (const [name, text] of files) {
    it(name, () => {
      const path = join(DIR, name);
      expect(existsSync(path), `${path} is missing: run the update script`).toBe(true);
      // Compared as text, exactly; toBe shows the first differing position.
      expect(text === readFileSync(path, 'utf8'), `${name} differs from the golden file`).toBe(true);
    });
  }
  it('Chart.astro has a container query for every width variant', () => {
    const astro = readFileSync(join(import.meta.dirname, '../../../src/components/Chart.astro'), 'utf8');
    for (const w of WIDTHS) expect(astro).toContain(`[data-w="${w}"]`);
    for (const w of WIDTHS.slice(1)) expect(astro).toContain(`@container (min-width: ${w}px)`);
  });
});
