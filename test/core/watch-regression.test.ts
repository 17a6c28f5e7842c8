import { describe, expect, it } from 'vitest';
import { withRegressionCheck } from '../../grader/watch/core/watch-scope.ts';

const ORDER = ['echo', 'view', 'register-tools', 'shell'];

describe('withRegressionCheck: a focused watch run also grades the earlier stages that passed', () => {
  it.each<[string, string[], string[], string[]]>([
    ['the first stage has nothing before it', ['echo'], ['echo'], ['echo']],
    ['earlier passed stages follow the focus, in course order', ['register-tools'], ['echo', 'view'], ['register-tools', 'echo', 'view']],
    ['an earlier stage that never passed is not a regression', ['register-tools'], ['view'], ['register-tools', 'view']],
    ['a later stage that passed is not run', ['view'], ['echo', 'shell'], ['view', 'echo']],
    ['several focused stages: those before the first', ['register-tools', 'shell'], ['echo', 'view', 'register-tools'], ['register-tools', 'shell', 'echo', 'view']],
    ['an unknown focus adds nothing', ['nope'], ['echo'], ['nope']],
  ])('%s', (_, focus, passed, expected) => {
    expect(withRegressionCheck(ORDER, focus, new Set(passed))).toEqual(expected);
  });
});
