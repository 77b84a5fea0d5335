/**
 * Why this wrapper exists: Markdown tables render through ScrollableTable, which makes a table that scrolls sideways
 * reachable from the keyboard. Every other element keeps the component it had: the theme's, or a plugin's
 * (`MermaidDiagram` comes from plugins/mermaid-svg/theme/MDXComponents.tsx, which `@theme-original` names here).
 */
import MDXComponents from '@theme-original/MDXComponents';
import ScrollableTable from '@site/src/components/ScrollableTable';

export default {...MDXComponents, table: ScrollableTable};
