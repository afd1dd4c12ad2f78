// Runs a tool compiled to one CommonJS file (dist-cli/<tool>.cjs) through V8's code cache: the
// bytecode of every function the tool ran is saved beside it after a run and handed to V8 on the
// next, which then skips parsing and compiling them (ESM modules have no code cache in Node 20;
// `module.enableCompileCache` is 22.1+). Copied into dist-cli/ by scripts/cli/compile.mjs, which
// writes each cached tool's dist-cli/<tool>.mjs as a call of `runWithCodeCache`. Node's modules
// are taken with require(): an ES import of node:fs or node:process builds a facade that reads
// every export, which starts the lazy stream modules and opens stdin (≈ 10 ms of a small run).
//
// The cache is only ever a speed-up: V8 checks it against the source and its own flags and rejects
// a mismatch (the tool then compiles as usual). A cache file is named by the bundle's content hash
// (so a recompiled tool never meets a stale one; V8 itself compares only the source's length) and by
// what V8 checks (node version, flags), so runs with other flags keep a cache of their own.
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);
const fs = require('node:fs');
const process = require('node:process');
const path = require('node:path');
const url = require('node:url');
const vm = require('node:vm');

/** FNV-1a of a short string, in hex: enough to tell node versions and flag sets apart. */
function fnv(text) {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 0x01000193) >>> 0;
  return h.toString(16).padStart(8, '0');
}

/** The cache file for `file` (bundle content hash `id`) under this process's V8 version and flags. */
export function cacheFileOf(file, id) {
  const v8 = fnv([process.version, process.arch, process.execArgv.join(' '), process.env.NODE_OPTIONS ?? ''].join('\n'));
  return `${file.replace(/\.cjs$/, '')}.${id}.${v8}.v8cache`;
}

/**
 * Run the CommonJS bundle at `bundleUrl` (content hash `id`) as node would run it, with its code cache.
 * Without one (or with one V8 rejected), a new cache is written when the process ends normally
 * (exit code 0 or 1: a tool that scored something, not a usage error), so it holds the functions a
 * real run compiles.
 */
export function runWithCodeCache(bundleUrl, id) {
  const file = url.fileURLToPath(bundleUrl);
  const cacheFile = cacheFileOf(file, id);
  let cachedData;
  try {
    cachedData = fs.readFileSync(cacheFile);
  } catch {
    cachedData = undefined;
  }
  const source = fs.readFileSync(file, 'utf8');
  // `__cliImport`: the bundle's import() of an unbundled package (compile.mjs rewrites it), made
  // here. A script's own import() needs a vm loader that is experimental in Node 20 (a warning on
  // every run) and that a script restored from the cache loses.
  const script = new vm.Script(`(function (exports, require, module, __filename, __dirname, __cliImport) {${source}\n})`, {
    filename: file,
    ...(cachedData ? { cachedData } : {}),
  });
  if (!cachedData || script.cachedDataRejected) {
    process.once('exit', (code) => {
      if (code !== 0 && code !== 1) return;
      const tmp = `${cacheFile}.${process.pid}.tmp`;
      try {
        fs.writeFileSync(tmp, script.createCachedData());
        fs.renameSync(tmp, cacheFile);
      } catch {
        fs.rmSync(tmp, { force: true }); // a read-only dist-cli/: run without a cache
      }
    });
  }
  const module = { exports: {}, filename: file, id: file };
  script.runInThisContext()(module.exports, createRequire(file), module, file, path.dirname(file), (specifier) => import(specifier));
  return module.exports;
}
