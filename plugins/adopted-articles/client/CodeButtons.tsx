/**
 * The classic theme's copy and word-wrap buttons for one code block of an adopted
 * article, which has the block's HTML but no component behind it. The buttons read the block's code and word-wrap
 * state from the code-block context, given here as the theme's code block gives it. A chunk of its own
 * (`code-buttons`, plugins/code-on-demand/chunks.ts), loaded only by adopted articles with code.
 */
import {useLayoutEffect, useMemo, type MutableRefObject, type ReactNode} from 'react';
import {CodeBlockContextProvider, useCodeWordWrap, type CodeBlockMetadata} from '@docusaurus/theme-common/internal';
// The classic theme's buttons as they are: the reader has reached for a block, so nothing waits for an idle moment
// (plugins/code-on-demand's wrapper of them does, for the blocks React hydrates).
import Buttons from '@theme-init/CodeBlock/Buttons';

export default function CodeButtons({pre, code}: {pre: HTMLPreElement; code: string}): ReactNode {
  const wordWrap = useCodeWordWrap();
  // The word-wrap hook measures the block through its ref, which the theme sets on the <pre> it renders. A layout
  // effect runs before the hook's own effects read it.
  useLayoutEffect(() => {
    (wordWrap.codeBlockRef as MutableRefObject<HTMLPreElement | null>).current = pre;
  }, [wordWrap.codeBlockRef, pre]);
  // The buttons read only the code (to copy it) from the block's metadata.
  const metadata = useMemo(() => ({code, codeInput: code}) as CodeBlockMetadata, [code]);
  return (
    <CodeBlockContextProvider metadata={metadata} wordWrap={wordWrap}>
      <Buttons />
    </CodeBlockContextProvider>
  );
}
