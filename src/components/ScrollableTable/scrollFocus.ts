/** Whether a scrolling box must be a tab stop, read from the DOM: ./index.tsx's hook. */

/** Marks a scrolling box on the server's HTML: `deferred` for one the browser draws only near the viewport. */
export const SCROLL_FOCUS = 'data-scroll-focus';
/** The accessible name a scrolling box takes while it is a tab stop (a `role="region"`); tables take none. */
export const SCROLL_LABEL = 'data-scroll-label';

/**
 * Watches `area` and reports whether it must be a tab stop: while its content overflows it, or, when `deferred`,
 * until the browser has drawn it. Returns the function that stops watching.
 */
export function watchScrollFocus(
  area: HTMLElement,
  deferred: boolean,
  report: (focusable: boolean) => void,
): () => void {
  // A deferred area is drawn once its content has a size. Until then its own size is a stand-in and whether it
  // overflows is unknown: it is a tab stop all the same, so Tab cannot pass a wide table the browser has not drawn
  // (taking focus draws it). Nothing is read from the page for it before then: reading inside an area the browser
  // skips would lay it out there and then, one table after another.
  let drawn = !deferred;
  let last: boolean | undefined;
  const set = (now: boolean) => {
    if (now !== last) report((last = now));
  };
  const measure = () => {
    if (!drawn) return set(true);
    const now = area.scrollWidth > area.clientWidth || area.scrollHeight > area.clientHeight;
    // An area that has focus stays a tab stop until focus leaves it.
    if (now || document.activeElement !== area) set(now);
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
}
