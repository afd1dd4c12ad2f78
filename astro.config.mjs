// @ts-check
import { defineConfig } from 'astro/config';

export default defineConfig({
  site: 'https://evalboard.example.org',
  trailingSlash: 'always',
  build: { format: 'directory' },
});
