/**
 * Remark plugin: a page with a fenced code block imports the code-block component (./client/register.ts), which
 * ./theme/MDXComponents/Code.tsx renders its blocks with. The component then travels with the pages that show code
 * only: the theme's own MDX `code` element imports it into every MDX page.
 *
 * Registered after plugins/mermaid-svg, so a page whose only fences are diagrams (drawn at build time) imports nothing.
 */
import type {Nodes, Root} from 'mdast';
import type {MdxjsEsm} from 'mdast-util-mdxjs-esm';

/** The module a page with code imports for its side effect. */
export const REGISTER_MODULE = '@site/plugins/code-on-demand/client/register';

/** Whether a Markdown tree holds a fenced (or indented) code block. */
export function hasCodeBlock(tree: Nodes): boolean {
  if (tree.type === 'code') return true;
  return 'children' in tree && tree.children.some((child) => hasCodeBlock(child));
}

/** `import '<module>';` as an MDX ESM node, with the ESTree the MDX compiler reads. */
function sideEffectImport(module: string): MdxjsEsm {
  return {
    type: 'mdxjsEsm',
    value: `import ${JSON.stringify(module)};`,
    data: {
      estree: {
        type: 'Program',
        sourceType: 'module',
        body: [
          {
            type: 'ImportDeclaration',
            specifiers: [],
            attributes: [],
            source: {type: 'Literal', value: module, raw: JSON.stringify(module)},
          },
        ],
      },
    },
  };
}

export default function remarkCodeOnDemand() {
  return (tree: Root) => {
    if (hasCodeBlock(tree)) tree.children.unshift(sideEffectImport(REGISTER_MODULE));
  };
}
