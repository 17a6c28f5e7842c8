import { describe, expect, it } from 'vitest';
import { outputChecks } from '../../reference/mcp/output-checks.ts';
import { loadSdk, type Sdk } from '../../reference/mcp/sdk.ts';

// The client's checker of structured results (reference/mcp/output-checks.ts) makes the SDK's ajv checker only when a
// tool with an output schema needs it, once, and answers exactly as that checker does.

// An SDK whose checker class counts how often it is made; its checks pass a value when it is the schema's `const`.
function countingSdk(): { sdk: Sdk; made: () => number } {
  let made = 0;
  class Checker {
    constructor() {
      made++;
    }
    getValidator(schema: { const?: unknown }) {
      return (value: unknown) => (value === schema.const ? { valid: true, data: value, errorMessage: undefined } : { valid: false, data: undefined, errorMessage: `not ${String(schema.const)}` });
    }
  }
  return { sdk: { AjvJsonSchemaValidator: Checker } as unknown as Sdk, made: () => made };
}

describe('outputChecks', () => {
  it('makes no checker until a schema is to be checked', () => {
    const { sdk, made } = countingSdk();
    outputChecks(sdk);
    expect(made()).toBe(0);
  });

  it('makes one checker for every schema after that, and answers with its checks', () => {
    const { sdk, made } = countingSdk();
    const checks = outputChecks(sdk);
    const one = checks.getValidator({ const: 1 } as never);
    const two = checks.getValidator({ const: 2 } as never);
    expect(made()).toBe(1);
    expect([one(1), one(2), two(2)].map((result) => result.valid)).toStrictEqual([true, false, true]);
    expect(one(2).errorMessage).toBe('not 1');
  });

  it('with the real SDK, checks as the SDK\'s own ajv checker does', async () => {
    const sdk = await loadSdk();
    const schema = { type: 'object', properties: { celsius: { type: 'number' } }, required: ['celsius'] } as const;
    const ours = outputChecks(sdk).getValidator(schema);
    const theirs = new sdk.AjvJsonSchemaValidator().getValidator(schema);
    for (const value of [{ celsius: 21.5 }, { celsius: 'warm' }, {}]) expect(ours(value)).toStrictEqual(theirs(value));
    expect(ours({ celsius: 'warm' }).valid).toBe(false);
  });
});
