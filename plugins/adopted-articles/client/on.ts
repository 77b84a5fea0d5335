export type Cleanup = () => void;

/** Adds a listener to an element; returns the function that removes it. */
export function on<K extends keyof HTMLElementEventMap>(
  root: HTMLElement,
  type: K,
  listener: (event: HTMLElementEventMap[K]) => void,
): Cleanup {
  root.addEventListener(type, listener);
  return () => root.removeEventListener(type, listener);
}
