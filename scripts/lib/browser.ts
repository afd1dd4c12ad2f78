import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, type BrowserContext } from 'playwright-core';

export const CHROMIUM = '/usr/bin/chromium';
export const hasChromium = () => existsSync(CHROMIUM);

/** Debian chromium, headless, with a new empty user-data-dir that is removed on close. */
export async function launch(opts: { colorScheme?: 'light' | 'dark'; width?: number } = {}): Promise<{ context: BrowserContext; close: () => Promise<void> }> {
  const profile = mkdtempSync(join(tmpdir(), 'evalboard-e2e-'));
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: CHROMIUM,
    headless: true,
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking'],
    viewport: { width: opts.width ?? 1280, height: 900 },
    colorScheme: opts.colorScheme ?? 'light',
    acceptDownloads: true,
  });
  return {
    context,
    close: async () => {
      await context.close();
      rmSync(profile, { recursive: true, force: true });
    },
  };
}
