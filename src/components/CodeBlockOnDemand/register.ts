/**
 * Imported by every page that has a fenced code block (plugins/code-on-demand adds the import): loads the code-block
 * component, and with it the syntax highlighter, with that page.
 */
import CodeBlock from '@theme/CodeBlock';
import {registerCodeBlock} from './registry';

registerCodeBlock(CodeBlock);
