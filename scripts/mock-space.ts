/**
 * `npm run mock-space`: a stand-in SPACE for readers who have none, served by Stoplight Prism from the site's own
 * OpenAPI document (plugins/space-openapi/static/openapi/space-api.yaml). Prism checks each request against the
 * document (parameters, body, the `x-api-key` header) and answers from the document's examples; it keeps no state, so
 * a contract created by one call is not there for the next.
 *
 * Prism mocks the document's paths from the root, while a real SPACE (and the instance URL the API reference proposes,
 * http://localhost:3000/api/v1) serves them under `BASE_URL_PATH`. So this script hands Prism a copy of the document
 * whose paths carry that prefix (plugins/space-openapi/mock.ts, which also writes the copy the site publishes),
 * written to a temporary folder.
 *
 *   npm run mock-space                       # http://localhost:3000/api/v1
 *   npm run mock-space -- --port 4010 --base /api/v1
 */
import {spawn, type ChildProcess} from 'node:child_process';
import {mkdtempSync, readFileSync, rmSync, writeFileSync} from 'node:fs';
import {tmpdir} from 'node:os';
import {join} from 'node:path';
import {parseArgs} from 'node:util';
import {parse} from 'yaml';
import {DOCUMENT, underBasePath} from '../plugins/space-openapi';
import {basePath, defaultServerUrl, type SpaceApiDocument} from '@sphere-docs/lib/spaceOpenApi';

export {DOCUMENT, underBasePath};

export interface MockOptions {
  port: string;
  host: string;
  base: string;
  document: string;
}

/**
 * Starts Prism on the document, its paths under `base`; the copy of the document it serves is removed when Prism
 * exits. The e2e test of the reference's console starts its own mock with it.
 */
export function spawnMock(options: MockOptions, stdio: 'inherit' | 'pipe' = 'inherit'): ChildProcess {
  const dir = mkdtempSync(join(tmpdir(), 'mock-space-'));
  const file = join(dir, 'space-api.yaml');
  writeFileSync(file, underBasePath(readFileSync(options.document, 'utf8'), options.base));
  const cli = require.resolve('@stoplight/prism-cli/dist/index.js');
  const prism = spawn(process.execPath, [cli, 'mock', '--host', options.host, '--port', options.port, file], {stdio});
  prism.on('exit', () => rmSync(dir, {recursive: true, force: true}));
  return prism;
}

function main(): void {
  // The defaults are those of the document's server: the instance the reference's panel starts with.
  const document = parse(readFileSync(DOCUMENT, 'utf8')) as SpaceApiDocument;
  const {values} = parseArgs({
    options: {
      port: {type: 'string', default: new URL(defaultServerUrl(document)).port},
      host: {type: 'string', default: '127.0.0.1'},
      base: {type: 'string', default: basePath(document)},
      document: {type: 'string', default: DOCUMENT},
    },
  });
  const prism = spawnMock(values);
  const stop = () => prism.kill('SIGTERM');
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
  prism.on('exit', (code) => process.exit(code ?? 0));
}

if (require.main === module) main();
