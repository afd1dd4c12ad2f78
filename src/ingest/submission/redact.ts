/** E-mail addresses (and mailto: links) in submitted text: never published. */
const EMAIL = /(?:mailto:)?[A-Za-z0-9._%+-]+@[A-Za-z0-9-]+(?:\.[A-Za-z0-9-]+)*\.[A-Za-z]{2,}/g;

export const REDACTED = '[address removed]';

export function redactContacts(text: string): string {
  return text.replace(EMAIL, REDACTED);
}

/** True when the text holds something that looks like an e-mail address. */
export function hasContact(text: string): boolean {
  EMAIL.lastIndex = 0;
  const found = EMAIL.test(text);
  EMAIL.lastIndex = 0;
  return found;
}
