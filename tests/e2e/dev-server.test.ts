/**
 * `npm run dev` serves the site's data files at the paths the built site has and its pages link
 * to: data API documents and per-sample files, schemas, downloads, compare and explorer data. With
 * `trailingSlash: 'always'` Astro's dev server answered each of them with a 404 (a parameterised
 * route's pattern wants a trailing slash even when its file has an extension), so the explorer and
 * compare pages could not load their data in dev; `src/integrations/dev-endpoint-paths.ts` fixes
 * it. The paths are followed from the dev server's own pages and manifest, never listed here.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const ROOT = resolve(__dirname, '../..');
let dev: ChildProcess | undefined;
let base = '';
let cache = '';
let output = '';

const freePort = () =>
  new Promise<number>((res, rej) => {
    const s = createServer();
    s.once('error', rej);
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address() as { port: number };
      s.close(() => res(port));
    });
  });

beforeAll(async () => {
  cache = mkdtempSync(join(tmpdir(), 'evalboard-dev-cache-'));
  const port = await freePort();
  base = `http://127.0.0.1:${port}`;
  dev = spawn(join(ROOT, 'node_modules', '.bin', 'astro'), ['dev', '--port', String(port), '--host', '127.0.0.1'], {
    cwd: ROOT,
    env: { ...process.env, EVALBOARD_CACHE_DIR: cache, ASTRO_TELEMETRY_DISABLED: '1' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  dev.stdout!.on('data', (d: Buffer) => (output += d.toString()));
  dev.stderr!.on('data', (d: Buffer) => (output += d.toString()));
  for (let i = 0; i < 240; i++) {
    if (dev.exitCode !== null) throw new Error(`astro dev exited:\n${output}`);
    if (output.includes('ready in')) return;
    await new Promise((r) => setTimeout(r, 500));
  }
  throw new Error(`astro dev did not start in 120 s:\n${output}`);
});
afterAll(async () => {
  if (dev && dev.exitCode === null) {
    const exited = new Promise((r) => dev!.once('exit', r));
    dev.kill('SIGTERM');
    await exited;
  }
  rmSync(cache, { recursive: true, force: true });
});

async function get(path: string): Promise<Response> {
  return fetch(`${base}${path}`, { redirect: 'manual', signal: AbortSignal.timeout(240_000) });
}

describe('the dev server', () => {
  it('serves data documents, per-sample files, schemas and downloads at the built site’s paths (no trailing slash)', { timeout: 300_000 }, async () => {
    const manifest = await get('/api/v1/manifest.json');
    expect(manifest.status).toBe(200);
    expect(manifest.headers.get('content-type')).toMatch(/json/);
    const text = await manifest.text();
    expect((JSON.parse(text) as { format: string }).format).toMatch(/^evalboard-api-manifest\//);
    // Every path the manifest names below /api/v1/ (boards, models, submissions, samples: JSON and Parquet), a few of each kind.
    const named = [...new Set(text.match(/\/api\/v1\/[^"\s]+\.(?:json|parquet)/g) ?? [])];
    const kinds = new Map<string, string[]>();
    for (const p of named) kinds.set(`${p.split('/')[3]}${p.slice(p.lastIndexOf('.'))}`, [...(kinds.get(`${p.split('/')[3]}${p.slice(p.lastIndexOf('.'))}`) ?? []), p]);
    expect([...kinds.keys()]).toEqual(expect.arrayContaining(['samples.json', 'samples.parquet']));
    for (const [kind, paths] of kinds) {
      for (const p of paths.slice(0, 2)) {
        const r = await get(p);
        expect(r.status, `${kind} ${p}`).toBe(200);
        expect((await r.arrayBuffer()).byteLength, p).toBeGreaterThan(0);
      }
    }
    const schema = (text.match(/\/schemas\/[^"\s]+\.json/) ?? [])[0] ?? '/schemas/api-manifest.json';
    expect((await get(schema)).status, schema).toBe(200);

    // A board page's downloads and its explorer's data documents, as the pages link them.
    const index = await (await get('/benchmarks/medvision/')).text();
    const board = (index.match(/href="(\/benchmarks\/medvision\/[^"/]+\/)"/) ?? [])[1];
    expect(board, 'a MedVision board linked from /benchmarks/medvision/').toBeDefined();
    const boardHtml = await (await get(board!)).text();
    const download = (boardHtml.match(/href="(\/downloads\/[^"]+\.(?:csv|json))"/) ?? [])[1];
    expect(download, `a download linked from ${board}`).toBeDefined();
    const csv = await get(download!);
    expect(csv.status, download).toBe(200);
    const explorer = await (await get('/explore/medvision/')).text();
    const unit = (explorer.match(/href="(\/explore\/medvision\/[^"?]+\/)"/) ?? [])[1];
    expect(unit, 'an explorer unit linked from /explore/medvision/').toBeDefined();
    const unitHtml = await (await get(unit!)).text();
    const data = (unitHtml.match(/explore-data\/[^"'\s]+\.json/) ?? [])[0];
    expect(data, `${unit} names its data document`).toBeDefined();
    const doc = await get(`/${data}`);
    expect(doc.status, data).toBe(200);
    expect(typeof (JSON.parse(await doc.text()) as unknown)).toBe('object');
  });

  it('leaves public files, pages and unknown paths as they were', async () => {
    expect((await get('/favicon.svg')).status).toBe(200);
    expect((await get('/robots.txt')).status).toBe(200);
    expect((await get('/feed.xml')).status).toBe(200);
    expect((await get('/benchmarks/')).status).toBe(200);
    expect((await get('/no-such-document.json')).status).toBe(404);
    expect((await get('/api/v1/no-such-document.json')).status).toBe(404);
  });
});
