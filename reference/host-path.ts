// Unexpected errors (from fs, say) name host paths; the model sees root-relative ones instead.
export function hideRoot(message: string, root: string): string {
  return message.replaceAll(`${root}/`, '').replaceAll(root, '.');
}
