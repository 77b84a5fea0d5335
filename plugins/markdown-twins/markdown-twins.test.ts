/**
 * The Markdown twins (plugins/markdown-twins): the converter on built-HTML fixtures of a doc page and a category page,
 * the Mermaid sources read from MDX, the pages and sections taken from the docs plugin, and the llms.txt writer.
 */
import {mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync} from 'node:fs';
import {tmpdir} from 'node:os';
import {dirname, join} from 'node:path';
import type {LoadedContent} from '@docusaurus/plugin-content-docs';
import type {LoadContext} from '@docusaurus/types';
import type {Code, Table} from 'mdast';
import {describe, expect, it} from 'vitest';
import markdownTwins from '.';
import {htmlToMarkdown, type TwinOptions} from './convert';
import {OPTIONAL_LINKS} from './llmsContent';
import {llmsFullTxt, llmsTxt} from './llms';
import {fencesIn} from '../mermaidFences';
import {twinVersions} from './pages';
import {markdownLinks, mdxLeftovers, parseMarkdown} from '../../tests/utils/markdown';
import {ROOT} from '../../tests/utils/codeBlocks';

const fixture = (name: string) => readFileSync(join(ROOT, 'tests', 'fixtures', 'markdown-twins', name), 'utf8');
const ORIGIN = 'https://example.org';
const DIAGRAMS = ['flowchart LR\n  A --> B', 'sequenceDiagram\n  A->>B: hi'];
/** The twin paths of the fixtures' site. */
const TWINS = new Set([
  '/docs/2.0.1/docs/fixture',
  '/docs/2.0.1/docs/Introduction',
  '/docs/2.0.1/docs/getting-started/instalation',
  '/docs/2.0.1/api/Pricing2Yaml/the-pricing2yaml-syntax',
  '/docs/2.0.1/category/pricing2yaml-versions',
]);

function options(overrides: Partial<TwinOptions> = {}): TwinOptions {
  return {
    url: `${ORIGIN}/docs/2.0.1/docs/fixture`,
    version: '2.0.1',
    currentVersion: '2.0.1',
    description: 'A page with every kind of markup.',
    mermaid: DIAGRAMS,
    linkTarget: (url) => (TWINS.has(url.pathname) ? `${url.origin}${url.pathname}.md${url.hash}` : url.href),
    ...overrides,
  };
}

const page = htmlToMarkdown(fixture('doc-page.html'), options());
const tree = parseMarkdown(page);
const codeBlocks = tree.children.filter((n): n is Code => n.type === 'code');

