import type { Benchmark } from '../../core/benchmark';
import { METRICS } from './metrics';
import { handler } from './format-handler';
import { evalSchema, runResultSchema } from './formats/schemas';
import { latchReferenceSchema } from './reference/schema';
import { suites } from './conformance';
import { workedExample } from './worked-examples';
import { writeLatchDemo } from './demo/write';

// Loaded on first use, so a tool that only scores files (the `score` CLI) never evaluates the
// checks, boards, explorer or importer, nor what they import (docs/scaling.md, start-up).
const boards = () => import('./boards/boards');

export const latch: Benchmark = {
  id: 'latch',
  name: 'Latch bio benches',
  navLabel: 'Latch',
  blurb: 'Agents analysing single-cell and spatial biology data (scBench, SpatialBench), graded by latch-eval-tools.',
  // The sources say where eval data lives (latch:// data nodes on the Latch platform), not what
  // datasets they are or under which terms: the note claims no more.
  dataNote: {
    kind: 'submitted runs',
    licence: 'latchbio/scbench (evals and published runs): Apache-2.0; the sources state no licence for the datasets the evals point to',
    text: 'Evals are latch-eval-tools task specifications (scBench, SpatialBench) whose input data live on the Latch platform (latch:// data nodes), as submitted and matched against our reference; biology research tasks, not clinical ones. The bundled demo submissions and their evals are synthetic.',
  },
  upstream: { name: 'latch-eval-tools 0.4.26', note: 'the grader semantics of its README', url: 'https://pypi.org/project/latch-eval-tools/0.4.26/' },
  metrics: METRICS,
  formats: [handler],
  schemas: [
    { name: 'latch-reference', title: 'latch reference: eval set, canonical eval hashes and required trials of one suite version (maintainer-owned)', file: 'references/latch/<version>.json', schema: latchReferenceSchema },
    { name: 'latch-eval', title: 'latch-eval-tools eval JSON', file: 'evals/<task>/<eval_id>.json', schema: evalSchema },
    { name: 'latch-result', title: 'latch-eval-tools run result.json', file: 'trajectories/<eval>/<provider>/<model>/<harness>/r<N>/result.json', schema: runResultSchema },
  ],
  conformance: { folders: ['latch'], suites },
  workedExample,
  submissions: {
    check: async (dir, ctx) => (await import('./checks')).checkLatch(dir, ctx),
    boards: async (admitted) => (await boards()).latchBoards(admitted),
    compareData: async (slug, admitted) => (await import('./compare')).latchCompareData(slug, admitted),
    contentDigest: async (dir) => (await import('./digest')).latchDigest(dir),
    sampleFiles: async (admitted) => (await import('./boards/samples')).latchSampleFiles(admitted),
    reported: async (board) => (await import('./boards/reported')).latchReportedViews(board),
    explorer: async (admitted) => (await import('./explorer')).latchExplorer(admitted),
  },
  /** The board URLs from before the suites were split (`overall`, `task/<t>`, `platform/<k>`): pages linking the suite boards they became. */
  pages: async () => (await (await boards()).movedLatchBoards()).map((moved) => ({ path: `benchmarks/latch/${moved.slug}`, component: () => import('./pages/MovedBoard.astro'), props: { moved } })),
  demo: { write: writeLatchDemo },
  importer: {
    layouts: ['trajectories/<eval>/<provider>/<model>/<harness>/r<N>/result.json with evals/<task>/<id>.json, evals/<id>/eval.json or evals_canonical/ (scBench, SpatialBench, SpatialBench-Long checkouts)'],
    import: async (opts) => (await import('./importer/import')).importLatch(opts),
  },
};
