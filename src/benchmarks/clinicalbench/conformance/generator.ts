import { environmentView, type EnvironmentView, generateDataset } from '../scorer/dataset';
import { narrowInt, PyRandom, type PyInt } from '../scorer/pyrandom';
import { checkWith, compareValues, outcome, type Tolerance } from '../../../core/conformance/compare';
import type { CaseOutcome, SuiteRunner, VectorCase } from '../../../core/conformance/types';

/**
 * The one declared tolerance of this adapter: Python's `random.gauss` goes through libm
 * `log`/`cos`/`sin` (glibc's in the vectors, V8's here), which may differ in the last bit.
 * The vector notes prescribe 1e-9 relative / 1e-12 absolute for it.
 */
const LIBM_GAUSS: Tolerance = { rel: 1e-9, abs: 1e-12, reason: 'random.gauss uses libm log/cos/sin, which differ between glibc and V8 in the last bit' };

interface RandomCall {
  method: string;
  args: unknown[];
}

/** Vector ints: JSON numbers, or decimal strings when |x| > 2^53 − 1. */
function decodeInt(v: unknown): PyInt {
  if (typeof v === 'number' && Number.isSafeInteger(v)) return v;
  if (typeof v === 'string' && /^-?\d+$/.test(v)) return narrowInt(BigInt(v));
  throw new TypeError(`not an integer: ${JSON.stringify(v)}`);
}

function encodeInt(v: PyInt): number | string {
  const narrowed = typeof v === 'bigint' ? narrowInt(v) : v;
  return typeof narrowed === 'bigint' ? narrowed.toString() : narrowed;
}

function asList(v: unknown): unknown[] {
  if (!Array.isArray(v)) throw new TypeError(`expected a list, got ${JSON.stringify(v)}`);
  return v;
}

function asNumber(v: unknown): number {
  if (typeof v !== 'number') throw new TypeError(`expected a number, got ${JSON.stringify(v)}`);
  return v;
}

/** randint/randrange on numbers when every argument is a safe integer, else on bigints. */
function callIntRange(rng: PyRandom, method: 'randint' | 'randrange', args: unknown[]): number | string {
  const ints = args.map(decodeInt);
  if (ints.every((v): v is number => typeof v === 'number')) {
    const [a, b, c] = ints;
    if (method === 'randint') return rng.randint(a!, b!);
    return rng.randrange(a!, b, c);
  }
  const [a, b, c] = ints.map((v) => BigInt(v));
  if (method === 'randint') return encodeInt(rng.randintBig(a!, b!));
  return encodeInt(rng.randrangeBig(a!, b, c));
}

function callRandom(rng: PyRandom, { method, args }: RandomCall): unknown {
  switch (method) {
    case 'random':
      return rng.random();
    case 'getrandbits':
      return encodeInt(rng.getrandbits(asNumber(args[0])));
    case 'randint':
    case 'randrange':
      return callIntRange(rng, method, args);
    case 'choice':
      return rng.choice(asList(args[0]));
    case 'choices':
      return rng.choices(asList(args[0]), args[1] === null ? null : asList(args[1]).map(asNumber), asNumber(args[2]));
    case 'sample':
      return rng.sample(asList(args[0]), asNumber(args[1]));
    case 'shuffle': {
      const copy = asList(args[0]).slice();
      rng.shuffle(copy);
      return copy;
    }
    case 'uniform':
      return rng.uniform(asNumber(args[0]), asNumber(args[1]));
    case 'gauss':
      return rng.gauss(asNumber(args[0]), asNumber(args[1]));
    default:
      throw new TypeError(`unknown random method ${method}`);
  }
}

function checkPythonRandom(c: VectorCase): CaseOutcome {
  const input = c.input as { seed: unknown; calls: RandomCall[] };
  const expected = c.expected as { values: unknown[] };
  let values: unknown[];
  try {
    const rng = new PyRandom(decodeInt(input.seed));
    values = input.calls.map((call) => callRandom(rng, call));
  } catch (err) {
    return outcome([`threw: ${err instanceof Error ? err.message : String(err)}`]);
  }
  if (values.length !== expected.values.length) {
    return outcome([`$.values: expected ${expected.values.length} items, got ${values.length}`]);
  }
  // Every value is exact except gauss (libm; see LIBM_GAUSS).
  const diffs = expected.values.flatMap((want, i) =>
    compareValues(want, values[i], `$.values[${i}]`, input.calls[i]?.method === 'gauss' ? { tolerance: LIBM_GAUSS } : {}),
  );
  return outcome(diffs);
}

function checkDataset(c: VectorCase): CaseOutcome {
  const input = c.input as { seed: unknown; task_id: unknown };
  let view: EnvironmentView;
  try {
    view = environmentView(generateDataset(decodeInt(input.seed), String(input.task_id)));
  } catch (err) {
    return checkWith(c.expected, () => {
      throw err;
    });
  }
  const { bias_signal: wantSignal, ...wantExact } = c.expected as Record<string, unknown>;
  const { bias_signal: signal, ...exact } = view;
  // Everything is exact (and records keep upstream key order) except the bias-signal ratios.
  return outcome([
    ...compareValues(wantExact, exact, '$', { keyOrder: true }),
    ...compareValues(wantSignal, signal, '$.bias_signal'),
  ]);
}

/** Conformance suites for ClinicalBench's dataset generator (python-random, dataset). */
export const suites: SuiteRunner[] = [
  { benchmark: 'clinicalbench', suite: 'python-random', check: checkPythonRandom },
  { benchmark: 'clinicalbench', suite: 'dataset', check: checkDataset },
];
