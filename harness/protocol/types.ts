// workspace-protocol: the solution reads the raw request text and decides everything it prints.
export type ProtocolReply = {
  // Printed exactly as it is: one JSON document and a newline (the solution encodes it).
  stdout: string;
  // 0 for an answered request (ok, or a tool's error response), 1 for a protocol failure.
  exitCode: number;
};
