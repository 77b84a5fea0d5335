/**
 * What the components of an adopted article do in the browser, given to the server's HTML: each behaviour is one
 * listener on the article (or one observer), set up by ../theme/DocItem/Content and removed when the page goes.
 * Each follows the classic theme's component of 3.8.1 that drew the HTML; the e2e tests run the same checks on an
 * adopted page and on the same page reached by a client-side navigation, where the theme's component runs.
 */
import {matchRoutes} from 'react-router-config';
import routes from '@generated/routes';
import {createStorageSlot} from '@docusaurus/theme-common';
import {adoptScrollFocus, SCROLL_FOCUS} from '@site/src/components/ScrollableTable/scrollFocus';
import {TAB_GROUP, TAB_VALUE} from '../tabs';

type Cleanup = () => void;

function on<K extends keyof HTMLElementEventMap>(
  root: HTMLElement,
  type: K,
  listener: (event: HTMLElementEventMap[K]) => void,
): Cleanup {
  root.addEventListener(type, listener);
  return () => root.removeEventListener(type, listener);
}

/* Tabs (theme Tabs): Enter or a click selects a tab, the arrow keys move between tabs, a `groupId` keeps the choice. */

function tabsOf(tab: Element): {tabs: HTMLElement[]; panels: HTMLElement[]} | null {
  const container = tab.closest('.tabs-container');
  const list = tab.closest('[role="tablist"]');
  if (!container || !list) return null;
  const tabs = Array.from(list.querySelectorAll<HTMLElement>(':scope > [role="tab"]'));
  const panels = Array.from(container.querySelectorAll<HTMLElement>(':scope > div > [role="tabpanel"]'));
  return {tabs, panels};
}

function showTab(tab: HTMLElement): void {
  const found = tabsOf(tab);
  if (!found) return;
  const index = found.tabs.indexOf(tab);
  found.tabs.forEach((t, i) => {
    t.setAttribute('aria-selected', String(i === index));
    t.tabIndex = i === index ? 0 : -1;
    t.classList.toggle('tabs__item--active', i === index);
  });
  found.panels.forEach((panel, i) => {
    if (i === index) panel.removeAttribute('hidden');
    else panel.setAttribute('hidden', '');
  });
}

/** Selects a tab and, for a group, the same value in the group's other tab lists, keeping `keep` where it is on screen. */
function selectTab(root: HTMLElement, tab: HTMLElement, keep: HTMLElement | null): void {
  const top = keep?.getBoundingClientRect().top;
  const group = tab.getAttribute(TAB_GROUP);
  const value = tab.getAttribute(TAB_VALUE);
  if (group && value !== null) {
    selectGroupValue(root, group, value);
    try {
      createStorageSlot(`docusaurus.tab.${group}`).set(value);
    } catch {
      // Storage refused (private mode, a policy): the choice just is not kept.
    }
  } else {
    showTab(tab);
  }
  if (keep && top !== undefined) window.scrollBy(0, keep.getBoundingClientRect().top - top);
}

function selectGroupValue(root: HTMLElement, group: string, value: string): void {
  for (const tab of Array.from(root.querySelectorAll<HTMLElement>(`[role="tab"][${TAB_GROUP}]`))) {
    if (tab.getAttribute(TAB_GROUP) === group && tab.getAttribute(TAB_VALUE) === value) showTab(tab);
  }
}

export function driveTabs(root: HTMLElement): Cleanup {
  // The stored choice of each group, as the theme restores it once the page has hydrated.
  const groups = new Set(
    Array.from(root.querySelectorAll(`[role="tab"][${TAB_GROUP}]`), (tab) => tab.getAttribute(TAB_GROUP)!),
  );
  for (const group of groups) {
    let stored: string | null = null;
    try {
      stored = createStorageSlot(`docusaurus.tab.${group}`).get();
    } catch {
      // Storage refused: the server's first tabs stay.
    }
    if (stored !== null) selectGroupValue(root, group, stored);
  }
  const tabAt = (event: Event) => (event.target as Element | null)?.closest<HTMLElement>('[role="tab"]') ?? null;
  const offClick = on(root, 'click', (event) => {
    const tab = tabAt(event);
    if (tab && tab.getAttribute('aria-selected') !== 'true') selectTab(root, tab, tab);
  });
  const offKeys = on(root, 'keydown', (event) => {
    const tab = tabAt(event);
    const found = tab && tabsOf(tab);
    if (!tab || !found) return;
    const index = found.tabs.indexOf(tab);
    if (event.key === 'Enter' && tab.getAttribute('aria-selected') !== 'true') selectTab(root, tab, tab);
    else if (event.key === 'ArrowRight') found.tabs[(index + 1) % found.tabs.length]!.focus();
    else if (event.key === 'ArrowLeft') found.tabs[(index - 1 + found.tabs.length) % found.tabs.length]!.focus();
  });
  return () => {
    offClick();
    offKeys();
  };
}

/* Details (theme Details): the summary opens and closes its content. */

export function driveDetails(root: HTMLElement): Cleanup {
  return on(root, 'click', (event) => {
    const summary = (event.target as Element | null)?.closest('summary');
    const details = summary?.parentElement;
    if (!summary || !(details instanceof HTMLDetailsElement) || !root.contains(details)) return;
    // The theme's details keep their content in a collapsible box, hidden by an inline style while collapsed.
    const box = Array.from(details.children).find((child): child is HTMLElement => child !== summary);
    if (!box || details.dataset.collapsed === undefined) return;
    event.preventDefault();
    const open = details.dataset.collapsed === 'true';
    details.dataset.collapsed = String(!open);
    details.open = open;
    box.style.display = open ? 'block' : 'none';
    box.style.height = open ? 'auto' : '0px';
    box.style.overflow = open ? 'visible' : 'hidden';
  });
}

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

/** Every behaviour of an adopted article; returns the function that removes them. */
export function driveArticle(root: HTMLElement, navigate: (path: string) => void): Cleanup {
  const cleanups = [driveTabs(root), driveDetails(root), driveLinks(root, navigate), driveScrollFocus(root)];
  return () => cleanups.forEach((cleanup) => cleanup());
}
