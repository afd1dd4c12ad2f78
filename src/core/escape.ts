/**
 * The one place that decides how a submitted string is made safe for each output context.
 * Every page, download, chart and report that writes a submitted string uses these helpers;
 * nothing relies on a framework's guess about what a string is.
 *
 * | context                          | rule                                                             |
 * |----------------------------------|------------------------------------------------------------------|
 * | URL (`model.url`)                | validated at ingest: `isSafeHttpUrl` (http/https, parsed and re-serialised unchanged, no quotes, spaces, `<`, `>`, backslash, control characters, no user:password) |
 * | HTML attribute (Astro templates) | `attr(v)`: Astro's own `&` → `&#38;`, `"` → `&#34;` escaping, always (see below) |
 * | HTML text / hand-built markup    | `escapeHtml(v)`: `& < > " '` as entities                          |
 * | attribute in hand-built markup   | `escapeAttribute(v)`: Astro's `&` → `&#38;`, `"` → `&#34;`, for bytes matching a template's |
 * | CSV and JSON download cells      | `neutraliseFormula(v)`: a string starting with `= + - @`, tab or CR gets a leading `'` |
 * | JSON inlined into HTML           | `jsonForHtml(v)`: `<`, `>`, `&`, U+2028, U+2029 as `\uXXXX` escapes |
 * | Markdown (PR report)             | `escapeMarkdownText` lives with the report (`src/board/report.ts`) |
 */

/** Characters never allowed anywhere in a submitted URL (a valid URL percent-encodes them). */
// eslint-disable-next-line no-control-regex
const URL_FORBIDDEN = /[\u0000-\u0020\u007f-\u009f"'<>\\`]/;

/**
 * Why `url` is not a safe http(s) link, or undefined when it is. The URL must parse, use
 * http or https, carry no credentials, and be written exactly as `new URL(url).href`
 * re-serialises it (so what we validate is byte for byte what we publish).
 */
export function httpUrlProblem(url: string): string | undefined {
  const bad = URL_FORBIDDEN.exec(url);
  if (bad) return `must not contain ${JSON.stringify(bad[0])} (spaces, quotes, "<", ">", backslashes and control characters must be percent-encoded)`;
  let u: URL;
  try {
    u = new URL(url);
  } catch {
    return 'not a valid absolute URL';
  }
  if (u.protocol !== 'http:' && u.protocol !== 'https:') return `expected an http(s) URL, got "${u.protocol}"`;
  if (u.username || u.password) return 'must not contain a user name or password';
  if (u.href !== url) return `write it as the normalised form ${JSON.stringify(u.href)}`;
  return undefined;
}

export const isSafeHttpUrl = (url: string): boolean => httpUrlProblem(url) === undefined;

/** `url` when it is a safe http(s) URL (see `httpUrlProblem`), otherwise undefined. */
export const safeHttpUrl = (url: string | undefined | null): string | undefined => (typeof url === 'string' && isSafeHttpUrl(url) ? url : undefined);

/**
 * A value for an attribute in an Astro template: `<a href={attr(url)}>`, `data-o={attr(org)}`.
 *
 * Astro 5 escapes attribute values (`&` → `&#38;`, `"` → `&#34;`) except when the value is a
 * primitive string that contains `&` and parses as an http(s) URL: that one is written raw, so
 * `https://x/?&" onmouseover="…` breaks out of the attribute. A `String` object is never taken
 * for a URL by that test and goes through the escaping branch. `tests/hardening/escape.test.ts`
 * holds Astro's `addAttribute` to this for every payload, so an Astro upgrade that changes it fails.
 * Typed as `string` because that is what Astro's attribute types accept; use it only in templates.
 */
export function attr(value: string | number | null | undefined): string | undefined {
  if (value === null || value === undefined) return undefined;
  // eslint-disable-next-line no-new-wrappers -- deliberate: see above
  return new String(value) as unknown as string;
}

/**
 * A double-quoted attribute value in hand-built markup that must match an Astro template's bytes
 * (`src/board/board-rows-html.ts`): Astro's own escaping, `&` → `&#38;` and `"` → `&#34;` — all a
 * double-quoted value needs. Unlike Astro it never leaves a URL containing `&` raw (see `attr`).
 */
export const escapeAttribute = (s: string): string => s.replace(/&/g, '&#38;').replace(/"/g, '&#34;');

const HTML_ENTITIES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

/** Text or a double- or single-quoted attribute value in markup built by hand. */
export const escapeHtml = (s: string): string => s.replace(/[&<>"']/g, (c) => HTML_ENTITIES[c]!);

/** Cells a spreadsheet would evaluate: `=`, `+`, `-`, `@`, tab or carriage return first (OWASP CSV injection). */
const FORMULA_START = /^[=+\-@\t\r]/;

/**
 * A download cell: strings a spreadsheet would run as a formula get a leading `'` (shown as text);
 * numbers, booleans and null are unchanged (so -0.5 stays a number).
 */
export function neutraliseFormula<T>(value: T): T | string {
  return typeof value === 'string' && FORMULA_START.test(value) ? `'${value}` : value;
}

/** JSON text that is safe inside an HTML `<script>` element or attribute (no `</script>`, no `<!--`). */
export function jsonForHtml(value: unknown): string {
  return JSON.stringify(value).replace(/[<>&\u2028\u2029]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);
}

/** Characters a displayed submitted text loses: C0/C1 controls (but tab and newline) and bidirectional overrides that could reorder what a reader sees. */
// eslint-disable-next-line no-control-regex
const INVISIBLE = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069]/g;
export const cleanText = (s: string): string => s.replace(INVISIBLE, '\ufffd');
