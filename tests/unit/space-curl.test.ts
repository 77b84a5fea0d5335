import {describe, expect, it} from 'vitest';
import {allCodeBlocks} from '../utils/codeBlocks';
import {checkCurlCalls, extractCurlCalls} from '../utils/curl';
import {findOperation} from '@sphere-docs/lib/spaceOpenApi';
import {spaceApiDocument} from '../utils/spaceApi';

describe('resolving a request against the SPACE API document', () => {
  const pathOf = (method: string, path: string) => findOperation(spaceApiDocument, method, path)?.path;

  it('resolves literal segments before templates, as the routers do', () => {
    expect(pathOf('POST', '/features/user-123/pricing-token')).toBe('/features/{userId}/pricing-token');
    expect(pathOf('POST', '/features/user-123/notehive-notes')).toBe('/features/{userId}/{featureId}');
    expect(pathOf('POST', '/users/authenticate')).toBe('/users/authenticate');
    expect(pathOf('GET', '/users/authenticate')).toBe('/users/{username}');
  });

  it('finds nothing for a method or a path the document does not have', () => {
    expect(pathOf('PATCH', '/users/ada')).toBeUndefined();
    expect(pathOf('GET', '/users/ada/extra/segments')).toBeUndefined();
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

  it('uses only operations of the SPACE API document', () => {
    const problems = calls.flatMap((c) => checkCurlCalls([c]).map((p) => `${c.where}: ${p.reason}\n    ${p.command}`));
    expect(problems).toEqual([]);
  });
});
