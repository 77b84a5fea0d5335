/**
 * Code samples of each operation of the SPACE API document, built from the operation itself: its method and path,
 * the `example` of its parameters (path parameters always, query parameters that have one) and the example of its
 * request body. This module makes the request and its curl command, the form the page starts with; ./clientSamples.ts
 * writes the same request as a `fetch` call or a space-node-client call, and loads only when the reader asks for one.
 */
import {deref, type OperationEntry, type Parameter, type SpaceApiDocument} from '@sphere-docs/lib/spaceOpenApi';
import type {OpenAPIV3_1} from 'openapi-types';
import {KEY_FROM_ENV, shellQuoted} from '../SpaceInstance/fill';
import {KEY_HEADER, sampleBaseUrl, type SpaceInstance} from '../SpaceInstance/store';

/** The file the upload samples send. */
export const SAMPLE_PRICING_FILE = 'notehive-2025-1.yml';

export interface SampleRequest {
  operationId: string;
  method: string;
  /** Path relative to the base path, parameters filled with their examples. */
  path: string;
  pathParams: Record<string, string>;
  query: [name: string, value: string][];
  body?: {kind: 'json'; value: unknown} | {kind: 'file'; field: string};
  /** Whether the request needs the API key header. */
  needsKey: boolean;
  /** What the success answer carries. */
  answer: 'json' | 'text' | 'none';
}

function exampleOf(parameter: Parameter): string | undefined {
  return parameter.example === undefined ? undefined : String(parameter.example);
}

/** The request the samples of an operation send. */
export function sampleRequest(doc: SpaceApiDocument, entry: OperationEntry): SampleRequest {
  const {operation, method, parameters} = entry;
  const pathParams: Record<string, string> = {};
  for (const p of parameters.filter((p) => p.in === 'path')) {
    const value = exampleOf(p);
    if (value === undefined) throw new Error(`${operation.operationId}: path parameter ${p.name} has no example`);
    pathParams[p.name] = value;
  }
  const path = entry.path.replace(/\{(\w+)\}/g, (_, name: string) => encodeURIComponent(pathParams[name]));
  const query = parameters
    .filter((p) => p.in === 'query')
    .flatMap((p): [string, string][] => {
      const value = exampleOf(p);
      return value === undefined ? [] : [[p.name, value]];
    });

  let body: SampleRequest['body'];
  const requestBody = operation.requestBody
    ? deref<OpenAPIV3_1.RequestBodyObject>(doc, operation.requestBody)
    : undefined;
  const content = requestBody?.content ?? {};
  const multipart = content['multipart/form-data'];
  if (multipart) {
    const schema = deref<OpenAPIV3_1.SchemaObject>(doc, multipart.schema ?? {});
    body = {kind: 'file', field: Object.keys(schema.properties ?? {})[0] ?? 'file'};
  } else if (content['application/json']?.example !== undefined) {
    body = {kind: 'json', value: content['application/json'].example};
  }

  const success = Object.entries(operation.responses ?? {}).find(([code]) => code.startsWith('2'));
  const answerContent = success ? deref<OpenAPIV3_1.ResponseObject>(doc, success[1]).content : undefined;
  const answer = !answerContent ? 'none' : answerContent['application/json'] ? 'json' : 'text';
  const needsKey = !(Array.isArray(operation.security) && operation.security.length === 0);
  return {
    operationId: operation.operationId ?? '',
    method: method.toUpperCase(),
    path,
    pathParams,
    query,
    body,
    needsKey,
    answer,
  };
}

export function url(request: SampleRequest, instance: SpaceInstance): string {
  const search = request.query.map(([k, v]) => `${encodeURIComponent(k)}=${encodeURIComponent(v)}`).join('&');
  return `${sampleBaseUrl(instance)}${request.path}${search ? `?${search}` : ''}`;
}

/** JSON on one line when short, indented otherwise. */
export function jsonText(value: unknown, indent = ''): string {
  const flat = JSON.stringify(value);
  return flat.length <= 72 ? flat : JSON.stringify(value, null, 2).replace(/\n/g, `\n${indent}`);
}

export function curlSample(request: SampleRequest, instance: SpaceInstance): string {
  const key = instance.apiKey.trim() ? shellQuoted(instance.apiKey.trim()) : KEY_FROM_ENV.shell;
  const lines = [`curl -X ${request.method} "${shellQuoted(url(request, instance))}"`];
  if (request.needsKey) lines.push(`-H "${KEY_HEADER}: ${key}"`);
  if (request.body?.kind === 'json') {
    lines.push('-H "Content-Type: application/json"');
    lines.push(`-d '${jsonText(request.body.value, '  ').replace(/'/g, "'\\''")}'`);
  } else if (request.body?.kind === 'file') {
    lines.push(`-F "${request.body.field}=@${SAMPLE_PRICING_FILE}"`);
  }
  return lines.join(' \\\n  ');
}
