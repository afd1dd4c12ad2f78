// Compiles the command-line tools (scripts/<name>.ts) into dist-cli/<name>.mjs with esbuild, so a
// tool starts in plain node instead of compiling TypeScript on every run (tsx alone costs ≈ 0.9 s).
// Run by `npm ci` (prepare) and, whenever an input changed since the last compile, by
// scripts/cli/run.mjs just before it starts a tool, so a stale dist-cli/ never runs old code.
// Libraries are bundled (except UNBUNDLED); code the tools share and modules behind import() are
// chunks beside them (dist-cli/chunk-<hash>.mjs), removed when a later compile no longer writes them.
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, readdirSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { basename, dirname, join, relative } from 'node:path';
import { Buffer } from 'node:buffer';
import console from 'node:console';
import { performance } from 'node:perf_hooks';
import process from 'node:process';
import { pathToFileURL } from 'node:url';

/** The tools: scripts/<name>.ts → dist-cli/<name>.mjs. */
export const TOOLS = ['score', 'validate', 'conformance', 'demo-data', 'bench', 'bench-site', 'bench-build', 'bench-explorer', 'build', 'build-reference', 'pr-intake', 'cache-key', 'import', 'import-sources', 'prime-cache'];

/**
 * Tools compiled to one CommonJS file each (dist-cli/<tool>.cjs) and started through V8's code
 * cache (./code-cache.mjs): start-up is most of a small run's time, and ESM has no code cache in
 * Node 20. dist-cli/<tool>.mjs is then a two-line loader.
 */
export const CACHED = ['score'];

/** Worker-thread entry points the tools start (found beside the compiled tool): source → dist-cli/<name>.mjs. */
export const WORKERS = { 'medvision-score-worker': 'src/benchmarks/medvision/formats/score-worker-thread.ts' };

export const OUT_DIR = 'dist-cli';
/** Packages imported from node_modules at run time (they locate binaries or files beside themselves). */
const UNBUNDLED = ['playwright-core', 'esbuild', 'astro', 'pagefind', 'vitest', 'vite', 'tinypool'];
export const META = 'meta.json';

/** Every input file's stamp: a change to any of them (or to this compiler) makes dist-cli/ stale. */
export function stamp(root, file) {
  const st = statSync(join(root, file));
  return `${st.size}:${st.mtimeMs}`;
}

/**
 * zod's namespace re-exports every locale (≈ 370 KB of the bundle); nothing of ours reads
 * `z.locales` (zod's own English messages are imported directly), so the tools get an empty one.
 */
const noZodLocales = {
  name: 'no-zod-locales',
  setup(b) {
    b.onResolve({ filter: /\/locales\/index\.js$/ }, (args) => (args.importer.includes('/node_modules/zod/') ? { path: 'zod-locales', namespace: 'no-zod-locales' } : undefined));
    b.onLoad({ filter: /.*/, namespace: 'no-zod-locales' }, () => ({ contents: 'export {};', loader: 'js' }));
  },
};

/**
 * A cached tool's import() of an unbundled package, as a call of the loader's `__cliImport`
 * (./code-cache.mjs says why). esbuild writes each one as `import("<package>")`.
 */
function externalImports(text) {
  return text.replace(/\bimport\("([^"]+)"\)/g, (call, specifier) => (UNBUNDLED.some((p) => specifier === p || specifier.startsWith(`${p}/`)) ? `__cliImport(${JSON.stringify(specifier)})` : call));
}

/**
 * node:crypto loaded when first called, not when a module that imports it is initialized: a cached
 * tool initializes the modules of every benchmark, several of which hash files, and loading
 * node:crypto (with the stream modules it pulls in) is ≈ 15 % of a 1-record `score`'s start-up.
 * Only the functions named here can be imported from it in a cached tool; another name fails the
 * compile (esbuild: no matching export), so add it here.
 */
const LAZY_BUILTINS = { 'node:crypto': ['createHash'] };
const lazyBuiltins = {
  name: 'lazy-builtins',
  setup(b) {
    b.onResolve({ filter: /^node:crypto$/ }, (args) => (args.namespace === 'lazy-builtins' ? { path: args.path, external: true } : { path: args.path, namespace: 'lazy-builtins' }));
    b.onLoad({ filter: /.*/, namespace: 'lazy-builtins' }, (args) => ({
      contents: LAZY_BUILTINS[args.path].map((name) => `export function ${name}(...args) { return require(${JSON.stringify(args.path)}).${name}(...args); }`).join('\n'),
      loader: 'js',
    }));
  },
};

