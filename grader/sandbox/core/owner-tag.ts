// The owner written into the name of everything the grader makes and must remove (case temp dirs, case cgroups, build
// folders): its PID namespace and process id, so that the next grader can tell a killed grader's leftovers (owner gone)
// from a running grader's (owner alive) and from what anyone else made (no tag, or another namespace's).

/** The grader that made something: its PID namespace's inode number and its process id in that namespace. */
export type Owner = { namespace: number; pid: number };

// The tag of an owner, as it is written into a name: "<namespace>.<pid>".
export function ownerTag(owner: Owner): string {
  return `${owner.namespace}.${owner.pid}`;
}

// The owner written into `name` right after `prefix` ("<prefix><namespace>.<pid>-…"), or undefined when it holds none.
export function ownerOf(name: string, prefix: string): Owner | undefined {
  if (!name.startsWith(prefix)) return undefined;
  const found = /^(\d{1,20})\.(\d{1,10})-/.exec(name.slice(prefix.length));
  if (!found) return undefined;
  const owner = { namespace: Number(found[1]), pid: Number(found[2]) };
  return Number.isSafeInteger(owner.namespace) && owner.pid > 0 ? owner : undefined;
}
