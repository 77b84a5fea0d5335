/**
 * What the navbar's SearchBar imports from `@docsearch/react` in embedded mode (a SearchBar-scoped alias, see
 * ../index.ts): DocSearch's own button and keyboard shortcuts, which also start fetching the index and the engine the
 * moment the theme starts fetching the modal's code (hover, focus or touch of the button, Ctrl/Cmd+K, `/`, or
 * typing a letter at the button). Fetched one after the other, the first search waited for the modal's chunk before
 * its index request even began. Both loads are shared and cached, so later calls cost nothing.
 *
 * Every way of opening the modal also keeps the keys typed before its search field is ready (./earlyTyping.ts).
 */
import React, {useCallback, useMemo} from 'react';
import {
  DocSearchButton as OriginalDocSearchButton,
  useDocSearchKeyboardEvents as originalUseDocSearchKeyboardEvents,
  type DocSearchButtonProps,
  type UseDocSearchKeyboardEventsProps,
} from '@docsearch/react/dist/esm/index.js';
import {loadIndex} from './searchClient';
import {indexSource} from './indexSource';
import {keepEarlyTyping, type InputHandler} from './earlyTyping';

export * from '@docsearch/react/dist/esm/index.js';

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
 * The theme's `onInput` handler (it turns typed text into the modal's initial query), for a click on the button:
 * the SearchBar hands it to the keyboard hook, not to the button. One SearchBar per page.
 */
let themeOnInput: InputHandler | undefined;

/** Every key combination that opens search: DocSearch accepts Ctrl+K and Cmd+K on every platform, and `/`. */
export const SEARCH_SHORTCUTS = 'Control+K Meta+K /';

/**
 * DocSearch's button with an accessible name that is its visible label. DocSearch names it "Search (Ctrl+K)" with
 * `aria-label` while the button shows "Search" and the key caps, so the name does not contain the visible text (WCAG
 * 2.5.3, axe `label-content-name-mismatch`). Here the name comes from the content, "Search"; the key caps are hidden
 * from assistive technology and the shortcuts are announced with `aria-keyshortcuts` instead. On narrow screens the
 * label is visually hidden rather than removed (src/css/custom.css), so the icon-only button keeps its name.
 */
export const DocSearchButton = React.forwardRef<HTMLButtonElement, DocSearchButtonProps>(
  function DocSearchButton(props, ref) {
    const {onMouseOver, onFocus, onTouchStart, onClick} = props;
    const setButton = useCallback(
      (button: HTMLButtonElement | null) => {
        button?.querySelector('.DocSearch-Button-Keys')?.setAttribute('aria-hidden', 'true');
        if (typeof ref === 'function') ref(button);
        else if (ref) ref.current = button;
      },
      [ref],
    );
    return (
      <OriginalDocSearchButton
        {...props}
        ref={setButton}
        aria-label={undefined}
        aria-keyshortcuts={SEARCH_SHORTCUTS}
        onMouseOver={warming(onMouseOver)}
        onFocus={warming(onFocus)}
        onTouchStart={warming(onTouchStart)}
        onClick={(event) => {
          warmSearch();
          keepEarlyTyping(themeOnInput);
          onClick?.(event);
        }}
      />
    );
  },
);

export function useDocSearchKeyboardEvents(props: UseDocSearchKeyboardEventsProps): void {
  const {onOpen, onInput} = props;
  themeOnInput = onInput as InputHandler | undefined;
  const wrapped = useMemo(
    () => ({
      onOpen: () => {
        warmSearch();
        keepEarlyTyping(onInput as InputHandler | undefined);
        onOpen();
      },
      // A letter typed while the button has focus opens the modal with that letter; keep the ones that follow.
      onInput:
        onInput &&
        ((event: KeyboardEvent) => {
          warmSearch();
          onInput(event);
          if (!event.ctrlKey && !event.metaKey) keepEarlyTyping(onInput as InputHandler, event.key);
        }),
    }),
    [onOpen, onInput],
  );
  originalUseDocSearchKeyboardEvents({...props, ...wrapped});
}
