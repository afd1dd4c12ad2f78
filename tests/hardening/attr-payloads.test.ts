/**
 * Attribute-context payloads in every submitted string field (model name/org/params, harness
 * name/version, submitter, notes, the maintainers' verdict/review text/changelog), in one
 * submission per benchmark. Unit level: Astro's own addAttribute, fed through attr(), never
 * writes a quote raw. Site level: a build of a tmp results tree, served over http and driven in
 * Chromium: every row, link, option and button on every page kind is hovered, focused and
 * clicked, and no injected code may run (window.__pwned, alert/confirm/prompt dialogs, console
 * errors from injected code).
 */
import { execFileSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addAttribute } from 'astro/runtime/server/index.js';
import { attr, escapeAttribute, escapeHtml, httpUrlProblem, jsonForHtml, neutraliseFormula } from '../../src/core/escape';
import { modelRecordSchema } from '../../src/core/model-schema';
import { REPO } from '../submission/helpers';
import { ATTR_URL } from '../submission/mutations-hostile';
import { crawl } from '../helpers/crawl';
import { checkBoardRows } from '../helpers/board-rows';

const SITE = 'https://evalboard.example.org';

const CHROMIUM = '/usr/bin/chromium';

/** Attribute breakers that the plain-text schema accepts (no "<", ">" or control characters). */
const PAYLOADS = [
  ATTR_URL,
  'https://x.example/?a=1&b=" onfocus="window.__pwned=1" autofocus x="',
  'x" onmouseover="window.__pwned=1" y="',
  "x' onmouseover='window.__pwned=1' y='",
  'https://x.example/?&" onclick="alert(1)" x="',
  '" style="position:fixed;inset:0" onmouseover="window.__pwned=1" x="',
];

describe('attr(): Astro never writes a quote raw, whatever the value looks like', () => {
  it.each(PAYLOADS)('%s', (p) => {
    for (const key of ['href', 'content', 'value', 'data-o', 'title', 'aria-label']) {
      const raw = String(addAttribute(p, key));
      const safe = String(addAttribute(attr(p), key));
      // Without attr(), Astro's URL heuristic writes the "&"-containing http(s) ones unescaped:
      if (p.includes('&') && /^https?:/.test(p)) expect(raw).toContain('"');
      // With it: exactly the two delimiting quotes, the value entity-escaped.
      expect(safe).toBe(` ${key}="${p.replaceAll('&', '&#38;').replaceAll('"', '&#34;')}"`);
      // The board rows' hand-built markup (src/board/board-rows-html.ts) writes the same bytes.
      expect(` ${key}="${escapeAttribute(p)}"`).toBe(safe);
    }
  });
  it('leaves ordinary values and missing values as Astro would', () => {
    expect(String(addAttribute(attr('Example Lab'), 'data-o'))).toBe(' data-o="Example Lab"');
    expect(String(addAttribute(attr(undefined), 'href'))).toBe('');
    expect(String(addAttribute(attr(''), 'data-d'))).toBe(' data-d=""');
  });
});

describe('the other contexts', () => {
  it('URLs: only normalised http(s) without quotes, spaces, markup, backslashes or credentials', () => {
    for (const ok of ['https://example.org/', 'https://example.org/a?b=1&c=2#d', 'http://x.example:8080/p%22q']) expect(httpUrlProblem(ok), ok).toBeUndefined();
    for (const bad of [...PAYLOADS.filter((p) => p.startsWith('http')), 'javascript:alert(1)', 'https://a b/', 'https://x/\\', 'https://u:p@x/', 'https://X.example', 'ftp://x.example/', "https://x.example/'", 'https://x.example/\u0000']) {
      expect(httpUrlProblem(bad), bad).toBeDefined();
      // A model's links live in its registry file (models/<id>.json).
      const model = { id: 'x', name: 'm', org: 'o', weights: 'open', links: { model_card: bad } };
      const r = modelRecordSchema.safeParse(model);
      expect(r.success, bad).toBe(false);
      expect(r.error?.issues.map((i) => i.path.join('.')), bad).toContain('links.model_card');
    }
  });
  it('download cells: = + - @ tab CR get a leading quote; numbers stay numbers', () => {
    for (const f of ['=HYPERLINK("http://x","y")', '@SUM(A1:A2)', '+1+1', '-1+1', '\t=1', '\r=1']) expect(neutraliseFormula(f)).toBe(`'${f}`);
    for (const v of ['Example Lab', 'a=b', '', null, -0.5, 3, true]) expect(neutraliseFormula(v)).toBe(v);
  });
  it('HTML text and inline JSON', () => {
    expect(escapeHtml(`<a href="x">'&'</a>`)).toBe('&lt;a href=&quot;x&quot;&gt;&#39;&amp;&#39;&lt;/a&gt;');
    const j = jsonForHtml({ s: '</script><!-- & \u2028' });
    expect(j).not.toMatch(/[<>&\u2028]/);
    expect(JSON.parse(j)).toEqual({ s: '</script><!-- & \u2028' });
  });
});

