/**
 * Why this wrapper exists: Markdown tables render through ScrollableTable, which makes a table that scrolls sideways
 * reachable from the keyboard; `MermaidDiagram` is the element plugins/mermaid-svg puts in place of each ```mermaid
 * fence. Every other element keeps the theme's component.
 */
import MDXComponents from '@theme-original/MDXComponents';
import MermaidDiagram from '@site/src/components/MermaidDiagram';
import ScrollableTable from '@site/src/components/ScrollableTable';

export default {...MDXComponents, table: ScrollableTable, MermaidDiagram};
