import { describe, expect, it } from 'vitest';
import { idleCores, shouldLend, type CpuTimes } from '../../grader/run/core/idle-cores.ts';

const at = (idleMs: number, totalMs: number, cpus = 2): CpuTimes => ({ idleMs, totalMs, cpus });

describe('idleCores', () => {
  it.each([
    ['both processors idle', at(0, 0), at(200, 200), 2],
    ['half of the time idle on two', at(1000, 4000), at(1100, 4200), 1],
    ['none idle', at(50, 100), at(50, 300), 0],
    ['a quarter idle on four', at(0, 0), at(100, 400, 4), 1],
  ])('%s', (_name, before, after, idle) => expect(idleCores(before, after)).toBeCloseTo(idle, 6));

  it('is undefined when the counters did not move (read twice within a tick)', () => {
    expect(idleCores(at(10, 20), at(10, 20))).toBeUndefined();
  });

  it('stays within [0, cpus] when a counter goes backwards (a processor taken offline)', () => {
    expect(idleCores(at(500, 1000), at(400, 1200))).toBe(0);
    expect(idleCores(at(0, 1000), at(900, 1200))).toBe(2);
  });
});

describe('shouldLend', () => {
  const slots = { waiting: 1, lent: 0, spare: 6 };
  it.each([
    ['a processor idle and a case waiting', 1.2, slots, true],
    ['exactly one processor idle', 1, slots, true],
    ['less than a processor idle', 0.9, slots, false],
    ['nothing known yet', undefined, slots, false],
    ['nobody waiting', 2, { ...slots, waiting: 0 }, false],
    ['every spare slot lent', 2, { ...slots, lent: 6 }, false],
    ['no spare slots (--jobs 1)', 2, { ...slots, spare: 0 }, false],
  ])('%s', (_name, idle, state, want) => expect(shouldLend(idle, state)).toBe(want));
});
