/**
 * Putting focus back after an adopted article is rendered in React (an adoption condition's upgrade, see
 * ../theme/DocItem/Content): loaded with the article, only by the pages with such a condition.
 */
import {useLayoutEffect} from 'react';
import {ARTICLE_CLASS} from './shell';

/** What had focus in an article: the how-manieth of its controls, and the selection inside it. */
export interface FocusPlace {
  index: number;
  selection: [number | null, number | null] | null;
}

const CONTROLS = 'a[href], button, input, select, textarea, [tabindex]';

export function focusPlace(root: HTMLElement): FocusPlace | null {
  const active = document.activeElement;
  if (!active || !root.contains(active)) return null;
  const index = Array.from(root.querySelectorAll(CONTROLS)).indexOf(active);
  const selection = active instanceof HTMLInputElement ? [active.selectionStart, active.selectionEnd] : null;
  return index < 0 ? null : {index, selection: selection as FocusPlace['selection']};
}

/** Focuses the control at the same place in the article React has just drawn, in the same commit. */
export function RestoreFocus({focus}: {focus: FocusPlace | null}): null {
  useLayoutEffect(() => {
    const root = document.querySelector<HTMLElement>(`.${ARTICLE_CLASS}`);
    const control = focus && root?.querySelectorAll<HTMLElement>(CONTROLS)[focus.index];
    if (!control) return;
    control.focus();
    if (control instanceof HTMLInputElement && focus.selection) {
      try {
        control.setSelectionRange(focus.selection[0], focus.selection[1]);
      } catch {
        // Radios and checkboxes have no selection.
      }
    }
  }, [focus]);
  return null;
}
