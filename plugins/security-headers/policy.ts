/**
 * The HTTP headers the site is served with: one description (`headerRules`), written out in two formats, the
 * `_headers` file of Netlify and Cloudflare Pages and an nginx snippet. Nothing else states the policy.
 */
import {createHash} from 'node:crypto';
import {attribute, attributes, elements, parseHtml, selectAll, textContent, type Root} from '../hast';
import {LOOPBACK_SOURCES} from '@sphere-docs/lib/loopback';

export interface PolicyInput {
  /** `'sha256-…'` sources of every inline script the pages run. */
  scriptHashes: readonly string[];
  /** Origins the search talks to (the Algolia hosts in hosted mode; none for the embedded search). */
  searchOrigins: readonly string[];
  /**
   * Origins of SPACE instances the API reference's console may call besides the reader's own machine (which is
   * always allowed): `SPACE_TRY_ORIGINS`, checked by ./tryOrigins.ts.
   */
  tryOrigins?: readonly string[];
}

export type Directives = Record<string, readonly string[]>;

export function contentSecurityPolicy({scriptHashes, searchOrigins, tryOrigins = []}: PolicyInput): Directives {
  return {
    'default-src': ["'self'"],
    // Bundles from the site, plus the inline scripts Docusaurus writes into each page (colour mode, announcement
    // reset, base-URL warning, redirect), allowed by hash. No 'unsafe-inline', no 'unsafe-eval': the playground's
    // schema validators are compiled at build time (plugins/pricing2yaml-validators).
    'script-src': ["'self'", ...[...new Set(scriptHashes)].sort()],
    // 'unsafe-inline' for styles only: React writes style attributes into the server-rendered HTML (announcement bar,
    // code-block tokens, diagram widths), which no hash can allow, and every diagram keeps the <style> Mermaid drew it
    // with (plugins/mermaid-svg). Styles cannot run code; scripts stay hash-only.
    'style-src': ["'self'", "'unsafe-inline'"],
    // data: for the icons Infima and the theme inline in their CSS.
    'img-src': ["'self'", 'data:'],
    'font-src': ["'self'"],
    // The search, then the reader's own SPACE, which the API reference's console sends requests to: on this machine
    // (any port), or at an origin the site was built with (SPACE_TRY_ORIGINS).
    'connect-src': ["'self'", ...searchOrigins, ...new Set([...LOOPBACK_SOURCES, ...tryOrigins])],
    // The playground's checking worker is a bundle of the site; nothing is started from a blob: URL.
    'worker-src': ["'self'"],
    'object-src': ["'none'"],
    'base-uri': ["'self'"],
    'form-action': ["'self'"],
    'frame-ancestors': ["'none'"],
  };
}

export function serializePolicy(directives: Directives): string {
  return Object.entries(directives)
    .map(([name, sources]) => [name, ...sources].join(' '))
    .join('; ');
}

export interface HeaderRule {
  /** A path pattern of the `_headers` format: `*` matches any run of characters. */
  path: string;
  headers: [name: string, value: string][];
}

/** Browser features no page of the site uses, turned off for the pages and anything they embed. */
const DISABLED_FEATURES = [
  'accelerometer',
  'camera',
  'display-capture',
  'geolocation',
  'gyroscope',
  'magnetometer',
  'microphone',
  'midi',
  'payment',
  'usb',
];

/**
 * Media types by file extension, for files a host may not know or may send without a charset: the Markdown twins
 * and the llms.txt files of plugins/markdown-twins.
 */
export const CONTENT_TYPES: Readonly<Record<string, string>> = {
  md: 'text/markdown; charset=utf-8',
  txt: 'text/plain; charset=utf-8',
  // The OpenAPI document of the SPACE API (/openapi/, from plugins/space-openapi/static/), read by client generators
  // and API tools.
  yaml: 'application/yaml; charset=utf-8',
};

export function headerRules(input: PolicyInput): HeaderRule[] {
  return [
    {
      path: '/*',
      headers: [
        ['Content-Security-Policy', serializePolicy(contentSecurityPolicy(input))],
        ['X-Content-Type-Options', 'nosniff'],
        ['Referrer-Policy', 'strict-origin-when-cross-origin'],
        ['Permissions-Policy', DISABLED_FEATURES.map((f) => `${f}=()`).join(', ')],
        ['X-Frame-Options', 'DENY'],
      ],
    },
    {
      // Every file under /assets/ has a content hash in its name (tests/built/headers.test.ts checks it).
      path: '/assets/*',
      headers: [['Cache-Control', 'public, max-age=31536000, immutable']],
    },
    ...Object.entries(CONTENT_TYPES).map(([extension, type]): HeaderRule => ({
      path: `/*.${extension}`,
      headers: [['Content-Type', type]],
    })),
  ];
}

