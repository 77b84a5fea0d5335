/**
 * `npm run mock-space` (scripts/mock-space.ts) and the mock-ready document the build publishes
 * (plugins/space-openapi/mock.ts): the copy of the document Prism serves, its paths under the base path a real SPACE
 * uses, and the parts of the command the reference gives.
 */
import {mkdtempSync, readFileSync, rmSync, writeFileSync} from 'node:fs';
import {tmpdir} from 'node:os';
import {join} from 'node:path';
import {describe, expect, it} from 'vitest';
import {parse} from 'yaml';
import {DOCUMENT, underBasePath} from '../../scripts/mock-space';
import {MOCK_DOCUMENT_PATH, instanceDefaults, prismVersion} from '../../plugins/space-openapi';
import type {SpaceApiDocument} from '@sphere-docs/lib/spaceOpenApi';

const source = readFileSync(DOCUMENT, 'utf8');
const original = parse(source) as {paths: Record<string, unknown>; servers?: unknown};

describe('underBasePath', () => {
  it('puts every path under the base path and keeps each operation as it was', () => {
    const moved = parse(underBasePath(source, '/api/v1')) as typeof original;
    expect(Object.keys(moved.paths)).toEqual(Object.keys(original.paths).map((p) => `/api/v1${p}`));
    expect(moved.paths['/api/v1/contracts/{userId}']).toEqual(original.paths['/contracts/{userId}']);
    expect(moved.servers).toBeUndefined();
  });

  it('takes a trailing slash or an empty base, and refuses a relative one', () => {
    expect(Object.keys((parse(underBasePath(source, '/space/')) as typeof original).paths)[0]).toMatch(/^\/space\/\w/);
    expect(Object.keys((parse(underBasePath(source, '')) as typeof original).paths)).toEqual(
      Object.keys(original.paths),
    );
    expect(() => underBasePath(source, 'api/v1')).toThrow(/must start with "\/"/);
  });
});

describe('the published mock document', () => {
  it('names the Prism release package.json pins, and refuses a range', () => {
    const pinned = (
      JSON.parse(readFileSync(join(__dirname, '..', '..', 'package.json'), 'utf8')) as {
        devDependencies: Record<string, string>;
      }
    ).devDependencies['@stoplight/prism-cli'];
    expect(prismVersion(join(__dirname, '..', '..'))).toBe(pinned);
    const dir = mkdtempSync(join(tmpdir(), 'prism-pin-'));
    try {
      writeFileSync(join(dir, 'package.json'), JSON.stringify({devDependencies: {'@stoplight/prism-cli': '^5.14.2'}}));
      expect(() => prismVersion(dir)).toThrow(/exact @stoplight\/prism-cli/);
    } finally {
      rmSync(dir, {recursive: true, force: true});
    }
  });

  it('gives the reference its default instance, key header and mock command parts from the document', () => {
    expect(instanceDefaults(original as unknown as SpaceApiDocument, join(__dirname, '..', '..'))).toEqual({
      baseUrl: 'http://localhost:3000/api/v1',
      keyHeader: 'x-api-key',
      mock: {path: MOCK_DOCUMENT_PATH, prism: prismVersion(join(__dirname, '..', '..'))},
    });
    expect(MOCK_DOCUMENT_PATH).toBe('/openapi/space-api-mock.yaml');
  });
});
