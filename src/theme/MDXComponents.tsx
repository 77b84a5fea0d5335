/**
 * Why this wrapper exists: Markdown tables render through ScrollableTable, which makes a table that scrolls sideways
 * reachable from the keyboard. Every other element keeps the theme's component.
 */
import MDXComponents from '@theme-original/MDXComponents';
import ScrollableTable from '@site/src/components/ScrollableTable';

export default {...MDXComponents, table: ScrollableTable};
