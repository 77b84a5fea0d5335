/**
 * Built HTML page → Markdown twin, with the unified chain: rehype-parse → ./docusaurusMarkup.ts (the theme's markup
 * rewritten into plain elements) → rehype-remark → remark-gfm → remark-stringify.
 */
import type {Element, Root as HastRoot} from 'hast';
import type {Code, Root as MdastRoot, RootContent} from 'mdast';
import {defaultHandlers} from 'hast-util-to-mdast';
import rehypeRemark, {type Options as RehypeRemarkOptions} from 'rehype-remark';
import remarkGfm from 'remark-gfm';
import remarkStringify, {type Options as StringifyOptions} from 'remark-stringify';
import {unified} from 'unified';
import {parseHtml} from '../hast';
import {CODE_MARK, rehypeDocusaurus, type MarkupOptions, type PageFacts} from './docusaurusMarkup';

export interface TwinOptions extends MarkupOptions {
  /** The docs version the page belongs to, e.g. `2.0.1`. */
  version: string;
  /** The current docs version. */
  currentVersion: string;
  /** One-sentence summary of the page (its front matter `description`), if any. */
  description?: string;
}

const handlers: RehypeRemarkOptions['handlers'] = {
  pre(state, node: Element) {
    if (!node.properties[CODE_MARK]) return defaultHandlers.pre(state, node);
    const value = node.children.map((c) => (c.type === 'text' ? c.value : '')).join('');
    const code: Code = {
      type: 'code',
      lang: String(node.properties.dataLang ?? '') || null,
      meta: String(node.properties.dataMeta ?? '') || null,
      value,
    };
    state.patch(node, code);
    return code;
  },
};

export const STRINGIFY: StringifyOptions = {
  bullet: '-',
  emphasis: '_',
  strong: '*',
  fence: '`',
  fences: true,
  listItemIndent: 'one',
  rule: '-',
  // `[url](url)`, never `<url>`: a twin holds no angle brackets outside code.
  resourceLink: true,
};

/** The lines under the title: the page's summary, then where it lives and which docs version it describes. */
function header(facts: PageFacts, options: TwinOptions): RootContent[] {
  const version =
    options.version === options.currentVersion
      ? `SPHERE docs version ${options.version} (current)`
      : `SPHERE docs version ${options.version} (an older version; the current one is ${options.currentVersion})`;
  return [
    {type: 'heading', depth: 1, children: [{type: 'text', value: facts.title}]},
    ...(options.description
      ? [
          {
            type: 'blockquote',
            children: [{type: 'paragraph', children: [{type: 'text', value: options.description}]}],
          } satisfies RootContent,
        ]
      : []),
    {
      type: 'paragraph',
      children: [
        {type: 'text', value: 'Canonical URL: '},
        {type: 'link', url: options.url, children: [{type: 'text', value: options.url}]},
        {type: 'text', value: ` · ${version}`},
      ],
    },
  ];
}

/**
 * The Markdown twin of one built page. Throws when the page has no article or its diagrams do not match. The page's
 * tree is left as it is (the twin is made from a copy), so other steps may read the same tree.
 */
export function htmlToMarkdown(page: string | HastRoot, options: TwinOptions): string {
  const facts: PageFacts = {title: ''};
  const processor = unified()
    .use(rehypeDocusaurus, options, facts)
    .use(rehypeRemark, {handlers})
    .use(() => (tree: MdastRoot) => {
      tree.children.unshift(...header(facts, options));
    })
    .use(remarkGfm, {tablePipeAlign: false})
    .use(remarkStringify, STRINGIFY);
  const tree = typeof page === 'string' ? parseHtml(page) : structuredClone(page);
  return String(processor.stringify(processor.runSync(tree)));
}
