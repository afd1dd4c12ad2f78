// Compiles the command-line tools (scripts/<name>.ts) into dist-cli/<name>.mjs with esbuild, so a
// tool starts in plain node instead of compiling TypeScript on every run (tsx alone costs ≈ 0.9 s).
// Run by `npm ci` (prepare) and, whenever an input changed since the last compile, by
// scripts/cli/run.mjs just before it starts a tool, so a stale dist-cli/ never runs old code.
// npm packages stay external (imported from node_modules); only our own TypeScript is bundled.
import { existsSync, mkdirSync, renameSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import console from 'node:console';
import { performance } from 'node:perf_hooks';
import process from 'node:process';
import { pathToFileURL } from 'node:url';

/** The tools: scripts/<name>.ts → dist-cli/<name>.mjs. */
export const TOOLS = ['score', 'validate', 'conformance', 'demo-data', 'bench', 'bench-site', 'bench-build', 'bench-explorer', 'build', 'build-reference', 'pr-intake', 'cache-key', 'import', 'import-sources'];

/** Worker-thread entry points the tools start (found beside the compiled tool): source → dist-cli/<name>.mjs. */
export const WORKERS = { 'medvision-score-worker': 'src/benchmarks/medvision/formats/score-worker.ts' };

export const OUT_DIR = 'dist-cli';
/** Packages imported from node_modules at run time (they locate binaries or files beside themselves). */
const UNBUNDLED = ['playwright-core', 'esbuild', 'astro', 'pagefind', 'vitest', 'vite', 'tinypool'];
export const META = 'meta.json';

/** Every input file's stamp: a change to any of them (or to this compiler) makes dist-cli/ stale. */
export function stamp(root, file) {
  const st = statSync(join(root, file));
  return `${st.size}:${st.mtimeMs}`;
}

/** Compile every tool; each output (and the meta file last) is written whole, then renamed in place. */
export async function compile(root, tools = TOOLS) {
  const { build } = await import('esbuild');
  const out = join(root, OUT_DIR);
  mkdirSync(out, { recursive: true });
  const inputs = new Set([relative(root, new URL(import.meta.url).pathname), 'package-lock.json', 'tsconfig.json']);
  // A checkout without a worker's source (the runner's own tests) compiles the tools alone.
  const entries = [...tools.map((tool) => [tool, join('scripts', `${tool}.ts`)]), ...Object.entries(WORKERS).filter(([, src]) => existsSync(join(root, src)))];
  for (const [tool, entry] of entries) {
    const r = await build({
      absWorkingDir: root,
      entryPoints: [entry],
      bundle: true,
      platform: 'node',
      format: 'esm',
      target: 'node20',
      // Libraries are bundled too: resolving and linking zod's hundreds of ES modules and lexing
      // CommonJS ones cost more start-up than parsing one file. Left out: tools that find their own
      // files at run time, and the benchmarks' lazy page components (`() => import('./x.astro')`),
      // which are Astro's and never loaded by a tool.
      external: ['*.astro', ...UNBUNDLED],
      banner: { js: "import { createRequire as __createRequire } from 'node:module'; const require = __createRequire(import.meta.url);" },
      write: false,
      metafile: true,
      sourcemap: 'linked', // stack traces in our sources with node --enable-source-maps
      sourcesContent: false,
      logLevel: 'error',
      outfile: join(OUT_DIR, `${tool}.mjs`),
    });
    // Our files, stamped one by one; the libraries through the lockfile that pins them.
    for (const f of Object.keys(r.metafile.inputs)) if (!f.includes('node_modules/')) inputs.add(f);
    for (const file of r.outputFiles) {
      const tmp = `${file.path}.${process.pid}.tmp`;
      mkdirSync(dirname(file.path), { recursive: true });
      writeFileSync(tmp, file.contents);
      renameSync(tmp, file.path);
    }
  }
  const meta = { inputs: Object.fromEntries([...inputs].sort().map((f) => [f, stamp(root, f)])) };
  const tmp = join(out, `${META}.${process.pid}.tmp`);
  writeFileSync(tmp, JSON.stringify(meta, null, 1));
  renameSync(tmp, join(out, META));
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const root = join(import.meta.dirname, '..', '..');
  const t0 = performance.now();
  await compile(root);
  console.error(`compiled ${TOOLS.length} tools into ${OUT_DIR}/ in ${((performance.now() - t0) / 1000).toFixed(1)} s`);
}
