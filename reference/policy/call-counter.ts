// How many calls of each tool have run (reached the handler) since the dispatcher was built:
// what a quota is measured against. Refused and invalid calls are never counted.
export class CallCounter {
  readonly #counts = new Map<string, number>();

  // The number of calls of `name` that ran.
  count(name: string): number {
    return this.#counts.get(name) ?? 0;
  }

  // Records that one more call of `name` runs.
  add(name: string): void {
    this.#counts.set(name, this.count(name) + 1);
  }
}
