/**
 * Imported by every page that has a fenced code block (../remark.ts adds the import): loads the code-block component
 * with that page (the syntax highlighter stays out: see ../theme/CodeBlock/Content).
 */
import CodeBlock from '@theme/CodeBlock';
import {registerCodeBlock} from './registry';

registerCodeBlock(CodeBlock);
