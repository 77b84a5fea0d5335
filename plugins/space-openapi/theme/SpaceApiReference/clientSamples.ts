/**
 * The samples of an operation as a `fetch` call (Node 20 or later, TypeScript or JavaScript in an ES module) and,
 * for the calls the SDK has, as a space-node-client call. tests/toolchain/space-openapi-samples.test.ts type-checks both.
 */
import {KEY_FROM_ENV, jsQuoted} from '../SpaceInstance/fill';
import {KEY_HEADER, sampleBaseUrl, type SpaceInstance} from '../SpaceInstance/store';
import {SAMPLE_PRICING_FILE, jsonText, url, type SampleRequest} from './codeSamples';

/** A single-quoted JavaScript string. */
const str = (text: string) => `'${jsQuoted(text)}'`;

/** A JavaScript expression for the key: the reader's, or the environment variable. */
function keyExpression(instance: SpaceInstance): string {
  const key = instance.apiKey.trim();
  return key ? str(key) : KEY_FROM_ENV.ts;
}

export function fetchSample(request: SampleRequest, instance: SpaceInstance): string {
  const lines: string[] = [];
  const init: string[] = [];
  const headers: string[] = [];
  if (request.method !== 'GET') init.push(`method: '${request.method}'`);
  if (request.needsKey) headers.push(`'${KEY_HEADER}': ${keyExpression(instance)}`);
  if (request.body?.kind === 'file') {
    lines.push(
      "import {openAsBlob} from 'node:fs';",
      '',
      'const form = new FormData();',
      `form.append('${request.body.field}', await openAsBlob('${SAMPLE_PRICING_FILE}'), '${SAMPLE_PRICING_FILE}');`,
    );
  }
  if (request.body?.kind === 'json') headers.push("'Content-Type': 'application/json'");
  if (headers.length) init.push(`headers: {${headers.join(', ')}}`);
  if (request.body?.kind === 'json') init.push(`body: JSON.stringify(${jsonText(request.body.value, '  ')})`);
  if (request.body?.kind === 'file') init.push('body: form');
  const target = str(url(request, instance));
  lines.push(
    init.length
      ? `const response = await fetch(${target}, {\n${init.map((l) => `  ${l},`).join('\n')}\n});`
      : `const response = await fetch(${target});`,
  );
  const read = {json: 'await response.json()', text: 'await response.text()', none: ''}[request.answer];
  lines.push(`console.log(response.status${read ? `, ${read}` : ''});`);
  return lines.join('\n');
}

/**
 * The space-node-client (0.3.0) method of each operation the SDK makes, and its arguments: `u` the userId, `f` the
 * featureId, `b` the body.
 */
const SDK_CALLS: Record<string, [method: string, args: string]> = {
  getContract: ['contracts.getContract', 'u'],
  createContract: ['contracts.addContract', 'b'],
  changeSubscription: ['contracts.updateContractSubscription', 'ub'],
  evaluateFeature: ['features.evaluate', 'ufb'],
  generatePricingToken: ['features.generateUserPricingToken', 'u'],
  healthcheck: ['isConnectedToSpace', ''],
};

/** The JSON body, which is also a JavaScript expression. */
function bodyLiteral(request: SampleRequest): string {
  return request.body?.kind === 'json' ? jsonText(request.body.value) : '{}';
}

/** The `url` space-node-client wants: the origin, since it adds `/api/v1` itself. */
export function sdkUrl(instance: SpaceInstance): string | undefined {
  const base = sampleBaseUrl(instance);
  return base.endsWith('/api/v1') ? base.slice(0, -'/api/v1'.length) : undefined;
}

/** Whether space-node-client makes this call. */
export const hasSdkCall = (operationId: string | undefined) => !!operationId && operationId in SDK_CALLS;

/** The space-node-client sample; undefined when the SDK cannot reach the base URL (it always adds `/api/v1`). */
export function sdkSample(request: SampleRequest, instance: SpaceInstance): string | undefined {
  const call = SDK_CALLS[request.operationId];
  const origin = sdkUrl(instance);
  if (!call || origin === undefined) return undefined;
  const args = [...call[1]].map((a) =>
    a === 'b' ? bodyLiteral(request) : str(request.pathParams[a === 'u' ? 'userId' : 'featureId']),
  );
  return [
    "import {connect} from 'space-node-client';",
    '',
    `const space = connect({url: ${str(origin)}, apiKey: ${keyExpression(instance)}});`,
    `const result = await space.${call[0]}(${args.join(', ')});`,
    'console.log(result);',
    'await space.close();',
  ].join('\n');
}
