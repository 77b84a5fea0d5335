/**
 * A rehype plugin that turns the article of a built Docusaurus page into plain HTML that hast-util-to-mdast converts
 * faithfully: it keeps the article's content, drops what is navigation, and rewrites the theme's markup (admonitions,
 * tabs, code blocks, details, diagrams, category cards) into the elements Markdown has. Links and images get
 * absolute URLs; links to pages that have a Markdown twin point to the twin.
 */
import type {Element, ElementContent, Root, RootContent} from 'hast';
import {select, selectAll} from 'hast-util-select';
import {toText} from 'hast-util-to-text';
import {SELECTORS} from '../themeMarkup';

export interface MarkupOptions {
  /** Absolute URL of the page (no `.md`, no hash). */
  url: string;
  /** The page's Mermaid sources, one per diagram, in source order. */
  mermaid: readonly string[];
  /** Turns an absolute URL of the site into the URL a twin links to (the twin of a doc page, else unchanged). */
  linkTarget: (url: URL) => string;
}

/** What the plugin found besides the content, for the header of the twin. */
export interface PageFacts {
  title: string;
}

/** A code block, ready for the `pre` handler of ./convert.ts: language, meta string and text travel as properties. */
export const CODE_MARK = 'dataTwinCode';

/** Navigation and chrome inside the content root, on top of what the search leaves out of its records. */
const CHROME = [
  SELECTORS.exclude,
  'footer',
  'svg',
  'script',
  'style',
  'noscript',
  '.theme-doc-version-badge',
  '.theme-doc-breadcrumbs',
  // Themed images are rendered twice, one per colour mode: keep the light one.
  'img[class*="themedComponent--dark"]',
].join(', ');

const el = (tagName: string, children: ElementContent[] = [], properties: Element['properties'] = {}): Element => ({
  type: 'element',
  tagName,
  properties,
  children,
});
const text = (value: string) => ({type: 'text' as const, value});
const classes = (node: Element): string[] => (node.properties.className as string[] | undefined) ?? [];

type Test = (node: Element) => boolean;
const hasClass =
  (name: string): Test =>
  (node) =>
    classes(node).includes(name);
const tag =
  (name: string): Test =>
  (node) =>
    node.tagName === name;

/**
 * Replaces every element that passes `test` (outermost first) with what `replace` returns, and looks inside the
 * replacement. Tests are plain functions: pages hold thousands of highlighted code tokens, so no selector is matched
 * against every element.
 */
function rewrite(root: Root | Element, test: Test, replace: (node: Element) => ElementContent[]): void {
  const walk = (parent: Root | Element) => {
    const out: RootContent[] = [];
    for (const child of parent.children) {
      if (child.type === 'element' && test(child)) {
        const replacement = replace(child);
        for (const node of replacement) if (node.type === 'element') walk(node);
        out.push(...replacement);
      } else {
        if (child.type === 'element') walk(child);
        out.push(child);
      }
    }
    parent.children = out as typeof parent.children;
  };
  walk(root);
}

const isInlineCode = (node: RootContent): boolean => node.type === 'element' && node.tagName === 'code';

/** Text of a code block as written: token lines end with `<br>`, the last one too. */
function codeText(node: Element): string {
  let out = '';
  const walk = (n: ElementContent) => {
    if (n.type === 'text') out += n.value;
    else if (n.type === 'element') {
      if (n.tagName === 'br') out += '\n';
      else n.children.forEach(walk);
    }
  };
  walk(node);
  return out.replace(/\n$/, '');
}

function codeElement(lang: string, meta: string, value: string): Element {
  return el('pre', [text(value)], {[CODE_MARK]: true, dataLang: lang, dataMeta: meta});
}

const LABELS: Record<string, string> = {note: 'Note', tip: 'Tip', info: 'Info', warning: 'Warning', danger: 'Danger'};

/** The first element, depth first, that passes `test`. */
function find(parent: Root | Element, test: Test): Element | undefined {
  for (const child of parent.children) {
    if (child.type !== 'element') continue;
    if (test(child)) return child;
    const found = find(child, test);
    if (found) return found;
  }
  return undefined;
}

