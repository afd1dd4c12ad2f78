import { metricLookup, type MetricDef } from '../../core/metric';

/** Whole-slide tile task metrics (seed 003, DESIGN §5). `keys` are the names in score output. */
export const METRICS: MetricDef[] = [
  { id: 'tt-final-score', label: 'Score', keys: ['final_score'], benchmark: 'tile-task', unit: 'score', direction: 'higher', format: { kind: 'fixed', digits: 3 }, range: [0, 1], summary: '0.60 × tile-F1 credit + 0.20 × detection + 0.20 × area-fraction credit; validation errors make it 0.' },
  { id: 'tt-tile-f1', label: 'Tile F1', keys: ['tile_f1'], benchmark: 'tile-task', unit: 'fraction', direction: 'higher', format: { kind: 'fixed', digits: 3 }, range: [0, 1], summary: 'F1 of predicted tumour tiles inside the tissue mask against the reference tumour tiles; both empty gives 1.' },
  { id: 'tt-tile-f1-credit', label: 'F1 credit', keys: ['tile_f1_score'], benchmark: 'tile-task', unit: 'fraction', direction: 'higher', format: { kind: 'fixed', digits: 3 }, range: [0, 1], summary: 'Tile-F1 credit: 0 below 0.40, linear to 1 at 0.80.' },
  { id: 'tt-tile-precision', label: 'Tile precision', keys: ['tile_precision'], benchmark: 'tile-task', unit: 'fraction', direction: 'higher', format: { kind: 'fixed', digits: 3 }, range: [0, 1], summary: 'True tumour tiles over predicted tiles inside the tissue mask.' },
  { id: 'tt-tile-recall', label: 'Tile recall', keys: ['tile_recall'], benchmark: 'tile-task', unit: 'fraction', direction: 'higher', format: { kind: 'fixed', digits: 3 }, range: [0, 1], summary: 'True tumour tiles over reference tumour tiles.' },
  { id: 'tt-detection', label: 'Detection', keys: ['detection_score'], benchmark: 'tile-task', unit: 'score', direction: 'higher', format: { kind: 'fixed', digits: 0 }, range: [0, 1], summary: '1 when tumor_present matches the reference, else 0.' },
  { id: 'tt-area-fraction', label: 'Area fraction', keys: ['area_fraction_score'], benchmark: 'tile-task', unit: 'score', direction: 'higher', format: { kind: 'fixed', digits: 1 }, range: [0, 1], summary: 'Tumour area fraction credit: 1 within ±0.02 of the reference, 0.5 within ±0.05, else 0.' },
];

export const metric = metricLookup(METRICS);
