/**
 * Layering that a test enforces. The rules (stated in full in `tests/helpers/layering.ts`, RULES):
 *
 * - scorer-is-pure: `src/benchmarks/*\/scorer/**` and `src/core/stats/**` import no machine
 *   built-ins (node:fs, node:path, …), no Astro, no I/O code (formats/, src/ingest, any file that
 *   imports node:fs), no view models, pages or registry.
 * - pages-go-through-view-models: `src/pages`, `src/layouts`, `src/components` and a benchmark's
 *   `pages/`/`components/` never import scorers, readers (formats/, src/ingest) or node:fs.
 * - view-models-read-no-files: `src/board/**` and `*\/boards/**` never import node:fs.
 * - io-below-view-models: `src/ingest/**` and `*\/formats/**` never import view models or pages.
 * - core-is-generic: `src/core/**` imports nothing from benchmarks, registry, board, ingest, pages.
 * - one-registration-list: outside `src/benchmarks/`, only `src/registry/**` imports a benchmark,
 *   and only the list `src/benchmarks/index.ts` (tests and scripts are outside this rule).
 * - benchmarks-are-independent: a benchmark folder imports no other benchmark folder, nor the list
 *   or the registry.
 * - no-imports-of-tests-or-scripts: `src/**` and `scripts/**` never import `tests/**`; `src/**`
 *   never imports `scripts/**`.
 * - no-import-cycles: no cycle through static imports of `src/` and `scripts/`.
 */
import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { importsOf, readImportGraph, REPO, resolveSpecifier } from './helpers/import-graph';
import { checkLayering, cycleMessage, findCycles, layerOf, type ImportEdge, type RuleId } from './helpers/layering';

/** A synthetic edge: `to` is a repository path (resolved) unless it is a package or built-in. */
const edge = (from: string, to: string, extra: Partial<ImportEdge> = {}): ImportEdge =>
  to.startsWith('src/') || to.startsWith('scripts/') || to.startsWith('tests/')
    ? { from, specifier: `./${to}`, to, line: 1, ...extra }
    : { from, specifier: to, line: 1, ...extra };

/** A small graph shaped like the real one, with every allowed kind of edge. */
const ALLOWED: ImportEdge[] = [
  edge('src/benchmarks/x/scorer/score.ts', 'src/benchmarks/x/scorer/types.ts'),
  edge('src/benchmarks/x/scorer/score.ts', 'src/core/stats/bootstrap.ts'),
  edge('src/benchmarks/x/scorer/score.ts', 'src/core/findings.ts'),
  edge('src/core/stats/bootstrap.ts', 'src/core/stats/rng.ts'),
  edge('src/core/line-reader.ts', 'node:fs'),
  edge('src/benchmarks/x/formats/read.ts', 'node:fs'),
  edge('src/benchmarks/x/formats/read.ts', 'src/core/line-reader.ts'),
  edge('src/benchmarks/x/formats/read.ts', 'src/benchmarks/x/scorer/score.ts'),
  edge('src/benchmarks/x/formats/read.ts', 'zod'),
  edge('src/benchmarks/x/boards/boards.ts', 'src/benchmarks/x/formats/read.ts'),
  edge('src/benchmarks/x/boards/boards.ts', 'src/ingest/submission/read.ts'),
  edge('src/benchmarks/x/boards/boards.ts', 'src/board/paths.ts'),
  edge('src/benchmarks/x/boards/boards.ts', 'node:path'),
  edge('src/benchmarks/x/pages/Page.astro', 'src/benchmarks/x/boards/boards.ts'),
  edge('src/benchmarks/x/pages/Page.astro', 'src/layouts/Base.astro'),
  edge('src/benchmarks/x/index.ts', 'src/benchmarks/x/pages/Page.astro', { dynamic: true }),
  edge('src/benchmarks/x/index.ts', 'src/benchmarks/x/boards/boards.ts'),
  edge('src/benchmarks/x/index.ts', 'src/core/benchmark.ts'),
  edge('src/benchmarks/index.ts', 'src/benchmarks/x/index.ts'),
  edge('src/registry/benchmarks.ts', 'src/benchmarks/index.ts'),
  edge('src/board/boards.ts', 'src/registry/benchmarks.ts'),
  edge('src/layouts/Base.astro', 'src/board/boards.ts'),
  edge('src/ingest/guides.ts', 'node:fs'),
  edge('src/board/guides.ts', 'src/ingest/guides.ts'),
  edge('src/pages/guides/[slug].astro', 'src/board/guides.ts'),
  edge('src/pages/metrics/[id].astro', 'src/registry/metrics.ts'),
  edge('src/pages/metrics/[id].astro', 'astro:content'),
  edge('scripts/score.ts', 'src/registry/formats.ts'),
  edge('scripts/bench.ts', 'src/benchmarks/x/formats/read.ts'),
  edge('scripts/bench-site.ts', 'scripts/lib/server.ts'),
  edge('tests/x.test.ts', 'src/benchmarks/x/scorer/score.ts'),
  edge('tests/x.test.ts', 'scripts/lib/server.ts'),
];