let root = '';
let dist = '';
const IDS: Record<string, string> = { medvision: 'demo-api-flash-demo', latch: 'demo-agent-small-demo', clinicalbench: 'demo-auditor-base' };

function stage(): void {
  root = mkdtempSync(join(tmpdir(), 'evalboard-attr-'));
  for (const p of ['src', 'content', 'public', 'results', 'reviews', 'models', 'references', 'astro.config.mjs', 'tsconfig.json', 'package.json']) {
    if (existsSync(join(REPO, p))) cpSync(join(REPO, p), join(root, p), { recursive: true });
  }
  symlinkSync(join(REPO, 'node_modules'), join(root, 'node_modules'), 'dir');
  Object.entries(IDS).forEach(([bench, from], i) => {
    const id = `attr-${bench}`;
    const dir = join(root, 'results', bench, id);
    cpSync(join(REPO, 'results', bench, from), dir, { recursive: true });
    // The payload copy replaces its original: two folders with the same per-sample content are
    // both an error (duplicate content) and would keep the payloads off every page.
    rmSync(join(root, 'results', bench, from), { recursive: true, force: true });
    rmSync(join(root, 'reviews', bench, `${from}.json`), { force: true });
    const sub = JSON.parse(readFileSync(join(dir, 'submission.json'), 'utf8'));
    const p = (k: number) => PAYLOADS[(i + k) % PAYLOADS.length]!;
    const model = { name: `${bench} ${p(2)}`, org: p(0), params: p(3).slice(0, 40), url: 'https://x.example/?a=1&b=2' };
    if (typeof sub.model === 'string') {
      // Model identity in its own registered file (models/<id>.json): the payloads go there.
      const file = join(root, 'models', `${sub.model}.json`);
      const m = JSON.parse(readFileSync(file, 'utf8'));
      sub.model = `attr-${bench}-model`;
      // Every registry link kind, with "&" (Astro's raw-URL heuristic), for the crawl below.
      const links = { model_card: model.url, paper: `https://x.example/paper/${bench}?a=1&b=2`, code: `https://x.example/code/${bench}` };
      writeFileSync(join(root, 'models', `${sub.model}.json`), JSON.stringify({ ...m, id: sub.model, name: model.name, org: model.org, params: model.params, aliases: [], links }, null, 1));
    } else sub.model = { ...sub.model, ...model };
    Object.assign(sub, {
      id,
      submitter: { name: p(1) },
      harness: { ...sub.harness, name: p(4), version: p(5).slice(0, 60), commit: `latchbio/scbench@4a7d2b${i}` },
      pr: `https://github.com/example/evalboard/pull/${i + 1}?a=1&b=2`,
      disclosures: { contamination: 'unknown', notes: PAYLOADS.join('\n\n') },
    });
    delete sub.claimed;
    writeFileSync(join(dir, 'submission.json'), JSON.stringify(sub, null, 1));
    const reviewFrom = join(REPO, 'reviews', bench, `${from}.json`);
    if (existsSync(reviewFrom)) {
      const review = JSON.parse(readFileSync(reviewFrom, 'utf8'));
      Object.assign(review, { verdict: p(2), text: PAYLOADS.join('\n\n'), changelog: [{ date: '2026-09-01', kind: 'added', reason: p(3) }] });
      mkdirSync(join(root, 'reviews', bench), { recursive: true });
      writeFileSync(join(root, 'reviews', bench, `${id}.json`), JSON.stringify(review, null, 1));
    }
  });
}

