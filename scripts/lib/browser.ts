import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, type BrowserContext } from 'playwright-core';

export const CHROMIUM = '/usr/bin/chromium';
/**
 * Whether the browser tests can run. Under CI=true a missing chromium is an error, not a skip:
 * `.ci/run` installs it, so a CI run without it would pass with every browser test skipped.
 */
export function hasChromium(env: NodeJS.ProcessEnv = process.env, path = CHROMIUM): boolean {
  if (existsSync(path)) return true;
  if (env.CI === 'true') throw new Error(`${path} is missing under CI=true: the browser tests would be skipped (.ci/run installs Debian chromium)`);
  return false;
}

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
