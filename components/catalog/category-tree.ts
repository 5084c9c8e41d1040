/** Lower-case and without accents, as the server's search compares ("eletrica" finds "Elétrica"). */
export function normalize(text: string): string {
  return text
    .normalize("NFD")
    .replace(/\p{Diacritic}/gu, "")
    .toLowerCase()
    .trim();
}

export interface TreeNode {
  id: string;
  root_id: string | null;
  name: string;
}

/** Children by parent id ("" for the top level), in the order the nodes came (the server's sibling order). */
export function childrenByParent<Node extends TreeNode>(nodes: Node[]): Map<string, Node[]> {
  const ids = new Set(nodes.map((node) => node.id));
  const children = new Map<string, Node[]>();
  for (const node of nodes) {
    // A node whose parent is not loaded is shown at the top rather than lost.
    const parent = node.root_id && ids.has(node.root_id) ? node.root_id : "";
    children.set(parent, [...(children.get(parent) ?? []), node]);
  }
  return children;
}

/**
 * The nodes a tree filter shows: those whose name matches and all their ancestors (so the
 * match is reached through its branch). Null when nothing filters.
 */
export function visibleForFilter<Node extends TreeNode>(nodes: Node[], filter: string): Set<string> | null {
  const term = normalize(filter);
  if (!term) return null;
  const byId = new Map(nodes.map((node) => [node.id, node]));
  const visible = new Set<string>();
  for (const node of nodes) {
    if (!normalize(node.name).includes(term)) continue;
    for (
      let current: Node | undefined = node;
      current && !visible.has(current.id);
      current = current.root_id ? byId.get(current.root_id) : undefined
    ) {
      visible.add(current.id);
    }
  }
  return visible;
}
