/**
 * `npm run mock-space` (scripts/mock-space.ts): the copy of the document Prism serves, its paths under the base path a
 * real SPACE uses.
 */
import {readFileSync} from 'node:fs';
import {describe, expect, it} from 'vitest';
import {parse} from 'yaml';
import {DOCUMENT, underBasePath} from '../../scripts/mock-space';

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
