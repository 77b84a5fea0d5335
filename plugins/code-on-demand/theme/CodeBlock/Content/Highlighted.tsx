/**
 * A block's lines highlighted by Prism (prism-react-renderer with the languages of `prism.additionalLanguages`).
 * Loaded on demand by ./index.tsx, in a chunk of its own: pages only evaluate the highlighter when they draw a block
 * in the browser, never to hydrate. The server renders every block with it.
 */
import type {ReactNode} from 'react';
import {Highlight, Prism} from 'prism-react-renderer';
import prismIncludeLanguages from '@theme/prism-include-languages';
import {usePrismTheme} from '@docusaurus/theme-common';
import type {CodeBlockMetadata} from '@docusaurus/theme-common/internal';
import Line from '@theme/CodeBlock/Line';

prismIncludeLanguages(Prism);

export default function HighlightedLines({metadata}: {metadata: CodeBlockMetadata}): ReactNode {
  const prismTheme = usePrismTheme();
  return (
    <Highlight theme={prismTheme} code={metadata.code} language={metadata.language}>
      {({tokens, getLineProps, getTokenProps}) =>
        tokens.map((line, i) => (
          <Line
            key={i}
            line={line}
            getLineProps={getLineProps}
            getTokenProps={getTokenProps}
            classNames={metadata.lineClassNames[i]}
            showLineNumbers={metadata.lineNumbersStart !== undefined}
          />
        ))
      }
    </Highlight>
  );
}
