/**
 * Why this component exists:
 * - Complete Pricing2Yaml examples in the docs (fences marked example="valid" or example="invalid", see
 *   CONTRIBUTING.md) get an "Open in playground" link that carries the example to /playground (./PlaygroundLink.tsx).
 * - The stock component remounts every code block after hydration, because with a light and a dark code theme the
 *   server-rendered colours are only right in light mode. Our code theme is made of CSS variables
 *   (src/utils/prismThemes.ts), right in both modes, so this component renders the theme's content components
 *   directly and skips that remount: no second render of every highlighted line after the page loads.
 * - Highlighting itself is ./Content: it adopts the server-rendered lines on hydration and loads Prism only to draw a
 *   block in the browser (see plugins/code-on-demand/chunks.ts).
 * - Blocks inside a CodeTextContext get their text transformed first: the SPACE API reference fills the reader's
 *   instance into its samples (plugins/space-openapi/theme/SpaceInstance).
 */
import {Children, useContext, type ReactNode} from 'react';
import type {Props} from '@theme/CodeBlock';
import ElementContent from '@theme/CodeBlock/Content/Element';
import StringContent from '@theme/CodeBlock/Content/String';
import {CodeTextContext} from '@site/src/components/CodeText';
import PlaygroundLink from './PlaygroundLink';
import styles from './styles.module.css';

/** The code as one string when it is text only (copyable and highlightable), else null. */
function codeText(children: ReactNode): string | null {
  const parts = Children.toArray(children);
  return parts.every((part) => typeof part === 'string' || typeof part === 'number') ? parts.join('') : null;
}

function CodeBlock({children, ...props}: Props): ReactNode {
  const code = codeText(children);
  return code === null ? (
    <ElementContent {...props}>{children}</ElementContent>
  ) : (
    <StringContent {...props}>{code}</StringContent>
  );
}

const COMPLETE_EXAMPLE = /(?:^|\s)example=["']?(?:valid|invalid)["']?(?:\s|$)/;

export default function CodeBlockWithPlayground(given: Props): ReactNode {
  const transform = useContext(CodeTextContext);
  const language = given.language ?? /language-(\S+)/.exec(given.className ?? '')?.[1];
  const props =
    transform && typeof given.children === 'string' ? {...given, children: transform(given.children, language)} : given;
  const {metastring, children, title} = props as Props & {metastring?: string};
  if (typeof children !== 'string' || !metastring || !COMPLETE_EXAMPLE.test(metastring)) {
    return <CodeBlock {...props} />;
  }
  const name = typeof title === 'string' ? title : /title=["']([^"']+)["']/.exec(metastring)?.[1];
  return (
    <div className={styles.example}>
      <CodeBlock {...props} />
      <PlaygroundLink document={children.replace(/\n$/, '') + '\n'} name={name} />
    </div>
  );
}
