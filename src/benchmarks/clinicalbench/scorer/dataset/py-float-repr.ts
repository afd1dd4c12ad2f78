/**
 * Python's `repr(float)`: the shortest round-trip digits (as JS finds them), laid out the Python
 * way: `.0` on integral values, exponent form when the decimal exponent is < -4 or ≥ 16.
 */
export function pyFloatRepr(x: number): string {
  if (Number.isNaN(x)) return 'nan';
  if (!Number.isFinite(x)) return x > 0 ? 'inf' : '-inf';
  if (x === 0) return Object.is(x, -0) ? '-0.0' : '0.0';
  const magnitude = Math.abs(x);
  // Same shortest digits as JS; in this range only the `.0` on integral values differs.
  if (magnitude >= 1e-4 && magnitude < 1e16) {
    const plain = String(x);
    if (!plain.includes('e')) return Number.isInteger(x) ? `${plain}.0` : plain;
  }
  const sign = x < 0 ? '-' : '';
  const [mantissa, exponentText] = Math.abs(x).toExponential().split('e') as [string, string];
  const digits = mantissa.replace('.', '');
  const exponent = Number(exponentText);
  if (exponent < -4 || exponent >= 16) {
    const fraction = digits.length > 1 ? `.${digits.slice(1)}` : '';
    const expSign = exponent < 0 ? '-' : '+';
    return `${sign}${digits[0]}${fraction}e${expSign}${String(Math.abs(exponent)).padStart(2, '0')}`;
  }
  if (exponent < 0) return `${sign}0.${'0'.repeat(-exponent - 1)}${digits}`;
  const intLength = exponent + 1;
  if (digits.length <= intLength) return `${sign}${digits}${'0'.repeat(intLength - digits.length)}.0`;
  return `${sign}${digits.slice(0, intLength)}.${digits.slice(intLength)}`;
}
