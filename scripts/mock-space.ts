/**
 * `npm run mock-space`: a stand-in SPACE for readers who have none, served by Stoplight Prism from the site's own
 * OpenAPI document (static/openapi/space-api.yaml). Prism checks each request against the document (parameters,
 * body, the `x-api-key` header) and answers from the document's examples; it keeps no state, so a contract created by
 * one call is not there for the next.
 *
 * Prism mocks the document's paths from the root, while a real SPACE (and the instance URL the API reference proposes,
 * http://localhost:3000/api/v1) serves them under `BASE_URL_PATH`. So this script hands Prism a copy of the document
 * whose paths carry that prefix, written to a temporary folder.
 *
 *   npm run mock-space                       # http://localhost:3000/api/v1
 *   npm run mock-space -- --port 4010 --base /api/v1
 */
import {spawn} from 'node:child_process';
import {mkdtempSync, readFileSync, rmSync, writeFileSync} from 'node:fs';
import {tmpdir} from 'node:os';
import {join} from 'node:path';
import {parseArgs} from 'node:util';
import {parse, stringify} from 'yaml';

export const DOCUMENT = 'static/openapi/space-api.yaml';

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

function main(): void {
  const {values} = parseArgs({
    options: {
      port: {type: 'string', default: '3000'},
      host: {type: 'string', default: '127.0.0.1'},
      base: {type: 'string', default: '/api/v1'},
      document: {type: 'string', default: DOCUMENT},
    },
  });
  const dir = mkdtempSync(join(tmpdir(), 'mock-space-'));
  const file = join(dir, 'space-api.yaml');
  writeFileSync(file, underBasePath(readFileSync(values.document, 'utf8'), values.base));
  const cli = require.resolve('@stoplight/prism-cli/dist/index.js');
  const prism = spawn(process.execPath, [cli, 'mock', '--host', values.host, '--port', values.port, file], {
    stdio: 'inherit',
  });
  const stop = () => prism.kill('SIGTERM');
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
  prism.on('exit', (code) => {
    rmSync(dir, {recursive: true, force: true});
    process.exit(code ?? 0);
  });
}

if (require.main === module) main();
