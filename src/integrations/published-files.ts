/**
 * Astro integration: after the pages are written, hard-link the files the build recorded as
 * published from the product cache (per-sample API files, explorer data) into the output folder.
 * Registered in astro.config.mjs, so `npm run build`, bench:build and every test build get it.
 */
import { fileURLToPath } from 'node:url';
import type { AstroIntegration } from 'astro';
import { linkPublishedFiles, publishedFiles } from '../ingest/published-files';

export default function publishedFilesIntegration(): AstroIntegration {
  return {
    name: 'evalboard:published-files',
    hooks: {
      'astro:build:done': ({ dir, logger }) => {
        const files = publishedFiles();
        const t0 = performance.now();
        const c = linkPublishedFiles(fileURLToPath(dir), files);
        logger.info(`${files.length} files from the product cache: ${c.linked} linked, ${c.copied} copied, ${c.written} written in ${Math.round(performance.now() - t0)} ms`);
      },
    },
  };
}
