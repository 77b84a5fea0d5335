/**
 * Tables that keyboard users can scroll. Infima draws tables as scrolling blocks, so a wide table scrolls sideways on
 * narrow screens; a scrolling area with nothing focusable inside cannot be scrolled from the keyboard (WCAG 2.1.1).
 * While such an area overflows it joins the tab order, so Tab reaches it and the arrow keys scroll it; an area that
 * fits adds no tab stop. The server renders no tabindex; the browser adds it once it has measured.
 */
import {useEffect, useRef, useState, type ComponentProps, type ReactNode, type RefObject} from 'react';

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
export function ScrollArea({label, ...props}: ComponentProps<'div'> & {label: string}): ReactNode {
  const [ref, tabIndex] = useScrollFocus<HTMLDivElement>();
  const focusable = tabIndex === 0 ? {tabIndex, role: 'region', 'aria-label': label} : {};
  return <div {...focusable} {...props} ref={ref} />;
}

/** A <table> that is itself the scrolling block (Infima's default for Markdown tables). */
export default function ScrollableTable(props: ComponentProps<'table'>): ReactNode {
  const [ref, tabIndex] = useScrollFocus<HTMLTableElement>();
  return <table tabIndex={tabIndex} {...props} ref={ref} />;
}
