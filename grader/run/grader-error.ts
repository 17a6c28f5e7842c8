// A fault that stops the grader from doing its job (exit 2): bad flags, bad case files, no program.ts.
export class GraderError extends Error {
  constructor(readonly problems: string[]) {
    super(problems.join('\n'));
  }
}
