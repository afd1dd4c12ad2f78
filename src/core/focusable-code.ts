/**
 * A rehype plugin: code blocks (`<pre>`) get `tabindex="0"`. A long line makes a code block scroll
 * sideways, and a scrolling region must be reachable by keyboard (axe scrollable-region-focusable).
 */
import type { Element, Root } from 'hast';

export function focusableCodeBlocks() {
  const walk = (parent: Root | Element) => {
    for (const n of parent.children) {
      if (n.type !== 'element') continue;
      if (n.tagName === 'pre') n.properties.tabIndex = 0;
      else walk(n);
    }
  };
  return (tree: Root) => walk(tree);
}