describe('the twin of a doc page', () => {
  it('opens with the title, the summary and a line with the canonical URL and the docs version', () => {
    expect(page.split('\n').slice(0, 6)).toEqual([
      '# Fixture page',
      '',
      '> A page with every kind of markup.',
      '',
      `Canonical URL: [${ORIGIN}/docs/2.0.1/docs/fixture](${ORIGIN}/docs/2.0.1/docs/fixture) · SPHERE docs version 2.0.1 (current)`,
      '',
    ]);
    // The page's own h1 is not repeated.
    expect(page.match(/^# /gm)).toHaveLength(1);
  });

  it('names an older version as such', () => {
    const old = htmlToMarkdown(fixture('doc-page.html'), options({version: '2.0.0'}));
    expect(old).toContain('SPHERE docs version 2.0.0 (an older version; the current one is 2.0.1)');
  });

  it('keeps headings, lists and emphasis, and leaves out navigation, hash links and edit links', () => {
    expect(page).toContain('\n## Admonitions\n');
    expect(page).toContain('_not_ **both**');
    for (const chrome of [
      'Version: 2.0.1',
      'On this page',
      'Edit this page',
      'Next',
      'Getting Started',
      // A panel of controls for readers in the browser (data-interactive), such as the SPACE instance panel.
      'Your instance panel',
      'Base URL',
      'Samples in',
      '\u200b',
      '#',
    ]) {
      expect(page.replace(/^#+ /gm, '').replace(/\(https:[^)]*\)/g, ''), chrome).not.toContain(chrome);
    }
  });

  it('turns admonitions into blockquotes with their label in bold', () => {
    expect(page).toContain('> **Note**\n>\n> A note without a title.');
    expect(page).toContain(
      '> **Warning: Quote `syntaxVersion`**\n>\n> An unquoted `2.1` is a number.\n>\n> - First point.',
    );
  });

  it('puts each tab under its own label, in order', () => {
    const maven = page.indexOf('**Maven**');
    const gradle = page.indexOf('**Gradle**');
    expect(maven).toBeGreaterThan(0);
    expect(gradle).toBeGreaterThan(page.indexOf('```xml'));
    expect(page.indexOf('With Gradle:')).toBeGreaterThan(gradle);
    expect(page).not.toMatch(/Tab \d/);
  });

  it('writes code blocks as fences with their language, title and exact text', () => {
    expect(codeBlocks.map((c) => [c.lang, c.meta])).toEqual([
      ['xml', 'title="pom.xml"'],
      ['groovy', 'title="build.gradle"'],
      ['yaml', null],
      ['mermaid', null],
      ['mermaid', null],
    ]);
    expect(codeBlocks[0].value).toBe('<dependency>\n    <version>5.5.2</version>\n</dependency>');
    // Blank lines and entities survive; the "Open in playground" link does not.
    expect(codeBlocks[2].value).toBe('syntaxVersion: "2.1"\n\nsaasName: Fixture & Co');
    expect(page).not.toContain('playground#code');
    expect(page).not.toContain('Open in playground');
  });

  it('writes tables as GFM tables, pipes in inline code escaped, the caption above', () => {
    const [table] = tree.children.filter((n): n is Table => n.type === 'table');
    expect(table.children).toHaveLength(3);
    const cell = table.children[1].children[0].children[0];
    expect(cell).toMatchObject({type: 'inlineCode', value: 'auto | enabled'});
    expect(page).toContain('**Render modes**\n\n| Value | Meaning |');
    expect(page).toContain('| `auto \\| enabled` | Either **one** or the other |');
    // Outside tables, a pipe in inline code stays as it is.
    expect(page).toContain('Set `render` to `auto | enabled`');
  });

  it('writes a table without header cells as a list of its rows, and a description list as a list of terms', () => {
    expect(page).toContain(
      '**Status codes**\n\n- 200: Accepted.\n- 401: Unknown user (`{"error": "Invalid credentials"}`).',
    );
    expect(page).toContain('- **Auth**: None (public route).\n- **Roles**: `ADMIN`, `MANAGER`');
    expect(page).not.toMatch(/^\| \| \|$/m);
  });

  it('turns details into a blockquote under their summary', () => {
    expect(page).toContain('> **Why the token expires**\n>\n> The token lives for **one day**.');
  });

  it('keeps images with their alt text and absolute URLs, once per themed pair', () => {
    expect(page).toContain(`![Architecture of the toolkit](${ORIGIN}/img/architecture.svg)`);
    expect(page).toContain(`![SPHERE logo](${ORIGIN}/img/logo.svg)`);
    expect(page).not.toContain('logo-dark.svg');
  });

  it('puts the Mermaid source of each diagram where the diagram is, in order', () => {
    expect(codeBlocks.filter((c) => c.lang === 'mermaid').map((c) => c.value)).toEqual(DIAGRAMS);
    expect(page.indexOf('Between the diagrams.')).toBeGreaterThan(page.indexOf('A --> B'));
    expect(page.indexOf('Between the diagrams.')).toBeLessThan(page.indexOf('A->>B'));
  });

  it('fails when the page and its source do not have the same number of diagrams', () => {
    expect(() => htmlToMarkdown(fixture('doc-page.html'), options({mermaid: DIAGRAMS.slice(1)}))).toThrow(
      '2 diagram(s) in the HTML, 1 ```mermaid fence(s) in the source',
    );
  });

  it('links with absolute URLs, to the twin of doc pages', () => {
    const urls = markdownLinks(page).map((l) => l.url);
    expect(urls).toEqual([
      `${ORIGIN}/docs/2.0.1/docs/fixture`,
      `${ORIGIN}/docs/2.0.1/docs/Introduction.md`,
      `${ORIGIN}/docs/2.0.1/docs/getting-started/instalation.md#prerequisites`,
      `${ORIGIN}/docs/2.0.1/docs/fixture.md#tables`,
      `${ORIGIN}/playground`,
      'https://github.com/isa-group/Pricing4Java',
    ]);
  });

  it('leaves no HTML or MDX', () => {
    expect(mdxLeftovers(page)).toEqual([]);
  });

  it('fails on a page without an article', () => {
    expect(() => htmlToMarkdown('<!doctype html><main><p>Nothing here</main>', options())).toThrow(
      /no article content/,
    );
  });
});

describe('the twin of a generated category page', () => {
  const category = htmlToMarkdown(
    fixture('category-page.html'),
    options({url: `${ORIGIN}/docs/2.0.1/category/pricing2yaml`, description: undefined, mermaid: []}),
  );

  it('has the title, the description and one list item per card', () => {
    expect(category).toBe(
      [
        '# Pricing2Yaml',
        '',
        `Canonical URL: [${ORIGIN}/docs/2.0.1/category/pricing2yaml](${ORIGIN}/docs/2.0.1/category/pricing2yaml) · SPHERE docs version 2.0.1 (current)`,
        '',
        'The YAML language that describes a SaaS pricing.',
        '',
        `- [Syntax overview](${ORIGIN}/docs/2.0.1/api/Pricing2Yaml/the-pricing2yaml-syntax.md): How a Pricing2Yaml file describes a SaaS pricing.`,
        `- [Syntax versions](${ORIGIN}/docs/2.0.1/category/pricing2yaml-versions.md): 5 items`,
        '',
      ].join('\n'),
    );
  });
});

describe('the Mermaid fences of a page (plugins/mermaidFences.ts)', () => {
  it('returns the Mermaid fences of an MDX document in order, inside JSX and admonitions too', () => {
    const mdx = [
      '---',
      'title: Diagrams',
      'description: "```mermaid in front matter is not a fence"',
      '---',
      "import Tabs from '@theme/Tabs';",
      "import TabItem from '@theme/TabItem';",
      '',
      '```mermaid',
      'flowchart LR',
      '  A --> B',
      '```',
      '',
      '<Tabs>',
      '<TabItem value="one" label="One">',
      '',
      '```mermaid',
      'sequenceDiagram',
      '  A->>B: hi',
      '```',
      '',
      '</TabItem>',
      '</Tabs>',
      '',
      ':::note',
      '',
      '````mermaid',
      'pie',
      '````',
      '',
      ':::',
      '',
      '```text',
      'flowchart LR',
      '```',
      '',
    ].join('\n');
    expect(fencesIn(mdx).map((fence) => fence.source)).toEqual([
      'flowchart LR\n  A --> B',
      'sequenceDiagram\n  A->>B: hi',
      'pie',
    ]);
  });
});

describe('twinVersions', () => {
  const doc = (id: string, title: string, description = '') => ({
    id,
    title,
    description,
    permalink: `/docs/9.9/${id}`,
    source: `@site/docs/${id}.mdx`,
  });
  const content = {
    loadedVersions: [
      {
        label: '9.9',
        path: '/docs/9.9',
        isLast: true,
        docs: [
          doc('docs/intro', 'Intro', 'Start here.'),
          doc('docs/setup', 'Setup'),
          doc('faq/one', 'One'),
          doc('docs/lost', 'Lost'),
        ],
        sidebars: {
          faqSidebar: [{type: 'doc', id: 'faq/one'}],
          docsSidebar: [
            {type: 'doc', id: 'docs/intro'},
            {
              type: 'category',
              label: 'Basics',
              items: [
                {type: 'doc', id: 'docs/setup'},
                {type: 'link', href: 'https://example.org', label: 'Out'},
              ],
              link: {
                type: 'generated-index',
                slug: '/category/basics',
                permalink: '/docs/9.9/category/basics',
                description: 'The basics.',
              },
            },
          ],
        },
      },
    ],
  } as unknown as LoadedContent;
  const titles = new Map([
    ['docsSidebar', 'Getting Started'],
    ['faqSidebar', 'FAQs'],
  ]);

  it('lists each sidebar in navbar order, its pages in sidebar order, and the pages no sidebar lists', () => {
    const [version] = twinVersions(content, titles, '/site');
    expect(version.sections.map((s) => [s.title, s.pages.map((p) => p.permalink)])).toEqual([
      ['Getting Started', ['/docs/9.9/docs/intro', '/docs/9.9/category/basics', '/docs/9.9/docs/setup']],
      ['FAQs', ['/docs/9.9/faq/one']],
      ['Other pages', ['/docs/9.9/docs/lost']],
    ]);
    expect(version.pages.map((p) => p.permalink)).toContain('/docs/9.9/category/basics');
    expect(version.pages.find((p) => p.title === 'Basics')).toEqual({
      permalink: '/docs/9.9/category/basics',
      title: 'Basics',
      description: 'The basics.',
    });
    expect(version.pages[0]).toMatchObject({description: 'Start here.', source: '/site/docs/docs/intro.mdx'});
  });

  it('fails on a sidebar that no navbar item names', () => {
    expect(() => twinVersions(content, new Map([['docsSidebar', 'Getting Started']]), '/site')).toThrow(
      'sidebar "faqSidebar" of docs version 9.9 has no navbar item to name its section',
    );
  });
});

describe('llms.txt', () => {
  const text = llmsTxt({
    title: 'SPHERE',
    summary: 'A toolkit.',
    details: [{type: 'text', value: 'Read on.'}],
    sections: [
      {
        title: 'Getting Started',
        links: [{title: 'Intro [draft]', url: `${ORIGIN}/a.md`, description: 'Start *here*.'}],
      },
      {title: 'Empty', links: []},
      {title: 'Optional', links: [{title: 'Schema', url: `${ORIGIN}/s.json`}]},
    ],
  });

  it('follows the llmstxt.org layout', () => {
    expect(text).toBe(
      [
        '# SPHERE',
        '',
        '> A toolkit.',
        '',
        'Read on.',
        '',
        '## Getting Started',
        '',
        `- [Intro \\[draft\\]](${ORIGIN}/a.md): Start \\*here\\*.`,
        '',
        '## Optional',
        '',
        `- [Schema](${ORIGIN}/s.json)`,
        '',
      ].join('\n'),
    );
    expect(markdownLinks(text).map((l) => [l.url, l.children])).toEqual([
      [`${ORIGIN}/a.md`, [{type: 'text', value: 'Intro [draft]', position: expect.anything()}]],
      [`${ORIGIN}/s.json`, [{type: 'text', value: 'Schema', position: expect.anything()}]],
    ]);
  });

  it('llms-full.txt puts the twins after the same opening', () => {
    expect(llmsFullTxt('SPHERE docs 9.9', 'A toolkit.', ['# One\n', '# Two\n'])).toBe(
      '# SPHERE docs 9.9\n\n> A toolkit.\n\n# One\n\n# Two\n',
    );
  });
});

describe('plain HTML in an article', () => {
  it('converts a <pre> that is not a theme code block with the standard handler', () => {
    const html =
      '<main><div class="theme-doc-markdown markdown"><h1>Plain</h1><pre><code class=language-sh>ls -l\n</code></pre></div></main>';
    const tree = parseMarkdown(htmlToMarkdown(html, options({mermaid: [], description: undefined})));
    expect(tree.children.at(-1)).toMatchObject({type: 'code', lang: 'sh', value: 'ls -l'});
  });
});

describe('inline code side by side', () => {
  it('keeps two code elements that touch apart, as the response tables of the SPACE API reference have them', () => {
    const html =
      '<main><div class="theme-doc-markdown markdown"><h1>Responses</h1><table><thead><tr><th>Status</th>' +
      '<th>Body</th></tr></thead><tbody><tr><td>400</td><td><code><a href="#schema-error">Error</a></code>' +
      '<code><a href="#schema-errorpage">ErrorPage</a> (text/html)</code></td></tr></tbody></table>' +
      '<p>Send <code>a</code><code>b</code>, or <code>c</code> alone.</p></div></main>';
    const twin = htmlToMarkdown(html, options({mermaid: [], description: undefined}));
    expect(twin).toContain('| 400 | `Error` `ErrorPage (text/html)` |');
    expect(twin).toContain('Send `a` `b`, or `c` alone.');
    expect(twin).not.toContain('``');
    const [table] = parseMarkdown(twin).children.filter((n): n is Table => n.type === 'table');
    expect(table.children[1].children[1].children).toMatchObject([
      {type: 'inlineCode', value: 'Error'},
      {type: 'text', value: ' '},
      {type: 'inlineCode', value: 'ErrorPage (text/html)'},
    ]);
  });
});

describe('the plugin', () => {
  /** A build of one version with one doc page (the doc-page fixture) and its MDX source, in a temporary directory. */
  function site(mermaidFences: number) {
    const dir = mkdtempSync(join(tmpdir(), 'twins-'));
    const outDir = join(dir, 'build');
    mkdirSync(join(outDir, 'docs', '9.9', 'docs', 'fixture'), {recursive: true});
    writeFileSync(join(outDir, 'docs', '9.9', 'docs', 'fixture', 'index.html'), fixture('doc-page.html'));
    for (const {path} of OPTIONAL_LINKS) {
      mkdirSync(join(outDir, dirname(path)), {recursive: true});
      writeFileSync(join(outDir, path.endsWith('.json') ? path : `${path}.html`), '');
    }
    mkdirSync(join(dir, 'docs', 'docs'), {recursive: true});
    const fence = '```mermaid\nflowchart LR\n  A --> B\n```\n\n';
    writeFileSync(
      join(dir, 'docs', 'docs', 'fixture.mdx'),
      `---\ntitle: Fixture\n---\n\n${fence.repeat(mermaidFences)}`,
    );
    const siteConfig = {
      url: ORIGIN,
      title: 'SPHERE',
      themeConfig: {navbar: {items: [{type: 'docSidebar', sidebarId: 'docsSidebar', label: 'Getting Started'}]}},
    };
    const plugin = markdownTwins({siteDir: dir, baseUrl: '/', siteConfig} as unknown as LoadContext);
    const allContent = {
      'docusaurus-plugin-content-docs': {
        default: {
          loadedVersions: [
            {
              label: '9.9',
              path: '/docs/9.9',
              isLast: true,
              docs: [
                {
                  id: 'docs/fixture',
                  title: 'Fixture page',
                  description: 'A page with every kind of markup.',
                  permalink: '/docs/9.9/docs/fixture',
                  source: '@site/docs/docs/fixture.mdx',
                },
              ],
              sidebars: {docsSidebar: [{type: 'doc', id: 'docs/fixture'}]},
            },
          ],
        },
      },
    };
    const build = async () => {
      await plugin.allContentLoaded!({allContent, actions: {}} as unknown as Parameters<
        NonNullable<typeof plugin.allContentLoaded>
      >[0]);
      await plugin.postBuild!({outDir, siteConfig} as unknown as Parameters<NonNullable<typeof plugin.postBuild>>[0]);
    };
    return {outDir, build, cleanup: () => rmSync(dir, {recursive: true, force: true})};
  }

  it('writes the twin and the llms.txt files', async () => {
    const {outDir, build, cleanup} = site(2);
    try {
      await build();
      const twin = readFileSync(join(outDir, 'docs', '9.9', 'docs', 'fixture.md'), 'utf8');
      expect(twin).toMatch(/^# Fixture page\n/);
      expect(readFileSync(join(outDir, 'llms.txt'), 'utf8')).toContain(
        `## Getting Started\n\n- [Fixture page](${ORIGIN}/docs/9.9/docs/fixture.md): A page with every kind of markup.`,
      );
      expect(readFileSync(join(outDir, 'docs', '9.9', 'llms-full.txt'), 'utf8')).toContain(twin);
    } finally {
      cleanup();
    }
  });

  it('fails the build naming an Optional link that is no file of the build', async () => {
    const {outDir, build, cleanup} = site(2);
    try {
      rmSync(join(outDir, 'playground.html'));
      await expect(build()).rejects.toThrow('markdown-twins: the Optional link /playground');
    } finally {
      cleanup();
    }
  });

  it('fails the build naming the page when its diagrams and its Mermaid fences differ', async () => {
    const {build, cleanup} = site(1);
    try {
      await expect(build()).rejects.toThrow(
        'markdown-twins: /docs/9.9/docs/fixture (docs/docs/fixture.mdx): 2 diagram(s) in the HTML, 1 ```mermaid fence(s) in the source',
      );
    } finally {
      cleanup();
    }
  });
});
