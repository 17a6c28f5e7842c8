import { describe, expect, it } from 'vitest';
import type { Policy } from '../../harness/policy/types.ts';
import { decide } from '../../reference/policy/decide.ts';
import type { Decision } from '../../reference/policy/decide.ts';
import { blocked, notPermitted, quotaExhausted, userDenied } from '../../reference/policy/permission-messages.ts';

const refuse = (message: string): Decision => ({ kind: 'refuse', message });
const RUN: Decision = { kind: 'run' };
const ASK: Decision = { kind: 'ask' };

describe('decide', () => {
  it.each<{ name: string; policy: Policy; tool: string; used: number; expected: Decision }>([
    { name: 'empty policy runs', policy: {}, tool: 'bash', used: 0, expected: RUN },
    { name: 'on the allow-list runs', policy: { allow: ['bash'] }, tool: 'bash', used: 0, expected: RUN },
    { name: 'off the allow-list is not permitted', policy: { allow: ['view'] }, tool: 'bash', used: 0, expected: refuse(notPermitted('bash')) },
    { name: 'an empty allow-list allows nothing', policy: { allow: [] }, tool: 'echo', used: 0, expected: refuse(notPermitted('echo')) },
    { name: 'on the deny-list is blocked', policy: { deny: ['bash'] }, tool: 'bash', used: 0, expected: refuse(blocked('bash')) },
    { name: 'an empty deny-list blocks nothing', policy: { deny: [] }, tool: 'bash', used: 0, expected: RUN },
    { name: 'off allow and on deny: not permitted', policy: { allow: ['view'], deny: ['bash'] }, tool: 'bash', used: 0, expected: refuse(notPermitted('bash')) },
    { name: 'on both lists: blocked', policy: { allow: ['bash'], deny: ['bash'] }, tool: 'bash', used: 0, expected: refuse(blocked('bash')) },
    { name: 'names are case-sensitive', policy: { deny: ['Bash'] }, tool: 'bash', used: 0, expected: RUN },
    { name: 'quota with calls left runs', policy: { quota: { create: 2 } }, tool: 'create', used: 1, expected: RUN },
    { name: 'quota used up', policy: { quota: { create: 2 } }, tool: 'create', used: 2, expected: refuse(quotaExhausted('create', 2, 2)) },
    { name: 'quota 0 refuses the first call', policy: { quota: { echo: 0 } }, tool: 'echo', used: 0, expected: refuse(quotaExhausted('echo', 0, 0)) },
    { name: 'another tool\'s quota does not apply', policy: { quota: { create: 0 } }, tool: 'view', used: 5, expected: RUN },
    { name: 'inherited keys are no quota', policy: { quota: {} }, tool: 'constructor', used: 0, expected: RUN },
    { name: 'high risk asks', policy: { high_risk: ['bash'] }, tool: 'bash', used: 0, expected: ASK },
    { name: 'high risk over quota is refused, not asked', policy: { quota: { bash: 1 }, high_risk: ['bash'] }, tool: 'bash', used: 1, expected: refuse(quotaExhausted('bash', 1, 1)) },
    { name: 'high risk and blocked is refused, not asked', policy: { deny: ['bash'], high_risk: ['bash'] }, tool: 'bash', used: 0, expected: refuse(blocked('bash')) },
    { name: 'high risk and not allowed is refused, not asked', policy: { allow: [], high_risk: ['bash'] }, tool: 'bash', used: 0, expected: refuse(notPermitted('bash')) },
  ])('$name', ({ policy, tool, used, expected }) => {
    expect(decide(policy, tool, used)).toStrictEqual(expected);
  });
});

describe('permission messages', () => {
  it.each([
    { actual: notPermitted('bash'), expected: "PermissionError: tool 'bash' is not permitted" },
    { actual: blocked('bash'), expected: "PermissionError: tool 'bash' is blocked" },
    { actual: quotaExhausted('create', 2, 2), expected: "PermissionError: quota exhausted for 'create' (2 of 2 calls used)" },
    { actual: userDenied('bash'), expected: "PermissionError: user denied 'bash'" },
  ])('$expected', ({ actual, expected }) => {
    expect(actual).toBe(expected);
  });
});
