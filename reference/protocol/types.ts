// The shapes of the workspace protocol: one request in, one response out.

// The files a request carries: path → text. Keys are used exactly as given ("./a.txt" is not "a.txt").
export type Workspace = Readonly<Record<string, string>>;

// The tools the protocol dispatches; any other name is a protocol failure.
export type ToolName = 'read_file' | 'write_file' | 'patch_file';

// A tool call's arguments: a JSON object (absent counts as {}).
export type Args = Readonly<Record<string, unknown>>;

// Why a request was refused before any tool ran: the process exits 1.
export type ProtocolErrorCode =
  | 'malformed_json'
  | 'unknown_op'
  | 'invalid_workspace'
  | 'missing_call'
  | 'unsupported_tool'
  | 'invalid_args';

// Why a supported tool could not do its work: an answer the model reads, exit 0.
export type ToolErrorCode = 'invalid_arguments' | 'file_not_found' | 'old_str_not_found' | 'ambiguous_match';

// A request that passed every protocol check.
export type DispatchRequest = {
  workspace: Workspace;
  tool: ToolName;
  args: Args;
};

// What a tool did: an observation and the workspace after it, or an error code (workspace unchanged).
export type ToolOutcome =
  | { status: 'ok'; observation: string; workspace: Workspace }
  | { status: 'error'; error: ToolErrorCode };

// One tool over the in-memory workspace: pure, it returns a new workspace instead of changing this one.
export type WorkspaceTool = (workspace: Workspace, args: Args) => ToolOutcome;

// The three responses, with their keys in the order they are printed (sorted, as the seed shows).
export type OkResponse = { observation: string; status: 'ok'; tool: ToolName; workspace: Workspace };
export type ToolErrorResponse = { error: ToolErrorCode; status: 'error'; tool: ToolName; workspace: Workspace };
export type ProtocolErrorResponse = { error: ProtocolErrorCode; status: 'protocol_error' };
export type ProtocolResponse = OkResponse | ToolErrorResponse | ProtocolErrorResponse;