/** Forbidden edges and every rule each must trip (some break two). */
const FORBIDDEN: [RuleId | RuleId[], ImportEdge][] = [
  ['scorer-is-pure', edge('src/benchmarks/x/scorer/score.ts', 'node:fs')],
  ['scorer-is-pure', edge('src/benchmarks/x/scorer/score.ts', 'node:path')],
  ['scorer-is-pure', edge('src/core/stats/quantile.ts', 'node:fs/promises')],
  ['scorer-is-pure', edge('src/benchmarks/x/scorer/score.ts', 'astro:content')],
  ['scorer-is-pure', edge('src/benchmarks/x/scorer/score.ts', 'src/ingest/submission/read.ts')],
  ['scorer-is-pure', edge('src/benchmarks/x/scorer/score.ts', 'src/benchmarks/x/formats/read.ts')],
  ['scorer-is-pure', edge('src/benchmarks/x/scorer/score.ts', 'src/core/line-reader.ts')],
  ['scorer-is-pure', edge('src/benchmarks/x/scorer/score.ts', 'src/board/paths.ts')],
  ['scorer-is-pure', edge('src/benchmarks/x/scorer/score.ts', 'src/benchmarks/x/boards/boards.ts')],
  ['scorer-is-pure', edge('src/benchmarks/x/scorer/score.ts', 'src/pages/index.astro')],
  [['pages-go-through-view-models', 'one-registration-list'], edge('src/pages/guides/[slug].astro', 'src/benchmarks/x/scorer/score.ts')],
  ['pages-go-through-view-models', edge('src/benchmarks/x/pages/Page.astro', 'src/benchmarks/x/scorer/score.ts')],
  ['pages-go-through-view-models', edge('src/components/BoardTable.astro', 'src/core/stats/bootstrap.ts')],
  ['pages-go-through-view-models', edge('src/pages/tasks/index.astro', 'src/ingest/tasks/index.ts')],
  [['pages-go-through-view-models', 'one-registration-list'], edge('src/layouts/Base.astro', 'src/benchmarks/x/formats/read.ts')],
  ['pages-go-through-view-models', edge('src/pages/index.astro', 'node:fs')],
  ['view-models-read-no-files', edge('src/board/guides.ts', 'node:fs')],
  ['view-models-read-no-files', edge('src/benchmarks/x/boards/boards.ts', 'node:fs/promises')],
  ['io-below-view-models', edge('src/ingest/tasks/index.ts', 'src/board/tasks-view.ts')],
  ['io-below-view-models', edge('src/benchmarks/x/formats/read.ts', 'src/benchmarks/x/boards/boards.ts')],
  ['core-is-generic', edge('src/core/board.ts', 'src/registry/metrics.ts')],
  [['core-is-generic', 'one-registration-list'], edge('src/core/stats/rng.ts', 'src/benchmarks/x/metrics.ts')],
  ['core-is-generic', edge('src/core/findings.ts', 'src/ingest/submission/types.ts')],
  ['one-registration-list', edge('src/board/boards.ts', 'src/benchmarks/x/index.ts')],
  ['one-registration-list', edge('src/registry/metrics.ts', 'src/benchmarks/x/metrics.ts')],
  ['benchmarks-are-independent', edge('src/benchmarks/y/formats/read.ts', 'src/benchmarks/x/formats/read.ts')],
  ['benchmarks-are-independent', edge('src/benchmarks/x/checks.ts', 'src/registry/benchmarks.ts')],
  ['no-imports-of-tests-or-scripts', edge('scripts/bench-site.ts', 'tests/e2e/server.ts')],
  ['no-imports-of-tests-or-scripts', edge('src/board/boards.ts', 'tests/helpers/shared.ts')],
  ['no-imports-of-tests-or-scripts', edge('src/board/boards.ts', 'scripts/lib/server.ts')],
  ['unresolved-relative-import', { from: 'src/board/boards.ts', specifier: './nowhere', line: 3 }],
];

