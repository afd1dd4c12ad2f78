/** A reported table file as a test writes one by hand: scBench's model_results.csv at 4a7d2b0 (one row). */
export const SCBENCH_TABLE = {
  reported: true as const,
  benchmark: 'latch',
  suite: 'scBench',
  title: 'scBench published table model_results.csv',
  from: 'results/model_results.csv',
  source: { repo: 'https://github.com/latchbio/scbench', commit: '4a7d2b0b6f792dee7b436c385cacf4faaf37646f' },
};
