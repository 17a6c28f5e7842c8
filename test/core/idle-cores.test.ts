import { describe, expect, it } from 'vitest';
import { idleCores, MEMORY_PER_LENT_SLOT, slotsToLend, type CpuTimes } from '../../grader/run/core/idle-cores.ts';

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

describe('slotsToLend', () => {
  const slots = { waiting: 9, lent: 0, spare: 16 };
  const plenty = 64 * MEMORY_PER_LENT_SLOT;
  it.each([
    ['half a processor idle: one slot', 0.5, slots, plenty, 1],
    ['a little less than half: none', 0.49, slots, plenty, 0],
    ['one and a half idle: three', 1.5, slots, plenty, 3],
    ['both of two idle: four', 2, slots, plenty, 4],
    ['nothing known yet', undefined, slots, plenty, 0],
    ['nobody waiting', 2, { ...slots, waiting: 0 }, plenty, 0],
    ['fewer waiting than idle allows', 2, { ...slots, waiting: 2 }, plenty, 2],
    ['only one spare slot left', 2, { ...slots, lent: 15 }, plenty, 1],
    ['every spare slot lent', 2, { ...slots, lent: 16 }, plenty, 0],
    ['no spare slots (--jobs 1)', 2, { ...slots, spare: 0 }, plenty, 0],
    ['memory for two more cases only', 2, slots, 2.5 * MEMORY_PER_LENT_SLOT, 2],
    ['memory for none', 2, slots, MEMORY_PER_LENT_SLOT - 1, 0],
  ])('%s', (_name, idle, state, freeBytes, want) => expect(slotsToLend(idle, state, freeBytes)).toBe(want));
});
