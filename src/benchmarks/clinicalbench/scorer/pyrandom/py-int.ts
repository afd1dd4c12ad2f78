/** Python ints: a number while it is a safe integer, a bigint beyond that. */
export type PyInt = number | bigint;

const MAX_SAFE = BigInt(Number.MAX_SAFE_INTEGER);

/** A bigint as a number when it fits exactly, else unchanged. */
export function narrowInt(x: bigint): PyInt {
  return x <= MAX_SAFE && x >= -MAX_SAFE ? Number(x) : x;
}

export function toBigInt(x: PyInt): bigint {
  if (typeof x === 'bigint') return x;
  if (!Number.isSafeInteger(x)) throw new TypeError(`expected an integer, got ${x}`);
  return BigInt(x);
}

/** `int.bit_length()` of a non-negative safe integer. */
export function bitLength(n: number): number {
  if (n < 0x100000000) return 32 - Math.clz32(n);
  return 64 - Math.clz32(Math.floor(n / 0x100000000));
}

/** `int.bit_length()` of a non-negative bigint. */
export function bitLengthBig(n: bigint): number {
  return n === 0n ? 0 : n.toString(2).length;
}

/** Python `a // b` (floor division) on bigints. */
export function floorDivBig(a: bigint, b: bigint): bigint {
  const q = a / b;
  return (a % b !== 0n) && ((a < 0n) !== (b < 0n)) ? q - 1n : q;
}
