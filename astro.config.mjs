// @ts-check
import { defineConfig } from 'astro/config';
import sitemap from '@astrojs/sitemap';

export default defineConfig({
  site: 'https://evalboard.example.org',
  trailingSlash: 'always',
  build: { format: 'directory' },
  // sitemap-index.xml + sitemap-0.xml of every page (endpoints such as the API and feeds are not pages).
  integrations: [sitemap()],
});
