import {describe, expect, it} from 'vitest';
import {allCodeBlocks} from '../utils/codeBlocks';
import {checkCurlCalls, extractCurlCalls} from '../utils/curl';
import {SPACE_API, SPACE_ENDPOINTS, endpointAnchor, findEndpoint} from '../../src/data/spaceApi';

describe('SPACE API reference data', () => {
  it('has no duplicate method and path', () => {
    const keys = SPACE_ENDPOINTS.map((e) => `${e.method} ${e.path}`);
    expect(keys.filter((k, i) => keys.indexOf(k) !== i)).toEqual([]);
  });

  it('gives every endpoint at least one status code, all of them distinct', () => {
    for (const e of SPACE_ENDPOINTS) {
      expect(e.statuses.length, `${e.method} ${e.path}`).toBeGreaterThan(0);
      const codes = e.statuses.map((s) => s.code);
      expect(new Set(codes).size, `${e.method} ${e.path}`).toBe(codes.length);
    }
  });

  it('gives every endpoint a distinct anchor and every group a distinct id', () => {
    const anchors = SPACE_ENDPOINTS.map(endpointAnchor);
    expect(new Set(anchors).size).toBe(anchors.length);
    const ids = SPACE_API.map((r) => r.id);
    expect(new Set(ids).size).toBe(ids.length);
  });

  it('declares every path parameter of a templated path', () => {
    for (const e of SPACE_ENDPOINTS) {
      const templated = [...e.path.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort();
      const declared = (e.params ?? [])
        .filter((p) => p.in === 'path')
        .map((p) => p.name)
        .sort();
      expect(declared, `${e.method} ${e.path}`).toEqual(templated);
    }
  });

  it('resolves literal segments before templates', () => {
    expect(findEndpoint('POST', '/features/user-123/pricing-token')?.path).toBe('/features/{userId}/pricing-token');
    expect(findEndpoint('POST', '/features/user-123/notehive-notes')?.path).toBe('/features/{userId}/{featureId}');
    expect(findEndpoint('POST', '/users/authenticate')?.path).toBe('/users/authenticate');
  });
});

describe('curl extraction', () => {
  it('reads method, URL and continuation lines', () => {
    const calls = extractCurlCalls(
      [
        'curl -s -X PUT "http://localhost:5403/api/v1/contracts/user-123/usageLevels?reset=true" \\',
        '  -H "x-api-key: $SPACE_API_KEY"',
        "TOKEN=$(curl -s -d '{}' http://localhost:5403/api/v1/features/user-123/pricing-token | jq -r .pricingToken)",
        'curl $SPACE_URL/api/v1/services',
      ].join('\n'),
    );
    expect(calls.map((c) => [c.method, c.url])).toEqual([
      ['PUT', 'http://localhost:5403/api/v1/contracts/user-123/usageLevels?reset=true'],
      ['POST', 'http://localhost:5403/api/v1/features/user-123/pricing-token'],
      ['GET', '$SPACE_URL/api/v1/services'],
    ]);
    expect(checkCurlCalls(calls)).toEqual([]);
  });

  it('expands shell variables assigned in the same snippet', () => {
    const calls = extractCurlCalls(
      [
        'SPACE=http://localhost:5403/api/v1',
        'curl -s -X DELETE "${SPACE}/contracts/user-123" -H "x-api-key: $KEY"',
      ].join('\n'),
    );
    expect(calls[0].url).toBe('http://localhost:5403/api/v1/contracts/user-123');
    expect(checkCurlCalls(calls)).toEqual([]);
  });

  it('reports an endpoint that the reference does not list', () => {
    const unknown = extractCurlCalls('curl -X PATCH http://localhost:5403/api/v1/contracts/user-123');
    const problems = checkCurlCalls(unknown);
    expect(problems).toHaveLength(1);
    expect(problems[0].reason).toMatch(/PATCH \/contracts\/user-123 is not in/);

    const missingRoute = checkCurlCalls(extractCurlCalls('curl http://localhost:5403/api/v1/plans'));
    expect(missingRoute).toHaveLength(1);
  });

  it('reports a URL outside the API base path', () => {
    const problems = checkCurlCalls(extractCurlCalls('curl http://localhost:5403/services'));
    expect(problems[0].reason).toMatch(/does not go through/);
  });
});

describe('curl examples on the published pages', () => {
  const blocks = allCodeBlocks(['docs']);
  const calls = blocks.flatMap((b) => extractCurlCalls(b.code).map((c) => ({...c, where: `${b.file}:${b.line}`})));

  it('finds curl examples to check', () => {
    expect(calls.length).toBeGreaterThan(0);
  });

  it('uses only endpoints listed in src/data/spaceApi.ts', () => {
    const problems = calls.flatMap((c) => checkCurlCalls([c]).map((p) => `${c.where}: ${p.reason}\n    ${p.command}`));
    expect(problems).toEqual([]);
  });
});