/** A reported table (third-party text, `EVALBOARD_REPORTED`) carrying the payloads in every string the board page shows. */
const REPORTED_SCRIPT = '<script>window.__pwned=1</script>';
const REPORTED_IMG = '<img src=x onerror="window.__pwned=1">';
function stageReported(): void {
  const dir = join(root, 'reported', 'clinicalbench');
  mkdirSync(dir, { recursive: true });
  const col = PAYLOADS[5]!;
  const table = { reported: true, benchmark: 'clinicalbench', suite: PAYLOADS[2]!, title: `hostile table ${PAYLOADS[1]}`, from: PAYLOADS[2]!, source: { repo: ATTR_URL, commit: PAYLOADS[3]! }, licence: PAYLOADS[4]!, attribution: REPORTED_IMG, columns: ['agent', col], rows: [{ agent: REPORTED_SCRIPT, [col]: PAYLOADS[0]! }] };
  writeFileSync(join(dir, 'hostile.json'), JSON.stringify(table, null, 1));
}

function walk(dir: string, rel = ''): string[] {
  const out: string[] = [];
  for (const e of readdirSync(join(dir, rel)).sort()) {
    const r = rel ? `${rel}/${e}` : e;
    if (statSync(join(dir, r)).isDirectory()) out.push(...walk(dir, r));
    else out.push(r);
  }
  return out;
}

