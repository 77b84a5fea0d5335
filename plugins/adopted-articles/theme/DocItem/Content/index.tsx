/**
 * Why this wrapper exists: on the first visit of an adoptable doc page, the doc layout is given a stand-in for the
 * article (../../../client/shell.ts), and this component keeps the server's HTML of the article in its place. Every
 * other time (a client-side navigation, a page that cannot be adopted) it is the classic theme's component, which it
 * wraps (`@theme-init`: `@theme-original` would name this very module), loaded with the article rather than with
 * the doc layout.
 *
 * The adopted article is one element with `dangerouslySetInnerHTML`: hydrating it costs the same for a long article
 * as for a short one, and React keeps no fibers for what is inside. What acts in the browser is given back to it:
 * - code blocks get the theme's copy and word-wrap buttons (../../../client/CodeButtons.tsx), rendered into each
 *   block through a portal once the reader first reaches for a block;
 * - tabs, details, links and scrolling boxes are driven by ../../../client/behaviours.ts;
 * - a component whose HTML is right only in some states (the SPACE instance panel) has the article rendered in React
 *   once the reader reaches for it (its adoption condition, ../../../adoptable.ts).
 *
 * The HTML is kept per page, so coming back to the first page by a client-side navigation draws it again as adopted.
 */
import {
  isValidElement,
  lazy,
  Suspense,
  useCallback,
  useEffect,
  useRef,
  useState,
  type ComponentType,
  type ReactNode,
} from 'react';
import {createPortal, flushSync} from 'react-dom';
import clsx from 'clsx';
import {useHistory} from '@docusaurus/router';
import {ThemeClassNames} from '@docusaurus/theme-common';
import {useDoc} from '@docusaurus/plugin-content-docs/client';
import type ContentType from '@theme/DocItem/Content';
import type {WrapperProps} from '@docusaurus/types';
import {
  adoptedArticleOf,
  ARTICLE_CLASS,
  loadedThemeContent,
  loadThemeContent,
  type AdoptedArticle,
} from '../../../client/shell';
import {driveArticle} from '../../../client/behaviours';
import type {FocusPlace, RestoreFocus as RestoreFocusType} from '../../../client/upgrade';

type Props = WrapperProps<typeof ContentType>;
type ButtonsType = ComponentType<{pre: HTMLPreElement; code: string}>;
interface Upgraded {
  Article: ComponentType;
  RestoreFocus: typeof RestoreFocusType;
  focus: FocusPlace | null;
}

/** The server's HTML of each adopted article, by permalink. */
const adoptedHtml = new Map<string, string>();

interface CodeBlockTarget {
  /** The element the theme puts a block's buttons in, after its `<pre>`. */
  container: HTMLElement;
  pre: HTMLPreElement;
  /** The block's text, line by line as the server drew it. */
  code: string;
}

function codeBlocksOf(root: HTMLElement): CodeBlockTarget[] {
  return Array.from(root.querySelectorAll<HTMLPreElement>('.theme-code-block pre')).flatMap((pre) => {
    const code = pre.querySelector(':scope > code');
    if (!code || !pre.parentElement) return [];
    const lines = Array.from(code.querySelectorAll(':scope > .token-line'), (line) => line.textContent ?? '');
    return [{container: pre.parentElement, pre, code: lines.join('\n')}];
  });
}

