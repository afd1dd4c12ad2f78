/** JSON with the vector conventions: NaN → null, ±Infinity → "Infinity" / "-Infinity". */
export function toJson(value: unknown, indent = 2): string {
  return JSON.stringify(
    value,
    (_key, v) => {
      if (typeof v === 'number' && !Number.isFinite(v)) return Number.isNaN(v) ? null : v > 0 ? 'Infinity' : '-Infinity';
      if (v instanceof Map) return Object.fromEntries(v);
      return v;
    },
    indent,
  );
}
