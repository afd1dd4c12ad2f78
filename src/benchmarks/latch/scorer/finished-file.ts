import { pyStrip } from './python';
import { GraderConfigError, isObject, result, type GraderResult } from './types';

const NAME = 'finished_file';

/** Pass iff `finished_file_contents.strip()` (Python whitespace) equals `config.expected` (default "finished"). */
export function gradeFinishedFile(config: unknown, answer: unknown): GraderResult {
  if (!isObject(config)) throw new GraderConfigError(NAME, 'config must be an object');
  const expected = Object.hasOwn(config, 'expected') ? config.expected : 'finished';
  if (typeof expected !== 'string' || pyStrip(expected) === '') throw new GraderConfigError(NAME, 'expected must be a non-empty string');
  const contents = isObject(answer) ? answer.finished_file_contents : undefined;
  if (typeof contents !== 'string') {
    return result(false, 0, {}, "finished_file: FAIL\n  x agent_answer.finished_file_contents must be a string");
  }
  const stripped = pyStrip(contents);
  const passed = stripped === expected;
  return result(passed, passed ? 1 : 0, { finished_file_contents: contents }, `finished file stripped to ${JSON.stringify(stripped)}; expected ${JSON.stringify(expected)}`);
}
