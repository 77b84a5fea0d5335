/**
 * A transformation of the text of the code blocks below it, applied by plugins/code-on-demand/theme/CodeBlock. Kept in a module of its
 * own so the code block, which every page loads, carries nothing but this context.
 */
import {createContext} from 'react';

export type CodeTextTransform = (code: string, language: string | undefined) => string;

export const CodeTextContext = createContext<CodeTextTransform | null>(null);
