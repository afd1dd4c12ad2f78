/** A worked example on a metric's doc page; every number is computed by the benchmark's own scorer at build time. */
export interface WorkedExample {
  intro: string;
  /** Input table: header + rows (strings). */
  inputs: { head: string[]; rows: string[][] };
  /** Output values by upstream key; the metric's own keys are highlighted on its page. */
  outputs: [key: string, value: number | string | boolean | null][];
}

/** A number as a worked-example table shows it (NaN marks a failure). */
export const exampleNumber = (v: number, digits = 4) => (Number.isFinite(v) ? String(Number(v.toFixed(digits))) : 'NaN (failure)');
