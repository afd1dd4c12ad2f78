/**
 * A crawl of a built site (`dist/`): every HTML page parsed (linkedom), every `<a href>` sorted
 * into internal and external links. Internal links must resolve to a file of the build (a
 * directory URL to its `index.html`) and a `#fragment` to an element id on the target page;
 * external links must be http(s) and carry `rel="noopener nofollow"`.
 */
import { existsSync, readFileSync, readdirSync, statSync } from 'node:fs';
import { join, posix } from 'node:path';
import { parseHTML } from 'linkedom';

export interface CrawlProblem {
  page: string;
  href: string;
  problem: string;
}

export interface CrawlResult {
  pages: string[];
  internal: number;
  anchors: number;
  external: number;
  /** Distinct external URLs. */
  externalUrls: Set<string>;
  problems: CrawlProblem[];
}

export function walkFiles(dir: string, rel = ''): string[] {
  const out: string[] = [];
  for (const e of readdirSync(join(dir, rel)).sort()) {
    const r = rel ? `${rel}/${e}` : e;
    if (statSync(join(dir, r)).isDirectory()) out.push(...walkFiles(dir, r));
    else out.push(r);
  }
  return out;
}

/** The dist file a site path names (`/a/b/` → `a/b/index.html`), or undefined. */
export function fileFor(dist: string, path: string): string | undefined {
  const p = decodeURIComponent(path).replace(/^\/+/, '');
  const candidates = p === '' || p.endsWith('/') ? [`${p}index.html`] : [p, `${p}/index.html`];
  return candidates.find((c) => existsSync(join(dist, c)) && statSync(join(dist, c)).isFile());
}

const ids = new Map<string, Set<string>>();
function idsOf(dist: string, file: string): Set<string> {
  const key = `${dist}\0${file}`;
  let hit = ids.get(key);
  if (!hit) {
    const { document } = parseHTML(readFileSync(join(dist, file), 'utf8'));
    hit = new Set([...document.querySelectorAll('[id]')].map((e) => e.getAttribute('id')!).concat([...document.querySelectorAll('a[name]')].map((e) => e.getAttribute('name')!)));
    ids.set(key, hit);
  }
  return hit;
}

/** The site path of a dist HTML file (`a/b/index.html` → `/a/b/`). */
export const pagePath = (file: string) => `/${file.replace(/(^|\/)index\.html$/, '$1')}`;

export function documentOf(dist: string, file: string): Document {
  return parseHTML(readFileSync(join(dist, file), 'utf8')).document as unknown as Document;
}

/** The origin pages are resolved against; a link to `site` (the configured site URL) counts as internal too. */
export const CRAWL_ORIGIN = 'http://site.invalid';

/** A link of `page` resolved to a URL whose origin is `CRAWL_ORIGIN` when it stays on the site. */
export function resolveLink(page: string, href: string, site?: string): URL {
  const u = new URL(href, new URL(pagePath(page), CRAWL_ORIGIN));
  return site && u.origin === new URL(site).origin ? new URL(`${u.pathname}${u.search}${u.hash}`, CRAWL_ORIGIN) : u;
}

/** Crawl every HTML page of `dist` (built with base `/`); `site` is the configured site URL. */
export function crawl(dist: string, opts: { site?: string } = {}): CrawlResult {
  const pages = walkFiles(dist).filter((f) => f.endsWith('.html'));
  const res: CrawlResult = { pages, internal: 0, anchors: 0, external: 0, externalUrls: new Set(), problems: [] };
  const origin = CRAWL_ORIGIN;
  for (const page of pages) {
    const doc = documentOf(dist, page);
    for (const a of doc.querySelectorAll('a[href]')) {
      const href = a.getAttribute('href')!;
      const bad = (problem: string) => res.problems.push({ page, href, problem });
      let u: URL;
      try {
        u = resolveLink(page, href, opts.site);
      } catch {
        bad('does not parse as a URL');
        continue;
      }
      if (u.origin === origin) {
        res.internal++;
        const target = fileFor(dist, posix.normalize(u.pathname));
        if (!target) {
          bad('broken internal link');
          continue;
        }
        if (u.hash.length > 1) {
          res.anchors++;
          if (target.endsWith('.html') && !idsOf(dist, target).has(decodeURIComponent(u.hash.slice(1)))) bad(`no element with id "${u.hash.slice(1)}" on ${target}`);
        }
        continue;
      }
      res.external++;
      res.externalUrls.add(href);
      if (u.protocol !== 'https:' && u.protocol !== 'http:') bad(`external link is ${u.protocol}, not http(s)`);
      const rel = new Set((a.getAttribute('rel') ?? '').split(/\s+/).filter(Boolean));
      if (!rel.has('noopener') || !rel.has('nofollow')) bad(`external link without rel="noopener nofollow" (rel="${a.getAttribute('rel') ?? ''}")`);
    }
  }
  return res;
}
