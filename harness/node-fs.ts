// The descriptor calls of node:fs the harness makes (reading stdin, writing the document and the breadcrumbs), taken
// with process.getBuiltinModule rather than imported. The program's bundle is an ES module, and an import of node:fs
// into one makes node build fs's ES module form: that reads every export of fs, and reading its stream classes loads
// node:stream, about 1.5 ms of every case for three calls that use no stream.
export const { readSync, writeSync } = process.getBuiltinModule('node:fs');
