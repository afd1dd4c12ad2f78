/** URL slug of a model or board name: lower-case ASCII letters, digits and single dashes. */
export function slugify(text: string): string {
  const s = text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
  return s || 'x';
}

/**
 * A submission or model id made from an upstream name (importers): lower-case letters, digits,
 * `.`, `_`, `-`, no `..`, starting with a letter or digit, at most 80 characters; `unknown` when
 * nothing is left.
 */
export function idSlug(text: string): string {
  return (
    text
      .toLowerCase()
      .replace(/[^a-z0-9._-]+/g, '-')
      .replace(/\.{2,}/g, '.')
      .replace(/^[^a-z0-9]+|[-._]+$/g, '')
      .slice(0, 80) || 'unknown'
  );
}
