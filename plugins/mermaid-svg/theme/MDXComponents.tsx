/**
 * Gives every MDX page the `MermaidDiagram` element, which ../remark.ts puts in place of each ```mermaid fence. Wraps
 * the classic theme's components (`@theme-init`: `@theme-original` would name this very module); the site's
 * src/theme/MDXComponents.tsx wraps this one in turn.
 */
import MDXComponents from '@theme-init/MDXComponents';
import MermaidDiagram from '@theme/MermaidDiagram';

export default {...MDXComponents, MermaidDiagram};
