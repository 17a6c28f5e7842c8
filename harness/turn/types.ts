// parallel-calls: one model turn's calls, each with its id.
export type TurnCall = {
  id: string;
  tool: string;
  input: unknown;
};

// One call's result, reported in call order whatever order the calls finished in.
export type TurnResult = {
  id: string;
  result: unknown;
};
