import type { PathDisplayOptions } from './path-display';
import type { ToolCallNode } from './call-tree';

/**
 * Memoises a derivation per node and per option values, so a re-render with the same node and
 * equal options gets the identical object back (and React can skip work keyed on it).
 */
export function memoizePerNode<Derived extends object>(
  derive: (node: ToolCallNode, options: PathDisplayOptions) => Derived,
): (node: ToolCallNode, options?: PathDisplayOptions) => Derived {
  const cache = new WeakMap<ToolCallNode, Map<string, Derived>>();
  return (node, options = {}) => {
    const key = JSON.stringify([options.cwd ?? null, options.home ?? null]);
    let perNode = cache.get(node);
    if (perNode === undefined) {
      perNode = new Map();
      cache.set(node, perNode);
    }
    const cached = perNode.get(key);
    if (cached !== undefined) return cached;
    const derived = derive(node, options);
    perNode.set(key, derived);
    return derived;
  };
}
