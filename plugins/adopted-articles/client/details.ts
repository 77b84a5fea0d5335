/**
 * Details of an adopted article (./behaviours.ts loads this module for an article that has some), as the classic
 * theme's Details of 3.8.1 behave.
 */
import {on, type Cleanup} from './on';

/** The summary opens and closes its content. */
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
