/** The worked example for the tile-task metric docs, computed at build time by the tile-task scorer. */
import { scoreTileTask } from './scorer/score';
import { exampleNumber as f, type WorkedExample } from '../../core/worked-example';

/** The worked example shown on every tile-task metric's page. */
export function workedExample(): WorkedExample {
  const tissue: [number, number][] = [];
  for (let x = 0; x < 10; x++) for (let y = 0; y < 10; y++) tissue.push([x, y]);
  const tumour: [number, number][] = tissue.filter(([x, y]) => x < 3 && y < 4);
  const predicted: [number, number][] = tissue.filter(([x, y]) => x < 4 && y < 3);
  const reference = { slide_id: 'demo', tumor_present: true, tumor_tiles: tumour, tissue_tiles: tissue, tumor_area_fraction: tumour.length / tissue.length };
  const prediction = { slide_id: 'demo', tumor_present: true, tumor_tiles: predicted, tumor_tile_count: predicted.length, total_tissue_tiles: tissue.length, tumor_area_fraction: predicted.length / tissue.length };
  const r = scoreTileTask(prediction, reference);
  return {
    intro: 'A 10 × 10 tissue grid with a 3 × 4 block of tumour tiles; the prediction marks a 4 × 3 block that overlaps it in 9 tiles.',
    inputs: { head: ['', 'reference', 'prediction'], rows: [['tumour tiles', String(tumour.length), String(predicted.length)], ['area fraction', f(reference.tumor_area_fraction), f(prediction.tumor_area_fraction)], ['tumor_present', 'true', 'true']] },
    outputs: Object.entries(r).filter(([k]) => !['errors', 'warnings', 'valid'].includes(k)) as WorkedExample['outputs'],
  };
}

