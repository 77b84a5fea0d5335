/**
 * The policy and header writers of plugins/security-headers, and the search origins they are given in each mode.
 */
import {describe, expect, it} from 'vitest';
import {searchOrigins, searchSetup} from '../../plugins/local-search/searchSetup';
import {headerRules, headersFile, inlineScripts, nginxSnippet} from '../../plugins/security-headers/policy';
import {docPath} from '../../src/constants';
import {LOOPBACK_SOURCES} from '../../plugins/security-headers/tryOrigins';
import {headersFor, parseHeadersFile, parsePolicy} from '../utils/headersFile';

const HOSTED = {ALGOLIA_APP_ID: 'TESTAPP', ALGOLIA_API_KEY: 'test-search-key', ALGOLIA_INDEX_NAME: 'sphere-docs'};

const policyOf = (env: Record<string, string>) => {
  const rules = headerRules({scriptHashes: ["'sha256-abc='"], searchOrigins: searchOrigins(searchSetup(env))});
  return parsePolicy(headersFor(parseHeadersFile(headersFile(rules)), '/')['content-security-policy']);
};

describe('connect-src', () => {
  it("is the site and the reader's own machine (the API reference's console) with the embedded search", () => {
    expect(policyOf({}).get('connect-src')).toEqual(["'self'", 'http://localhost:*', 'http://127.0.0.1:*']);
    expect(LOOPBACK_SOURCES).toEqual(['http://localhost:*', 'http://127.0.0.1:*']);
  });

  it("adds Algolia's hosts in hosted mode, and nothing else changes", () => {
    const hosted = policyOf(HOSTED);
    expect(hosted.get('connect-src')).toEqual([
      "'self'",
      'https://TESTAPP-dsn.algolia.net',
      'https://*.algolianet.com',
      'https://*.algolia.net',
      ...LOOPBACK_SOURCES,
    ]);
    const embedded = policyOf({});
    hosted.delete('connect-src');
    embedded.delete('connect-src');
    expect(hosted).toEqual(embedded);
  });
});

describe('inlineScripts', () => {
  it('hashes the scripts a browser runs, not data blocks or external scripts', () => {
    const {hashes, blocked} = inlineScripts(
      `<script>alert(1)</script><script type="module">b()</script><script type="application/ld+json">{"a":1}</script>
       <script src="/x.js"></script>`,
    );
    // sha256("alert(1)") and sha256("b()"), base64.
    expect(hashes).toEqual([
      "'sha256-bhHHL3z2vDgxUt0W3dWQOrprscmda2Y5pLsLg4GF+pI='",
      "'sha256-cf242PFc/kb7xD0Qzhsmd9vvRkc+cWFmbi+k+YvtdKc='",
    ]);
    expect(blocked).toEqual([]);
  });

  it('reports what a hash-only policy blocks', () => {
    const {blocked} = inlineScripts('<button onclick="go()">x</button><a href=" javascript:go()">y</a>');
    expect(blocked).toEqual(['onclick="go()"', 'href=" javascript:go()"']);
  });
});

describe('content types', () => {
  it('serves the Markdown twins as Markdown and text files as UTF-8', () => {
    const rules = parseHeadersFile(headersFile(headerRules({scriptHashes: [], searchOrigins: []})));
    expect(headersFor(rules, `${docPath('docs/Introduction')}.md`)['content-type']).toBe(
      'text/markdown; charset=utf-8',
    );
    expect(headersFor(rules, '/llms.txt')['content-type']).toBe('text/plain; charset=utf-8');
    expect(headersFor(rules, docPath('docs/Introduction'))['content-type']).toBeUndefined();
  });
});

describe('nginxSnippet', () => {
  it('quotes values and scopes path rules with a variable', () => {
    const conf = nginxSnippet([
      {path: '/*', headers: [['X-Test', 'a "quoted" value']]},
      {path: '/assets/*', headers: [['Cache-Control', 'max-age=1']]},
    ]);
    expect(conf).toContain('add_header X-Test "a \\"quoted\\" value" always;');
    expect(conf).toContain('if ($uri ~ "^/assets/.*") {\n  set $security_cache_control "max-age=1";\n}');
    expect(conf).toContain('add_header Cache-Control $security_cache_control always;');
  });

  it('gives a Content-Type rule a location of its own, which keeps the inherited headers', () => {
    const conf = nginxSnippet([
      {path: '/*', headers: [['X-Test', 'yes']]},
      {path: '/*.md', headers: [['Content-Type', 'text/markdown; charset=utf-8']]},
    ]);
    // In a quoted nginx string, `\\` is one backslash: the regex is ^/.*\.md$.
    expect(conf).toContain(
      'location ~ "^/.*\\\\.md$" {\n  types { }\n  default_type "text/markdown; charset=utf-8";\n}',
    );
    // No add_header in the location: nginx then applies the server's.
    expect(conf.slice(conf.indexOf('location'))).not.toContain('add_header');
    expect(() =>
      nginxSnippet([
        {
          path: '/*.md',
          headers: [
            ['Content-Type', 'text/markdown'],
            ['X-Test', 'no'],
          ],
        },
      ]),
    ).toThrow(/sets Content-Type with other headers/);
  });

  it('refuses a header set by two rules, which nginx could not merge', () => {
    expect(() =>
      nginxSnippet([
        {path: '/*', headers: [['Cache-Control', 'no-cache']]},
        {path: '/assets/*', headers: [['Cache-Control', 'max-age=1']]},
      ]),
    ).toThrow(/Cache-Control is set by two rules/);
  });
});
