// JSON paths as students read them: results[1].content, a["odd key"].

const IDENTIFIER = /^[A-Za-z_$][A-Za-z0-9_$]*$/;

// The path of an object key below a parent path.
export function keyPath(parent: string, key: string): string {
  if (IDENTIFIER.test(key)) return parent === '' ? key : `${parent}.${key}`;
  return `${parent}[${JSON.stringify(key)}]`;
}

// The path of an array index below a parent path.
export function indexPath(parent: string, index: number): string {
  return `${parent}[${index}]`;
}

// A path for display: the document itself is shown as "stdout".
export function displayPath(path: string): string {
  return path === '' ? 'stdout' : path;
}
