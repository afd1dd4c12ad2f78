// "source" credits a public repository and is written only by import:sources into a build-time
// directory (pr-intake rejects a pull request that claims one). A submission committed under
// results/ with a "source" would therefore have skipped both: this check keeps the repository clean.
import { existsSync, readFileSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

const RESULTS = join(import.meta.dirname, '..', '..', 'results');

describe('bundled submissions claim no public source', () => {
  it('no results/<benchmark>/<id>/submission.json has a "source" field', () => {
    const files: string[] = [];
    for (const bench of readdirSync(RESULTS)) {
      const dir = join(RESULTS, bench);
      if (!statSync(dir).isDirectory()) continue;
      for (const id of readdirSync(dir)) {
        const f = join(dir, id, 'submission.json');
        if (existsSync(f)) files.push(f);
      }
    }
    expect(files.length).toBeGreaterThan(0);
    const claiming = files.filter((f) => Object.hasOwn(JSON.parse(readFileSync(f, 'utf8')) as object, 'source'));
    expect(claiming).toEqual([]);
  });
});
