/**
 * Where the MDX `code` element (../theme/MDXComponents/Code.tsx) finds the code-block component. Pages with a fenced
 * code block import ./register, which puts it here; the others never load it (see ../remark.ts).
 */
import type {ComponentType} from 'react';
import type {Props} from '@theme/CodeBlock';

let registered: ComponentType<Props> | null = null;

export function registerCodeBlock(component: ComponentType<Props>): void {
  registered = component;
}

export function registeredCodeBlock(): ComponentType<Props> | null {
  return registered;
}
