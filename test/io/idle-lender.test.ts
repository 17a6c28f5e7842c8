import { afterEach, describe, expect, it, vi } from 'vitest';
import { createSlots, type Slots } from '../../grader/run/core/slots.ts';
import { MEMORY_PER_LENT_SLOT, type CpuTimes } from '../../grader/run/core/idle-cores.ts';
import { lendWhileIdle, readCpuTimes } from '../../grader/run/io/idle-lender.ts';

// A machine whose counters advance by one look's worth each time they are read, idle or busy as the test says.
function machine(cpus: number) {
  let idleMs = 0;
  let totalMs = 0;
  let idleCores = 0;
  return {
    set idle(cores: number) {
      idleCores = cores;
    },
    read: (): CpuTimes => {
      totalMs += 100 * cpus;
      idleMs += 100 * idleCores;
      return { idleMs, totalMs, cpus };
    },
  };
}

afterEach(() => {
  vi.useRealTimers();
});

describe('lendWhileIdle', () => {
  // One slot, taken, 6 to lend, and 8 cases waiting.
  async function eightWaiting(): Promise<Slots> {
    vi.useFakeTimers();
    const slots = createSlots(1, 6);
    await slots.take();
    for (let i = 0; i < 8; i++) void slots.take();
    return slots;
  }

  it('lends a slot a look for each half processor that sat idle while cases wait, none while the machine is busy', async () => {
    const slots = await eightWaiting();
    const box = machine(2);
    const stop = lendWhileIdle(slots, 100, box.read, () => 64 * MEMORY_PER_LENT_SLOT);
    box.idle = 0.4;
    await vi.advanceTimersByTimeAsync(300);
    expect(slots.lent).toBe(0);
    box.idle = 1.5;
    await vi.advanceTimersByTimeAsync(100);
    expect(slots.lent).toBe(3);
    await vi.advanceTimersByTimeAsync(100);
    expect(slots.lent).toBe(6);
    await vi.advanceTimersByTimeAsync(300);
    expect(slots.lent).toBe(6);
    expect(slots.waiting).toBe(2);
    stop();
  });

  it('lends no more slots than the memory left holds cases', async () => {
    const slots = await eightWaiting();
    const box = machine(2);
    box.idle = 2;
    let free = 1.5 * MEMORY_PER_LENT_SLOT;
    const stop = lendWhileIdle(slots, 100, box.read, () => free);
    await vi.advanceTimersByTimeAsync(100);
    expect(slots.lent).toBe(1);
    free = 0;
    await vi.advanceTimersByTimeAsync(300);
    expect(slots.lent).toBe(1);
    stop();
  });

  it('starts no timer when the slots have nothing to lend', () => {
    vi.useFakeTimers();
    const read = vi.fn(readCpuTimes);
    const stop = lendWhileIdle(createSlots(1), 100, read);
    expect(vi.getTimerCount()).toBe(0);
    expect(read).not.toHaveBeenCalled();
    stop();
  });
});

describe('readCpuTimes', () => {
  it('reads counters that only grow, with idle within the total', () => {
    const first = readCpuTimes();
    const second = readCpuTimes();
    expect(first.cpus).toBeGreaterThan(0);
    expect(first.idleMs).toBeLessThanOrEqual(first.totalMs);
    expect(second.totalMs).toBeGreaterThanOrEqual(first.totalMs);
  });
});
