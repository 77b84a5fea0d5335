/**
 * The policy and header writers of plugins/security-headers, and the search origins they are given in each mode.
 */
import {describe, expect, it} from 'vitest';
import {searchOrigins, searchSetup} from '../../plugins/local-search/config';
import {headerRules, headersFile, inlineScripts, nginxSnippet} from '../../plugins/security-headers/policy';
import {headersFor, parseHeadersFile, parsePolicy} from '../utils/headersFile';

const HOSTED = {ALGOLIA_APP_ID: 'TESTAPP', ALGOLIA_API_KEY: 'test-search-key', ALGOLIA_INDEX_NAME: 'sphere-docs'};

const policyOf = (env: Record<string, string>) => {
  const rules = headerRules({scriptHashes: ["'sha256-abc='"], searchOrigins: searchOrigins(searchSetup(env))});
  return parsePolicy(headersFor(parseHeadersFile(headersFile(rules)), '/')['content-security-policy']);
};

describe('connect-src', () => {
  it('is the site alone with the embedded search', () => {
    expect(policyOf({}).get('connect-src')).toEqual(["'self'"]);
  });

  it("adds Algolia's hosts in hosted mode, and nothing else changes", () => {
    const hosted = policyOf(HOSTED);
    expect(hosted.get('connect-src')).toEqual([
      "'self'",
      'https://TESTAPP-dsn.algolia.net',
      'https://*.algolianet.com',
      'https://*.algolia.net',
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

  it('leaves Content-Type to the MIME types of nginx, where add_header would send a second one', () => {
    const conf = nginxSnippet([{path: '/openapi/*', headers: [['Content-Type', 'application/yaml; charset=utf-8']]}]);
    expect(conf).not.toMatch(/add_header Content-Type|security_content_type/);
    expect(conf).toContain('# /openapi/*: serve as "application/yaml; charset=utf-8" through the types block');
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