describe('the layering rules (synthetic graphs)', () => {
  it('accept a graph made only of allowed edges', () => {
    expect(checkLayering(ALLOWED)).toEqual([]);
    expect(findCycles(ALLOWED)).toEqual([]);
  });

  it.each(FORBIDDEN.map(([rules, e]) => [String(rules), `${e.from} → ${e.to ?? e.specifier}`, [rules].flat(), e] as const))('%s fails on %s', (_name, _label, rules, bad) => {
    const found = checkLayering([...ALLOWED, bad]);
    expect(found.map((v) => v.rule)).toEqual(rules);
    for (const [i, v] of found.entries()) {
      // The message names the file, the import as written, and the rule.
      expect(v.message).toContain(`${bad.from}:${bad.line}`);
      expect(v.message).toContain(`'${bad.specifier}'`);
      expect(v.message).toContain(`[${rules[i]}:`);
    }
  });

  it('count a file that imports node:fs as I/O wherever it lives', () => {
    const graph = [edge('src/core/disk.ts', 'node:fs'), edge('src/core/stats/t.ts', 'src/core/disk.ts')];
    expect(checkLayering(graph).map((v) => v.rule)).toEqual(['scorer-is-pure']);
    expect(checkLayering([edge('src/core/stats/t.ts', 'src/core/disk.ts')])).toEqual([]);
  });

  it('find every cycle, print its files, and ignore lazy dynamic imports', () => {
    const cyc = [
      edge('src/benchmarks/x/scorer/registry.ts', 'src/benchmarks/x/scorer/all-of.ts'),
      edge('src/benchmarks/x/scorer/all-of.ts', 'src/benchmarks/x/scorer/children.ts'),
      edge('src/benchmarks/x/scorer/children.ts', 'src/benchmarks/x/scorer/registry.ts'),
      edge('src/a.ts', 'src/a.ts'),
    ];
    const cycles = findCycles([...ALLOWED, ...cyc]);
    expect(cycles).toEqual([
      ['src/a.ts', 'src/a.ts'],
      ['src/benchmarks/x/scorer/all-of.ts', 'src/benchmarks/x/scorer/children.ts', 'src/benchmarks/x/scorer/registry.ts', 'src/benchmarks/x/scorer/all-of.ts'],
    ]);
    expect(cycleMessage(cycles[1]!)).toBe(
      'src/benchmarks/x/scorer/all-of.ts → src/benchmarks/x/scorer/children.ts → src/benchmarks/x/scorer/registry.ts → src/benchmarks/x/scorer/all-of.ts [no-import-cycles: the static import graph of src/ and scripts/ has no cycles (static and type imports count; a dynamic import(\'…\') is lazy — the contract\'s ComponentLoader — and does not)]',
    );
    // The registry → benchmark → page → layout → registry loop exists only through the lazy page loader.
    const lazyLoop = [...ALLOWED, edge('src/benchmarks/x/pages/Page.astro', 'src/layouts/Base.astro')];
    expect(findCycles(lazyLoop)).toEqual([]);
    const eager = lazyLoop.map((e) => (e.dynamic ? { ...e, dynamic: false } : e));
    expect(findCycles(eager)).toHaveLength(1);
    expect(findCycles(eager)[0]).toContain('src/registry/benchmarks.ts');
  });

  it('classify paths into layers', () => {
    expect(layerOf('src/benchmarks/latch/scorer/all-of.ts')).toBe('scorer');
    expect(layerOf('src/core/stats/quantile.ts')).toBe('scorer');
    expect(layerOf('src/benchmarks/latch/formats/read.ts')).toBe('io');
    expect(layerOf('src/ingest/score-cache.ts')).toBe('io');
    expect(layerOf('src/benchmarks/latch/boards/reported.ts')).toBe('view');
    expect(layerOf('src/board/models.ts')).toBe('view');
    expect(layerOf('src/benchmarks/latch/components/ReportedTable.astro')).toBe('page');
    expect(layerOf('src/layouts/Base.astro')).toBe('page');
    expect(layerOf('src/core/slug.ts')).toBe('core');
    expect(layerOf('src/benchmarks/latch/checks.ts')).toBe('benchmark');
  });
});

