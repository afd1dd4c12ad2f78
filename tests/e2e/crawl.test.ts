/**
 * A crawl of the built `dist/` (built when stale, then reused): every internal link resolves
 * (anchors included), every external link is http(s) with rel="noopener nofollow", and every
 * board row (ranked and unranked, on every board and benchmark page) links its review page, its
 * model page, its per-sample files and every external link the registry and the submission hold.
 */
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { REPO } from '../submission/helpers';
import { ensureBuilt } from './build';
import { crawl, type CrawlResult } from '../helpers/crawl';
import { checkBoardRows } from '../helpers/board-rows';

const DIST = join(REPO, 'dist');
const SITE = 'https://evalboard.example.org';
let result: CrawlResult;

describe('crawl of dist/', () => {
  beforeAll(() => {
    ensureBuilt(REPO);
    result = crawl(DIST, { site: SITE });
  }, 600_000);

  it('every internal link resolves and every external link is http(s) with rel="noopener nofollow"', () => {
    expect(result.pages.length).toBeGreaterThan(50);
    expect(result.internal).toBeGreaterThan(1000);
    expect(result.problems.slice(0, 20)).toEqual([]);
    console.info(`crawl: ${result.pages.length} pages, ${result.internal} internal links (${result.anchors} with #anchors), ${result.external} external links (${result.externalUrls.size} distinct), ${result.problems.length} problems`);
  });

  it('every board row links its review, model and per-sample pages and each external link the registry holds', () => {
    const rows = checkBoardRows({ root: REPO, dist: DIST, pages: result.pages, site: SITE });
    expect(rows.problems.slice(0, 20)).toEqual([]);
    expect(rows.rows).toBeGreaterThan(100);
    console.info(`board rows: ${rows.rows} rows on ${rows.pages} pages; ${rows.externalChecked} registry/submission external links found on their rows`);
  });
});