const BANNER = 'Written by plugins/security-headers at build time; do not edit.';

/** The `_headers` file of Netlify and Cloudflare Pages. */
export function headersFile(rules: HeaderRule[]): string {
  const lines = [`# ${BANNER}`];
  for (const rule of rules) {
    lines.push(rule.path, ...rule.headers.map(([name, value]) => `  ${name}: ${value}`));
  }
  return `${lines.join('\n')}\n`;
}

/**
 * The same headers for nginx, to `include` in the `server` block that serves build/. Rules other than `/*` set their
 * headers through a variable, so that every location that adds no header of its own inherits them all. nginx takes
 * Content-Type from its map of types, not from add_header: a rule that sets it becomes a regex `location` with its
 * own type and no add_header, which therefore inherits the other headers.
 */
export function nginxSnippet(rules: HeaderRule[]): string {
  const quote = (value: string) => `"${value.replace(/["\\]/g, '\\$&')}"`;
  const pattern = (path: string) => `^${path.replace(/[.+?^${}()|[\]\\]/g, '\\$&').replace(/\*/g, '.*')}`;
  const lines = [
    `# ${BANNER}`,
    '# Include it in the server block that serves build/:  include /path/to/build/nginx-security-headers.conf;',
    '# nginx drops inherited add_header directives in a block that has its own: repeat this include there.',
  ];
  const seen = new Set<string>();
  for (const rule of rules) {
    const type = rule.headers.find(([name]) => name.toLowerCase() === 'content-type');
    if (type) {
      if (rule.headers.length > 1)
        throw new Error(`security-headers: ${rule.path} sets Content-Type with other headers`);
      lines.push(
        `location ~ ${quote(`${pattern(rule.path)}$`)} {`,
        '  types { }',
        `  default_type ${quote(type[1])};`,
        '}',
      );
      continue;
    }
    const scoped = rule.path !== '/*';
    for (const [name, value] of rule.headers) {
      if (name.toLowerCase() === 'content-type') {
        // add_header would send a second Content-Type next to the one nginx takes from its MIME types.
        lines.push(
          `# ${rule.path}: serve as "${value}" through the types block of nginx (mime.types), not add_header.`,
        );
        continue;
      }
      if (seen.has(name)) throw new Error(`security-headers: ${name} is set by two rules; nginx cannot merge them`);
      seen.add(name);
      if (!scoped) {
        lines.push(`add_header ${name} ${quote(value)} always;`);
        continue;
      }
      const variable = `$security_${name.toLowerCase().replace(/[^a-z0-9]/g, '_')}`;
      lines.push(
        `set ${variable} "";`,
        `if ($uri ~ ${quote(pattern(rule.path))}) {`,
        `  set ${variable} ${quote(value)};`,
        '}',
        `add_header ${name} ${variable} always;`,
      );
    }
  }
  return `${lines.join('\n')}\n`;
}

/** Types of <script> a browser runs (HTML's JavaScript MIME types and `module`); others are data blocks (JSON-LD). */
const EXECUTABLE =
  /^(|module|(application|text)\/(x-)?(java|ecma)script|text\/(javascript1\.[0-5]|jscript|livescript))$/i;

export interface InlineScripts {
  /** `'sha256-…'` of every inline script a browser would run. */
  hashes: string[];
  /** Inline event handlers and `javascript:` URLs, which a hash-only policy blocks: the build must have none. */
  blocked: string[];
}

/**
 * Hashes every inline script a browser would execute. Data blocks such as JSON-LD are not executed, so CSP does not
 * apply to them; hashing them would only add one source per page to the header.
 */
export function inlineScripts(html: string, tree: Root = parseHtml(html)): InlineScripts {
  const hashes: string[] = [];
  for (const el of selectAll('script:not([src])', tree)) {
    if (!EXECUTABLE.test((attribute(el, 'type') ?? '').trim())) continue;
    hashes.push(`'sha256-${createHash('sha256').update(textContent(el), 'utf8').digest('base64')}'`);
  }
  const blocked: string[] = [];
  for (const el of elements(tree)) {
    for (const [name, value] of attributes(el)) {
      if (/^on/i.test(name)) blocked.push(`${name}="${value}"`);
      else if (/^\s*javascript:/i.test(value)) blocked.push(`${name}="${value}"`);
    }
  }
  return {hashes, blocked};
}
