// Clusters of similar submissions: the connected components of the graph whose edges are the pairs above the threshold,
// kept when they hold three submissions or more (two are already a pair).

/** The two ends of an edge. */
type Edge = { a: string; b: string };

const CLUSTER_SIZE = 3;

// The clusters of three or more among the edges, each sorted by name, the largest first (then by first name).
export function clustersOf(edges: Edge[]): string[][] {
  const parent = new Map<string, string>();
  const rootOf = (name: string): string => {
    let root = name;
    while (parent.get(root) !== root) root = parent.get(root) ?? root;
    parent.set(name, root);
    return root;
  };
  for (const { a, b } of edges) {
    for (const name of [a, b]) if (!parent.has(name)) parent.set(name, name);
    parent.set(rootOf(a), rootOf(b));
  }
  const groups = new Map<string, string[]>();
  for (const name of parent.keys()) groups.set(rootOf(name), [...(groups.get(rootOf(name)) ?? []), name]);
  return [...groups.values()]
    .filter((g) => g.length >= CLUSTER_SIZE)
    .map((g) => g.sort())
    .sort((x, y) => y.length - x.length || (x[0] ?? '').localeCompare(y[0] ?? ''));
}
