/**
 * The pipe tables of a markdown document (GitHub-flavoured, parsed by remark-gfm), each with the
 * heading it sits under: how importers read the tables a README publishes. Cell text is the
 * cell's plain text (emphasis, links and code kept as their text).
 */
import { remark } from 'remark';
import remarkGfm from 'remark-gfm';

export interface MarkdownTable {
  /** Text of the closest heading above the table; absent when there is none. */
  heading?: string;
  /** 1-based line of the table's header row. */
  line: number;
  header: string[];
  rows: string[][];
}

interface Node {
  type: string;
  value?: string;
  children?: Node[];
  position?: { start: { line: number } };
}

const textOf = (n: Node): string => (n.value ?? '') + (n.children ?? []).map(textOf).join('');

export function markdownTables(text: string): MarkdownTable[] {
  const tree = remark().use(remarkGfm).parse(text) as Node;
  const out: MarkdownTable[] = [];
  let heading: string | undefined;
  const visit = (n: Node) => {
    if (n.type === 'heading') heading = textOf(n).trim();
    if (n.type === 'table') {
      const [head, ...body] = (n.children ?? []).map((row) => (row.children ?? []).map((c) => textOf(c).trim()));
      out.push({ ...(heading ? { heading } : {}), line: n.position?.start.line ?? 1, header: head ?? [], rows: body });
      return;
    }
    for (const c of n.children ?? []) visit(c);
  };
  visit(tree);
  return out;
}
