import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';

function newest(path: string): number {
  if (!existsSync(path)) return 0;
  const st = statSync(path);
  if (!st.isDirectory()) return st.mtimeMs;
  let m = 0;
  for (const e of readdirSync(path)) if (e !== 'node_modules' && !e.startsWith('.')) m = Math.max(m, newest(join(path, e)));
  return m;
}

/** Build the site (astro + pagefind, via `npm run build`) when `dist/` is missing or older than its inputs. */
export function ensureBuilt(root: string): void {
  const stamp = join(root, 'dist', 'pagefind', 'pagefind-entry.json');
  const built = existsSync(stamp) ? statSync(stamp).mtimeMs : 0;
  const inputs = Math.max(...['src', 'content', 'results', 'reviews', 'public', 'astro.config.mjs'].map((p) => newest(join(root, p))));
  if (built > inputs) return;
  execFileSync('npm', ['run', '--silent', 'build'], { cwd: root, stdio: ['ignore', 'ignore', 'inherit'] });
}
