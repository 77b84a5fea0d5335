/**
 * Every built page is valid HTML and carries the metadata search engines and link previews read; the sitemap lists
 * every page and nothing else; robots.txt points to it.
 */
import {readdirSync, readFileSync} from 'node:fs';
import {join} from 'node:path';
import {createRequire} from 'node:module';
import {HtmlValidate, type ConfigData, type Message} from 'html-validate';
import {describe, expect, it} from 'vitest';
import {attribute, select, selectAll, textContent} from '../../plugins/hast';
import {ALL_VERSIONS, CURRENT_VERSION} from '../../src/constants';
import {ROOT, isDraft} from '../utils/codeBlocks';
import {BUILD, ORIGIN, builtPages, fileFor, sitemapUrls, type Page} from './site';

/** The attribute `name` of the first element of the page that matches `selector`. */
function firstAttribute(page: Page, selector: string, name: string): string | undefined {
  const el = select(selector, page.tree);
  return el && attribute(el, name);
}

export const HTML_VALIDATE: ConfigData = {
  extends: ['html-validate:recommended', 'html-validate:document'],
  rules: {
    // Style rules that contradict the HTML minifier of the production build, which drops optional quotes, optional
    // end tags (</head>, </li>, </p>…) and optional start tags (<tbody> before a table's first <tr>), and writes
    // `<!doctype html>` in lower case. Its output is valid HTML.
    'attr-quotes': 'off',
    'doctype-style': 'off',
    'no-implicit-close': 'off',
    'void-style': 'off',
    'prefer-tbody': 'off',
    // React escapes every `&` it writes; the minifier then leaves one raw wherever the standard reads it as text,
    // e.g. `sort=username&order=asc` in a code sample (`&order;` is a character reference only with its semicolon).
    // Relaxed mode still reports ambiguous ampersands; the second rule would only ever flag the minifier.
    'no-raw-characters': ['error', {relaxed: true}],
    'unrecognized-char-ref': 'off',
    // React renders `style` props as attributes (the announcement bar's colours, highlighted code tokens).
    'no-inline-style': 'off',
    // Docusaurus ids start with underscores (`__docusaurus`); the standard only asks ids to be unique, non-empty and
    // free of spaces, which the relaxed mode still checks.
    'valid-id': ['error', {relaxed: true}],
    // The class attribute is a set of space-separated tokens, which may repeat; the code highlighter
    // (prism-react-renderer) repeats token types (`token class-name class-name`).
    'no-dup-class': 'off',
    // Roles the theme gives to elements it cannot change: the skip-link region, the announcement bar banner, the
    // navbar dropdown's `<a role="button">` (a link without JavaScript, a toggle once hydrated).
    'prefer-native-element': ['error', {exclude: ['region', 'banner', 'button']}],
    // The search page's form (theme-search-algolia) has a single text field, which submits on Enter, and it searches
    // as the reader types; there is nothing for a submit button to do.
    'wcag/h32': 'off',
    // Titles come from the page titles of the docs ("… | SPHERE"); the docs may not be reworded for a length hint.
    'long-title': 'off',
    // Docusaurus 3.10's external-link icon names itself with `aria-label` on its `<svg>` (3.8.1 hides it with
    // `aria-hidden`). The standard allows naming an `<svg>`; the rule only advises against it on elements without a
    // role of their own.
    'aria-label-misuse': ['error', {elements: {exclude: ['svg']}}],
    // Subresource integrity guards against a third-party host changing a file; every script and stylesheet of the
    // site comes from the same origin as the page that loads it, so a hash would protect nothing.
    'require-sri': 'off',
  },
};

/** The installed classic theme's version, as [major, minor]. */
function themeVersion(): [number, number] {
  const file = createRequire(`${ROOT}/`).resolve('@docusaurus/theme-classic/package.json');
  const [major, minor] = (JSON.parse(readFileSync(file, 'utf8')) as {version: string}).version.split('.').map(Number);
  return [major, minor];
}

/**
 * Whether `message` is about markup the site takes from a Docusaurus release and cannot change without rebuilding
 * the theme's component: from 3.10 on, the theme's `CodeBlock/Line` renders each code line as a `<div>` inside the
 * block's `<code>` (which allows phrasing content only), where 3.8.1 renders a `<span>`. Accepted only when the
 * installed theme is 3.10 or later, so on 3.8.1 a `<div>` in a `<code>` still fails the check.
 */
export function isReleaseMarkup(message: Pick<Message, 'ruleId' | 'message'>, [major, minor]: [number, number]) {
  return (
    (major > 3 || minor >= 10) &&
    message.ruleId === 'element-permitted-content' &&
    message.message === '<div> element is not permitted as content under <code>'
  );
}

const pages = builtPages();
const urls = sitemapUrls();
const sitemapPaths = urls.map((u) => new URL(u).pathname);

