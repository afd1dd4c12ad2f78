import { describe, expect, it } from 'vitest';
import { hasChromium } from '../../scripts/lib/browser';

describe('hasChromium: the browser tests are skipped only outside CI', () => {
  const missing = '/nonexistent/evalboard-chromium';
  it('a missing browser skips them locally', () => {
    expect(hasChromium({}, missing)).toBe(false);
    expect(hasChromium({ CI: 'false' }, missing)).toBe(false);
  });
  it('a missing browser under CI=true is an error naming it', () => {
    expect(() => hasChromium({ CI: 'true' }, missing)).toThrow(/nonexistent\/evalboard-chromium is missing under CI=true/);
  });
  it('a present browser runs them', () => {
    expect(hasChromium({ CI: 'true' }, process.execPath)).toBe(true);
  });
});
