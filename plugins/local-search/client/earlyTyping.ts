/**
 * Keeps what the reader types between asking for search (Ctrl/Cmd+K, `/`, a click, tap or letter on the search
 * button) and the modal's search field being there and focused. On a first visit the modal's code and the index are
 * fetched at that moment; DocSearch itself drops those keys (the field does not exist yet), so a quick typist lost
 * the start of every first query.
 *
 * While the field is not ready, printable keys and Backspace are taken at the window's capture phase and kept in
 * order. Before the modal mounts, the text goes to the SearchBar's `onInput` handler, which makes it the modal's
 * `initialQuery` (DocSearch searches it as soon as it mounts); once the field exists, the rest is written into it as
 * an `input` event, exactly as typing would. Capture ends as soon as the field has focus (the key that finds it
 * focused goes through untouched), when the modal goes away, or after `GIVE_UP_MS` if it never comes.
 */

/** What the SearchBar (../theme/SearchBar) hands `useDocSearchKeyboardEvents` as `onInput`: it reads `key` and calls `preventDefault`. */
export type InputHandler = (event: Pick<KeyboardEvent, 'key' | 'preventDefault' | 'ctrlKey' | 'metaKey'>) => void;

const FIELD = '.DocSearch-Modal .DocSearch-Input';
/** DocSearch's field takes at most 64 characters. */
const MAX_LENGTH = 64;
/** If the modal never appears (its code failed to load), stop taking keys. */
const GIVE_UP_MS = 15_000;

let active: {stop: () => void} | null = null;

function field(): HTMLInputElement | null {
  return document.querySelector<HTMLInputElement>(FIELD);
}

/** Writes `text` into DocSearch's field as typing would: React and autocomplete see an ordinary `input` event. */
function writeInto(input: HTMLInputElement, text: string): void {
  if (input.value === text) return;
  const setValue = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')?.set;
  setValue?.call(input, text);
  input.dispatchEvent(new Event('input', {bubbles: true}));
}

/**
 * Starts keeping keys until the search field is ready. `onInput` is the SearchBar's handler; `initial` is a key already
 * typed and already handed to it (the letter that opened the modal from the focused button). Calling it while
 * already keeping keys does nothing.
 */
export function keepEarlyTyping(onInput: InputHandler | undefined, initial = ''): void {
  if (active || typeof window === 'undefined') return;
  let text = initial;
  let seenModal = false;
  const startedAt = Date.now();

  const ready = (): boolean => {
    const input = field();
    return !!input && document.activeElement === input;
  };

  const deliver = (): void => {
    const input = field();
    if (input) {
      writeInto(input, text);
      input.focus();
    } else if (onInput && text) {
      // Not mounted yet: this becomes the modal's initialQuery (the handler also asks for the modal, harmlessly).
      onInput({key: text, preventDefault: () => undefined, ctrlKey: false, metaKey: false});
    }
  };

  const onKeyDown = (event: KeyboardEvent): void => {
    if (ready()) {
      // The field has focus: make sure it holds everything kept so far, then let this key reach it.
      deliver();
      stop();
      return;
    }
    if (event.ctrlKey || event.metaKey || event.altKey || event.isComposing) return;
    if (event.key === 'Backspace') text = text.slice(0, -1);
    else if (event.key.length === 1 && text.length < MAX_LENGTH) text += event.key;
    else if (event.key.length === 1) {
      // Full: swallow it, as the field's maxlength would.
    } else return;
    event.preventDefault();
    event.stopPropagation();
    deliver();
  };

  // Ends capture when the field is focused (after our last delivery), when the modal closes, or on give-up.
  const watch = window.setInterval(() => {
    const input = field();
    if (input) seenModal = true;
    if (input && document.activeElement === input) {
      writeInto(input, text);
      stop();
    } else if ((seenModal && !input) || Date.now() - startedAt > GIVE_UP_MS) {
      stop();
    }
  }, 25);

  const stop = (): void => {
    window.removeEventListener('keydown', onKeyDown, true);
    window.clearInterval(watch);
    active = null;
  };

  window.addEventListener('keydown', onKeyDown, true);
  active = {stop};
}
