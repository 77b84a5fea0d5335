/**
 * The Markdown twins and llms.txt files of the build (plugins/markdown-twins): every doc page of every version and
 * every generated category page has a twin that holds no HTML or MDX, every link of every llms.txt resolves to a file
 * of the build, the twins stay out of the sitemap and the search index, and the hosts serve them as Markdown.
 */
import {readFileSync, readdirSync} from 'node:fs';
import {join, relative} from 'node:path';
import type {Root} from 'mdast';
import {visit} from 'unist-util-visit';
import {beforeAll, describe, expect, it} from 'vitest';
import {hasClass, select, selectAll, textContent} from '../../plugins/hast';
import {unpack} from '@sphere-docs/lib/search/format';
import {ALL_VERSIONS, CURRENT_VERSION, docPath} from '../../src/constants';
import {ROOT, isDraft, mdxFiles} from '../utils/codeBlocks';
import {headersFor, parseHeadersFile} from '../utils/headersFile';
import {markdownLinks, mdxLeftovers, parseMarkdown} from '../utils/markdown';
import {BUILD, ORIGIN, builtPages, fileFor, sitemapUrls} from './site';

const read = (file: string) => readFileSync(join(BUILD, file), 'utf8');

/** The doc and generated category pages of the build: the theme marks their <html> with `docs-doc-page`. */
const docPages = builtPages().filter((page) => hasClass(select('html', page.tree)!, 'docs-doc-page'));
const twinFiles = readdirSync(BUILD, {recursive: true, encoding: 'utf8'})
  .filter((f) => f.endsWith('.md'))
  .map((f) => f.replace(/\\/g, '/'));

const trees = new Map<string, Root>();
/** A twin, parsed once for all the tests (in beforeAll). */
function twinTree(file: string): Root {
  const tree = trees.get(file);
  if (!tree) throw new Error(`${file} is no twin`);
  return tree;
}

// Parsing every twin takes a while on a busy machine: one at a time, letting the test runner's messages through.
beforeAll(async () => {
  for (const file of twinFiles) {
    trees.set(file, parseMarkdown(read(file)));
    await new Promise((resolve) => setImmediate(resolve));
  }
}, 300_000);

/** A site URL's path, for a link that must stay on the site. */
function sitePath(url: string): string {
  expect(url.startsWith(`${ORIGIN}/`), url).toBe(true);
  return new URL(url).pathname;
}

