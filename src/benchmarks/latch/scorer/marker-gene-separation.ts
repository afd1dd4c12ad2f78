import { fractionOption, passThresholdsOf, sortedStrings } from './thresholds';
import { GraderConfigError, isFiniteNumber, isObject, result, type GraderResult } from './types';

const NAME = 'marker_gene_separation';

function isAuroc(v: unknown): v is number {
  return isFiniteNumber(v) && v >= 0 && v <= 1;
}

/** Reads per_gene_stats into gene → AUROC, or says why the answer is unusable. */
function readAurocs(stats: unknown): Map<string, number> | string {
  if (!Array.isArray(stats) || stats.length === 0) return 'per_gene_stats must be a non-empty list';
  const aurocs = new Map<string, number>();
  for (const stat of stats) {
    if (!isObject(stat)) return "each per_gene_stats entry must be an object with 'gene' and 'auroc'";
    const { gene, auroc } = stat;
    if (typeof gene !== 'string' || gene.trim() === '') return 'gene must be a non-empty string';
    if (!isAuroc(auroc)) return `auroc of ${gene} must be a finite number in [0, 1]`;
    if (aurocs.has(gene)) return `duplicate gene ${gene}`;
    aurocs.set(gene, auroc);
  }
  return aurocs;
}

/** Agent-reported mean AUROC above threshold and enough genes above the per-gene cutoff. */
export function gradeMarkerGeneSeparation(config: unknown, answer: unknown): GraderResult {
  if (!isObject(config)) throw new GraderConfigError(NAME, 'config must be an object');
  const t = passThresholdsOf(NAME, config);
  const meanThreshold = fractionOption(NAME, t, 'mean_auroc', 0.85);
  const fractionThreshold = fractionOption(NAME, t, 'fraction_high', 0.7);
  const cutoff = fractionOption(NAME, t, 'per_gene_cutoff', 0.8);
  if (!isObject(answer)) return result(false, 0, {}, `${NAME}: FAIL\n  x agent answer must be an object`);
  const aurocs = readAurocs(answer.per_gene_stats);
  if (typeof aurocs === 'string') return result(false, 0, {}, `Marker Gene Separation: FAIL\n  x ${aurocs}`);
  const agentMean = answer.mean_auroc;
  if (!isAuroc(agentMean)) return result(false, 0, {}, 'Marker Gene Separation: FAIL\n  x mean_auroc must be a finite number in [0, 1]');

  const values = [...aurocs.values()];
  const computedMean = values.reduce((s, v) => s + v, 0) / values.length;
  const high = [...aurocs].filter(([, a]) => a >= cutoff).map(([g]) => g);
  const low = [...aurocs].filter(([, a]) => a < cutoff).map(([g]) => g);
  const fractionHigh = high.length / aurocs.size;
  const meanPass = agentMean >= meanThreshold;
  const fractionPass = fractionHigh >= fractionThreshold;
  const passed = meanPass && fractionPass;
  const metrics = {
    num_genes: aurocs.size,
    mean_auroc_agent: agentMean,
    mean_auroc_computed: computedMean,
    mean_auroc_threshold: meanThreshold,
    fraction_high: fractionHigh,
    fraction_high_threshold: fractionThreshold,
    per_gene_cutoff: cutoff,
    num_high_auroc_genes: high.length,
    num_low_auroc_genes: low.length,
    high_auroc_genes: sortedStrings(high),
    low_auroc_genes: sortedStrings(low),
    mean_auroc_pass: meanPass,
    fraction_high_pass: fractionPass,
    per_gene_aurocs: Object.fromEntries(aurocs),
  };
  const reasoning = [
    `Marker Gene Separation: ${passed ? 'PASS' : 'FAIL'}`,
    `  ${meanPass ? '+' : 'x'} Mean AUROC: ${agentMean} (threshold: ${meanThreshold})`,
    `  ${fractionPass ? '+' : 'x'} Fraction high (>=${cutoff}): ${fractionHigh} (${high.length}/${aurocs.size})`,
  ].join('\n');
  return result(passed, passed ? 1 : 0, metrics, reasoning);
}
