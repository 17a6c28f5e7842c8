// The unix sockets bound on the host, read from /proc/net/unix: each one a case could see on the file system is covered
// by /dev/null in its view (sandbox-plan.ts), so connect() there is refused.

/** A socket's line: address, refcount, protocol, flags, type, state, inode, then (when bound) one space and the name. */
const LINE = /^[0-9a-f]+: [0-9A-F]{8} [0-9A-F]{8} [0-9A-F]{8} [0-9A-F]{4} [0-9A-F]{2} +\d+(?: (.*))?$/;

// The absolute path names of bound sockets in the text of /proc/net/unix. The kernel prints a name as it is, spaces and
// newlines included: a line that does not start a socket continues the name above it. Abstract names ('@…', a private
// network namespace already keeps them apart) and relative ones (bound from a folder the table does not name) are left out.
export function boundSocketPaths(table: string): string[] {
  const names: (string | undefined)[] = [];
  // The header first; the table ends with a newline.
  const lines = table.split('\n').slice(1);
  if (lines.at(-1) === '') lines.pop();
  for (const line of lines) {
    const match = LINE.exec(line);
    if (match) names.push(match[1]);
    else if (names.length > 0 && names.at(-1) !== undefined) names[names.length - 1] += `\n${line}`;
  }
  return [...new Set(names.filter((n): n is string => n !== undefined && n.startsWith('/')))];
}
