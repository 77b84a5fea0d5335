/**
 * What the components of an adopted article do in the browser, given to the server's HTML: each behaviour is one
 * listener on the article (or one observer), set up by ../theme/DocItem/Content and removed when the page goes. Links
 * and scrolling boxes here; tabs and details in ./tabs.ts and ./details.ts.
 * Each follows the classic theme's component of 3.8.1 that drew the HTML; the e2e tests run the same checks on an
 * adopted page and on the same page reached by a client-side navigation, where the theme's component runs.
 */
import {matchRoutes} from 'react-router-config';
import routes from '@generated/routes';
import {adoptScrollFocus, SCROLL_FOCUS} from '@site/src/components/ScrollableTable/scrollFocus';

import {on, type Cleanup} from './on';

/* Links (theme Link): in-app navigation to the site's pages, prefetched in view and preloaded on hover. */

/** The path of a link the app can render itself, or null for a link the browser follows. */
export function appPath(link: HTMLAnchorElement): string | null {
  if (link.hasAttribute('download') || (link.target && link.target !== '_self')) return null;
  const url = new URL(link.href, window.location.href);
  if (url.origin !== window.location.origin) return null;
  const matches = matchRoutes(routes, url.pathname);
  // The site's routes end with a catch-all for the not-found page: a path only it matches is a file, not a page
  // (a schema, a Markdown twin, `pathname://` links in the docs).
  const page = matches.at(-1)?.route;
  if (!page || page.path === '*' || page.path === undefined) return null;
  return url.pathname + url.search + url.hash;
}

export function driveLinks(root: HTMLElement, navigate: (path: string) => void): Cleanup {
  const linkAt = (event: Event) => (event.target as Element | null)?.closest<HTMLAnchorElement>('a[href]') ?? null;
  const offClick = on(root, 'click', (event) => {
    const link = linkAt(event);
    if (!link || event.defaultPrevented || event.button !== 0) return;
    if (event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    const path = appPath(link);
    if (path === null) return;
    const url = new URL(path, window.location.href);
    // A link to a place on this page: the browser scrolls to it.
    if (url.pathname === window.location.pathname && url.search === window.location.search && url.hash) return;
    event.preventDefault();
    navigate(path);
  });
  const preload = (event: Event) => {
    const link = linkAt(event);
    const path = link && appPath(link);
    if (path) void window.docusaurus.preload(new URL(path, window.location.href).pathname);
  };
  const offOver = on(root, 'mouseover', preload);
  const offTouch = on(root, 'touchstart', preload);
  // Links coming into view are prefetched, as the theme's Link does.
  const observer = new IntersectionObserver((entries) => {
    for (const entry of entries) {
      if (!entry.isIntersecting) continue;
      observer.unobserve(entry.target);
      const path = appPath(entry.target as HTMLAnchorElement);
      if (path) void window.docusaurus.prefetch(new URL(path, window.location.href).pathname);
    }
  });
  root.querySelectorAll('a[href]').forEach((link) => observer.observe(link));
  return () => {
    offClick();
    offOver();
    offTouch();
    observer.disconnect();
  };
}

/* Scrolling boxes (ScrollableTable, ScrollArea): a tab stop while they overflow. */

export function driveScrollFocus(root: HTMLElement): Cleanup {
  const stops = Array.from(root.querySelectorAll<HTMLElement>(`[${SCROLL_FOCUS}]`), adoptScrollFocus);
  return () => stops.forEach((stop) => stop());
}

/**
 * Every behaviour of an adopted article; returns the function that removes them. Tabs (./tabs.ts) and details
 * (./details.ts) load only for an article that has some.
 */
export function driveArticle(root: HTMLElement, navigate: (path: string) => void): Cleanup {
  const cleanups = [driveLinks(root, navigate), driveScrollFocus(root)];
  let live = true;
  if (root.querySelector('[role="tablist"]')) {
    void import('./tabs').then(({driveTabs}) => {
      if (live) cleanups.push(driveTabs(root));
    });
  }
  if (root.querySelector('details')) {
    void import('./details').then(({driveDetails}) => {
      if (live) cleanups.push(driveDetails(root));
    });
  }
  return () => {
    live = false;
    cleanups.forEach((cleanup) => cleanup());
  };
}
