/** An id from a submitted file that we may use in a path or URL: one plain segment, no traversal. */
export function unsafeIdReason(id: string): string | undefined {
  if (id.length === 0) return 'is empty';
  if (id.length > 200) return 'is longer than 200 characters';
  if (/^[/\\]/.test(id) || /^[A-Za-z]:[/\\]/.test(id)) return 'is an absolute path';
  if (/(^|[/\\])\.\.([/\\]|$)/.test(id)) return 'contains a ".." path segment';
  if (/[/\\]/.test(id)) return 'contains a path separator';
  // eslint-disable-next-line no-control-regex -- rejects control characters on purpose
  if (/[\u0000-\u001f\u007f]/.test(id)) return 'contains a control character';
  return undefined;
}
