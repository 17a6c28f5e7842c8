// The seccomp filter bubblewrap loads into every case (`bwrap --seccomp FD`): a classic BPF program that refuses
// socket(AF_UNIX, …), so no case can connect to a unix socket of the host, whatever the file system shows it.
// socketpair() stays allowed (libuv makes a child's stdio pipes with it), and so does every other syscall. io_uring,
// which can open and connect sockets without a syscall the filter sees, is reported missing (libuv then does without).

/** The architectures the filter knows, by node's name for them: their audit number and syscall numbers. */
export const FILTER_ARCHES = {
  x64: { audit: 0xc000003e, socket: 41 },
  arm64: { audit: 0xc00000b7, socket: 198 },
} as const;

/** seccomp_data: the syscall number, the architecture, then (after the instruction pointer) six 64-bit arguments. */
export const SECCOMP_DATA = { nr: 0, arch: 4, arg0Low: 16 } as const;

/** What the filter answers (SECCOMP_RET_*; ERRNO carries the errno in its low 16 bits). */
export const SECCOMP_RET = { killProcess: 0x80000000, errno: 0x00050000, allow: 0x7fff0000 } as const;

/** Classic BPF opcodes the filter uses. */
export const BPF = { ldAbsWord: 0x20, jeq: 0x15, jge: 0x35, ret: 0x06 } as const;

const AF_UNIX = 1;
const EACCES = 13;
const ENOSYS = 38;
/** io_uring_setup: the same number on x86-64 and arm64. */
const IO_URING_SETUP = 425;
/** On x86-64, numbers from here on are the x32 ABI's. */
const X32_BIT = 0x40000000;

/** One instruction: jumps name labels (the next instruction when left out). */
type Step = { label?: string; code: number; k: number; jt?: string; jf?: string };

const load = (offset: number, label?: string): Step => ({ ...(label ? { label } : {}), code: BPF.ldAbsWord, k: offset });
const ret = (k: number, label?: string): Step => ({ ...(label ? { label } : {}), code: BPF.ret, k });

// The filter's instructions: any other architecture (i386 through int 0x80, arm32, x32 numbers) kills the process.
function steps(): Step[] {
  const { x64, arm64 } = FILTER_ARCHES;
  return [
    load(SECCOMP_DATA.arch),
    { code: BPF.jeq, k: x64.audit, jt: 'x64' },
    { code: BPF.jeq, k: arm64.audit, jt: 'arm64', jf: 'kill' },
    load(SECCOMP_DATA.nr, 'x64'),
    { code: BPF.jge, k: X32_BIT, jt: 'kill' },
    { code: BPF.jeq, k: x64.socket, jt: 'family' },
    { code: BPF.jeq, k: IO_URING_SETUP, jt: 'nosys', jf: 'allow' },
    load(SECCOMP_DATA.nr, 'arm64'),
    { code: BPF.jeq, k: arm64.socket, jt: 'family' },
    { code: BPF.jeq, k: IO_URING_SETUP, jt: 'nosys', jf: 'allow' },
    // socket()'s domain is an int: the low half of the first argument.
    load(SECCOMP_DATA.arg0Low, 'family'),
    { code: BPF.jeq, k: AF_UNIX, jt: 'refuse', jf: 'allow' },
    ret(SECCOMP_RET.allow, 'allow'),
    ret(SECCOMP_RET.errno | EACCES, 'refuse'),
    ret(SECCOMP_RET.errno | ENOSYS, 'nosys'),
    ret(SECCOMP_RET.killProcess, 'kill'),
  ];
}

// The program as the kernel takes it: 8-byte sock_filter entries (u16 code, u8 jt, u8 jf, u32 k), little-endian.
export function unixSocketFilter(): Buffer {
  const program = steps();
  const at = new Map(program.flatMap((s, i) => (s.label ? [[s.label, i] as const] : [])));
  const offset = (from: number, label: string | undefined) => {
    if (label === undefined) return 0;
    const to = at.get(label);
    if (to === undefined || to <= from) throw new Error(`socket filter: no label ${label} after instruction ${from}`);
    return to - from - 1;
  };
  const bytes = Buffer.alloc(program.length * 8);
  program.forEach((step, i) => {
    bytes.writeUInt16LE(step.code, i * 8);
    bytes.writeUInt8(offset(i, step.jt), i * 8 + 2);
    bytes.writeUInt8(offset(i, step.jf), i * 8 + 3);
    bytes.writeUInt32LE(step.k >>> 0, i * 8 + 4);
  });
  return bytes;
}
