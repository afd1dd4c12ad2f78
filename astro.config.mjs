// @ts-check
import { defineConfig } from 'astro/config';
import sitemap from '@astrojs/sitemap';
import publishedFiles from './src/integrations/published-files.ts';

export default defineConfig({
  site: 'https://evalboard.example.org',
  trailingSlash: 'always',
  build: { format: 'directory' },
  // sitemap-index.xml + sitemap-0.xml of every page (endpoints such as the API and feeds are not pages);
  // published-files links the per-sample files from the product cache into the output.
  integrations: [sitemap(), publishedFiles()],
});
