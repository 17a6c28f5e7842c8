import type { jsonSchemaValidator } from '@modelcontextprotocol/sdk/validation';
import type { Sdk } from './sdk.ts';

// What the client checks a tool's structured result against its output schema with: the SDK's own checker (ajv, with
// its formats), made when the first tool with an output schema is listed rather than when the Client is. Most servers
// declare no output schema, and making the checker costs a few ms that would come before the server is even started.
export function outputChecks(sdk: Sdk): jsonSchemaValidator {
  let checker: jsonSchemaValidator | undefined;
  return {
    getValidator(schema) {
      checker ??= new sdk.AjvJsonSchemaValidator();
      return checker.getValidator(schema);
    },
  };
}
