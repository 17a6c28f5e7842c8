// Thrown by the parts you have not written yet; the grader reports it as "not implemented".
export class NotImplementedError extends Error {
  override readonly name = 'NotImplementedError';

  constructor(what: string) {
    super(`not implemented: ${what}`);
  }
}