describe('html-validate', () => {
  const validator = new HtmlValidate(HTML_VALIDATE);
  it(`finds no error in any of the ${pages.length} built pages`, async () => {
    const errors: string[] = [];
    const version = themeVersion();
    for (const page of pages) {
      // Give the event loop a turn between pages: validating every page takes about a minute on a loaded machine,
      // and a worker that never yields misses vitest's 60-second reply to its progress report.
      await new Promise((resolve) => setImmediate(resolve));
      const report = await validator.validateString(page.html, page.file);
      for (const result of report.results) {
        for (const m of result.messages)
          if (!isReleaseMarkup(m, version)) errors.push(`${page.file}:${m.line}:${m.column} ${m.ruleId}: ${m.message}`);
      }
    }
    expect(errors).toEqual([]);
  });

  it('reports an error in a broken page (the configuration is live)', async () => {
    const report = await validator.validateString(
      '<!DOCTYPE html><html lang="en"><head><title>t</title></head><body><p><div></div></p><img src="a.png"></body></html>',
    );
    expect(report.valid).toBe(false);
  });

  it('accepts aria-label on an <svg>, and still on no element without a role', async () => {
    const page = (body: string) =>
      `<!DOCTYPE html><html lang="en"><head><title>t</title></head><body>${body}</body></html>`;
    const icon =
      '<a href="/x">x<svg width="1" height="1" aria-label="(opens in new tab)"><use href="#i"></use></svg></a>';
    expect((await validator.validateString(page(icon))).valid).toBe(true);
    const report = await validator.validateString(page('<div aria-label="x">y</div>'));
    expect(report.results.flatMap((r) => r.messages).map((m) => m.ruleId)).toEqual(['aria-label-misuse']);
  });

  it("accepts 3.10's code lines only from 3.10 on", async () => {
    const report = await validator.validateString(
      '<!DOCTYPE html><html lang="en"><head><title>t</title></head><body><pre><code><div class="token-line">a</div></code></pre></body></html>',
    );
    const messages = report.results.flatMap((r) => r.messages);
    expect(messages.length).toBe(1);
    expect(isReleaseMarkup(messages[0], [3, 8])).toBe(false);
    expect(isReleaseMarkup(messages[0], [3, 10])).toBe(true);
  });
});

describe('metadata of the sitemap pages', () => {
  const byPath = new Map(pages.map((p) => [p.path, p]));
  const listed = sitemapPaths.map((path) => {
    const page = byPath.get(path);
    if (!page) throw new Error(`${path} is in the sitemap but has no page`);
    return page;
  });

  it('each has a title of its own', () => {
    const titles = new Map<string, string[]>();
    for (const page of listed) {
      const title = selectAll('head > title', page.tree).map(textContent).join('').trim();
      expect(title, page.path).not.toBe('');
      titles.set(title, [...(titles.get(title) ?? []), page.path]);
    }
    expect([...titles].filter(([, paths]) => paths.length > 1)).toEqual([]);
  });

  it('each has a description', () => {
    const missing = listed.filter((p) => !firstAttribute(p, 'meta[name="description"]', 'content')?.trim());
    expect(missing.map((p) => p.path)).toEqual([]);
  });

  it('each has one canonical link, to its own URL', () => {
    for (const page of listed) {
      const canonical = selectAll('link[rel="canonical"]', page.tree);
      expect(canonical.length, page.path).toBe(1);
      expect(attribute(canonical[0], 'href'), page.path).toBe(`${ORIGIN}${page.path}`);
    }
  });
});

describe('sitemap.xml', () => {
  it('lists absolute URLs of the site origin, each once', () => {
    expect(urls.length).toBeGreaterThan(100);
    for (const url of urls) expect(url.startsWith(`${ORIGIN}/`), url).toBe(true);
    expect(new Set(urls).size).toBe(urls.length);
  });

  it('lists the home page, the playground and every doc page of every version', () => {
    const expected = ['/', '/playground'];
    const versionDirs: [string, string][] = ALL_VERSIONS.map((v) => [
      v,
      v === CURRENT_VERSION ? join(ROOT, 'docs') : join(ROOT, 'versioned_docs', `version-${v}`),
    ]);
    for (const [version, dir] of versionDirs) {
      for (const file of readdirSync(dir, {recursive: true, encoding: 'utf8'})) {
        if (!/\.mdx?$/.test(file) || isDraft(readFileSync(join(dir, file), 'utf8'))) continue;
        expected.push(`/docs/${version}/${file.replace(/\\/g, '/').replace(/\.mdx?$/, '')}`);
      }
    }
    expect(expected.length).toBeGreaterThan(100);
    expect(expected.filter((p) => !sitemapPaths.includes(p))).toEqual([]);
  });

  it('lists only pages that exist, are not the not-found page and may be indexed', () => {
    for (const path of sitemapPaths) {
      const file = fileFor(path);
      expect(file, path).not.toBeNull();
      expect(file, path).not.toBe('404.html');
      const page = pages.find((p) => p.file === file)!;
      expect(firstAttribute(page, 'meta[name="robots"]', 'content') ?? '', path).not.toMatch(/noindex/);
    }
  });

  it('leaves out only the pages that must not be listed', () => {
    const unlisted = pages.filter((p) => !sitemapPaths.includes(p.path)).map((p) => p.path);
    // The not-found page, the /docs redirect, the search results page and the Markdown sample page.
    expect(unlisted.sort()).toEqual(['/404', '/docs', '/markdown-page', '/search']);
  });
});

describe('robots.txt', () => {
  const robots = readFileSync(join(BUILD, 'robots.txt'), 'utf8');

  it('lets every crawler read every page', () => {
    expect(robots).toMatch(/^User-agent: \*$/m);
    expect(robots).toMatch(/^Allow: \/$/m);
    expect(robots).not.toMatch(/^Disallow:\s*\S/m);
  });

  it('points to the sitemap of the site origin, which exists', () => {
    const sitemaps = [...robots.matchAll(/^Sitemap: (\S+)$/gm)].map((m) => m[1]);
    expect(sitemaps).toEqual([`${ORIGIN}/sitemap.xml`]);
    expect(fileFor(new URL(sitemaps[0]).pathname)).toBe('sitemap.xml');
  });
});
