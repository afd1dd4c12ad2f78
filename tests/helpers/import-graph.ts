/**
 * Reads every import of the repository's source files into `ImportEdge`s for `layering.ts`.
 * Uses TypeScript's own pre-processor (`ts.preProcessFile`), which sees static `import … from`,
 * `export … from`, `import type`, side-effect imports and dynamic `import('…')`, and ignores
 * comments and strings. For `.astro` files it reads the frontmatter and every `<script>` body.
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join, posix, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import type { ImportEdge } from './layering';

export const REPO = resolve(fileURLToPath(new URL('.', import.meta.url)), '../..');

const SOURCE = /\.(ts|mts|mjs|js|astro)$/;

export function listSourceFiles(root: string, dirs: readonly string[]): string[] {
  const out: string[] = [];
  const walk = (abs: string) => {
    for (const name of readdirSync(abs).sort()) {
      const p = join(abs, name);
      if (statSync(p).isDirectory()) walk(p);
      else if (SOURCE.test(name) && !name.endsWith('.d.ts')) out.push(relative(root, p).split('\\').join('/'));
    }
  };
  for (const d of dirs) if (existsSync(join(root, d))) walk(join(root, d));
  return out;
}

/** The script parts of a file, with blank lines kept where the rest was so line numbers stay right. */
export function scriptText(file: string, text: string): string {
  if (!file.endsWith('.astro')) return text;
  const lines = text.split('\n');
  const keep = lines.map(() => '');
  let i = 0;
  if (lines[0]?.trim() === '---') {
    for (i = 1; i < lines.length && lines[i]!.trim() !== '---'; i++) keep[i] = lines[i]!;
    i++;
  }
  let inScript = false;
  for (; i < lines.length; i++) {
    const line = lines[i]!;
    if (!inScript) {
      const open = /<script\b[^>]*>(.*)$/.exec(line);
      if (open) {
        inScript = true;
        const rest = open[1]!;
        const close = rest.indexOf('</script>');
        if (close >= 0) {
          keep[i] = rest.slice(0, close);
          inScript = false;
        } else keep[i] = rest;
      }
    } else {
      const close = line.indexOf('</script>');
      if (close >= 0) {
        keep[i] = line.slice(0, close);
        inScript = false;
      } else keep[i] = line;
    }
  }
  return keep.join('\n');
}

export function importsOf(file: string, text: string): { specifier: string; line: number; dynamic: boolean }[] {
  const script = scriptText(file, text);
  const info = ts.preProcessFile(script, true, true);
  return info.importedFiles.map((f) => {
    const before = script.slice(0, f.pos);
    return { specifier: f.fileName, line: before.split('\n').length, dynamic: /\bimport\s*\(\s*$/.test(before) };
  });
}

const CANDIDATE_SUFFIXES = ['', '.ts', '.mts', '.mjs', '.js', '.astro', '/index.ts', '/index.mjs', '/index.js'];

/** The repository file a relative specifier names, or undefined. `.js` may name a `.ts` file. */
export function resolveSpecifier(root: string, from: string, specifier: string): string | undefined {
  if (!specifier.startsWith('.')) return undefined;
  const base = posix.normalize(posix.join(posix.dirname(from), specifier));
  const stems = base.endsWith('.js') ? [base, base.slice(0, -3)] : [base];
  for (const stem of stems) {
    for (const suffix of CANDIDATE_SUFFIXES) {
      const candidate = stem + suffix;
      const abs = join(root, candidate);
      if (existsSync(abs) && statSync(abs).isFile()) return candidate;
    }
  }
  return undefined;
}

/** Every import edge of the files under `dirs` (repository-relative). */
export function readImportGraph(root: string = REPO, dirs: readonly string[] = ['src', 'scripts']): ImportEdge[] {
  const edges: ImportEdge[] = [];
  for (const from of listSourceFiles(root, dirs)) {
    const text = readFileSync(join(root, from), 'utf8');
    for (const { specifier, line, dynamic } of importsOf(from, text)) {
      const to = resolveSpecifier(root, from, specifier);
      edges.push({ from, specifier, line, ...(dynamic ? { dynamic } : {}), ...(to !== undefined ? { to } : {}) });
    }
  }
  return edges;
}

