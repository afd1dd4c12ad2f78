/**
 * The layering rules of evalboard, as a pure function over an import graph (no I/O here: the
 * graph is read by `import-graph.ts`). `tests/architecture.test.ts` runs it over the real
 * repository and over synthetic graphs, so a test proves each rule fails on a forbidden import.
 *
 * Paths are repository-relative with forward slashes (`src/core/slug.ts`).
 */

export interface ImportEdge {
  /** The importing file. */
  from: string;
  /** The specifier exactly as written (`../core/slug`, `node:fs`, `astro:content`). */
  specifier: string;
  /** The repository file it resolves to; undefined for packages and built-ins. */
  to?: string;
  line: number;
  /** A dynamic `import('…')`: lazy, so it takes part in the layering rules but not in cycles. */
  dynamic?: boolean;
}

export interface Violation {
  rule: RuleId;
  file: string;
  line: number;
  specifier: string;
  message: string;
}

export type RuleId =
  | 'scorer-is-pure'
  | 'pages-go-through-view-models'
  | 'view-models-read-no-files'
  | 'io-below-view-models'
  | 'core-is-generic'
  | 'one-registration-list'
  | 'benchmarks-are-independent'
  | 'no-imports-of-tests-or-scripts'
  | 'unresolved-relative-import'
  | 'no-import-cycles';

/** One line per rule, printed with every violation so the message says why. */
export const RULES: Record<RuleId, string> = {
  'scorer-is-pure':
    'scorers (src/benchmarks/*/scorer/**, src/core/stats/**) are pure: no node built-ins that touch the machine (fs, path, os, child_process, …), no Astro, no I/O code (readers, src/ingest, any file importing node:fs), no view models (src/board, */boards), no pages, no registry',
  'pages-go-through-view-models':
    'pages (src/pages, src/layouts, src/components, src/benchmarks/*/pages|components) import view models (src/board, */boards), src/core and src/registry — never scorers, readers (*/formats, src/ingest) or node:fs',
  'view-models-read-no-files':
    'view models (src/board/**, src/benchmarks/*/boards/**) compute from what the I/O layer read; file reading (node:fs) belongs in src/ingest or the benchmark\'s formats/',
  'io-below-view-models':
    'the I/O layer (src/ingest/**, src/benchmarks/*/formats/**) does not import view models (src/board, */boards) or pages',
  'core-is-generic':
    'src/core/** names no benchmark and no upper layer: it imports nothing from src/benchmarks, src/registry, src/board, src/ingest, src/pages, src/layouts, src/components',
  'one-registration-list':
    'outside src/benchmarks/ only src/registry/** imports a benchmark, and only through the list src/benchmarks/index.ts',
  'benchmarks-are-independent':
    'a benchmark folder imports neither another benchmark folder nor the registration list or src/registry (it is registered, it does not look itself up)',
  'no-imports-of-tests-or-scripts': 'src/** and scripts/** never import tests/**; src/** never imports scripts/**',
  'unresolved-relative-import': 'every relative import resolves to a file of the repository (otherwise no rule could be checked)',
  'no-import-cycles':
    'the static import graph of src/ and scripts/ has no cycles (static and type imports count; a dynamic import(\'…\') is lazy — the contract\'s ComponentLoader — and does not)',
};

export type Layer = 'scorer' | 'io' | 'view' | 'page' | 'core' | 'registry' | 'benchmark' | 'script' | 'test' | 'other';

const BENCH = /^src\/benchmarks\/([^/]+)\//;

export function benchmarkOf(file: string): string | undefined {
  const m = BENCH.exec(file);
  return m ? m[1] : undefined;
}

