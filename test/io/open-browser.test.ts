import { describe, expect, it } from 'vitest';
import { hasDisplay } from '../../grader/ui/io/open-browser.ts';

describe('hasDisplay', () => {
  it.each([
    [{}, 'linux', false],
    [{ DISPLAY: ':0' }, 'linux', true],
    [{ WAYLAND_DISPLAY: 'wayland-0' }, 'linux', true],
    [{ DISPLAY: '' }, 'linux', false],
    [{}, 'darwin', true],
    [{}, 'win32', true],
  ] as const)('%o on %s: %s', (env, platform, expected) => {
    expect(hasDisplay(env, platform)).toBe(expected);
  });
});
