import type * as ClientModule from '@modelcontextprotocol/sdk/client/index.js';
import type * as StdioModule from '@modelcontextprotocol/sdk/client/stdio.js';
import type * as Types from '@modelcontextprotocol/sdk/types.js';
import type * as AjvProvider from '@modelcontextprotocol/sdk/validation/ajv';

// The parts of the MCP SDK this client uses, loaded on first use. Loading the SDK takes about 0.4 s, and every case
// starts the program afresh: imported statically, it would slow down every case of every stage, not only the ones
// that connect to a server.

export type Sdk = {
  Client: typeof ClientModule.Client;
  StdioClientTransport: typeof StdioModule.StdioClientTransport;
  ToolListChangedNotificationSchema: typeof Types.ToolListChangedNotificationSchema;
  McpError: typeof Types.McpError;
  ErrorCode: typeof Types.ErrorCode;
  AjvJsonSchemaValidator: typeof AjvProvider.AjvJsonSchemaValidator;
};

let loading: Promise<Sdk> | undefined;

export function loadSdk(): Promise<Sdk> {
  loading ??= Promise.all([
    import('@modelcontextprotocol/sdk/client/index.js'),
    import('@modelcontextprotocol/sdk/client/stdio.js'),
    import('@modelcontextprotocol/sdk/types.js'),
    import('@modelcontextprotocol/sdk/validation/ajv'),
  ]).then(([client, stdio, types, ajvProvider]) => ({
    Client: client.Client,
    StdioClientTransport: stdio.StdioClientTransport,
    ToolListChangedNotificationSchema: types.ToolListChangedNotificationSchema,
    McpError: types.McpError,
    ErrorCode: types.ErrorCode,
    AjvJsonSchemaValidator: ajvProvider.AjvJsonSchemaValidator,
  }));
  return loading;
}
