import type { Course } from '../../course/core/course.ts';
import type { Selection } from '../../run/core/plan.ts';
import type { RunScope } from './watch-state.ts';

/** The course and selection one watch run grades. */
export type ScopedRun = { course: Course; selection: Selection };

// The course and selection a watch scope stands for; "failed only" narrows the course to those cases (all of them, if none still exist).
export function scopedRun(course: Course, base: Selection, scope: RunScope): ScopedRun {
  const wanted = new Set(scope.caseFiles ?? []);
  const cases = course.cases.filter((c) => wanted.has(c.file));
  if (cases.length === 0) return { course, selection: { ...base, stages: scope.stages } };
  const stages = course.stages.filter((s) => cases.some((c) => c.stage === s.slug));
  return { course: { stages, cases }, selection: { ...base, stages: [], all: true } };
}

// The stages a focused run grades: the focus, then every stage before it in course order that passed when last graded
// (the regression check, as the whole course runs it after the current stage).
export function withRegressionCheck(order: string[], focus: string[], passed: ReadonlySet<string>): string[] {
  const first = Math.min(...focus.map((slug) => order.indexOf(slug)).filter((i) => i >= 0));
  const earlier = order.slice(0, Number.isFinite(first) ? first : 0).filter((slug) => passed.has(slug) && !focus.includes(slug));
  return [...focus, ...earlier];
}
