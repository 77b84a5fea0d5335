/** A block's lines without highlighting, laid out like highlighted ones: shown while the highlighter loads. */
import type {ReactNode} from 'react';
import clsx from 'clsx';
import Line from '@theme/CodeBlock/Line';
import type {Props as LineProps} from '@theme/CodeBlock/Line';
import type {CodeBlockMetadata} from '@docusaurus/theme-common/internal';

type Token = LineProps['line'][number];

const getLineProps: LineProps['getLineProps'] = ({className, line: _line, ...rest}) => ({
  ...rest,
  className: clsx('token-line', className),
});

const getTokenProps: LineProps['getTokenProps'] = ({token, className, ...rest}) => ({
  ...rest,
  className: clsx('token', ...token.types, className),
  children: token.content,
});

export default function PlainLines({metadata}: {metadata: CodeBlockMetadata}): ReactNode {
  const lines = metadata.code.split(/\r\n|\r|\n/);
  return lines.map((content, i) => (
    <Line
      key={i}
      line={[{types: ['plain'], content} satisfies Token]}
      getLineProps={getLineProps}
      getTokenProps={getTokenProps}
      classNames={metadata.lineClassNames[i]}
      showLineNumbers={metadata.lineNumbersStart !== undefined}
    />
  ));
}
