/**
 * The document as a mock server needs it. Stoplight Prism serves the paths of a document from its own root, while a
 * SPACE serves them under its `BASE_URL_PATH` (`/api/v1`), the base path the reference's instance panel starts with.
 * The copy made here moves every path under that base path and drops `servers`, so a Prism started on it answers at
 * the same URLs as a real instance. The build publishes that copy (`MOCK_DOCUMENT_PATH`) and `npm run mock-space`
 * (scripts/mock-space.ts) serves one.
 */
import {readFileSync} from 'node:fs';
import {join} from 'node:path';
import {parse, stringify} from 'yaml';

/** Site path of the mock-ready copy of the document in every production build. */
export const MOCK_DOCUMENT_PATH = '/openapi/space-api-mock.yaml';

/**
 * The Prism release the site's own tests and `npm run mock-space` run (the site's pinned devDependency); the
 * reference's mock command names it, so readers run the same one.
 */
export function prismVersion(siteDir: string): string {
  const manifest = JSON.parse(readFileSync(join(siteDir, 'package.json'), 'utf8')) as {
    devDependencies?: Record<string, string>;
  };
  const version = manifest.devDependencies?.['@stoplight/prism-cli'];
  if (!version || !/^\d+\.\d+\.\d+$/.test(version)) {
    throw new Error(`package.json pins no exact @stoplight/prism-cli version (found ${version})`);
  }
  return version;
}

/** The document with every path under `base` (`/api/v1`), as a SPACE started with that `BASE_URL_PATH` serves it. */
export function underBasePath(source: string, base: string): string {
  const document = parse(source) as {paths?: Record<string, unknown>; servers?: unknown};
  const prefix = base.replace(/\/+$/, '');
  if (prefix && !prefix.startsWith('/')) throw new Error(`--base must start with "/": got "${base}"`);
  document.paths = Object.fromEntries(
    Object.entries(document.paths ?? {}).map(([path, item]) => [`${prefix}${path}`, item]),
  );
  delete document.servers;
  return stringify(document, {lineWidth: 0});
}
