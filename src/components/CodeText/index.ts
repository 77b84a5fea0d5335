/**
 * A transformation of the text of the code blocks below it, applied by plugins/code-on-demand/theme/CodeBlock (the
 * SPACE API reference's instance panel provides one). Kept in a module of its own, outside both, so the code block,
 * which every page loads, carries nothing but this context.
 */
import {createContext} from 'react';

export type CodeTextTransform = (code: string, language: string | undefined) => string;

export const CodeTextContext = createContext<CodeTextTransform | null>(null);
