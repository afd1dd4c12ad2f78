/** One metric, defined once; scorers, tables, charts and docs all read this. */
export interface MetricDef {
  /** Stable id, also the doc slug: `/metrics/<id>/`. */
  id: string;
  /** Short column label. */
  label: string;
  /** Upstream key(s) this metric appears under in score output, e.g. `avgMRE`. */
  keys: readonly string[];
  /** Id of the benchmark that defines it. */
  benchmark: string;
  unit: string;
  direction: 'higher' | 'lower';
  /** Display: fixed decimals, or a percentage with decimals. */
  format: { kind: 'fixed' | 'percent'; digits: number };
  /** One-line definition shown in tooltips and table headers. */
  summary: string;
  /**
   * The metric's natural range in its own units (before the display scaling), e.g. `[0, 1]` for
   * a fraction, `[0, 100]` for a percentage stored as such; `Infinity` for an open end. Intervals
   * are published as computed but drawn and shown truncated to it.
   */
  range?: readonly [number, number];
}

/** `metric(id)` over one benchmark's definitions; an unknown id is a programming error. */
export function metricLookup(defs: readonly MetricDef[]): (id: string) => MetricDef {
  const byId = new Map(defs.map((m) => [m.id, m]));
  return (id) => {
    const m = byId.get(id);
    if (!m) throw new Error(`unknown metric id ${id}`);
    return m;
  };
}
