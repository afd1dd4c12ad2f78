import { gradeAllOf } from './all-of';
import { gradeAverageOf } from './average-of';
import { gradePredicateLeaf } from './predicate-leaf';
import { gradeDictMatch } from './dict-match';
import { gradeListMatch } from './list-match';
import { gradeDistributionComparison } from './distribution-comparison';
import { gradeFinishedFile } from './finished-file';
import { gradeLabelSetJaccard } from './label-set-jaccard';
import { gradeLongestSubsequence } from './longest-subsequence';
import { gradeMarkerGenePrecisionRecall } from './marker-gene-precision-recall';
import { gradeMarkerGeneSeparation } from './marker-gene-separation';
import { gradeMultipleChoice } from './multiple-choice';
import { gradeNumericRange } from './numeric-range';
import { gradeNumericTolerance } from './numeric-tolerance';
import { gradeRefusalVocab } from './refusal-vocab';
import { gradeSpatialAdjacency } from './spatial-adjacency';
import { GraderConfigError, type Grader, type GraderResult } from './types';

export const GRADER_TYPES = [
  'numeric_tolerance',
  'numeric_range',
  'label_set_jaccard',
  'jaccard_label_set',
  'distribution_comparison',
  'marker_gene_precision_recall',
  'marker_gene_separation',
  'spatial_adjacency',
  'multiple_choice',
  'refusal_vocab',
  'predicate_leaf',
  'all_of',
  'composite',
  'average_of',
  'list_match',
  'dict_match',
  'longest_subsequence',
  'finished_file',
] as const;

export type GraderType = (typeof GRADER_TYPES)[number];

// Built on first use. The composites get `getGrader` passed in (they never import this module,
// so there is no import cycle).
let table: ReadonlyMap<string, Grader> | undefined;

const allOf: Grader = (config, answer) => gradeAllOf(getGrader, config, answer);
const averageOf: Grader = (config, answer) => gradeAverageOf(getGrader, config, answer);

function graders(): ReadonlyMap<string, Grader> {
  table ??= new Map<string, Grader>([
    ['numeric_tolerance', gradeNumericTolerance],
    ['numeric_range', gradeNumericRange],
    ['label_set_jaccard', gradeLabelSetJaccard],
    ['jaccard_label_set', gradeLabelSetJaccard],
    ['marker_gene_precision_recall', gradeMarkerGenePrecisionRecall],
    ['marker_gene_separation', gradeMarkerGeneSeparation],
    ['distribution_comparison', gradeDistributionComparison],
    ['spatial_adjacency', gradeSpatialAdjacency],
    ['multiple_choice', gradeMultipleChoice],
    ['finished_file', gradeFinishedFile],
    ['predicate_leaf', gradePredicateLeaf],
    ['all_of', allOf],
    ['composite', allOf],
    ['average_of', averageOf],
    ['list_match', gradeListMatch],
    ['dict_match', gradeDictMatch],
    ['refusal_vocab', gradeRefusalVocab],
    ['longest_subsequence', gradeLongestSubsequence],
  ]);
  return table;
}

export function isGraderType(type: unknown): type is GraderType {
  return typeof type === 'string' && (GRADER_TYPES as readonly string[]).includes(type);
}

/** The grader registered under `type`; an unknown type is a configuration error. */
export function getGrader(type: unknown): Grader {
  const grader = typeof type === 'string' ? graders().get(type) : undefined;
  if (!grader) throw new GraderConfigError(String(type), `unknown grader type ${JSON.stringify(type)}`);
  return grader;
}

/** Grade one answer with one `{type, config}` grader spec. */
export function grade(type: unknown, config: unknown, answer: unknown): GraderResult {
  return getGrader(type)(config, answer);
}
