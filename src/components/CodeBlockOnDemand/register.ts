/**
 * Imported by every page that has a fenced code block (plugins/code-on-demand adds the import): loads the code-block
 * component with that page (the syntax highlighter stays out: see src/theme/CodeBlock/Content).
 */
import CodeBlock from '@theme/CodeBlock';
import {registerCodeBlock} from './registry';

registerCodeBlock(CodeBlock);
