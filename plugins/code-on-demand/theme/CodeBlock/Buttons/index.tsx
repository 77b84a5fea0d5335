/**
 * Why this wrapper exists: the theme draws the copy and word-wrap buttons of every code block in the browser only, in
 * the render that follows hydration. That render runs in one task, so on the SPACE API reference (59 blocks, some 530
 * elements of buttons and icons) the buttons made up a large part of the longest task after load. Here they wait for
 * the first idle moment after hydration and then appear together in a transition, which React renders in slices; the
 * blocks of pages reached later by client-side navigation show theirs at once.
 */
import {startTransition, useEffect, useState, type ReactNode} from 'react';
// The classic theme's buttons (`@theme-original/...` would name this very component: see ../../../index.ts).
import Buttons from '@theme-init/CodeBlock/Buttons';
import type ButtonsType from '@theme/CodeBlock/Buttons';
import type {WrapperProps} from '@docusaurus/types';

type Props = WrapperProps<typeof ButtonsType>;

/** Blocks still waiting for their buttons. */
const waiting = new Set<(shown: boolean) => void>();
/** Whether the first idle moment after the page loaded has come: from then on, buttons render with their block. */
let released = false;

function release(): void {
  released = true;
  startTransition(() => {
    waiting.forEach((show) => show(true));
    waiting.clear();
  });
}

function whenIdle(callback: () => void): void {
  if (typeof window.requestIdleCallback === 'function') window.requestIdleCallback(callback, {timeout: 1000});
  else window.setTimeout(callback, 200);
}

export default function ButtonsWrapper(props: Props): ReactNode {
  const [shown, setShown] = useState(released);
  useEffect(() => {
    if (shown) return undefined;
    if (released) {
      setShown(true);
      return undefined;
    }
    if (waiting.size === 0) whenIdle(release);
    waiting.add(setShown);
    return () => {
      waiting.delete(setShown);
    };
  }, [shown]);
  return shown ? <Buttons {...props} /> : null;
}
