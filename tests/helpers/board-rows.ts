/**
 * Every board row of a built site (a `<tr>` of `table[data-board]` or `table[data-unranked]` on a
 * `/benchmarks/<benchmark>/…` page) must link: its review page, its model page, its per-sample
 * page, and every external URL the registry and the submission hold (`expectedRowLinks`).
 */
import { documentOf, resolveLink, CRAWL_ORIGIN } from './crawl';
import { expectedRowLinks } from './row-provenance';

export interface BoardRowCheck {
  rows: number;
  pages: number;
  externalChecked: number;
  problems: string[];
}

/** What counts as the row's per-sample page: the explorer when there is one, else the per-sample files. */
const PER_SAMPLE = [/^\/explore\//, /^\/benchmarks\/[^/]+\/explore\//, /^\/api\/v1\/submissions\/[^/]+\/[^/]+\.json$/];

export function checkBoardRows(opts: { root: string; dist: string; pages: readonly string[]; site?: string; perSample?: RegExp[] }): BoardRowCheck {
  const out: BoardRowCheck = { rows: 0, pages: 0, externalChecked: 0, problems: [] };
  const perSample = opts.perSample ?? PER_SAMPLE;
  for (const page of opts.pages) {
    const bench = /^benchmarks\/([^/]+)\//.exec(page)?.[1];
    if (!bench) continue;
    const doc = documentOf(opts.dist, page);
    const trs = [...doc.querySelectorAll('table[data-board] tbody tr, table[data-unranked] tbody tr')];
    if (trs.length === 0) continue;
    out.pages++;
    for (const tr of trs) {
      out.rows++;
      const hrefs = [...tr.querySelectorAll('a[href]')].map((a) => a.getAttribute('href')!);
      const internal = hrefs.map((h) => resolveLink(page, h, opts.site)).filter((u) => u.origin === CRAWL_ORIGIN).map((u) => u.pathname);
      const where = `${page} row "${(tr.querySelector('th, td.l')?.textContent ?? '').trim().slice(0, 60)}"`;
      const review = internal.map((p) => /^\/submissions\/([^/]+)\/$/.exec(p)?.[1]).find((x) => x);
      if (!review) {
        out.problems.push(`${where}: no review link`);
        continue;
      }
      const want = expectedRowLinks(opts.root, bench, review);
      if (!internal.includes(want.model)) out.problems.push(`${where}: no link to ${want.model}`);
      // A row of a dated snapshot whose submission was withdrawn since has no published per-sample files.
      const removed = tr.querySelector('[data-removed]') !== null;
      if (!removed && !internal.some((p) => perSample.some((re) => re.test(p)))) out.problems.push(`${where}: no per-sample link`);
      for (const url of want.external) {
        out.externalChecked++;
        if (!hrefs.includes(url)) out.problems.push(`${where}: external link ${url} missing`);
      }
    }
  }
  return out;
}