/** The content root of a doc page (`.theme-doc-markdown`) or of a generated category page (around its header). */
function contentRoot(tree: Root): Element {
  const main = find(tree, tag('main'));
  const root =
    main &&
    (find(main, hasClass('theme-doc-markdown')) ??
      find(main, (node) =>
        node.children.some((c) => c.type === 'element' && c.tagName === 'header' && select('h1', c)),
      ));
  if (!root) throw new Error('no article content (neither .theme-doc-markdown nor a header with an h1 in <main>)');
  return root;
}

export function rehypeDocusaurus(options: MarkupOptions, facts: PageFacts) {
  return (tree: Root): Root => {
    const root = contentRoot(tree);

    // Code blocks first: their thousands of token spans become one text node each.
    rewrite(root, hasClass('theme-code-block'), (node) => {
      const lang =
        classes(node)
          .find((c) => c.startsWith('language-'))
          ?.slice('language-'.length) ?? '';
      const pre = find(node, tag('pre'));
      // The title is the block's part before its code.
      const title = node.children.find(
        (c): c is Element => c.type === 'element' && !find(c, tag('pre')) && toText(c).trim() !== '',
      );
      const meta = title ? `title=${JSON.stringify(toText(title).trim())}` : '';
      return [codeElement(lang, meta, pre ? codeText(pre) : '')];
    });

    // The title: the first h1, alone or in the theme's <header> (which the category pages share with a description).
    const h1 = find(root, tag('h1'));
    if (!h1) throw new Error('no h1 title');
    facts.title = toText(h1, {whitespace: 'normal'})
      .replace(/\u200b/g, '')
      .trim();
    rewrite(
      root,
      (node) => node === h1 || (node.tagName === 'header' && node.children.includes(h1)),
      (node) => (node === h1 ? [] : node.children.filter((c): c is ElementContent => c !== h1)),
    );

    // Diagrams: the n-th diagram of the page is the n-th Mermaid fence of its source.
    const isDiagram: Test = (node) => node.properties.dataMermaidDiagram !== undefined;
    const diagrams = selectAll('[data-mermaid-diagram]', root);
    if (diagrams.length !== options.mermaid.length) {
      throw new Error(
        `${diagrams.length} diagram(s) in the HTML, ${options.mermaid.length} \`\`\`mermaid fence(s) in the source`,
      );
    }
    let diagram = 0;
    rewrite(root, isDiagram, () => [codeElement('mermaid', '', options.mermaid[diagram++])]);

    rewrite(root, hasClass('theme-admonition'), (node) => {
      const type = classes(node)
        .find((c) => c.startsWith('theme-admonition-'))
        ?.slice('theme-admonition-'.length);
      const [heading, content] = node.children.filter((c): c is Element => c.type === 'element');
      const label = LABELS[type ?? ''] ?? 'Note';
      const headingText = heading ? toText(heading).trim() : '';
      // The heading shows the type's name unless the writer gave a title.
      const titled = headingText !== '' && headingText.toLowerCase() !== (type ?? '').toLowerCase();
      const title = titled ? [text(`${label}: `), ...heading.children] : [text(label)];
      return [el('blockquote', [el('p', [el('strong', title)]), ...(content ? content.children : [])])];
    });

    rewrite(root, tag('details'), (node) => {
      const summary = node.children.find((c): c is Element => c.type === 'element' && c.tagName === 'summary');
      const body = node.children.filter((c) => c !== summary);
      return [el('blockquote', [el('p', [el('strong', summary ? summary.children : [text('Details')])]), ...body])];
    });

    rewrite(root, hasClass('tabs-container'), (node) => {
      const labels = selectAll(':scope > [role="tablist"] > [role="tab"]', node).map((tab) => tab.children);
      const panels = selectAll(':scope > div > [role="tabpanel"]', node);
      return panels.flatMap((panel, i) => [
        el('p', [el('strong', labels[i] ?? [text(`Tab ${i + 1}`)])]),
        ...panel.children,
      ]);
    });

    // Category cards (DocCardList): one list item per card, `[Title](url): description`.
    rewrite(
      root,
      (node) => node.tagName === 'section' && select(':scope > article a.card', node) !== undefined,
      (node) => {
        const items = selectAll('a.card', node).map((card) => {
          const heading = find(card, tag('h2'));
          const name = String(heading?.properties.title ?? (heading ? toText(heading) : '')).trim();
          const description = find(card, tag('p'));
          return el('li', [
            el('a', [text(name)], {href: card.properties.href}),
            ...(description ? [text(`: ${toText(description).trim()}`)] : []),
          ]);
        });
        return [el('ul', items)];
      },
    );

    // A table caption becomes a bold line before its table.
    rewrite(
      root,
      (node) => node.tagName === 'table' && node.children.some((c) => c.type === 'element' && c.tagName === 'caption'),
      (node) => {
        const caption = node.children.find((c): c is Element => c.type === 'element' && c.tagName === 'caption')!;
        return [
          el('p', [el('strong', caption.children)]),
          {...node, children: node.children.filter((c) => c !== caption)},
        ];
      },
    );

    // A table without header cells has no GFM form (its header row would be empty): one list item per row instead,
    // `first cell: the others`.
    rewrite(
      root,
      (node) => node.tagName === 'table' && !find(node, tag('th')),
      (node) => [
        el(
          'ul',
          selectAll('tr', node).map((row) =>
            el(
              'li',
              row.children
                .filter((c): c is Element => c.type === 'element')
                .flatMap((cell, i): ElementContent[] => [
                  ...(i === 0 ? [] : [text(i === 1 ? ': ' : '; ')]),
                  ...cell.children,
                ]),
            ),
          ),
        ),
      ],
    );

    // A description list: one list item per term, `**term**: description`.
    rewrite(root, tag('dl'), (node) => {
      const items: Element[] = [];
      for (const child of node.children) {
        if (child.type !== 'element') continue;
        if (child.tagName === 'dt') items.push(el('li', [el('strong', child.children)]));
        else if (child.tagName === 'dd' && items.length > 0) items.at(-1)!.children.push(text(': '), ...child.children);
      }
      return [el('ul', items)];
    });

    const chrome = new Set(selectAll(CHROME, root));
    rewrite(
      root,
      (node) => chrome.has(node),
      () => [],
    );
    // "Open in playground" links carry a whole example in their hash; the twin has the example itself.
    rewrite(
      root,
      (node) => node.tagName === 'a' && String(node.properties.href ?? '').startsWith('/playground#code='),
      () => [],
    );

    const base = new URL(options.url);
    rewrite(
      root,
      (node) => node.tagName === 'a' && node.properties.href !== undefined,
      (node) => {
        const url = new URL(String(node.properties.href), base);
        const absolute = url.origin === base.origin ? options.linkTarget(url) : url.href;
        return [el('a', node.children, {href: absolute})];
      },
    );
    rewrite(root, tag('img'), (node) => {
      const src = node.properties.src ? new URL(String(node.properties.src), base).href : '';
      return src ? [el('img', [], {src, alt: String(node.properties.alt ?? '')})] : [];
    });

    // React's `<!-- -->` text separators and the theme's zero-width spaces (hash links, headings) are not content.
    const strip = (parent: Element | Root) => {
      parent.children = parent.children.filter((child) => child.type !== 'comment') as typeof parent.children;
      for (const child of parent.children) {
        if (child.type === 'text') child.value = child.value.replace(/\u200b/g, '');
        else if (child.type === 'element') strip(child);
      }
    };
    strip(root);

    // Two inline code elements side by side (the body types of a response, each a chip of its own) would run
    // together in Markdown (`a``b`, which does not even parse as two spans): a space keeps them apart.
    const separateCode = (parent: Element | Root) => {
      const out: RootContent[] = [];
      for (const child of parent.children) {
        const previous = out.at(-1);
        if (isInlineCode(child) && previous && isInlineCode(previous)) out.push(text(' '));
        out.push(child);
        if (child.type === 'element' && child.tagName !== 'pre') separateCode(child);
      }
      parent.children = out as typeof parent.children;
    };
    separateCode(root);

    return {type: 'root', children: root.children};
  };
}
