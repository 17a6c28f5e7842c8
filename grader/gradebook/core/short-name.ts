// A submission as a gradebook shows it first: its folder's name ("/…/submissions/alice/" → "alice"); the path as given
// stays beside it (a tooltip, a column) for when two folders share a name.

// The last non-empty segment of a path (the path itself when it has none, such as "/").
export function shortName(path: string): string {
  const segments = path.split(/[/\\]/).filter((s) => s !== '' && s !== '.');
  return segments.at(-1) ?? path;
}