function AdoptedContent({
  html,
  article,
  onUpgrade,
}: {
  html: string;
  article: AdoptedArticle;
  onUpgrade: (upgraded: Upgraded) => void;
}): ReactNode {
  const ref = useRef<HTMLDivElement>(null);
  const history = useHistory();
  const [buttons, setButtons] = useState<{Buttons: ButtonsType; blocks: CodeBlockTarget[]}>();
  useEffect(() => {
    const root = ref.current;
    if (!root) return undefined;
    const stop = driveArticle(root, (path) => history.push(path));
    // For tests and tools: the article on the page is the server's HTML (not an attribute React renders, so the
    // hydrated element matches the server's).
    root.setAttribute('data-adopted', '');
    let live = true;
    // The buttons are drawn when the reader first reaches for a code block (points at it, touches it, or moves focus
    // into it): until then the theme shows them to no one (they are transparent until the block is hovered or a
    // button has focus), and a page read without touching its code never loads them.
    const reach = (event: Event) => {
      if (!(event.target instanceof Element) || !event.target.closest('.theme-code-block')) return;
      stopReaching();
      void import('../../../client/CodeButtons').then(({default: Buttons}) => {
        if (live) setButtons({Buttons, blocks: codeBlocksOf(root)});
      });
    };
    // Reaching for a part that needs the article in React (an adoption condition's elements) loads it; what the reader
    // typed or picked meanwhile is kept (`beforeUpgrade`), then the article is drawn in React.
    let upgrading = false;
    const upgrade = (event: Event) => {
      const target = event.target instanceof Element ? event.target : null;
      const condition = target && article.conditions.find((c) => target.closest(c.UPGRADE_SELECTOR));
      if (!condition || upgrading) return;
      upgrading = true;
      void Promise.all([import('../../../client/upgrade'), article.load(), loadThemeContent()]).then(
        ([{focusPlace, RestoreFocus}, {default: Article}]) => {
          if (!live) return;
          // In one task: what the reader typed is read, the article drawn and focus put back, so no keystroke can
          // land in between.
          article.conditions.forEach((c) => c.beforeUpgrade(root));
          const focus = focusPlace(root);
          flushSync(() => onUpgrade({Article, RestoreFocus, focus}));
        },
      );
    };
    const events = ['pointerover', 'focusin', 'touchstart'] as const;
    const stopReaching = () => events.forEach((type) => root.removeEventListener(type, reach));
    events.forEach((type) => root.addEventListener(type, reach, {passive: true}));
    if (article.conditions.length > 0) events.forEach((type) => root.addEventListener(type, upgrade, {passive: true}));
    return () => {
      live = false;
      stopReaching();
      events.forEach((type) => root.removeEventListener(type, upgrade));
      stop();
    };
  }, [history, article, onUpgrade]);
  return (
    <>
      <div
        ref={ref}
        className={clsx(ThemeClassNames.docs.docMarkdown, 'markdown')}
        dangerouslySetInnerHTML={{__html: html}}
      />
      {buttons?.blocks.map((block, i) =>
        createPortal(<buttons.Buttons pre={block.pre} code={block.code} />, block.container, String(i)),
      )}
    </>
  );
}

/**
 * The classic theme's component. Every module the route registry loads for a doc page waits for it before the page
 * renders (../../../client/shell.ts), except an adopted first visit's; the dev server, which has no such modules,
 * loads it here, and so does an adopted article whose HTML is missing (not expected).
 */
const LazyContent = lazy(() => loadThemeContent().then((Content) => ({default: Content})));

function ThemeContent(props: Props): ReactNode {
  const Content = loadedThemeContent();
  if (Content) return <Content {...props} />;
  return (
    <Suspense fallback={null}>
      <LazyContent {...props} />
    </Suspense>
  );
}

/** The article in React, for an adopted article whose kept HTML is missing or no longer right. */
function LoadedArticle({article}: {article: AdoptedArticle}): ReactNode {
  const [Article] = useState(() => lazy(article.load));
  return (
    <ThemeContent>
      <Suspense fallback={null}>
        <Article />
      </Suspense>
    </ThemeContent>
  );
}

export default function ContentWrapper(props: Props): ReactNode {
  const {metadata} = useDoc();
  const article = isValidElement(props.children) ? adoptedArticleOf(props.children.type) : null;
  const [upgraded, setUpgraded] = useState<Upgraded>();
  const onUpgrade = useCallback((next: Upgraded) => setUpgraded(next), []);
  const [html] = useState(() => {
    if (!article) return null;
    const known = adoptedHtml.get(metadata.permalink);
    // Coming back to the first page: its kept HTML, unless a condition no longer holds (a SPACE instance was saved
    // meanwhile), and the article is rendered in React instead.
    if (known !== undefined) return article.conditions.every((c) => c.canAdopt()) ? known : null;
    // The stand-in is only given while the first page hydrates (../../../client/shell.ts), so the article on the
    // page is this one.
    const server = document.querySelector(`.${ARTICLE_CLASS}`)?.innerHTML;
    if (server !== undefined) adoptedHtml.set(metadata.permalink, server);
    return server ?? null;
  });
  if (!article) return <ThemeContent {...props} />;
  if (html === null) return <LoadedArticle article={article} />;
  if (upgraded) {
    // The article rendered in React after the reader reached for a part that needs it (an adoption condition of one
    // of its components); focus goes back to the control that had it in the adopted HTML.
    return (
      <>
        <ThemeContent>
          <upgraded.Article />
        </ThemeContent>
        <upgraded.RestoreFocus focus={upgraded.focus} />
      </>
    );
  }
  return <AdoptedContent html={html} article={article} onUpgrade={onUpgrade} />;
}
