// One build's products as the site build makes them, in the test's process: the API documents
// Astro routes, then every per-sample file the build records (API samples, explorer unit documents)
// linked into a fresh output folder by the integration's linker. Each build is a fresh module graph
// with the product-cache log and the link log emptied first.
import { readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, vi } from 'vitest';

export interface Built {
  /** Every API document and explorer data file by path below the site: routed documents' bodies, and the files the linker put in `out`. */
  files: Map<string, string>;
  /** The product-cache log (`hit|miss <kind> <dir or unit>`). */
  log: string[];
  /** The linker's log: `link|copy|write <path> <source>`. */
  links: string[];
  out: string;
}

export interface ProductBuildOptions {
  /** EVALBOARD_CACHE_LOG and EVALBOARD_LINK_LOG of the test. */
  log: string;
  links: string;
  /** The output folder (must not exist yet). */
  out: string;
}

export async function productBuild(opts: ProductBuildOptions): Promise<Built> {
  writeFileSync(opts.log, '');
  writeFileSync(opts.links, '');
  vi.resetModules();
  const { clearPublishedFiles, linkPublishedFiles } = await import('../../src/ingest/published-files');
  clearPublishedFiles();
  const { routedApiDocuments, documentBody } = await import('../../src/board/api');
  const { publishExplorerData } = await import('../../src/board/explorer');
  const files = new Map<string, string>();
  const text = (b: string | Uint8Array) => (typeof b === 'string' ? b : Buffer.from(b).toString('base64'));
  for (const d of await routedApiDocuments()) files.set(d.path, text(documentBody(d)));
  await publishExplorerData();
  linkPublishedFiles(opts.out);
  const walk = (dir: string, rel: string): void => {
    for (const e of readdirSync(dir, { withFileTypes: true })) {
      const r = rel ? `${rel}/${e.name}` : e.name;
      if (e.isDirectory()) walk(join(dir, e.name), r);
      else {
        expect(files.has(r), `${r}: routed and linked both`).toBe(false);
        files.set(r, text(readFileSync(join(dir, e.name))));
      }
    }
  };
  walk(opts.out, '');
  const read = (f: string) => readFileSync(f, 'utf8').trim().split('\n').filter(Boolean);
  return { files, log: read(opts.log), links: read(opts.links), out: opts.out };
}
