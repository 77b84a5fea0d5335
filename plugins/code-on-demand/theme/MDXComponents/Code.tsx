/**
 * Why this component exists: the theme's MDX `code` element imports the code-block component, and with it the syntax
 * highlighter (about 30 KB gzip and a long task to evaluate on a phone), into every MDX page, code or not. This one
 * renders inline code with the theme's CodeInline and takes the code-block component from the page:
 * plugins/code-on-demand/remark.ts makes every page with a fenced code block import it (../../client/register.ts),
 * so pages without code never load it.
 */
import {Children, type ComponentProps, type ReactNode} from 'react';
import CodeInline from '@theme/CodeInline';
import {registeredCodeBlock} from '../../client/registry';

/** Inline code is text on one line; a fenced block ends with a line break (an empty one has no children at all). */
function isInline(children: ReactNode): boolean {
  return (
    children !== undefined &&
    Children.toArray(children).every((child) => typeof child === 'string' && !child.includes('\n'))
  );
}

export default function MDXCode(props: ComponentProps<'code'>): ReactNode {
  if (isInline(props.children)) return <CodeInline {...props} />;
  const CodeBlock = registeredCodeBlock();
  if (!CodeBlock) {
    throw new Error(
      'A code block is shown on a page that has not loaded the code-block component. Pages with a fenced code block ' +
        'load it through plugins/code-on-demand; a page that writes one as JSX must import it: ' +
        "import '@site/plugins/code-on-demand/client/register';",
    );
  }
  return <CodeBlock {...(props as ComponentProps<typeof CodeBlock>)} />;
}
