/**
 * One tmp copy of the project, with the bundled results plus hostile submissions (XSS corpus,
 * contact addresses, a canary in a reference file, and seed 003 when ../shared is present),
 * built twice: the two dist/ trees must be byte-identical, and the first is checked for leaks and,
 * in Chromium, for script execution.
 */
import { execFileSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, statSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REPO } from '../submission/helpers';
import { XSS_MARKDOWN, XSS_TEXT } from './xss-corpus';
import { needShared, sharedPath } from '../helpers/shared';

const CANARY = 'EVALBOARD-REFERENCE-CANARY-5d1f0c7e-do-not-publish';
const PLANTED = `PLANTED-CANARY-${Date.now().toString(36)}-never-in-dist`;
const SEED = sharedPath('seeds/003_bf0189500c8d381c.txt');
const seedNeed = needShared('hardening: seed 003 rendered into the built site', 'seeds/003_bf0189500c8d381c.txt');
const CHROMIUM = '/usr/bin/chromium';
const CONTACTS = ['xss.contact@example.com', 'task.person@example.com'];

let root = '';
let distA = '';
let distB = '';

function walk(dir: string, rel = ''): string[] {
  const out: string[] = [];
  for (const e of readdirSync(join(dir, rel)).sort()) {
    const r = rel ? `${rel}/${e}` : e;
    if (statSync(join(dir, r)).isDirectory()) out.push(...walk(dir, r));
    else out.push(r);
  }
  return out;
}

function stageProject(): void {
  root = mkdtempSync(join(tmpdir(), 'evalboard-site-'));
  for (const p of ['src', 'content', 'public', 'results', 'astro.config.mjs', 'tsconfig.json', 'package.json']) {
    if (existsSync(join(REPO, p))) cpSync(join(REPO, p), join(root, p), { recursive: true });
  }
  symlinkSync(join(REPO, 'node_modules'), join(root, 'node_modules'), 'dir');

  // A schema-valid submission whose free text is hostile.
  const mv = join(root, 'results', 'medvision', 'xss-demo');
  cpSync(join(REPO, 'results', 'medvision', 'demo-api-flash-demo'), mv, { recursive: true });
  const sub = JSON.parse(readFileSync(join(mv, 'submission.json'), 'utf8'));
  Object.assign(sub, {
    id: 'xss-demo',
    model: { ...sub.model, name: `xss ${XSS_TEXT[1]}`, org: XSS_TEXT[3], url: 'https://example.org/?q=%22%3E%3Cscript%3Ewindow.__xss=1%3C/script%3E' },
    submitter: { name: XSS_TEXT[4], contact: CONTACTS[0] },
    disclosures: { contamination: 'unknown', notes: XSS_MARKDOWN.slice(0, 10).join('\n\n') },
    review: { status: 'under_review', revision: 2, verdict: '<script>window.__xss=1</script>', text: XSS_MARKDOWN.join('\n\n') },
    changelog: XSS_MARKDOWN.slice(0, 5).map((reason) => ({ date: '2026-09-05', kind: 'corrected', reason })),
  });
  writeFileSync(join(mv, 'submission.json'), JSON.stringify(sub, null, 1));
  // A schema-invalid one: markup in the model name.
  const bad = join(root, 'results', 'medvision', 'xss-invalid');
  cpSync(mv, bad, { recursive: true });
  writeFileSync(join(bad, 'submission.json'), JSON.stringify({ ...sub, id: 'xss-invalid', model: { ...sub.model, name: XSS_TEXT[0] } }, null, 1));

  // A hostile task record, with a canary in its reference file.
  const task = join(root, 'results', 'tasks', 'xss_task');
  mkdirSync(join(task, 'reference'), { recursive: true });
  writeFileSync(join(task, 'reference', 'answer.json'), JSON.stringify({ secret: PLANTED }));
  writeFileSync(
    join(task, 'task.json'),
    JSON.stringify({
      submission_id: 'xss-1', submission_status: 'under_review', revision_version: 1, submitter_name: XSS_TEXT[0], submitter_email: CONTACTS[1],
      task: { task_short_name: 'xss_task', task_description: `${XSS_TEXT.join('\n')}\nmail ${CONTACTS[1]}`, verification_method: XSS_MARKDOWN[0], extra_fields: { difficulty_self_test: { model: XSS_TEXT[2], estimated_score: XSS_TEXT[5] } } },
      files: [{ filename: 'answer.json', category: 'reference_output', content_type: 'application/json', size_bytes: PLANTED.length + 13 }],
      deep_review: { overall_verdict: XSS_TEXT[2], review_text: XSS_MARKDOWN.join('\n\n') },
    }),
  );
  // Also plant a fresh canary into a bundled task's reference file.
  const refDir = join(root, 'results', 'tasks', 'ecg_qtc_measurement_instance_1', 'reference');
  if (existsSync(refDir)) writeFileSync(join(refDir, 'reference_qtc.json'), readFileSync(join(refDir, 'reference_qtc.json'), 'utf8').replace('"canary"', `"planted": "${PLANTED}", "canary"`));
  // Seed 003 itself, in its own shape (tmp only: nothing from ../shared enters the repo).
  if (seedNeed.ok) {
    const dir = join(root, 'results', 'tasks', 'pathwsi_navigation_instance_1');
    mkdirSync(dir, { recursive: true });
    writeFileSync(join(dir, 'task.json'), readFileSync(SEED));
  }
}

const build = (outDir: string) => execFileSync(process.execPath, [join(root, 'node_modules', 'astro', 'astro.js'), 'build', '--outDir', outDir], { cwd: root, stdio: 'pipe', timeout: 600_000, env: { ...process.env, ASTRO_TELEMETRY_DISABLED: '1' } });