/** Compile every tool in one pass; each output (and the meta file last) is written whole, then renamed in place. */
export async function compile(root, tools = TOOLS) {
  const { build } = await import('esbuild');
  const out = join(root, OUT_DIR);
  mkdirSync(out, { recursive: true });
  const inputs = new Set([relative(root, new URL(import.meta.url).pathname), 'package-lock.json', 'tsconfig.json']);
  // A checkout without a worker's source (the runner's own tests) compiles the tools alone.
  const entries = [...tools.map((tool) => [tool, join('scripts', `${tool}.ts`)]), ...Object.entries(WORKERS).filter(([, src]) => existsSync(join(root, src)))];
  const common = {
    absWorkingDir: root,
    bundle: true,
    platform: 'node',
    target: 'node20',
    // Libraries are bundled too: resolving and linking zod's hundreds of ES modules and lexing
    // CommonJS ones cost more start-up than parsing one file. Left out: tools that find their own
    // files at run time, and the benchmarks' lazy page components (`() => import('./x.astro')`),
    // which are Astro's and never loaded by a tool.
    external: ['*.astro', ...UNBUNDLED],
    plugins: [noZodLocales],
    write: false,
    metafile: true,
    sourcemap: 'linked', // stack traces in our sources with node --enable-source-maps
    sourcesContent: false,
    logLevel: 'error',
    outdir: OUT_DIR,
    entryNames: '[name]',
  };
  const r = await build({
    ...common,
    entryPoints: entries.filter(([name]) => !CACHED.includes(name)).map(([name, src]) => ({ in: src, out: name })),
    // Code the tools share, and every module behind a dynamic import(), is a chunk of its own
    // (beside the tools: a chunk's import.meta.url finds the worker), loaded only when reached:
    // `score` of a MedVision tree never compiles or runs the boards, checks or importers.
    splitting: true,
    format: 'esm',
    banner: { js: "import { createRequire as __createRequire } from 'node:module'; const require = __createRequire(import.meta.url);" },
    chunkNames: 'chunk-[hash]',
    outExtension: { '.js': '.mjs' },
  });
  // The cached tools: one file each, no chunks (a dynamic import() of our code becomes a lazy
  // initializer in the same file, so it is still evaluated only when reached). import.meta.url is
  // the file's own URL, so the worker is found beside it.
  const cached = tools.filter((t) => CACHED.includes(t));
  const c = cached.length === 0 ? { outputFiles: [], metafile: { inputs: {} } } : await build({
    ...common,
    entryPoints: cached.map((tool) => ({ in: join('scripts', `${tool}.ts`), out: tool })),
    format: 'cjs',
    plugins: [...common.plugins, lazyBuiltins],
    define: { 'import.meta.url': '__cliModuleUrl' },
    banner: { js: "const __cliModuleUrl = require('node:url').pathToFileURL(__filename).href;" },
    outExtension: { '.js': '.cjs' },
  });
  const loaders = cached.map((tool) => {
    const bundle = c.outputFiles.find((f) => basename(f.path) === `${tool}.cjs`);
    bundle.contents = Buffer.from(externalImports(bundle.text));
    const id = createHash('sha256').update(bundle.contents).digest('hex').slice(0, 16);
    const text = `// Written by scripts/cli/compile.mjs: ${tool}.cjs through V8's code cache.\nimport { runWithCodeCache } from './code-cache.mjs';\nrunWithCodeCache(new URL('./${tool}.cjs', import.meta.url), '${id}');\n`;
    return { path: join(out, `${tool}.mjs`), contents: Buffer.from(text) };
  });
  if (cached.length > 0) {
    const runner = new URL('./code-cache.mjs', import.meta.url);
    inputs.add(relative(root, runner.pathname));
    loaders.push({ path: join(out, 'code-cache.mjs'), contents: readFileSync(runner) });
  }
  // Our files, stamped one by one; the libraries through the lockfile that pins them.
  for (const f of [...Object.keys(r.metafile.inputs), ...Object.keys(c.metafile.inputs)]) if (!f.includes('node_modules/') && !/^[a-z-]+:/.test(f)) inputs.add(f); // not node_modules nor a plugin's virtual module
  // Chunks before the tools that import them; chunks of an earlier compile are removed after.
  const isChunk = (p) => /\/chunk-[^/]*$/.test(p);
  const files = [...r.outputFiles, ...c.outputFiles, ...loaders].sort((a, b) => Number(isChunk(b.path)) - Number(isChunk(a.path)));
  for (const file of files) {
    const tmp = `${file.path}.${process.pid}.tmp`;
    mkdirSync(dirname(file.path), { recursive: true });
    writeFileSync(tmp, file.contents);
    renameSync(tmp, file.path);
  }
  const meta = { inputs: Object.fromEntries([...inputs].sort().map((f) => [f, stamp(root, f)])) };
  const tmp = join(out, `${META}.${process.pid}.tmp`);
  writeFileSync(tmp, JSON.stringify(meta, null, 1));
  renameSync(tmp, join(out, META));
  const written = new Set(files.map((f) => basename(f.path)));
  // Code caches of an earlier compile name a bundle hash no loader asks for any more.
  for (const f of readdirSync(out)) if ((f.startsWith('chunk-') && !written.has(f)) || f.endsWith('.v8cache')) rmSync(join(out, f), { force: true });
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const root = join(import.meta.dirname, '..', '..');
  const t0 = performance.now();
  await compile(root);
  console.error(`compiled ${TOOLS.length} tools into ${OUT_DIR}/ in ${((performance.now() - t0) / 1000).toFixed(1)} s`);
}
