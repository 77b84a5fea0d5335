/**
 * Tables that keyboard users can scroll. Infima draws tables as scrolling blocks, so a wide table scrolls sideways on
 * narrow screens; a scrolling area with nothing focusable inside cannot be scrolled from the keyboard (WCAG 2.1.1).
 * While such an area overflows it joins the tab order, so Tab reaches it and the arrow keys scroll it; an area that
 * fits adds no tab stop. The server renders no tabindex; the browser adds it once it has measured.
 *
 * Tables are `deferred`: drawn by the browser only near the viewport (content-visibility). Until then an area is a tab
 * stop whatever its width, and it is measured once drawn.
 */
import {useEffect, useId, useRef, useState, type ComponentProps, type ReactNode, type RefObject} from 'react';
import clsx from 'clsx';
import {useServerHtml} from '@site/src/utils/useServerHtml';
import {SCROLL_FOCUS, SCROLL_LABEL, watchScrollFocus} from './scrollFocus';
import styles from './styles.module.css';

/**
 * A ref for a scrolling element and the tabIndex it needs: 0 while its content overflows it, or, for a `deferred`
 * element, until the browser has drawn it (./scrollFocus.ts).
 */
export function useScrollFocus<T extends HTMLElement>(deferred = false): [RefObject<T | null>, 0 | undefined] {
  const ref = useRef<T>(null);
  const [overflows, setOverflows] = useState(false);
  useEffect(() => (ref.current ? watchScrollFocus(ref.current, deferred, setOverflows) : undefined), [deferred]);
  return [ref, overflows ? 0 : undefined];
}

/**
 * A <div> that scrolls its content (a wide table, say) sideways. While it is a tab stop it is also a named region, so
 * a screen reader says what has focus (a focusable element needs a role that names it).
 *
 * `still` content never changes in the browser (a table rendered from a schema when the site is built, with in-page
 * links only): on hydration the area adopts the server's HTML for it rather than hydrating it element by element, and
 * React keeps no fibers for it (src/utils/useServerHtml.ts). Content with a client-side link or a control must not be
 * still: its handlers would never be attached.
 */
export function ScrollArea({
  label,
  deferred = false,
  still = false,
  className,
  children,
  ...props
}: ComponentProps<'div'> & {label: string; deferred?: boolean; still?: boolean}): ReactNode {
  const [ref, tabIndex] = useScrollFocus<HTMLDivElement>(deferred);
  const id = useId();
  const html = useServerHtml(still ? id : '');
  const focusable = tabIndex === 0 ? {tabIndex, role: 'region', 'aria-label': label} : {};
  const content = still && html !== null ? {dangerouslySetInnerHTML: {__html: html}} : {children};
  return (
    <div
      {...focusable}
      {...{[SCROLL_FOCUS]: deferred ? 'deferred' : '', [SCROLL_LABEL]: label}}
      {...props}
      id={still ? id : props.id}
      className={clsx(className, deferred && styles.deferred)}
      ref={ref}
      {...content}
    />
  );
}

/** A <table> that is itself the scrolling block (Infima's default for Markdown tables). */
export default function ScrollableTable({className, ...props}: ComponentProps<'table'>): ReactNode {
  const [ref, tabIndex] = useScrollFocus<HTMLTableElement>(true);
  return (
    <table
      tabIndex={tabIndex}
      {...{[SCROLL_FOCUS]: 'deferred'}}
      {...props}
      className={clsx(className, styles.deferred)}
      ref={ref}
    />
  );
}
