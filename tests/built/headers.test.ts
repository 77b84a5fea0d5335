/**
 * build/_headers and build/nginx-security-headers.conf (written by plugins/security-headers): the policy covers every
 * inline script of the build by hash and nothing looser, the other security headers are there, and the nginx snippet
 * says the same as the _headers file.
 */
import {createHash} from 'node:crypto';
import {readdirSync, readFileSync} from 'node:fs';
import {join} from 'node:path';
import {describe, expect, it} from 'vitest';
import {parse} from 'yaml';
import {headersFor, parseHeadersFile, parsePolicy} from '../utils/headersFile';
import {attribute, selectAll, textContent} from '../../plugins/hast';
import {docPath} from '../../src/constants';
import {DOCUMENT, MOCK_DOCUMENT_PATH, underBasePath} from '../../plugins/space-openapi';
import {BUILD, builtPages} from './site';

const rules = parseHeadersFile(readFileSync(join(BUILD, '_headers'), 'utf8'));
const page = headersFor(rules, docPath('docs/Introduction'));
const policy = parsePolicy(page['content-security-policy'] ?? '');

/** Hashes of the inline scripts a browser runs, found here without the plugin's code. */
function inlineScriptHashes(): Map<string, string[]> {
  const found = new Map<string, string[]>();
  for (const {file, tree} of builtPages()) {
    for (const el of selectAll('script', tree)) {
      const type = (attribute(el, 'type') ?? '').toLowerCase();
      if (attribute(el, 'src') !== undefined || !['', 'text/javascript', 'module'].includes(type)) continue;
      const hash = `'sha256-${createHash('sha256').update(textContent(el)).digest('base64')}'`;
      found.set(hash, [...(found.get(hash) ?? []), file]);
    }
  }
  return found;
}

describe('_headers', () => {
  it('gives every page the security headers', () => {
    for (const path of ['/', docPath('docs/Introduction'), '/playground', '/assets/js/main.js', '/robots.txt']) {
      const headers = headersFor(rules, path);
      expect(headers['content-security-policy'], path).toBeDefined();
      expect(headers['x-content-type-options'], path).toBe('nosniff');
      expect(headers['referrer-policy'], path).toBe('strict-origin-when-cross-origin');
      expect(headers['x-frame-options'], path).toBe('DENY');
      expect(headers['permissions-policy'], path).toMatch(/^([a-z-]+=\(\)(, )?)+$/);
      expect(headers['permissions-policy'], path).toContain('camera=()');
    }
  });

  it('sets a strict policy', () => {
    expect(policy.get('default-src')).toEqual(["'self'"]);
    expect(policy.get('object-src')).toEqual(["'none'"]);
    expect(policy.get('base-uri')).toEqual(["'self'"]);
    expect(policy.get('form-action')).toEqual(["'self'"]);
    expect(policy.get('frame-ancestors')).toEqual(["'none'"]);
    expect(policy.get('img-src')).toEqual(["'self'", 'data:']);
    expect(policy.get('font-src')).toEqual(["'self'"]);
    expect(policy.get('worker-src')).toEqual(["'self'"]);
    // The embedded search reads its index from the site; the API reference's console reaches the reader's own SPACE on
    // this machine, and only there unless the build names other origins (SPACE_TRY_ORIGINS, unset here).
    expect(policy.get('connect-src')).toEqual(["'self'", 'http://localhost:*', 'http://127.0.0.1:*']);
    expect(policy.get('style-src')).toEqual(["'self'", "'unsafe-inline'"]);
  });

  it('lets scripts run from the site and by hash only', () => {
    const scripts = policy.get('script-src') ?? [];
    expect(scripts[0]).toBe("'self'");
    for (const source of scripts.slice(1)) expect(source).toMatch(/^'sha256-[A-Za-z0-9+/]{43}='$/);
    for (const loose of ["'unsafe-inline'", "'unsafe-eval'", "'unsafe-hashes'", "'strict-dynamic'", 'data:', 'blob:']) {
      expect(scripts).not.toContain(loose);
    }
  });

  it('lists the hash of every inline script of the build, and no other', () => {
    const found = inlineScriptHashes();
    // The colour-mode and announcement scripts of every page, the base-URL warning of the home page, the redirect.
    expect(found.size).toBeGreaterThanOrEqual(4);
    expect([...found.keys()].sort()).toEqual((policy.get('script-src') ?? []).slice(1).sort());
  });

  it('serves the SPACE API document as YAML', () => {
    expect(readdirSync(join(BUILD, 'openapi'))).toContain('space-api.yaml');
    expect(headersFor(rules, '/openapi/space-api.yaml')['content-type']).toBe('application/yaml; charset=utf-8');
    expect(headersFor(rules, docPath('api/space/space-api'))['content-type']).toBeUndefined();
  });

  it('publishes the mock-ready copy of the document, its paths under the base path, as YAML', () => {
    const published = readFileSync(join(BUILD, ...MOCK_DOCUMENT_PATH.split('/').filter(Boolean)), 'utf8');
    expect(published).toBe(underBasePath(readFileSync(DOCUMENT, 'utf8'), '/api/v1'));
    expect(Object.keys((parse(published) as {paths: object}).paths)).toContain('/api/v1/healthcheck');
    expect(headersFor(rules, MOCK_DOCUMENT_PATH)['content-type']).toBe('application/yaml; charset=utf-8');
  });

  it('caches the hashed bundles for good, and nothing else', () => {
    expect(headersFor(rules, '/assets/js/main.07cb79d6.js')['cache-control']).toBe(
      'public, max-age=31536000, immutable',
    );
    for (const path of ['/', docPath('docs/Introduction'), '/sitemap.xml', '/img/logo.svg']) {
      expect(headersFor(rules, path)['cache-control'], path).toBeUndefined();
    }
    const files = readdirSync(join(BUILD, 'assets'), {recursive: true, encoding: 'utf8'}).filter((f) =>
      /\.\w+$/.test(f),
    );
    expect(files.length).toBeGreaterThan(10);
    // A file named without its content hash could change under the same name.
    expect(files.filter((f) => !/[.-][0-9a-f]{8,}\.\w+$/.test(f))).toEqual([]);
  });
});

describe('nginx-security-headers.conf', () => {
  const conf = readFileSync(join(BUILD, 'nginx-security-headers.conf'), 'utf8');

  it('adds the same headers as _headers, on every response', () => {
    const unquote = (v: string) => v.replace(/^"|"$/g, '').replace(/\\(["\\])/g, '$1');
    const added = [...conf.matchAll(/^add_header (\S+) ("(?:[^"\\]|\\.)*"|\$\w+) always;$/gm)];
    const values = new Map(added.map((m) => [m[1], m[2]]));
    const global = rules.find((r) => r.pattern === '/*')!;
    for (const [name, value] of global.headers) expect(unquote(values.get(name) ?? ''), name).toBe(value);

    // Scoped headers go through a variable set when the URI matches the rule's pattern.
    const assets = rules.find((r) => r.pattern === '/assets/*')!;
    for (const [name, value] of assets.headers) {
      const variable = values.get(name)!;
      expect(variable).toMatch(/^\$\w+$/);
      const block = new RegExp(
        `set \\${variable} "";\\nif \\(\\$uri ~ "\\^/assets/\\.\\*"\\) \\{\\n  set \\${variable} "([^"]+)";\\n\\}`,
      ).exec(conf);
      expect(block?.[1], name).toBe(value);
    }
    expect(added.length).toBe(global.headers.length + assets.headers.length);
  });
});
