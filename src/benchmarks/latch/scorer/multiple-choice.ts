import { pyFloatRepr, pyStrip, pyUpper } from './python';
import { GraderConfigError, isObject, result, type GraderResult } from './types';

const NAME = 'multiple_choice';

/**
 * The comparable token of a choice: strings strip().upper(), bools TRUE/FALSE, ints and integral
 * floats str(int), other finite floats repr().upper(). Anything else has no token.
 */
export function choiceToken(value: unknown): string | undefined {
  if (typeof value === 'string') {
    const token = pyUpper(pyStrip(value));
    return token === '' ? undefined : token;
  }
  if (typeof value === 'boolean') return value ? 'TRUE' : 'FALSE';
  if (typeof value === 'number' && Number.isFinite(value)) {
    return Number.isInteger(value) ? BigInt(value).toString() : pyUpper(pyFloatRepr(value));
  }
  return undefined;
}

function correctTokens(config: Record<string, unknown>): string[] {
  const hasOne = Object.hasOwn(config, 'correct_answer');
  const hasMany = Object.hasOwn(config, 'correct_answers');
  if (hasOne === hasMany) throw new GraderConfigError(NAME, 'set exactly one of correct_answer / correct_answers');
  const raw = hasOne ? [config.correct_answer] : config.correct_answers;
  if (!Array.isArray(raw) || raw.length === 0) throw new GraderConfigError(NAME, 'correct_answers must be a non-empty list');
  return raw.map((v, i) => {
    const token = choiceToken(v);
    if (token === undefined) throw new GraderConfigError(NAME, `correct answer ${i} must be a non-empty string, number or bool`);
    return token;
  });
}

/** Pass iff the answer's token is one of the correct tokens. */
export function gradeMultipleChoice(config: unknown, answer: unknown): GraderResult {
  if (!isObject(config)) throw new GraderConfigError(NAME, 'config must be an object');
  const correct = correctTokens(config);
  if (!isObject(answer) || !Object.hasOwn(answer, 'answer')) {
    return result(false, 0, { correct_answers: correct }, 'Multiple Choice: FAIL\n  x Agent answer missing required field: answer');
  }
  const token = choiceToken(answer.answer);
  if (token === undefined) {
    return result(false, 0, { correct_answers: correct }, 'Multiple Choice: FAIL\n  x answer must be a non-empty string, number or bool');
  }
  const passed = correct.includes(token);
  const reasoning = passed
    ? `Multiple Choice: PASS\n  + Agent answered: ${token} (correct)`
    : `Multiple Choice: FAIL\n  x Agent answered: ${token}\n    Correct answer(s): ${correct.join(', ')}`;
  return result(passed, passed ? 1 : 0, { correct_answers: correct, agent_answer: token }, reasoning);
}