describe.skipIf(!existsSync(CHROMIUM))('a site built with attribute payloads in every submitted string field', () => {
  beforeAll(() => {
    stage();
    stageReported();
    dist = join(root, 'out');
    execFileSync(process.execPath, [join(root, 'node_modules', 'astro', 'astro.js'), 'build', '--outDir', dist], {
      cwd: root,
      stdio: 'pipe',
      timeout: 600_000,
      env: { ...process.env, ASTRO_TELEMETRY_DISABLED: '1', EVALBOARD_NO_CACHE: '1', EVALBOARD_RESULTS: join(root, 'results'), EVALBOARD_REVIEWS: join(root, 'reviews'), EVALBOARD_REPORTED: join(root, 'reported') },
    });
  }, 900_000);
  afterAll(() => {
    if (root) rmSync(root, { recursive: true, force: true });
  });

  it('the payloads reach the pages (as text), so the browser test exercises them', () => {
    const html = walk(dist).filter((f) => f.endsWith('.html')).map((f) => readFileSync(join(dist, f), 'utf8')).join('\n');
    expect(html).toContain('onmouseover=&#34;window.__pwned=1&#34;');
    expect(html).toContain('data-o="https://x.example/?&#38;&#34; onmouseover=&#34;window.__pwned=1&#34; x=&#34;"');
    expect(html).not.toMatch(/<[^>]+\son(mouseover|focus|click)="(window\.__pwned|alert)/);
  });

  it("a reported table's strings are text: its markup is escaped, its non-http repository never a link", () => {
    const page = readFileSync(join(dist, 'benchmarks', 'clinicalbench', 'overall', 'index.html'), 'utf8');
    expect(page).toContain('hostile table');
    expect(page).toContain('&lt;script&gt;window.__pwned=1&lt;/script&gt;');
    expect(page).not.toContain(REPORTED_SCRIPT);
    expect(page).not.toContain(REPORTED_IMG);
    expect(page).not.toMatch(/<[^>]+\son(error|mouseover|focus|click)="(window\.__pwned|alert)/);
    expect(page).not.toContain(`href="${ATTR_URL}`);
  });

  it('crawl: 0 broken links; every row links its review, model and per-sample pages, its registry links, PR and harness commit, each rel="noopener nofollow"', () => {
    const r = crawl(dist, { site: SITE });
    expect(r.problems.slice(0, 20)).toEqual([]);
    const rows = checkBoardRows({ root, dist, pages: r.pages, site: SITE });
    expect(rows.problems.slice(0, 20)).toEqual([]);
    // Three payload submissions × (3 registry links + PR + harness commit), on every row they have.
    const kinds = Object.keys(IDS).flatMap((bench, i) => [`https://x.example/paper/${bench}?a=1&b=2`, `https://x.example/code/${bench}`, `https://github.com/example/evalboard/pull/${i + 1}?a=1&b=2`, `https://github.com/latchbio/scbench/commit/4a7d2b${i}`]);
    for (const url of [...kinds, 'https://x.example/?a=1&b=2']) expect(r.externalUrls.has(url), url).toBe(true);
    expect(rows.externalChecked).toBeGreaterThanOrEqual(15);
    console.info(`payload crawl: ${r.pages.length} pages, ${r.internal} internal links (${r.anchors} anchors), ${r.external} external (${r.externalUrls.size} distinct); ${rows.rows} board rows, ${rows.externalChecked} row external links checked`);
  });

  it('hovering, focusing and clicking every row, link, option and button runs no injected code', async () => {
    const { serveStatic } = await import('../../scripts/lib/server');
    const { chromium } = await import('playwright-core');
    const server = await serveStatic(dist);
    const browser = await chromium.launch({ executablePath: CHROMIUM, args: ['--no-sandbox', '--headless'] });
    try {
      const page = await browser.newPage();
      const dialogs: string[] = [];
      const consoleErrors: string[] = [];
      page.on('dialog', (d) => {
        dialogs.push(d.message());
        void d.dismiss();
      });
      page.on('console', (m) => { if (m.type() === 'error' && /pwned|alert/.test(m.text())) consoleErrors.push(m.text()); });
      page.on('pageerror', (e) => consoleErrors.push(String(e)));
      // Clicks on links stay on the page (the default action is cancelled after every handler ran).
      await page.addInitScript(() => {
        document.addEventListener('click', (e) => { if ((e.target as Element | null)?.closest?.('a[href], button, input')) e.preventDefault(); });
        document.addEventListener('submit', (e) => e.preventDefault(), true);
      });
      const html = walk(dist).filter((f) => f.endsWith('.html'));
      const kinds = ['index.html', 'benchmarks/', 'models/', 'submissions/', 'compare/', 'tasks/', 'changelog/'];
      for (const k of kinds) expect(html.some((f) => f.startsWith(k)), k).toBe(true);
      // Every page whose HTML carries a payload, plus one page of each kind.
      const pages = html.filter((f) => readFileSync(join(dist, f), 'utf8').includes('__pwned') || kinds.some((k) => f === `${k}index.html` || f === k));
      expect(pages.length).toBeGreaterThan(8);
      let touched = 0;
      for (const f of pages) {
        await page.goto(`${server.url}/${f.replace(/index\.html$/, '')}`, { waitUntil: 'load' });
        // Real pointer hover over every table row and link in view order.
        const rows = page.locator('tr, a[href], option, button, select, [data-o]');
        const n = await rows.count();
        for (let i = 0; i < Math.min(n, 400); i++) {
          const el = rows.nth(i);
          if (await el.isVisible().catch(() => false)) await el.hover({ timeout: 2000, force: true }).catch(() => undefined);
        }
        // Then every element receives focus, mouse and click events (inline handlers fire on these).
        touched += await page.evaluate(() => {
          let count = 0;
          for (const el of document.querySelectorAll<HTMLElement>('body *')) {
            for (const type of ['mouseover', 'mouseenter', 'mousemove', 'pointerover']) el.dispatchEvent(new MouseEvent(type, { bubbles: true }));
            el.focus?.();
            el.dispatchEvent(new FocusEvent('focus'));
            if (el.matches('a, tr, td, th, option, button, summary, abbr, [data-o]')) el.click();
            count++;
          }
          return count;
        });
        const state = await page.evaluate(() => ({
          pwned: (window as unknown as { __pwned?: number }).__pwned ?? 0,
          handlers: [...document.querySelectorAll('*')].flatMap((el) => [...el.attributes].filter((a) => /^on/i.test(a.name) && /__pwned|alert/.test(a.value)).map((a) => `${el.tagName}[${a.name}]`)),
        }));
        expect({ page: f, ...state }).toEqual({ page: f, pwned: 0, handlers: [] });
      }
      expect(touched).toBeGreaterThan(1000);
      expect(dialogs).toEqual([]);
      expect(consoleErrors).toEqual([]);
    } finally {
      await browser.close();
      await server.close();
    }
  }, 600_000);
});
