// @ts-check
import { defineConfig } from 'astro/config';
import sitemap from '@astrojs/sitemap';
import publishedFiles from './src/integrations/published-files.ts';
import cacheSweep from './src/integrations/cache-sweep.ts';
import devEndpointPaths from './src/integrations/dev-endpoint-paths.ts';
import buildMemo from './src/integrations/build-memo.ts';

export default defineConfig({
  site: 'https://evalboard.example.org',
  trailingSlash: 'always',
  // Four pages at a time: a page's render awaits its file writes, so one at a time left the main
  // thread idle a fifth of a 200-entry build (measured with bench:build; the output is identical).
  build: { format: 'directory', concurrency: 4 },
  // sitemap-index.xml + sitemap-0.xml of every page (endpoints such as the API and feeds are not pages);
  // published-files links the per-sample files from the product cache into the output; cache-sweep
  // then (EVALBOARD_CACHE_PRUNE=1) deletes the cache entries the build did not use;
  // dev-endpoint-paths lets `astro dev` serve data files at the built site's paths; build-memo
  // hashes each input folder once per build (last, so its memo ends after the others' build:done).
  integrations: [sitemap(), publishedFiles(), cacheSweep(), devEndpointPaths(), buildMemo()],
  // `astro dev` watches the checkout: not the benchmark corpora (`npm run bench:build` writes GBs
  // and ≈ 370 k files under bench-data/, past the machine's inotify watches: the dev server then
  // fails with ENOSPC), the score cache or build outputs, none of which the dev server serves.
  vite: { server: { watch: { ignored: ['**/bench-data/**', '**/.cache/**', '**/dist/**', '**/.dist-next/**'] } } },
});
