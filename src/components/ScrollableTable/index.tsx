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
import styles from './styles.module.css';

/**
 * A ref for a scrolling element and the tabIndex it needs: 0 while its content overflows it, or, for a `deferred`
 * element, until the browser has drawn it.
 */
export function useScrollFocus<T extends HTMLElement>(deferred = false): [RefObject<T | null>, 0 | undefined] {
  const ref = useRef<T>(null);
  const [overflows, setOverflows] = useState(false);

  useEffect(() => {
    const area = ref.current;
    if (!area) return undefined;
    // A deferred area is drawn once its content has a size. Until then its own size is a stand-in and whether it
    // overflows is unknown: it is a tab stop all the same, so Tab cannot pass a wide table the browser has not drawn
    // (taking focus draws it). Nothing is read from the page for it before then: reading inside an area the browser
    // skips would lay it out there and then, one table after another.
    let drawn = !deferred;
    const measure = () => {
      if (!drawn) return setOverflows(true);
      const now = area.scrollWidth > area.clientWidth || area.scrollHeight > area.clientHeight;
      // An area that has focus stays a tab stop until focus leaves it.
      if (now || document.activeElement !== area) setOverflows(now);
    };
    measure();
    // The area's box changes with the viewport, its content with late fonts and when the browser draws it. The
    // observer reports after layout, when reading sizes costs nothing.
    const observer = new ResizeObserver((entries) => {
      drawn ||= entries.some((entry) => entry.target !== area && entry.contentRect.width > 0);
      measure();
    });
    observer.observe(area);
    for (const part of Array.from(area.children)) observer.observe(part);
    area.addEventListener('blur', measure);
    return () => {
      observer.disconnect();
      area.removeEventListener('blur', measure);
    };
  }, [deferred]);

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
  return <table tabIndex={tabIndex} {...props} className={clsx(className, styles.deferred)} ref={ref} />;
}
