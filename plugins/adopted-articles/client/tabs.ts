/**
 * Tabs of an adopted article (./behaviours.ts loads this module for an article that has some), as the classic theme's
 * Tabs of 3.8.1 behave.
 */
import {createStorageSlot} from '@docusaurus/theme-common';
import {TAB_GROUP, TAB_VALUE} from '../tabAttributes';
import {on, type Cleanup} from './on';

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
