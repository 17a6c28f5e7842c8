import { describe, expect, it } from 'vitest';
import { BPF, FILTER_ARCHES, SECCOMP_DATA, SECCOMP_RET, unixSocketFilter } from '../../grader/sandbox/core/socket-filter.ts';

// bubblewrap's seccomp filter, run through a small classic-BPF interpreter written here (the kernel's rules: jumps are
// relative to the next instruction and only go forward; every path must end in a return).

type Syscall = { arch: number; nr: number; arg0?: number };

function decode(program: Buffer) {
  expect(program.length % 8).toBe(0);
  return Array.from({ length: program.length / 8 }, (_, i) => ({
    code: program.readUInt16LE(i * 8),
    jt: program.readUInt8(i * 8 + 2),
    jf: program.readUInt8(i * 8 + 3),
    k: program.readUInt32LE(i * 8 + 4),
  }));
}

// What the filter answers for one syscall.
function run(program: Buffer, call: Syscall): number {
  const data = Buffer.alloc(64);
  data.writeUInt32LE(call.nr, SECCOMP_DATA.nr);
  data.writeUInt32LE(call.arch, SECCOMP_DATA.arch);
  data.writeUInt32LE(call.arg0 ?? 0, SECCOMP_DATA.arg0Low);
  const steps = decode(program);
  let accumulator = 0;
  for (let pc = 0; pc < steps.length; pc++) {
    const { code, jt, jf, k } = steps[pc]!;
    if (code === BPF.ldAbsWord) accumulator = data.readUInt32LE(k);
    else if (code === BPF.ret) return k;
    else if (code === BPF.jeq) pc += accumulator === k ? jt : jf;
    else if (code === BPF.jge) pc += accumulator >= k ? jt : jf;
    else throw new Error(`unknown opcode ${code} at ${pc}`);
  }
  throw new Error('the filter fell off its end');
}

const filter = unixSocketFilter();
const ERRNO = (errno: number) => SECCOMP_RET.errno | errno;
const { x64, arm64 } = FILTER_ARCHES;
const I386 = 0x40000003;
const ARM32 = 0x40000028;

describe('the unix socket seccomp filter', () => {
  it.each([
    ['socket(AF_UNIX) on x86-64', { arch: x64.audit, nr: 41, arg0: 1 }, ERRNO(13)],
    ['socket(AF_UNIX) on arm64', { arch: arm64.audit, nr: 198, arg0: 1 }, ERRNO(13)],
    ['socket(AF_INET) on x86-64 (no network anyway)', { arch: x64.audit, nr: 41, arg0: 2 }, SECCOMP_RET.allow],
    ['socket(AF_NETLINK) on arm64', { arch: arm64.audit, nr: 198, arg0: 16 }, SECCOMP_RET.allow],
    ['socketpair(AF_UNIX) on x86-64 (libuv stdio pipes)', { arch: x64.audit, nr: 53, arg0: 1 }, SECCOMP_RET.allow],
    ['socketpair(AF_UNIX) on arm64', { arch: arm64.audit, nr: 199, arg0: 1 }, SECCOMP_RET.allow],
    ['connect on x86-64 (on a socketpair end)', { arch: x64.audit, nr: 42, arg0: 1 }, SECCOMP_RET.allow],
    ['read (nr 0) on x86-64', { arch: x64.audit, nr: 0 }, SECCOMP_RET.allow],
    ['nr 41 on arm64 is not socket (it is pivot_root)', { arch: arm64.audit, nr: 41, arg0: 1 }, SECCOMP_RET.allow],
    ['io_uring_setup on x86-64 (opens sockets unseen)', { arch: x64.audit, nr: 425 }, ERRNO(38)],
    ['io_uring_setup on arm64', { arch: arm64.audit, nr: 425 }, ERRNO(38)],
    ['an x32 syscall (socket | 0x40000000)', { arch: x64.audit, nr: 0x40000000 + 41, arg0: 1 }, SECCOMP_RET.killProcess],
    ['any i386 syscall (int 0x80 from a 64-bit process: socketcall)', { arch: I386, nr: 102, arg0: 1 }, SECCOMP_RET.killProcess],
    ['any arm32 syscall', { arch: ARM32, nr: 281, arg0: 1 }, SECCOMP_RET.killProcess],
  ])('%s', (_, call, answer) => {
    expect(run(filter, call) >>> 0).toBe(answer >>> 0);
  });

  it('is a program the kernel loads: at most 4096 instructions, every jump forward inside it, ending in a return', () => {
    const steps = decode(filter);
    expect(steps.length).toBeLessThan(4096);
    steps.forEach((step, i) => {
      if (step.code === BPF.jeq || step.code === BPF.jge) expect(i + 1 + Math.max(step.jt, step.jf)).toBeLessThan(steps.length);
    });
    expect(steps.at(-1)?.code).toBe(BPF.ret);
  });
});
