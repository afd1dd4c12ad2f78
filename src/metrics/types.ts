/** One metric, defined once; scorers, tables, charts and docs all read this. */
export interface MetricDef {
  /** Stable id, also the doc slug: `/metrics/<id>/`. */
  id: string;
  /** Short column label. */
  label: string;
  /** Upstream key(s) this metric appears under in score output, e.g. `avgMRE`. */
  keys: readonly string[];
  benchmark: 'medvision' | 'latch' | 'clinicalbench' | 'tile-task';
  unit: string;
  direction: 'higher' | 'lower';
  /** Display: fixed decimals, or a percentage with decimals. */
  format: { kind: 'fixed' | 'percent'; digits: number };
  /** One-line definition shown in tooltips and table headers. */
  summary: string;
}
