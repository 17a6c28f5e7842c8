import { access, constants } from 'node:fs/promises';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { launchTestBrowser, unpackedNpmChromium } from './browser.ts';

// The page tests' browser: npm's Chromium unpacked once into the checkout (never /tmp) even when files ask side by
// side, and a DISPATCH_LAB_CHROMIUM that points nowhere is one clear error, not a silent fallback.

afterEach(() => {
  vi.unstubAllEnvs();
});

describe('the page tests\' browser', () => {
  it.runIf(process.platform === 'linux' && process.arch === 'x64')('unpacks npm\'s Chromium into node_modules/.cache once, for callers side by side', async () => {
    const [first, second] = await Promise.all([unpackedNpmChromium(), unpackedNpmChromium()]);
    expect(second).toEqual(first);
    expect(first.path).toContain('/node_modules/.cache/dispatch-lab-chromium-');
    await access(first.path, constants.X_OK);
  });

  it('refuses a DISPATCH_LAB_CHROMIUM that does not exist, saying what to do', async () => {
    vi.stubEnv('DISPATCH_LAB_CHROMIUM', '/nonexistent/chromium');
    await expect(launchTestBrowser()).rejects.toThrow(/DISPATCH_LAB_CHROMIUM is \/nonexistent\/chromium, which does not exist: set it to a Chromium binary, or unset it/);
  });
});
