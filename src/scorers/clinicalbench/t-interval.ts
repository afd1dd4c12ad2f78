/** Two-sided 95 % Student-t critical values for df = 1…30; beyond that the normal 1.96 is used. */
const T95 = [
  12.706, 4.303, 3.182, 2.776, 2.571, 2.447, 2.365, 2.306, 2.262, 2.228, 2.201, 2.179, 2.16, 2.145, 2.131,
  2.12, 2.11, 2.101, 2.093, 2.086, 2.08, 2.074, 2.069, 2.064, 2.06, 2.056, 2.052, 2.048, 2.045, 2.042,
];

export interface MeanInterval {
  n: number;
  mean: number;
  /** 95 % t-interval bounds; NaN with fewer than two values. */
  low: number;
  high: number;
}

/** Mean with a 95 % t-interval (sample standard deviation). Empty input gives NaN throughout. */
export function meanWithInterval(values: readonly number[]): MeanInterval {
  const n = values.length;
  if (n === 0) return { n, mean: NaN, low: NaN, high: NaN };
  const mean = values.reduce((s, v) => s + v, 0) / n;
  if (n < 2) return { n, mean, low: NaN, high: NaN };
  const variance = values.reduce((s, v) => s + (v - mean) ** 2, 0) / (n - 1);
  const t = T95[n - 2] ?? 1.96;
  const half = t * Math.sqrt(variance / n);
  return { n, mean, low: mean - half, high: mean + half };
}
