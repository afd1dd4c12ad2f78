import type { ExplorerCell, ExplorerUnit, ExplorerUnitHead } from './benchmark';

/** An entry's mean value on a unit (excluded samples and failures without a value left out), for the entry order. */
export function cellsMean(cells: readonly (Pick<ExplorerCell, 'outcome' | 'value'> | null)[]): number | null {
  let sum = 0;
  let n = 0;
  for (const c of cells) {
    if (!c || c.outcome === 'excluded' || c.value === null || !Number.isFinite(c.value)) continue;
    sum += c.value;
    n++;
  }
  return n ? sum / n : null;
}

/** Heads of units a benchmark builds whole in memory (small per-trial or per-episode data). */
export function headsOfUnits(units: readonly ExplorerUnit[]): ExplorerUnitHead[] {
  return units.map((u) => ({
    unit: u.unit,
    label: u.label,
    unitKind: u.unitKind,
    group: u.group,
    sampleNoun: u.sampleNoun,
    truth: u.truth,
    metric: u.metric,
    samples: u.samples.length,
    entries: u.entries.map((e) => ({ entryKey: e.entryKey, submission: e.submission, ranked: e.ranked, mean: cellsMean(e.cells), texts: e.cells.some((c) => (c?.texts?.length ?? 0) > 0) })),
    load: () => u,
  }));
}
