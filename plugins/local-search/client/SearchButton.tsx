/**
 * What the navbar's SearchBar imports from `@docsearch/react` in embedded mode (a SearchBar-scoped alias, see
 * ../index.ts): DocSearch's own button and keyboard shortcuts, which also start fetching the index and the engine the
 * moment the theme starts fetching the modal's code (hover, focus or touch of the button, Ctrl/Cmd+K, `/`, or
 * typing a letter at the button). Fetched one after the other, the first search waited for the modal's chunk before
 * its index request even began. Both loads are shared and cached, so later calls cost nothing.
 */
import React, {useMemo} from 'react';
import {
  DocSearchButton as OriginalDocSearchButton,
  useDocSearchKeyboardEvents as originalUseDocSearchKeyboardEvents,
  type DocSearchButtonProps,
  type UseDocSearchKeyboardEventsProps,
} from '@docsearch/react/dist/esm/index.js';
import {loadIndex} from './searchClient';
import {indexSource} from './indexSource';

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

export const DocSearchButton = React.forwardRef<HTMLButtonElement, DocSearchButtonProps>(
  function DocSearchButton(props, ref) {
    const {onMouseOver, onFocus, onTouchStart} = props;
    return (
      <OriginalDocSearchButton
        {...props}
        ref={ref}
        onMouseOver={warming(onMouseOver)}
        onFocus={warming(onFocus)}
        onTouchStart={warming(onTouchStart)}
      />
    );
  },
);

export function useDocSearchKeyboardEvents(props: UseDocSearchKeyboardEventsProps): void {
  const {onOpen, onInput} = props;
  const wrapped = useMemo(
    () => ({
      onOpen: () => {
        warmSearch();
        onOpen();
      },
      onInput: onInput && warming(onInput),
    }),
    [onOpen, onInput],
  );
  originalUseDocSearchKeyboardEvents({...props, ...wrapped});
}
