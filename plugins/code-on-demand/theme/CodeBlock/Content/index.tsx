/**
 * Why this component exists: the theme's code-block content runs Prism (prism-react-renderer) whenever it renders,
 * hydration included. The server has already highlighted every block when the site was built, so hydrating a page
 * would evaluate the highlighter (about 190 ms of main-thread work on a mid-range phone, mostly defining its
 * grammars) and tokenise every block again, only to produce the lines the HTML already holds.
 *
 * This component adopts the server-rendered lines instead: while hydrating, it finds its `<code>` element by a
 * `useId` id and keeps its HTML with `dangerouslySetInnerHTML`, which React leaves as it is. The highlighter
 * (./Highlighted.tsx, a chunk of its own, see plugins/code-on-demand/chunks.ts) loads only when a block is drawn in the
 * browser: after a client-side navigation, or when the code changes (the SPACE reference fills the reader's instance
 * into its samples). Until it arrives, that block shows its lines unhighlighted, in the same layout.
 *
 * Everything around the lines (the container, the title, the copy and word-wrap buttons) stays the theme's.
 */
import {useEffect, useId, useState, type ReactNode} from 'react';
import clsx from 'clsx';
import {usePrismTheme} from '@docusaurus/theme-common';
import {useCodeBlockContext, type CodeBlockMetadata} from '@docusaurus/theme-common/internal';
import type {Props} from '@theme/CodeBlock/Content';
import {useServerHtml} from '@site/src/utils/useServerHtml';
import PlainLines from './PlainLines';
import {loadHighlighter, loadedHighlighter} from './highlighter';
// The theme's own stylesheet for this part, so the classes are the ones the rest of the theme styles.
import styles from '@docusaurus/theme-classic/lib/theme/CodeBlock/Content/styles.module.css';

/** Highlighted lines once the highlighter has loaded; until then (in the browser only) plain ones. */
function BrowserLines({metadata}: {metadata: CodeBlockMetadata}): ReactNode {
  const [highlighter, setHighlighter] = useState(loadedHighlighter);
  useEffect(() => {
    if (highlighter) return undefined;
    let mounted = true;
    void loadHighlighter().then((module) => mounted && setHighlighter(module));
    return () => {
      mounted = false;
    };
  }, [highlighter]);
  if (highlighter) return <highlighter.default metadata={metadata} />;
  if (typeof window === 'undefined') {
    throw new Error(
      'The syntax highlighter had not loaded when the server rendered a code block (plugins/code-on-demand/theme/CodeBlock/Content/highlighter.ts starts loading it on the server).',
    );
  }
  return <PlainLines metadata={metadata} />;
}

/**
 * The lines each block of the first page drew as the server rendered them, by what decides them (language, line
 * numbers, highlighted lines, code). The theme's Tabs remount their content right after hydration (`key` switches
 * with `useIsBrowser()`, theme-classic 3.8.1's fix for facebook/docusaurus#5653); the remounted blocks have new ids,
 * but the same content, so they take their lines from here instead of loading the highlighter.
 */
const adoptedLines = new Map<string, string>();

const linesKey = (metadata: CodeBlockMetadata) =>
  JSON.stringify([metadata.language, metadata.lineNumbersStart, metadata.lineClassNames, metadata.code]);

/**
 * The server-rendered lines of the `<code>` element with this id, while the page is being hydrated, or those of a
 * block with the same content that was (a block the Tabs remounted).
 */
function useServerLines(id: string, metadata: CodeBlockMetadata): string | null {
  const html = useServerHtml(id);
  const [adopted] = useState(() => {
    const key = linesKey(metadata);
    if (html !== null) adoptedLines.set(key, html);
    return {key, html: html ?? adoptedLines.get(key) ?? null};
  });
  // A block whose code has changed since (an instance filled into a sample) is drawn anew.
  return adopted.html !== null && adopted.key === linesKey(metadata) ? adopted.html : null;
}

export default function CodeBlockContent({className}: Props): ReactNode {
  const {metadata, wordWrap} = useCodeBlockContext();
  const prismTheme = usePrismTheme();
  const id = useId();
  const serverLines = useServerLines(id, metadata);
  const language = metadata.language.toLowerCase();
  const numbered = metadata.lineNumbersStart !== undefined;
  const codeProps = {
    id,
    className: clsx(styles.codeBlockLines, numbered && styles.codeBlockLinesWithNumbering),
    style: numbered ? {counterReset: `line-count ${metadata.lineNumbersStart! - 1}`} : undefined,
  };
  return (
    <pre
      ref={wordWrap.codeBlockRef}
      // Scrollable content must be reachable by keyboard.
      tabIndex={0}
      // The class and style prism-react-renderer gives the <pre>, worked out without loading it.
      className={clsx(className, `prism-code language-${language}`, styles.codeBlock, 'thin-scrollbar')}
      style={prismTheme.plain}
    >
      {serverLines !== null ? (
        <code key="server" {...codeProps} dangerouslySetInnerHTML={{__html: serverLines}} />
      ) : (
        <code key="browser" {...codeProps}>
          <BrowserLines metadata={metadata} />
        </code>
      )}
    </pre>
  );
}