describe('the built site', () => {
  beforeAll(() => {
    stageProject();
    distA = join(root, 'dist-a');
    distB = join(root, 'dist-b');
    build(distA);
    build(distB);
  }, 900_000);
  afterAll(() => {
    if (root) rmSync(root, { recursive: true, force: true });
  });

  it('two builds of the same inputs are byte-identical', () => {
    const a = walk(distA);
    expect(walk(distB)).toEqual(a);
    const differ = a.filter((f) => !readFileSync(join(distA, f)).equals(readFileSync(join(distB, f))));
    expect(differ).toEqual([]);
  });

  it('no reference-file content (canaries) anywhere in dist/', () => {
    for (const f of walk(distA)) {
      const buf = readFileSync(join(distA, f));
      expect(buf.includes(CANARY), f).toBe(false);
      expect(buf.includes(PLANTED), f).toBe(false);
    }
  });

  it('no submitter contact address anywhere in dist/', () => {
    const known = [...CONTACTS, 'ada.kowalski@example.org', 't.ferreira@example.net'];
    if (seedNeed.ok) known.push(JSON.parse(readFileSync(SEED, 'utf8')).submitter_email);
    const email = /[A-Za-z0-9._%+-]+@[A-Za-z0-9-]+(?:\.[A-Za-z0-9-]+)*\.[A-Za-z]{2,}/;
    for (const f of walk(distA)) {
      const text = readFileSync(join(distA, f), 'latin1');
      for (const k of known) expect(text.includes(k), `${k} in ${f}`).toBe(false);
      if (/\.(html|json|csv|xml|txt)$/.test(f)) expect(text.match(email)?.[0], f).toBeUndefined();
    }
  });

  it('a review page for every submission and task record, the seed included; schemas, guide, changelog', () => {
    for (const bench of ['medvision', 'latch', 'clinicalbench']) {
      const dir = join(root, 'results', bench);
      if (!existsSync(dir)) continue;
      for (const id of readdirSync(dir)) expect(existsSync(join(distA, 'submissions', id, 'index.html')), `${bench}/${id}`).toBe(true);
    }
    for (const id of readdirSync(join(root, 'results', 'tasks'))) expect(existsSync(join(distA, 'tasks', id, 'index.html')), `tasks/${id}`).toBe(true);
    if (seedNeed.ok) {
      const html = readFileSync(join(distA, 'tasks', 'pathwsi_navigation_instance_1', 'index.html'), 'utf8');
      expect(html).toContain('Yongshuo Zong');
      expect(html).toContain('reference_annotations.json');
      expect(html).toContain('<strong>Overall Verdict:</strong>');
      expect(html).toContain('Gemini Flash 3.6');
    }
    for (const s of ['submission', 'medvision-record', 'latch-eval', 'latch-result', 'clinicalbench-episodes', 'task-record']) {
      expect(JSON.parse(readFileSync(join(distA, 'schemas', `${s}.json`), 'utf8')).$schema).toContain('2020-12');
    }
    const guide = readFileSync(join(distA, 'guides', 'submitting', 'index.html'), 'utf8');
    expect(guide).toContain('href="../../schemas/submission.json"');
    expect(guide).toContain('npm run --silent validate --');
    const changelog = readFileSync(join(distA, 'changelog', 'index.html'), 'utf8');
    expect(changelog).toContain('corrected');
  });

  it('no injected script runs in Chromium on any page', async (ctx) => {
    if (!existsSync(CHROMIUM)) {
      console.warn(`skipped: ${CHROMIUM} not found (apt-get install -y chromium)`);
      ctx.skip();
    }
    const { chromium } = await import('playwright-core');
    const browser = await chromium.launch({ executablePath: CHROMIUM, args: ['--no-sandbox'] });
    try {
      const page = await browser.newPage();
      const dialogs: string[] = [];
      page.on('dialog', (d) => {
        dialogs.push(d.message());
        void d.dismiss();
      });
      await page.addInitScript(() => {
        (window as unknown as { alert: () => void }).alert = () => ((window as unknown as { __xss: number }).__xss = 1);
      });
      const pages = walk(distA).filter((f) => f.endsWith('.html'));
      expect(pages.length).toBeGreaterThan(10);
      for (const f of pages) {
        await page.goto(pathToFileURL(join(distA, f)).href, { waitUntil: 'load' });
        await page.mouse.move(10, 10);
        const found = await page.evaluate(() => ({
          xss: (window as unknown as { __xss?: number }).__xss ?? 0,
          // The site's own markup may use handlers (filter forms); injected ones carry the corpus marker.
          handlers: [...document.querySelectorAll('*')].flatMap((el) => [...el.attributes].filter((a) => /^on/i.test(a.name) && /__xss|alert/.test(a.value)).map((a) => `${el.tagName}[${a.name}]`)),
          scripts: [...document.querySelectorAll('script')].filter((el) => /__xss/.test(el.textContent ?? '')).length,
          badLinks: [...document.querySelectorAll('a[href], iframe[src], form[action]')].map((el) => el.getAttribute('href') ?? el.getAttribute('src') ?? el.getAttribute('action') ?? '').filter((h) => /^\s*(javascript|data|vbscript):/i.test(h)),
        }));
        expect({ page: f, ...found }).toEqual({ page: f, xss: 0, handlers: [], scripts: 0, badLinks: [] });
      }
      expect(dialogs).toEqual([]);
    } finally {
      await browser.close();
    }
  }, 300_000);
});
