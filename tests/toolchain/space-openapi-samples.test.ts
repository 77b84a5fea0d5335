/**
 * The code samples of the SPACE API reference (codeSamples.ts and clientSamples.ts in
 * plugins/space-openapi/theme/SpaceApiReference) and the instance they are filled with (../SpaceInstance there):
 * every curl command reaches the operation it belongs to, every `fetch` and space-node-client sample type-checks against Node's and the SDK's types, and the
 * reader's base URL and key land in the samples quoted for their language.
 */
import {describe, expect, it} from 'vitest';
import {curlSample, sampleRequest} from '../../plugins/space-openapi/theme/SpaceApiReference/codeSamples';
import {
  fetchSample,
  hasSdkCall,
  sdkSample,
  sdkUrl,
} from '../../plugins/space-openapi/theme/SpaceApiReference/clientSamples';
import {fillInstance} from '../../plugins/space-openapi/theme/SpaceInstance/fill';
import {DEFAULT_INSTANCE, type SpaceInstance} from '../../plugins/space-openapi/theme/SpaceInstance/store';
import {basePath, findOperation, operations} from '@sphere-docs/lib/spaceOpenApi';
import type {CodeBlock} from '../utils/codeBlocks';
import {checkCurlCalls, extractCurlCalls} from '../utils/curl';
import {spaceApiDocument as doc} from '../utils/spaceApi';
import {typeCheckExamples} from '../utils/tsExamples';

const ops = operations(doc);
/** A reader's instance whose values need quoting in every language. */
const AWKWARD: SpaceInstance = {
  baseUrl: "https://space.example.com/team's space/api/v1/",
  apiKey: `k"e$y\\'0`,
  samples: 'fetch',
  target: 'url',
};

describe('curl samples', () => {
  it('reach the operation they belong to', () => {
    for (const entry of ops) {
      const command = curlSample(sampleRequest(doc, entry), DEFAULT_INSTANCE);
      const calls = extractCurlCalls(command);
      expect(calls, command).toHaveLength(1);
      expect(checkCurlCalls(calls), command).toEqual([]);
      const path = calls[0].url.split(basePath(doc))[1].split('?')[0];
      expect(findOperation(doc, calls[0].method, decodeURIComponent(path)), command).toMatchObject({
        method: entry.method,
        path: entry.path,
      });
      expect(command.includes('x-api-key'), command).toBe(entry.operation.security === undefined);
    }
  });

  it('carry the query parameters, the body and the upload of the examples', () => {
    const sample = (operationId: string) => {
      const entry = ops.find((e) => e.operation.operationId === operationId)!;
      return curlSample(sampleRequest(doc, entry), DEFAULT_INSTANCE);
    };
    expect(sample('setPricingAvailability')).toContain('/pricings/2025-1?availability=archived"');
    expect(sample('setPricingAvailability')).toContain(`-d '{"subscriptionPlan":"BASIC","subscriptionAddOns":{}}'`);
    expect(sample('createService')).toContain('-F "pricing=@notehive-2025-1.yml"');
    expect(sample('readCacheEntry')).toContain('/cache/get?key=contracts.user-123"');
    expect(sample('healthcheck')).toBe('curl -X GET "http://localhost:3000/api/v1/healthcheck"');
  });

  it("put the reader's base URL and key in, quoted for the shell", () => {
    const entry = ops.find((e) => e.operation.operationId === 'getContract')!;
    const command = curlSample(sampleRequest(doc, entry), AWKWARD);
    expect(command).toBe(
      'curl -X GET "https://space.example.com/team\'s space/api/v1/contracts/user-123" \\\n' +
        '  -H "x-api-key: k\\"e\\$y\\\\\'0"',
    );
    expect(extractCurlCalls(command)[0].url).toBe("https://space.example.com/team's space/api/v1/contracts/user-123");
  });
});

describe('fetch and space-node-client samples', () => {
  it('are written for the six calls space-node-client 0.3.0 makes', () => {
    expect(ops.filter((e) => hasSdkCall(e.operation.operationId)).map((e) => e.operation.operationId)).toEqual([
      'createContract',
      'getContract',
      'changeSubscription',
      'generatePricingToken',
      'evaluateFeature',
      'healthcheck',
    ]);
  });

  it('type-check, with the default instance and with one that needs quoting', () => {
    const blocks: CodeBlock[] = [];
    for (const instance of [DEFAULT_INSTANCE, AWKWARD]) {
      for (const entry of ops) {
        const request = sampleRequest(doc, entry);
        const sdk = sdkSample(request, instance);
        for (const [form, code] of [
          ['fetch', fetchSample(request, instance)],
          ['sdk', sdk],
        ] as const) {
          if (code === undefined) continue;
          const file = `${request.operationId}.${form}.${instance === AWKWARD ? 'awkward' : 'default'}`;
          blocks.push({file, line: 0, lang: 'ts', meta: '', attrs: {example: 'complete'}, code});
        }
      }
    }
    expect(blocks.length).toBe(2 * (ops.length + 6));
    expect(typeCheckExamples(blocks).map((p) => `${p.location}: ${p.message}`)).toEqual([]);
  });

  it('give space-node-client the origin, since it adds /api/v1 itself', () => {
    expect(sdkUrl(DEFAULT_INSTANCE)).toBe('http://localhost:3000');
    expect(sdkUrl({...DEFAULT_INSTANCE, baseUrl: 'http://localhost:5403/api/v1/'})).toBe('http://localhost:5403');
    expect(sdkUrl({...DEFAULT_INSTANCE, baseUrl: 'http://localhost:3000/space/v2'})).toBeUndefined();
    const entry = ops.find((e) => e.operation.operationId === 'evaluateFeature')!;
    expect(sdkSample(sampleRequest(doc, entry), DEFAULT_INSTANCE)).toContain(
      "await space.features.evaluate('user-123', 'notehive-aiSummaries', {\"notehive-aiSummariesPerMonth\":1});",
    );
  });
});

describe('code written for the default instance', () => {
  const shell = 'curl -H "x-api-key: $SPACE_API_KEY" "http://localhost:3000/api/v1/users"';
  const ts = "fetch('http://localhost:3000/api/v1/users', {headers: {'x-api-key': process.env.SPACE_API_KEY ?? ''}});";
  const java = 'client.setBasePath("http://localhost:3000/api/v1"); key.setApiKey(System.getenv("SPACE_API_KEY"));';

  it('is left as it is until the reader gives values', () => {
    for (const [code, language] of [
      [shell, 'bash'],
      [ts, 'ts'],
      [java, 'java'],
    ]) {
      expect(fillInstance(code, language, DEFAULT_INSTANCE)).toBe(code);
    }
  });

  it("gets the reader's values, quoted for each language", () => {
    expect(fillInstance(shell, 'bash', AWKWARD)).toBe(
      'curl -H "x-api-key: k\\"e\\$y\\\\\'0" "https://space.example.com/team\'s space/api/v1/users"',
    );
    expect(fillInstance(ts, 'ts', AWKWARD)).toBe(
      "fetch('https://space.example.com/team\\'s space/api/v1/users', {headers: {'x-api-key': 'k\"e$y\\\\\\'0'}});",
    );
    expect(fillInstance(java, 'java', AWKWARD)).toBe(
      'client.setBasePath("https://space.example.com/team\'s space/api/v1"); key.setApiKey("k\\"e$y\\\\\'0");',
    );
  });

  it('leaves code of other languages alone', () => {
    expect(fillInstance(shell, 'json', AWKWARD)).toBe(shell);
    expect(fillInstance(shell, undefined, AWKWARD)).toBe(shell);
  });
});
