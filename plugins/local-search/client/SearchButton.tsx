/**
 * The search button and the keyboard shortcuts of the navbar's SearchBar (../theme/SearchBar), in both search modes,
 * with the props of DocSearch's `DocSearchButton` and `useDocSearchKeyboardEvents`. They also start fetching the index
 * and the engine the moment the SearchBar starts fetching the modal's code (hover, focus or touch of the button, Ctrl/Cmd+K,
 * `/`, or typing a letter at the button). Fetched one after the other, the first search waited for the modal's chunk
 * before its index request even began. Both loads are shared and cached, so later calls cost nothing.
 *
 * Every way of opening the modal also keeps the keys typed before its search field is ready (./earlyTyping.ts).
 */
import React, {useCallback, useEffect, useMemo, useState, type ReactNode} from 'react';
import type {DocSearchButtonProps, UseDocSearchKeyboardEventsProps} from '@docsearch/react';
import {loadIndex} from './searchClient';
import {indexSource} from './indexSource';
import {keepEarlyTyping, type InputHandler} from './earlyTyping';

/** Starts loading the index and engine; a failure is left to the first search, which retries and reports it. */
export function warmSearch(): void {
  const source = indexSource();
  if (source.url) loadIndex(source).catch(() => undefined);
}

function warming<E>(handler: ((event: E) => void) | undefined) {
  return (event: E) => {
    warmSearch();
    handler?.(event);
  };
}

/**
 * The SearchBar's `onInput` handler (it turns typed text into the modal's initial query), for a click on the button:
 * the SearchBar hands it to the keyboard hook, not to the button. One SearchBar per page.
 */
let searchBarOnInput: InputHandler | undefined;

/** Every key combination that opens search: DocSearch accepts Ctrl+K and Cmd+K on every platform, and `/`. */
export const SEARCH_SHORTCUTS = 'Control+K Meta+K /';

/** A key held down: the key cap that shows it looks pressed. */
function useKeyHeld(key: string): boolean {
  const [held, setHeld] = useState(false);
  useEffect(() => {
    const down = (event: KeyboardEvent) => {
      if (event.key === key) setHeld(true);
    };
    const up = (event: KeyboardEvent) => {
      if (event.key === key || event.key === 'Meta') setHeld(false);
    };
    window.addEventListener('keydown', down);
    window.addEventListener('keyup', up);
    return () => {
      window.removeEventListener('keydown', down);
      window.removeEventListener('keyup', up);
    };
  }, [key]);
  return held;
}

function KeyCap({reactsTo, children}: {reactsTo: string; children: ReactNode}) {
  const held = useKeyHeld(reactsTo);
  return (
    <kbd className={held ? 'DocSearch-Button-Key DocSearch-Button-Key--pressed' : 'DocSearch-Button-Key'}>
      {children}
    </kbd>
  );
}

/** "Ctrl" drawn to fit DocSearch's 20 px key cap, whose width the button reserves before the caps appear. */
const CTRL = (
  <svg width="15" height="15" viewBox="0 0 15 15" aria-hidden="true">
    <text
      x="7.5"
      y="10.5"
      textAnchor="middle"
      fontSize="7.5"
      fill="currentColor"
      textLength="14"
      lengthAdjust="spacingAndGlyphs"
    >
      Ctrl
    </text>
  </svg>
);

/**
 * The navbar's search button, with the markup and classes DocSearch's stylesheet dresses (the site bundles all its
 * CSS in one file, so that stylesheet is in the page from the start). Written here rather than imported: in DocSearch
 * 3.9 `@docsearch/react` is one module holding the modal too, and importing its button put all of it in every page's
 * main bundle; the modal's code now loads only with the modal. The accessible name is the visible label, "Search" (WCAG 2.5.3, axe `label-content-name-mismatch`):
 * the key caps are hidden from assistive technology and the shortcuts announced with `aria-keyshortcuts`. On narrow
 * screens the label is visually hidden rather than removed (src/css/custom.css), so the icon-only button keeps its
 * name. The key caps come after hydration, once the platform is known (⌘ on Apple devices, Ctrl elsewhere).
 */