describe('Markdown twins', () => {
  it('exist for every doc page of every version and every category page', () => {
    expect(docPages.length).toBeGreaterThan(140);
    expect(docPages.filter(({path}) => path.includes('/category/')).length).toBeGreaterThan(25);
    const missing = docPages.filter(({path}) => fileFor(`${path}.md`) === null).map(({path}) => path);
    expect(missing).toEqual([]);
    // And nothing else has one.
    expect(twinFiles.sort()).toEqual(docPages.map(({path}) => `${path.slice(1)}.md`).sort());
  });

  it('exist for every source file of every version', () => {
    const dirs: [string, string][] = ALL_VERSIONS.map((v) => [
      v === CURRENT_VERSION ? 'docs' : `versioned_docs/version-${v}`,
      v,
    ]);
    let count = 0;
    for (const [dir, version] of dirs) {
      for (const file of mdxFiles([dir])) {
        if (isDraft(readFileSync(file, 'utf8'))) continue;
        const id = relative(join(ROOT, dir), file)
          .replace(/\\/g, '/')
          .replace(/\.mdx?$/, '');
        expect(fileFor(`${docPath(id, version)}.md`), `${dir}/${id}`).not.toBeNull();
        count++;
      }
    }
    expect(count).toBeGreaterThan(100);
  });

  it('open with the page title, then the canonical URL and the docs version', () => {
    for (const {path, tree: page} of docPages) {
      const twin = read(`${path.slice(1)}.md`);
      const tree = twinTree(`${path.slice(1)}.md`);
      const title = textContent(select('article h1, main header h1', page)!)
        .replace(/\u200b/g, '')
        .trim();
      const version = /^\/docs\/([^/]+)\//.exec(path)![1];
      const [heading] = tree.children;
      expect(heading.type === 'heading' && heading.depth, path).toBe(1);
      expect(twin.split('\n')[0].replace(/\\(.)/g, '$1'), path).toBe(`# ${title}`);
      expect(twin, path).toContain(
        `Canonical URL: [${ORIGIN}${path}](${ORIGIN}${path}) · SPHERE docs version ${version}`,
      );
    }
  });

  it('hold no HTML, MDX import or export statement, JSX tabs, className or MDX comment outside code', () => {
    const bad: string[] = [];
    for (const file of twinFiles) bad.push(...mdxLeftovers(twinTree(file)).map((found) => `${file}: ${found}`));
    expect(bad).toEqual([]);
  });

  it('keep inline code spans apart (the body types of a SPACE API response do not run together)', () => {
    const joined: string[] = [];
    for (const file of twinFiles)
      visit(twinTree(file), 'inlineCode', (node) => {
        if (node.value.includes('``')) joined.push(`${file}: ${node.value}`);
      });
    expect(joined).toEqual([]);
    const api = read(`docs/${CURRENT_VERSION}/api/space/space-api.md`);
    expect(api).toContain('`Error` `ErrorPage (text/html)`');
  });

  it('hold every diagram of their page as a Mermaid fence', () => {
    for (const {path, tree} of docPages) {
      const diagrams = selectAll('[data-mermaid-diagram]', tree).length;
      const fences = twinTree(`${path.slice(1)}.md`).children.filter((n) => n.type === 'code' && n.lang === 'mermaid');
      expect(fences.length, path).toBe(diagrams);
    }
    expect(docPages.some(({tree}) => select('[data-mermaid-diagram]', tree))).toBe(true);
  });

  it('link to files of the build, doc pages by their twin', () => {
    const broken: string[] = [];
    let twinLinks = 0;
    for (const file of twinFiles) {
      // The first link is the canonical URL of the HTML page.
      for (const {url} of markdownLinks(twinTree(file)).slice(1)) {
        if (!url.startsWith(`${ORIGIN}/`)) continue;
        const path = sitePath(url);
        if (fileFor(path) === null) broken.push(`${file}: ${url}`);
        if (path.endsWith('.md')) twinLinks++;
        // A link to a doc page goes to its twin.
        else if (docPages.some((p) => p.path === path)) broken.push(`${file}: ${url} (not the twin)`);
      }
    }
    expect(broken).toEqual([]);
    expect(twinLinks).toBeGreaterThan(500);
  });

  it('are not in the sitemap nor in the search index', () => {
    expect(sitemapUrls().filter((u) => /\.(md|txt)$/.test(u))).toEqual([]);
    const [index] = readdirSync(join(BUILD, 'local-search')).filter((f) => f.endsWith('.json'));
    const records = unpack(JSON.parse(read(`local-search/${index}`)));
    expect(records.length).toBeGreaterThan(1000);
    expect(records.filter((r) => /\.(md|txt)(#|$)/.test(new URL(r.url).pathname))).toEqual([]);
  });

  it('are served as Markdown by the shipped host configuration', () => {
    const rules = parseHeadersFile(read('_headers'));
    const headers = headersFor(rules, `${docPath('docs/Introduction')}.md`);
    expect(headers['content-type']).toBe('text/markdown; charset=utf-8');
    expect(headers['content-security-policy']).toBeDefined();
    expect(headersFor(rules, '/llms.txt')['content-type']).toBe('text/plain; charset=utf-8');
    const nginx = read('nginx-security-headers.conf');
    expect(nginx).toContain(
      'location ~ "^/.*\\\\.md$" {\n  types { }\n  default_type "text/markdown; charset=utf-8";\n}',
    );
  });
});

describe('llms.txt', () => {
  const versionDir = (v: string) => `docs/${v}`;
  const files = [
    'llms.txt',
    'llms-full.txt',
    ...ALL_VERSIONS.flatMap((v) => [`${versionDir(v)}/llms.txt`, `${versionDir(v)}/llms-full.txt`]),
  ];

  it('exist at the root for the current version and for every version', () => {
    for (const file of files) expect(fileFor(`/${file}`), file).toBe(file);
    expect(read('llms.txt')).toBe(read(`${versionDir(CURRENT_VERSION)}/llms.txt`));
    expect(read('llms-full.txt')).toBe(read(`${versionDir(CURRENT_VERSION)}/llms-full.txt`));
  });

  it('every link of every llms.txt resolves to a file of the build', () => {
    // The llms-full.txt files are the twins put together (checked below), whose links are checked above.
    const broken: string[] = [];
    let count = 0;
    for (const file of files.filter((f) => f.endsWith('/llms.txt') || f === 'llms.txt')) {
      for (const {url} of markdownLinks(read(file))) {
        count++;
        if (!url.startsWith(`${ORIGIN}/`) || fileFor(new URL(url).pathname) === null) broken.push(`${file}: ${url}`);
      }
    }
    expect(broken).toEqual([]);
    expect(count).toBeGreaterThan(250);
  });

  /** The sections of an llms.txt, after the opening paragraphs (which also link to the page on the MCP server). */
  const sections = (text: string) => text.slice(text.indexOf('\n## '));

  it('follow the llmstxt.org layout: title, summary, a section per sidebar, Optional last', () => {
    for (const version of ALL_VERSIONS) {
      const tree = parseMarkdown(read(`${versionDir(version)}/llms.txt`));
      const [h1, summary, details] = tree.children;
      expect(h1).toMatchObject({type: 'heading', depth: 1, children: [{type: 'text', value: 'SPHERE'}]});
      expect(summary.type).toBe('blockquote');
      expect(details.type).toBe('paragraph');
      const sections = tree.children
        .filter((n) => n.type === 'heading')
        .slice(1)
        .map((n) => (n.children[0] as {value: string}).value);
      expect(sections, version).toEqual(
        version === CURRENT_VERSION
          ? ['Getting Started', 'Developer Guide', 'Contributing', 'FAQs', 'Optional']
          : ['Getting Started', 'Developer Guide', 'FAQs', 'Optional'],
      );
      // Every H2 is followed by a list of links, and nothing else.
      tree.children.forEach((n, i) => {
        if (n.type === 'heading' && n.depth === 2) expect(tree.children[i + 1]?.type).toBe('list');
      });
    }
  });

  it('list every page of the version by its twin, and the twins of no other version', () => {
    for (const version of ALL_VERSIONS) {
      const listed = markdownLinks(sections(read(`${versionDir(version)}/llms.txt`)))
        .map((l) => sitePath(l.url))
        .filter((p) => p.endsWith('.md'));
      const pages = docPages.filter(({path}) => path.startsWith(`/docs/${version}/`)).map(({path}) => `${path}.md`);
      expect(new Set(listed), version).toEqual(new Set(pages));
    }
  });

  it('list the JSON Schemas, the playground and the other versions under Optional', () => {
    const text = read('llms.txt');
    const optional = markdownLinks(text.slice(text.indexOf('## Optional'))).map((l) => sitePath(l.url));
    for (const v of ['1.0', '1.1', '2.0', '2.1', '3.0']) expect(optional).toContain(`/schemas/pricing2yaml/v${v}.json`);
    expect(optional).toContain('/playground');
    for (const v of ALL_VERSIONS.filter((v) => v !== CURRENT_VERSION))
      expect(optional).toContain(`/docs/${v}/llms.txt`);
    const older = read(`docs/${ALL_VERSIONS.at(-1)}/llms.txt`);
    expect(markdownLinks(older).map((l) => sitePath(l.url))).toContain(`/docs/${CURRENT_VERSION}/llms.txt`);
  });

  it('llms-full.txt is the opening of llms.txt followed by every twin of the version, in the order of llms.txt', () => {
    for (const version of ALL_VERSIONS) {
      const index = read(`${versionDir(version)}/llms.txt`);
      const full = read(`${versionDir(version)}/llms-full.txt`);
      const twins = markdownLinks(sections(index))
        .map((l) => new URL(l.url).pathname)
        .filter((p) => p.endsWith('.md'))
        .map((p) => read(p.slice(1)));
      const opening = full.slice(0, full.indexOf(twins[0]));
      expect(opening, version).toMatch(/^# SPHERE docs [\d.]+: every page\n\n> .+\n\n$/);
      expect(opening.split('\n')[2], version).toBe(index.split('\n')[2]);
      expect(full.slice(opening.length) === twins.join('\n'), version).toBe(true);
    }
  });
});