describe('reading imports', () => {
  it('sees static, re-export, type, side-effect and dynamic imports, not comments or strings', () => {
    const src = [
      "import a from './a';",
      "import type { T } from './t';",
      "export { b } from '../b';",
      "export * from './c';",
      "import './side.css';",
      '// import z from "./commented";',
      "const s = \"import q from './in-a-string'\";",
      'const load = () => import("./lazy");',
    ].join('\n');
    expect(importsOf('src/x.ts', src)).toEqual([
      { specifier: './a', line: 1, dynamic: false },
      { specifier: './t', line: 2, dynamic: false },
      { specifier: '../b', line: 3, dynamic: false },
      { specifier: './c', line: 4, dynamic: false },
      { specifier: './side.css', line: 5, dynamic: false },
      { specifier: './lazy', line: 8, dynamic: true },
    ]);
  });

  it('reads an .astro file\'s frontmatter and scripts, not its markup', () => {
    const astro = ['---', "import Base from '../layouts/Base.astro';", '---', '<p>import nothing from "here"</p>', '<script>', "  import { enhance } from './enhance';", '</script>'].join('\n');
    expect(importsOf('src/pages/x.astro', astro)).toEqual([
      { specifier: '../layouts/Base.astro', line: 2, dynamic: false },
      { specifier: './enhance', line: 6, dynamic: false },
    ]);
  });

  it('resolves extensionless, index and .astro specifiers to repository files', () => {
    expect(resolveSpecifier(REPO, 'src/registry/metrics.ts', '../benchmarks')).toBe('src/benchmarks/index.ts');
    expect(resolveSpecifier(REPO, 'src/pages/index.astro', '../layouts/Base.astro')).toBe('src/layouts/Base.astro');
    expect(resolveSpecifier(REPO, 'src/pages/index.astro', '../board/benchmarks')).toBe('src/board/benchmarks.ts');
    expect(resolveSpecifier(REPO, 'src/pages/index.astro', '../board/nothing-here')).toBeUndefined();
    expect(resolveSpecifier(REPO, 'src/pages/index.astro', 'astro')).toBeUndefined();
  });
});

describe('the repository', () => {
  const edges = readImportGraph(REPO, ['src', 'scripts']);

  it('is read whole (every layer has files and imports)', () => {
    const layers = new Set(edges.map((e) => layerOf(e.from)));
    for (const l of ['scorer', 'io', 'view', 'page', 'core', 'registry', 'benchmark', 'script'] as const) expect(layers, l).toContain(l);
    expect(edges.some((e) => e.dynamic)).toBe(true);
    expect(edges.some((e) => e.from.endsWith('.astro'))).toBe(true);
  });

  it('keeps every layering rule', () => {
    const violations = checkLayering(edges).map((v) => v.message);
    expect(violations, `\n${violations.join('\n')}\n`).toEqual([]);
  });

  it('gives every benchmark folder a README.md', () => {
    const folders = readdirSync(join(REPO, 'src', 'benchmarks'), { withFileTypes: true }).filter((d) => d.isDirectory()).map((d) => d.name);
    expect(folders.length).toBeGreaterThanOrEqual(4);
    for (const f of folders) expect(existsSync(join(REPO, 'src', 'benchmarks', f, 'README.md')), `src/benchmarks/${f}/README.md`).toBe(true);
  });

  it('has no import cycles', () => {
    const cycles = findCycles(edges).map(cycleMessage);
    expect(cycles, `\n${cycles.join('\n')}\n`).toEqual([]);
  });
});
