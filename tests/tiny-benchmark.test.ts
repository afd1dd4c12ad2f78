/**
 * One folder plus one list entry is all a benchmark takes. `tests/fixtures/tiny-benchmark/` is a
 * benchmark registered nowhere but here: the registry-derived lookups (metrics, score-CLI format
 * detection, conformance suites and runner, published schemas, submission benchmarks) are run over
 * `[...BENCHMARKS, tiny]` and pick it up with no other change. ARCHITECTURE.md's "How to add a
 * benchmark" walk-through is checked against the fixture's files, and the fixture against the
 * layering rules. Expected numbers are counted by hand from the fixture files.
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { BENCHMARKS } from '../src/benchmarks';
import { metricsOf } from '../src/registry/metrics';
import { formatHandlersOf } from '../src/registry/formats';
import { suitesOf, SUITES } from '../src/registry/suites';
import { runVectorFile } from '../src/registry/run-conformance';
import { publishedSchemasOf } from '../src/registry/json-schemas';
import { submissionBenchmarksOf } from '../src/registry/benchmarks';
import { findVectorFiles, loadVectorFile } from '../src/ingest/vectors';
import { submissionSchemaFor } from '../src/core/submission-schema';
import { tiny } from './fixtures/tiny-benchmark';
import { boards as tinyBoards, load as tinyLoad } from './fixtures/tiny-benchmark/boards/boards';
import { readImportGraph, REPO } from './helpers/import-graph';
import { checkLayering } from './helpers/layering';

const FIXTURE = join(REPO, 'tests', 'fixtures', 'tiny-benchmark');
const LIST = [...BENCHMARKS, tiny];

describe('the tiny fixture benchmark, registered only in this test', () => {
  it('is not in the real list, and is once in the test list', () => {
    expect(BENCHMARKS.map((b) => b.id)).not.toContain('tiny');
    expect(LIST.filter((b) => b.id === 'tiny')).toHaveLength(1);
  });

  it('its metric joins the metric list; ids stay unique', () => {
    const ids = metricsOf(LIST).map((m) => m.id);
    expect(ids).toContain('tiny-accuracy');
    expect(new Set(ids).size).toBe(ids.length);
    expect(metricsOf(BENCHMARKS).map((m) => m.id)).not.toContain('tiny-accuracy');
  });

  it('score-CLI detection (first handler that says yes) finds its format, and no other handler claims the file', async () => {
    const file = join(FIXTURE, 'results', 'tiny', 'demo-alpha', 'answers.tiny.json');
    const claiming: string[] = [];
    for (const h of formatHandlersOf(LIST)) if (await h.detect(file, {})) claiming.push(h.format);
    expect(claiming).toEqual(['tiny']);
    const out = await tiny.formats[0]!.score(file, {});
    // demo-alpha: q1, q2 equal; q3 " leptin" equals after trimming; q4 "ghrelin" ≠ "Ghrelin" → 3/4.
    expect(out.items.map((i) => i.metrics.accuracy)).toEqual([0.75]);
    expect(out.summary).toEqual({ n: 4, correct: 3 });
    expect(out.findings).toEqual([]);
  });

  it('its conformance vectors run through the same runner as the conformance CLI, and only when registered', async () => {
    const files = await findVectorFiles([join(FIXTURE, 'conformance', 'vectors')]);
    expect(files.map((f) => relative(FIXTURE, f))).toEqual(['conformance/vectors/tiny/accuracy.json']);
    const loaded = await loadVectorFile(files[0]!);
    expect(loaded.benchmark).toBe('tiny');
    const report = runVectorFile(files[0]!, loaded.benchmark, loaded.data!, suitesOf(LIST));
    expect(report).toMatchObject({ key: 'tiny/accuracy', known: true, passed: 3, failed: 0 });
    // Without the list entry the CLI does not know the suite.
    expect(runVectorFile(files[0]!, loaded.benchmark, loaded.data!, SUITES)).toMatchObject({ known: false });
  });

  it('a wrong vector fails (the suite runner can fail)', () => {
    const runner = suitesOf(LIST).get('tiny/accuracy')!;
    const outcome = runner.check({ id: 'wrong', input: { answers: [{ id: 'a', answer: 'A', reference: 'a' }] }, expected: { n: 1, correct: 1, accuracy: 1 } });
    expect(outcome.ok).toBe(false);
    expect(outcome.diffs.join('\n')).toContain('$.correct');
  });

  it('its file format is published next to the others, and submission.json accepts its id', () => {
    const names = publishedSchemasOf(LIST).map((s) => s.name);
    expect(names).toContain('tiny-answers');
    expect(names.filter((n) => n === 'submission')).toHaveLength(1);
    expect(submissionBenchmarksOf(LIST).map((b) => b.id)).toContain('tiny');
    const ids = submissionBenchmarksOf(LIST).map((b) => b.id) as [string, ...string[]];
    const sub = JSON.parse(readFileSync(join(FIXTURE, 'results', 'tiny', 'demo-alpha', 'submission.json'), 'utf8'));
    expect(submissionSchemaFor(ids).safeParse(sub).success).toBe(true);
    expect(submissionSchemaFor(submissionBenchmarksOf(BENCHMARKS).map((b) => b.id) as [string, ...string[]]).safeParse(sub).success).toBe(false);
  });

  it('validate\'s benchmark check recomputes what each submission claims', async () => {
    for (const id of ['demo-alpha', 'demo-beta']) {
      const dir = join(FIXTURE, 'results', 'tiny', id);
      const claimed = JSON.parse(readFileSync(join(dir, 'submission.json'), 'utf8')).claimed;
      const result = await tiny.submissions!.check(dir);
      expect(result.findings).toEqual([]);
      expect(result.recomputed).toEqual(claimed);
      expect(result.facts).toEqual([{ label: 'questions', value: '4' }]);
    }
  });

  it('its board ranks the submissions by accuracy', async () => {
    const loaded = await tinyLoad();
    expect(loaded.map((s) => [s.id, s.findings])).toEqual([['demo-alpha', []], ['demo-beta', []]]);
    const [board, ...more] = await tinyBoards();
    expect(more).toEqual([]);
    expect(board!.primary.def.id).toBe('tiny-accuracy');
    // demo-beta: q1, q3 equal; q2 wrong; q4 empty → 2/4.
    expect(board!.sections[0]!.rows.map((r) => [r.rank, r.model, r.primary, r.n])).toEqual([
      [1, 'Alpha-1', 0.75, 4],
      [2, 'Beta-2', 0.5, 4],
    ]);
  });

  it('its worked example is computed by its scorer', () => {
    const ex = tiny.workedExample(tiny.metrics[0]!);
    // q1 equal, q2 equal after trimming, q3 "Golgi" ≠ "golgi", q4 wrong → 2/4.
    expect(ex.outputs).toEqual([
      ['accuracy', '0.5'],
      ['correct', 2],
      ['n', 4],
    ]);
  });

  it('keeps the layering rules, read as if it were src/benchmarks/tiny/', () => {
    const prefix = 'tests/fixtures/tiny-benchmark/';
    const asBenchmark = (p: string | undefined) => (p?.startsWith(prefix) ? `src/benchmarks/tiny/${p.slice(prefix.length)}` : p);
    const edges = readImportGraph(REPO, ['tests/fixtures/tiny-benchmark']).map((e) => ({ ...e, from: asBenchmark(e.from)!, ...(e.to ? { to: asBenchmark(e.to) } : {}) }));
    expect(edges.length).toBeGreaterThan(20);
    expect(edges.some((e) => e.from === 'src/benchmarks/tiny/scorer/accuracy.ts')).toBe(false); // the scorer imports nothing
    expect(checkLayering(edges).map((v) => v.message)).toEqual([]);
  });
});

/** Every `src/benchmarks/<id>/…` path named in ARCHITECTURE.md's walk-through, relative to the folder. */
function walkthroughPaths(): { steps: string[]; paths: Set<string> } {
  const doc = readFileSync(join(REPO, 'ARCHITECTURE.md'), 'utf8');
  const start = doc.indexOf('## How to add a benchmark');
  expect(start, 'ARCHITECTURE.md has a "## How to add a benchmark" section').toBeGreaterThanOrEqual(0);
  const end = doc.indexOf('\n## ', start + 1);
  const section = doc.slice(start, end < 0 ? undefined : end);
  const steps = section.split('\n').filter((l) => /^\d+\. /.test(l));
  const paths = new Set([...section.matchAll(/`src\/benchmarks\/<id>\/([^`\s]+)`/g)].map((m) => m[1]!));
  return { steps, paths };
}

function fixtureFiles(dir = FIXTURE): string[] {
  return readdirSync(dir).flatMap((name) => {
    const p = join(dir, name);
    return statSync(p).isDirectory() ? fixtureFiles(p) : [relative(FIXTURE, p).split('\\').join('/')];
  });
}

describe('ARCHITECTURE.md "How to add a benchmark" matches the tiny benchmark', () => {
  it('is a numbered walk-through ending with the one list entry', () => {
    const { steps } = walkthroughPaths();
    expect(steps.length).toBeGreaterThanOrEqual(8);
    steps.forEach((s, i) => expect(s.startsWith(`${i + 1}. `), s).toBe(true));
    expect(steps.some((s) => s.includes('`src/benchmarks/index.ts`'))).toBe(true);
  });

  it('every file it names exists in the fixture', () => {
    const { paths } = walkthroughPaths();
    for (const p of paths) expect(existsSync(join(FIXTURE, p.replace(/<submission>/g, 'demo-alpha'))), `src/benchmarks/<id>/${p} → tests/fixtures/tiny-benchmark/${p}`).toBe(true);
  });

  it('every source file of the fixture is named in it', () => {
    const { paths } = walkthroughPaths();
    const sources = fixtureFiles().filter((f) => f.endsWith('.ts'));
    expect(sources.length).toBeGreaterThanOrEqual(9);
    for (const f of sources) expect(paths.has(f), `${f} is not in the walk-through`).toBe(true);
  });
});
