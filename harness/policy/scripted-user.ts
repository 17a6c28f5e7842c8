import type { Confirm } from './types.ts';

// One confirmation question as the case output shows it.
export type Question = {
  tool: string;
  input: unknown;
};

// The user of a case: answers each question with the next scripted answer (no once they run
// out) and records every question, so a case can show which calls asked and which did not.
export function scriptedUser(answers: readonly boolean[]): { confirm: Confirm; asked: Question[] } {
  const asked: Question[] = [];
  const confirm: Confirm = async (name, input) => {
    const answer = answers[asked.length] ?? false;
    asked.push({ tool: name, input });
    return answer;
  };
  return { confirm, asked };
}
