import type { Benchmark } from '../../core/benchmark';
import { METRICS } from './metrics';
import { handler } from './format-handler';
import { medvisionRecordSchema } from './formats/record-schema';
import { medvisionReferenceSchema } from './reference/schema';
import { suites } from './conformance';
import { workedExample } from './worked-examples';
import { writeMedvisionDemo } from './demo/write';
import { taskTypeOf } from './formats/discover';

// Loaded on first use, so a tool that only scores files (the `score` CLI) never evaluates the
// checks, boards, explorer or importer, nor what they import (docs/scaling.md, start-up).
const checks = () => import('./checks');
const boards = () => import('./boards/boards');
const samples = () => import('./boards/samples');
const explorer = () => import('./explorer');
const importer = () => import('./importer/import');

export const medvision: Benchmark = {
  id: 'medvision',
  name: 'MedVision',
  navLabel: 'MedVision',
  blurb: 'Medical VLMs reading physical quantities off images: detection boxes, tumour/lesion size, angles and distances.',
  clinical: true,
  // Licence wording follows what the sources say and no more: the upstream repository states two
  // licences (LICENSE: MIT; pyproject.toml: CC-BY-NC 4.0) and each imaging dataset keeps its own terms.
  dataNote: {
    kind: 'public dataset',
    licence: 'each source imaging dataset keeps its own terms; the upstream MedVision repository is ambiguous (its LICENSE file says MIT, its pyproject.toml CC-BY-NC 4.0), so treat the benchmark as non-commercial',
    text: 'Targets are measurements derived from the expert segmentations and landmarks of public medical-imaging challenge datasets (AMOS22, BraTS24, KiTS23, …) that the upstream MedVision benchmark builds its subtasks from; no image is redistributed here. The bundled demo submissions are synthetic.',
  },
  upstream: { name: 'YongchengYAO/MedVision', note: 'medvision_bm: the newest parse_utils and summarizers; summarize_AD_task.py @ 286f6325', url: 'https://github.com/YongchengYAO/MedVision' },
  metrics: METRICS,
  formats: [handler],
  schemas: [
    { name: 'medvision-reference', title: 'MedVision reference: sample set and answer key of one benchmark version (maintainer-owned)', file: 'references/medvision/<version>.json', schema: medvisionReferenceSchema },
    { name: 'medvision-record', title: 'MedVision parsed sample record (one JSONL line)', file: 'Results/<task_tag>/<model>/parsed/<ts>_samples_<config>.jsonl', schema: medvisionRecordSchema },
  ],
  conformance: { folders: ['medvision'], suites },
  workedExample,
  submissions: {
    check: async (dir) => (await checks()).checkMedvision(dir),
    boards: async (admitted) => (await boards()).medvisionBoards(admitted),
    compareData: async (slug, admitted) => (await import('./compare')).medvisionCompareData(slug, admitted),
    compareDataKey: async (slug, admitted) => (await import('./compare')).medvisionCompareDataKey(slug, admitted),
    contentDigest: async (dir) => (await import('./digest')).medvisionDigest(dir),
    folderPass: async (dir, ctx) => (await import('./folder-pass')).medvisionFolderPass(dir, ctx),
    sampleFiles: async (admitted) => (await samples()).medvisionSampleFiles(admitted),
    // Imported reported tables name the task tag (`MedVision-TL`): shown on that family's board.
    reportedOn: (suite, board) => board.kind === 'family' && board.slug === taskTypeOf('', suite)?.toLowerCase(),
    explorer: async (admitted) => (await explorer()).medvisionExplorer(admitted),
    // A config board (`config/<slug>`) is exactly one unit: its rows link that unit's page.
    explorerUnitOf: (board) => (board.kind === 'config' && board.slug.startsWith('config/') ? board.slug.slice('config/'.length) : undefined),
  },
  demo: { write: writeMedvisionDemo },
  importer: {
    layouts: ['Results/<task_tag>/<model>/parsed/<ts>_samples_<config>.jsonl + <ts>_results.json (a MedVision Results/ tree, or a checkout holding one)'],
    import: async (opts) => (await importer()).importMedvision(opts),
  },
};