export const DocSearchButton = React.forwardRef<HTMLButtonElement, DocSearchButtonProps>(function DocSearchButton(
  {translations, onMouseOver, onFocus, onTouchStart, onClick, ...props},
  ref,
) {
  const [modifier, setModifier] = useState<'⌘' | 'Ctrl' | null>(null);
  useEffect(() => {
    setModifier(/Mac|iPhone|iPod|iPad/i.test(navigator.platform) ? '⌘' : 'Ctrl');
  }, []);
  return (
    <button
      type="button"
      className="DocSearch DocSearch-Button"
      {...props}
      ref={ref}
      aria-keyshortcuts={SEARCH_SHORTCUTS}
      onMouseOver={warming(onMouseOver)}
      onFocus={warming(onFocus)}
      onTouchStart={warming(onTouchStart)}
      onClick={(event) => {
        warmSearch();
        keepEarlyTyping(searchBarOnInput);
        onClick?.(event);
      }}
    >
      <span className="DocSearch-Button-Container">
        <svg className="DocSearch-Search-Icon" width="20" height="20" viewBox="0 0 20 20" aria-hidden="true">
          <circle cx="8.5" cy="8.5" r="6" fill="none" stroke="currentColor" strokeWidth="1.6" />
          <path d="M13 13l5 5" stroke="currentColor" strokeWidth="1.6" strokeLinecap="round" />
        </svg>
        <span className="DocSearch-Button-Placeholder">{translations?.buttonText ?? 'Search'}</span>
      </span>
      <span className="DocSearch-Button-Keys" aria-hidden="true">
        {modifier ? (
          <>
            <KeyCap reactsTo={modifier === '⌘' ? 'Meta' : 'Control'}>{modifier === '⌘' ? modifier : CTRL}</KeyCap>
            <KeyCap reactsTo="k">K</KeyCap>
          </>
        ) : null}
      </span>
    </button>
  );
});

/** Whether a key event comes from a place where `/` is text, not a shortcut. */
const typingText = (event: KeyboardEvent): boolean => {
  const target = event.target as HTMLElement | null;
  return !!target && (target.isContentEditable || ['INPUT', 'SELECT', 'TEXTAREA'].includes(target.tagName));
};

/**
 * The props of DocSearch's hook the site's takes: DocSearch 4 adds `isAskAiActive` and `onAskAiToggle`, for an Ask AI
 * mode the site does not configure.
 */
type SearchShortcutsProps = Pick<
  UseDocSearchKeyboardEventsProps,
  'isOpen' | 'onOpen' | 'onClose' | 'onInput' | 'searchButtonRef'
>;

/**
 * The shortcuts of the SearchBar: Ctrl+K or Cmd+K toggles the modal, `/` opens it (not while typing in a field),
 * Escape closes it; a letter or digit typed while the button has focus opens it with that character. Opening also
 * starts fetching the index and keeps the keys typed before the search field is ready.
 */
export function useDocSearchKeyboardEvents({
  isOpen,
  onOpen,
  onClose,
  onInput,
  searchButtonRef,
}: SearchShortcutsProps): void {
  searchBarOnInput = onInput as InputHandler | undefined;
  const open = useMemo(
    () => () => {
      warmSearch();
      keepEarlyTyping(onInput as InputHandler | undefined);
      onOpen();
    },
    [onOpen, onInput],
  );
  const onKeyDown = useCallback(
    (event: KeyboardEvent) => {
      // Undefined for some synthetic events (a browser's autofill).
      const key = event.key ?? '';
      const toggle = key.toLowerCase() === 'k' && (event.ctrlKey || event.metaKey);
      const close = key === 'Escape' && isOpen;
      const slash = key === '/' && !isOpen && !typingText(event);
      if (toggle || close || slash) {
        event.preventDefault();
        if (isOpen) onClose();
        // The modal of another search on the page is open.
        else if (!document.body.classList.contains('DocSearch--active')) open();
        return;
      }
      if (
        onInput &&
        searchButtonRef?.current === document.activeElement &&
        key.length === 1 &&
        /[a-z0-9]/i.test(key) &&
        !event.ctrlKey &&
        !event.metaKey &&
        !event.altKey
      ) {
        warmSearch();
        onInput(event);
        keepEarlyTyping(onInput as InputHandler, key);
      }
    },
    [isOpen, onClose, onInput, open, searchButtonRef],
  );
  useEffect(() => {
    window.addEventListener('keydown', onKeyDown);
    return () => window.removeEventListener('keydown', onKeyDown);
  }, [onKeyDown]);
}
