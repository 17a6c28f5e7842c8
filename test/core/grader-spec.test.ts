import { posix } from 'node:path';
import { describe, expect, it } from 'vitest';
import { graderSpec, type GraderOrigin } from '../../grader/course/core/grader-spec.ts';

// A course made at /home/t/class/course.
const fromCourse = (path: string) => posix.relative('/home/t/class/course', path);

describe('graderSpec', () => {
  it.each<[string, GraderOrigin, string]>([
    ['the registry: the exact version installed', { kind: 'registry', version: '0.3.1' }, '0.3.1'],
    ['a tarball beside the course', { kind: 'file', path: '/home/t/class/dispatch-lab-0.3.1.tgz' }, 'file:../dispatch-lab-0.3.1.tgz'],
    ['a tarball inside the course', { kind: 'file', path: '/home/t/class/course/vendor/dispatch-lab.tgz' }, 'file:./vendor/dispatch-lab.tgz'],
    ['a checkout elsewhere, as a relative path', { kind: 'checkout', path: '/home/t/src/dispatch-lab' }, 'file:../../src/dispatch-lab'],
  ])('%s', (_, origin, spec) => {
    expect(graderSpec(origin, fromCourse)).toBe(spec);
  });
});
