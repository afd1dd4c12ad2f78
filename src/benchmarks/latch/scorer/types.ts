/** Outcome of one grader on one agent answer (latch-eval-tools `GraderResult`). */
export interface GraderResult {
  passed: boolean;
  score: number;
  score_max: number;
  metrics: Record<string, unknown>;
  field_scores?: Record<string, number>;
  reasoning: string;
}

/** A grader: pure function of its config and the agent's answer. Throws GraderConfigError on a bad config. */
export type Grader = (config: unknown, answer: unknown) => GraderResult;

/** The grader configuration is invalid (upstream: `metrics.configuration_error`). */
export class GraderConfigError extends Error {
  constructor(grader: string, message: string) {
    super(`${grader}: invalid configuration: ${message}`);
    this.name = 'GraderConfigError';
  }
}

export type JsonObject = Record<string, unknown>;

export function isObject(v: unknown): v is JsonObject {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

/** A Python int/float that is not a bool (JSON numbers; booleans are separate in JS). */
export function isFiniteNumber(v: unknown): v is number {
  return typeof v === 'number' && Number.isFinite(v);
}

export function result(
  passed: boolean,
  score: number,
  metrics: Record<string, unknown>,
  reasoning: string,
  extra: { score_max?: number; field_scores?: Record<string, number> } = {},
): GraderResult {
  const out: GraderResult = { passed, score, score_max: extra.score_max ?? 1, metrics, reasoning };
  if (extra.field_scores) out.field_scores = extra.field_scores;
  return out;
}
