import type { Benchmark } from '../../core/benchmark';
import { METRICS } from './metrics';
import { handler } from './format-handler';
import { episodeFileSchema } from './formats/schema';
import { clinicalbenchReferenceSchema } from './reference/schema';
import { suites as scoringSuites } from './conformance/scoring';
import { suites as generatorSuites } from './conformance/generator';
import { workedExample } from './worked-examples';
import { writeClinicalbenchDemo } from './demo/write';

// Loaded on first use, so a tool that only scores files (the `score` CLI) never evaluates the
// checks, boards, explorer or importer, nor what they import (docs/scaling.md, start-up).
const seeds = () => import('./boards/seeds');

const noSlash = (p: string) => p.replace(/\/$/, '');

export const clinicalbench: Benchmark = {
  id: 'clinicalbench',
  name: 'ClinicalBench',
  navLabel: 'ClinicalBench',
  blurb: 'Agents auditing a synthetic clinical-trial dataset for errors and bias, replayed against regenerated ground truth.',
  clinical: true,
  upstream: { name: 'sumitsaraswat362/clinical-trial-auditor', commit: '639207b', url: 'https://github.com/sumitsaraswat362/clinical-trial-auditor/commit/639207bfb35497a71021e87ca9dd3210f54f580d' },
  dataNote: { kind: 'synthetic', licence: 'not stated upstream: the repository has no LICENSE file (its README shows a BSD 3-Clause badge)', text: 'Every patient record is synthetic, generated from (seed, task) by our port of the upstream generator, with planted errors and bias; no real patient data. The bundled demo submissions are synthetic too.' },
  metrics: METRICS,
  formats: [handler],
  schemas: [
    { name: 'clinicalbench-episodes', title: 'ClinicalBench episode file', file: 'episodes/<name>.json', schema: episodeFileSchema },
    { name: 'clinicalbench-reference', title: 'ClinicalBench reference: required seed set of one version (maintainer-owned)', file: 'references/clinicalbench/<version>.json', schema: clinicalbenchReferenceSchema },
  ],
  conformance: { folders: ['clinicalbench'], suites: [...scoringSuites, ...generatorSuites] },
  workedExample,
  submissions: {
    check: async (dir, ctx) => (await import('./checks')).checkClinicalbench(dir, ctx),
    boards: async (admitted) => (await import('./boards/boards')).clinicalbenchBoards(admitted),
    compareData: async (slug, admitted) => (await import('./compare')).clinicalbenchCompareData(slug, admitted),
    contentDigest: async (dir) => (await import('./digest')).clinicalbenchDigest(dir),
    sampleFiles: async (admitted) => (await import('./boards/samples')).clinicalbenchSampleFiles(admitted),
    reported: async (board, admitted) => (await import('./boards/reported')).clinicalbenchReported(board, admitted),
    // The README's published figures are overall scores: shown on the overall board only.
    reportedOn: (_suite, board) => board.kind === 'overall',
    explorer: async (admitted) => (await import('./explorer')).clinicalbenchExplorer(admitted),
  },
  /** The seed pages: what an agent faces on each official (seed, task), without the answer key. */
  pages: async () => {
    const { officialSeeds, seedPagePath, seedPages } = await seeds();
    return [
      { path: 'seeds', component: () => import('./pages/SeedIndex.astro'), props: { seeds: await officialSeeds() } },
      ...(await seedPages()).map(({ seed, task, usedBy }) => ({ path: noSlash(seedPagePath(seed, task)), component: () => import('./pages/SeedPage.astro'), props: { seed, task, usedBy } })),
    ];
  },
  files: async () => {
    const { datasetCsv, datasetJson, seedDatasetPath, seedPages, seedView } = await seeds();
    return (await seedPages()).flatMap(({ seed, task }) => [
      { path: seedDatasetPath(seed, task, 'csv'), contentType: 'text/csv; charset=utf-8', body: () => datasetCsv(seedView(seed, task)) },
      { path: seedDatasetPath(seed, task, 'json'), contentType: 'application/json', body: () => datasetJson(seedView(seed, task)) },
    ]);
  },
  demo: { write: writeClinicalbenchDemo },
  importer: {
    layouts: ['episode dumps {agent, seed, episodes: [{id, input, expected, agent}]} (inference.py runs, the conformance generator); score_breakdown-only files become reported figures'],
    import: async (opts) => (await import('./importer/import')).importClinicalbench(opts),
  },
};