/** The layer a repository file belongs to, by its path alone. */
export function layerOf(file: string): Layer {
  if (/^src\/benchmarks\/[^/]+\/scorer\//.test(file) || file.startsWith('src/core/stats/')) return 'scorer';
  if (/^src\/benchmarks\/[^/]+\/formats\//.test(file) || file.startsWith('src/ingest/')) return 'io';
  if (/^src\/benchmarks\/[^/]+\/boards\//.test(file) || file.startsWith('src/board/')) return 'view';
  if (/^src\/benchmarks\/[^/]+\/(pages|components)\//.test(file) || /^src\/(pages|layouts|components)\//.test(file)) return 'page';
  if (file.startsWith('src/core/')) return 'core';
  if (file.startsWith('src/registry/')) return 'registry';
  if (file.startsWith('src/benchmarks/')) return 'benchmark';
  if (file.startsWith('scripts/')) return 'script';
  if (file.startsWith('tests/')) return 'test';
  return 'other';
}

/** Node built-ins a scorer may not use: everything that reads, writes or asks the machine. */
const MACHINE_BUILTINS = new Set(['fs', 'fs/promises', 'path', 'os', 'child_process', 'net', 'http', 'https', 'worker_threads', 'process', 'url', 'readline', 'stream', 'zlib']);

function builtinName(specifier: string): string | undefined {
  return specifier.startsWith('node:') ? specifier.slice('node:'.length) : undefined;
}

const isFs = (specifier: string) => specifier === 'node:fs' || specifier === 'node:fs/promises' || specifier === 'fs' || specifier === 'fs/promises';
const isAstro = (e: ImportEdge) => e.specifier === 'astro' || e.specifier.startsWith('astro:') || e.specifier.startsWith('astro/') || e.specifier.endsWith('.astro');
const UPPER_FOR_CORE = /^src\/(benchmarks|registry|board|ingest|pages|layouts|components)\//;

/**
 * Every layering violation in `edges`. Files that import node:fs themselves count as I/O wherever
 * they live (e.g. `src/core/line-reader.ts`), so a scorer cannot reach the disk through core.
 */
export function checkLayering(edges: readonly ImportEdge[]): Violation[] {
  const ioFiles = new Set(edges.filter((e) => isFs(e.specifier)).map((e) => e.from));
  const out: Violation[] = [];
  const add = (rule: RuleId, e: ImportEdge, why: string) =>
    out.push({ rule, file: e.from, line: e.line, specifier: e.specifier, message: `${e.from}:${e.line} → '${e.specifier}'${e.to && e.to !== e.specifier ? ` (${e.to})` : ''}: ${why} [${rule}: ${RULES[rule]}]` });

  for (const e of edges) {
    const from = layerOf(e.from);
    const to = e.to === undefined ? undefined : layerOf(e.to);
    const b = builtinName(e.specifier);

    if (e.to === undefined && e.specifier.startsWith('.')) add('unresolved-relative-import', e, 'does not resolve to a file');

    if (from === 'scorer') {
      if (b !== undefined && MACHINE_BUILTINS.has(b)) add('scorer-is-pure', e, `a scorer imports the built-in ${e.specifier}`);
      else if (isAstro(e)) add('scorer-is-pure', e, 'a scorer imports Astro');
      else if (e.to !== undefined) {
        if (to === 'io' || (to !== 'scorer' && ioFiles.has(e.to))) add('scorer-is-pure', e, 'a scorer imports I/O code');
        else if (to === 'view') add('scorer-is-pure', e, 'a scorer imports a view model');
        else if (to === 'page') add('scorer-is-pure', e, 'a scorer imports page code');
        else if (to === 'registry') add('scorer-is-pure', e, 'a scorer imports the registry');
      }
    }

    if (from === 'page') {
      if (isFs(e.specifier)) add('pages-go-through-view-models', e, 'a page reads files itself');
      else if (to === 'scorer') add('pages-go-through-view-models', e, 'a page imports a scorer');
      else if (to === 'io') add('pages-go-through-view-models', e, 'a page imports a reader');
    }

    if (from === 'view' && isFs(e.specifier)) add('view-models-read-no-files', e, 'a view model reads files');

    if (from === 'io' && (to === 'view' || to === 'page')) add('io-below-view-models', e, `I/O code imports ${to === 'view' ? 'a view model' : 'page code'}`);

    if (from === 'core' || (from === 'scorer' && e.from.startsWith('src/core/'))) {
      if (e.to !== undefined && UPPER_FOR_CORE.test(e.to)) add('core-is-generic', e, 'src/core imports an upper layer or a benchmark');
    }

    if (e.to !== undefined && e.to.startsWith('src/benchmarks/') && e.from.startsWith('src/') && !e.from.startsWith('src/benchmarks/')) {
      if (!e.from.startsWith('src/registry/')) add('one-registration-list', e, 'imports a benchmark folder directly (go through src/registry)');
      else if (e.to !== 'src/benchmarks/index.ts') add('one-registration-list', e, 'the registry imports a benchmark folder instead of the list');
    }

    const fromBench = benchmarkOf(e.from);
    if (fromBench !== undefined && e.to !== undefined) {
      const toBench = benchmarkOf(e.to);
      if (toBench !== undefined && toBench !== fromBench) add('benchmarks-are-independent', e, `benchmark ${fromBench} imports benchmark ${toBench}`);
      else if (e.to === 'src/benchmarks/index.ts' || e.to.startsWith('src/registry/')) add('benchmarks-are-independent', e, 'a benchmark imports the registration list or the registry');
    }

    if (e.to !== undefined && (from === 'script' || e.from.startsWith('src/'))) {
      if (to === 'test') add('no-imports-of-tests-or-scripts', e, `${from === 'script' ? 'a script' : 'src'} imports test code`);
      else if (to === 'script' && e.from.startsWith('src/')) add('no-imports-of-tests-or-scripts', e, 'src imports a script');
    }
  }
  return out;
}

/**
 * Every cycle of the static graph (strongly connected components of more than one file, or a
 * file importing itself), each as one path `a → b → … → a` through the component.
 */
export function findCycles(edges: readonly ImportEdge[]): string[][] {
  const next = new Map<string, string[]>();
  for (const e of edges) {
    if (e.to === undefined || e.dynamic) continue;
    const list = next.get(e.from) ?? [];
    if (!list.includes(e.to)) list.push(e.to);
    next.set(e.from, list);
    if (!next.has(e.to)) next.set(e.to, []);
  }
  for (const list of next.values()) list.sort();
  // Tarjan, iterative (the graph has ~500 files; recursion would be fine, but keep it bounded).
  let index = 0;
  const idx = new Map<string, number>();
  const low = new Map<string, number>();
  const onStack = new Set<string>();
  const stack: string[] = [];
  const components: string[][] = [];
  for (const root of [...next.keys()].sort()) {
    if (idx.has(root)) continue;
    const work: { v: string; i: number }[] = [{ v: root, i: 0 }];
    idx.set(root, index);
    low.set(root, index++);
    stack.push(root);
    onStack.add(root);
    while (work.length > 0) {
      const top = work[work.length - 1]!;
      const succ = next.get(top.v)!;
      if (top.i < succ.length) {
        const w = succ[top.i++]!;
        if (!idx.has(w)) {
          idx.set(w, index);
          low.set(w, index++);
          stack.push(w);
          onStack.add(w);
          work.push({ v: w, i: 0 });
        } else if (onStack.has(w)) low.set(top.v, Math.min(low.get(top.v)!, idx.get(w)!));
        continue;
      }
      work.pop();
      if (work.length > 0) {
        const parent = work[work.length - 1]!.v;
        low.set(parent, Math.min(low.get(parent)!, low.get(top.v)!));
      }
      if (low.get(top.v) === idx.get(top.v)) {
        const comp: string[] = [];
        let w: string;
        do {
          w = stack.pop()!;
          onStack.delete(w);
          comp.push(w);
        } while (w !== top.v);
        if (comp.length > 1 || next.get(top.v)!.includes(top.v)) components.push(comp.sort());
      }
    }
  }
  return components.map((comp) => cyclePath(comp, next));
}

/** A shortest cycle through the component's first file, for the message. */
function cyclePath(comp: string[], next: Map<string, string[]>): string[] {
  const inComp = new Set(comp);
  const start = comp[0]!;
  const prev = new Map<string, string>();
  const queue = [start];
  const seen = new Set<string>();
  while (queue.length > 0) {
    const v = queue.shift()!;
    for (const w of next.get(v) ?? []) {
      if (!inComp.has(w)) continue;
      if (w === start) {
        const path = [start];
        for (let u: string | undefined = v; u !== undefined && u !== start; u = prev.get(u)) path.splice(1, 0, u);
        path.push(start);
        return path;
      }
      if (seen.has(w)) continue;
      seen.add(w);
      prev.set(w, v);
      queue.push(w);
    }
  }
  return [...comp, start];
}

export function cycleMessage(cycle: readonly string[]): string {
  return `${cycle.join(' → ')} [no-import-cycles: ${RULES['no-import-cycles']}]`;
}
