/**
 * Tables that keyboard users can scroll. Infima draws tables as scrolling blocks, so a wide table scrolls sideways on
 * narrow screens; a scrolling area with nothing focusable inside cannot be scrolled from the keyboard (WCAG 2.1.1).
 * While such an area overflows it joins the tab order, so Tab reaches it and the arrow keys scroll it; an area that
 * fits adds no tab stop. The server renders no tabindex; the browser adds it once it has measured.
 *
 * Tables are `deferred`: rendered by the browser only near the viewport (content-visibility). Only the scrolling element
 * itself is measured, which a skipped element answers without laying out its content; its ResizeObserver measures again
 * once the content is drawn.
 */
import {useEffect, useRef, useState, type ComponentProps, type ReactNode, type RefObject} from 'react';
import clsx from 'clsx';
import styles from './styles.module.css';

/** A ref for a scrolling element and the tabIndex it needs: 0 while its content overflows it. */
export function useScrollFocus<T extends HTMLElement>(): [RefObject<T | null>, 0 | undefined] {
  const ref = useRef<T>(null);
  const [overflows, setOverflows] = useState(false);

  useEffect(() => {
    const area = ref.current;
    if (!area) return undefined;
    const measure = () => setOverflows(area.scrollWidth > area.clientWidth || area.scrollHeight > area.clientHeight);
    measure();
    // The area's box changes with the viewport, its content with late fonts.
    const observer = new ResizeObserver(measure);
    observer.observe(area);
    for (const part of Array.from(area.children)) observer.observe(part);
    return () => observer.disconnect();
  }, []);

  return [ref, overflows ? 0 : undefined];
}

/**
 * A <div> that scrolls its content (a wide table, say) sideways. While it is a tab stop it is also a named region, so
 * a screen reader says what has focus (a focusable element needs a role that names it).
 */
export function ScrollArea({
  label,
  deferred = false,
  className,
  ...props
}: ComponentProps<'div'> & {label: string; deferred?: boolean}): ReactNode {
  const [ref, tabIndex] = useScrollFocus<HTMLDivElement>();
  const focusable = tabIndex === 0 ? {tabIndex, role: 'region', 'aria-label': label} : {};
  return <div {...focusable} {...props} className={clsx(className, deferred && styles.deferred)} ref={ref} />;
}

/** A <table> that is itself the scrolling block (Infima's default for Markdown tables). */
export default function ScrollableTable({className, ...props}: ComponentProps<'table'>): ReactNode {
  const [ref, tabIndex] = useScrollFocus<HTMLTableElement>();
  return <table tabIndex={tabIndex} {...props} className={clsx(className, styles.deferred)} ref={ref} />;
}
