/**
 * Astro integration: turns on the per-build memo of values computed from the input trees
 * (`src/ingest/build-memo.ts`) for exactly the span of `astro build`, when nothing writes to
 * results/ or references/. `astro dev` never starts it, so the dev server sees every edit.
 */
import type { AstroIntegration } from 'astro';
import { beginBuildMemo, endBuildMemo } from '../ingest/build-memo';

export default function buildMemoIntegration(): AstroIntegration {
  return {
    name: 'evalboard:build-memo',
    hooks: {
      'astro:build:start': () => beginBuildMemo(),
      'astro:build:done': () => endBuildMemo(),
    },
  };
}
