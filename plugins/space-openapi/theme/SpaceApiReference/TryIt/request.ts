/**
 * What the "Try it" console does that does not need a browser: the form of an operation and its first values (those
 * of the code sample), the request built from what the reader typed, the body and answer checked against the
 * document's schemas, the curl command of what was sent, and what a failure means. ./Console.tsx puts it on the page.
 */
import type {ErrorObject, ValidateFunction} from 'ajv';
import type {OpenAPIV3_1} from 'openapi-types';
import {
  deref,
  isPublic,
  type OperationEntry,
  type Parameter,
  type SpaceApiDocument,
} from '@sphere-docs/lib/spaceOpenApi';
import {validatorName} from '../../../validatorNames';
import {isLoopbackUrl} from '@sphere-docs/lib/loopback';
import {KEY_FROM_ENV, shellQuoted} from '../../SpaceInstance/fill';
import {KEY_HEADER} from '../../SpaceInstance/store';
import type {SampleRequest} from '../codeSamples';

export type Validators = Readonly<Record<string, ValidateFunction | undefined>>;

/** The fields an operation's form has. */
export interface Shape {
  operationId: string;
  method: string;
  /** Path template relative to the base path, `/contracts/{userId}`. */
  path: string;
  pathParams: Parameter[];
  queryParams: Parameter[];
  body?: {kind: 'json'; required: boolean} | {kind: 'file'; field: string; required: boolean};
  needsKey: boolean;
}

/** What the reader typed: parameter values (an empty query value is left out), the JSON body, the chosen file. */
export interface Draft {
  pathParams: Record<string, string>;
  query: Record<string, string>;
  bodyText: string;
  file?: {name: string; blob: Blob};
}

export function shapeOf(doc: SpaceApiDocument, entry: OperationEntry): Shape {
  const {operation} = entry;
  const requestBody = operation.requestBody
    ? deref<OpenAPIV3_1.RequestBodyObject>(doc, operation.requestBody)
    : undefined;
  const content = requestBody?.content ?? {};
  let body: Shape['body'];
  if (content['multipart/form-data']) {
    const schema = deref<OpenAPIV3_1.SchemaObject>(doc, content['multipart/form-data'].schema ?? {});
    body = {kind: 'file', field: Object.keys(schema.properties ?? {})[0] ?? 'file', required: !!requestBody?.required};
  } else if (content['application/json']) {
    body = {kind: 'json', required: !!requestBody?.required};
  }
  return {
    operationId: operation.operationId ?? '',
    method: entry.method.toUpperCase(),
    path: entry.path,
    pathParams: entry.parameters.filter((p) => p.in === 'path'),
    queryParams: entry.parameters.filter((p) => p.in === 'query'),
    body,
    needsKey: !isPublic(operation),
  };
}

/** The form filled as the code sample is: the examples of the parameters and of the body. */
export function initialDraft(shape: Shape, sample: SampleRequest): Draft {
  return {
    pathParams: {...sample.pathParams},
    query: Object.fromEntries(
      shape.queryParams.map((p) => [p.name, sample.query.find(([name]) => name === p.name)?.[1] ?? '']),
    ),
    bodyText: sample.body?.kind === 'json' ? JSON.stringify(sample.body.value, null, 2) : '',
  };
}

/** A problem of the form, at a field: `path:<name>`, `query:<name>`, `body` (the JSON text) or `body:<pointer>`. */
export interface FieldProblem {
  field: string;
  message: string;
}

/** ajv's errors as problems of the body, each at the field it is about (a missing property at that property). */
export function schemaProblems(errors: readonly ErrorObject[] | null | undefined, prefix = 'body:'): FieldProblem[] {
  const seen = new Set<string>();
  const out: FieldProblem[] = [];
  for (const error of errors ?? []) {
    const missing = error.keyword === 'required' ? (error.params as {missingProperty: string}).missingProperty : '';
    const at = missing
      ? `${error.instancePath}/${missing.replace(/~/g, '~0').replace(/\//g, '~1')}`
      : error.instancePath;
    let message = error.message ?? 'is not valid';
    if (missing) message = 'is required';
    else if (error.keyword === 'additionalProperties') {
      message = `has a property the schema does not allow: ${(error.params as {additionalProperty: string}).additionalProperty}`;
    } else if (error.keyword === 'enum') {
      message = `must be one of ${(error.params as {allowedValues: unknown[]}).allowedValues.map((v) => JSON.stringify(v)).join(', ')}`;
    }
    const key = `${at} ${message}`;
    if (seen.has(key)) continue;
    seen.add(key);
    out.push({field: `${prefix}${at || '/'}`, message});
  }
  return out;
}

/** Everything that keeps the request from being sent as typed; empty when it may go. */
export function draftProblems(shape: Shape, draft: Draft, validators: Validators): FieldProblem[] {
  const problems: FieldProblem[] = [];
  for (const p of shape.pathParams) {
    if (!draft.pathParams[p.name]?.trim()) problems.push({field: `path:${p.name}`, message: 'is required'});
  }
  for (const p of shape.queryParams) {
    if (p.required && !draft.query[p.name]?.trim()) problems.push({field: `query:${p.name}`, message: 'is required'});
  }
  if (shape.body?.kind === 'file' && shape.body.required && !draft.file) {
    problems.push({field: 'file', message: 'choose a file to upload'});
  }
  if (shape.body?.kind === 'json') {
    const text = draft.bodyText.trim();
    if (!text) {
      if (shape.body.required) problems.push({field: 'body', message: 'this operation needs a JSON body'});
    } else {
      let value: unknown;
      try {
        value = JSON.parse(text);
      } catch (error) {
        return [...problems, {field: 'body', message: `not JSON: ${(error as Error).message}`}];
      }
      const validate = validators[validatorName(shape.operationId)];
      if (validate && !validate(value)) problems.push(...schemaProblems(validate.errors));
    }
  }
  return problems;
}

/** The request as it leaves: what fetch is given, and what the curl command shows. */
export interface Sent {
  method: string;
  url: string;
  headers: [name: string, value: string][];
  body?: {kind: 'json'; text: string} | {kind: 'file'; field: string; name: string; type?: string};
}

/** The URL of the request: the base URL, the path with its parameters, the query values the reader left in. */
export function requestUrl(shape: Shape, draft: Draft, baseUrl: string): string {
  const path = shape.path.replace(/\{(\w+)\}/g, (_, name: string) =>
    encodeURIComponent(draft.pathParams[name]?.trim() ?? ''),
  );
  const search = shape.queryParams
    .map((p) => [p.name, draft.query[p.name]?.trim() ?? ''] as const)
    .filter(([, value]) => value !== '')
    .map(([name, value]) => `${encodeURIComponent(name)}=${encodeURIComponent(value)}`)
    .join('&');
  return `${baseUrl.trim().replace(/\/+$/, '')}${path}${search ? `?${search}` : ''}`;
}

export function buildRequest(shape: Shape, draft: Draft, baseUrl: string, apiKey: string): Sent {
  const headers: Sent['headers'] = [];
  const key = apiKey.trim();
  if (shape.needsKey && key) headers.push([KEY_HEADER, key]);
  let body: Sent['body'];
  if (shape.body?.kind === 'json' && draft.bodyText.trim()) {
    headers.push(['Content-Type', 'application/json']);
    body = {kind: 'json', text: draft.bodyText.trim()};
  } else if (shape.body?.kind === 'file' && draft.file) {
    // fetch sets the multipart Content-Type, with its boundary, itself.
    body = {kind: 'file', field: shape.body.field, name: draft.file.name, type: draft.file.blob.type || undefined};
  }
  return {method: shape.method, url: requestUrl(shape, draft, baseUrl), headers, body};
}

/** The curl command of a request; the key is read from `$SPACE_API_KEY` unless `showKey`. */
export function curlOf(sent: Sent, showKey = false): string {
  const lines = [`curl -X ${sent.method} "${shellQuoted(sent.url)}"`];
  for (const [name, value] of sent.headers) {
    const shown = name === KEY_HEADER && !showKey ? KEY_FROM_ENV.shell : shellQuoted(value);
    lines.push(`-H "${name}: ${shown}"`);
  }
  if (sent.body?.kind === 'json') lines.push(`--data-raw '${sent.body.text.replace(/'/g, "'\\''")}'`);
  else if (sent.body?.kind === 'file') {
    // The browser sends the file with the type it gives it; curl would say application/octet-stream.
    const type = sent.body.type ? `;type=${shellQuoted(sent.body.type)}` : '';
    lines.push(`-F "${sent.body.field}=@${shellQuoted(sent.body.name)}${type}"`);
  }
  return lines.join(' \\\n  ');
}

/**
 * Why a request cannot be sent from this page, found before sending: only what holds on every host. Whether the site's
 * Content-Security-Policy lets the request through is for the browser to say, while it sends (`policyBlock`).
 */
export type Refusal = {kind: 'bad-url'} | {kind: 'mixed-content'; origin: string};

/**
 * What stops the browser before the request leaves, whatever the host sends: a URL it cannot parse, or an `http:`
 * instance from an `https:` page (mixed content; loopback is exempt).
 */
export function refusalOf(url: string, page: {protocol: string}): Refusal | undefined {
  let target: URL;
  try {
    target = new URL(url);
  } catch {
    return {kind: 'bad-url'};
  }
  if (target.protocol !== 'http:' && target.protocol !== 'https:') return {kind: 'bad-url'};
  if (page.protocol === 'https:' && target.protocol === 'http:' && !isLoopbackUrl(url)) {
    return {kind: 'mixed-content', origin: target.origin};
  }
  return undefined;
}

/** What the browser reports of a Content-Security-Policy violation (`SecurityPolicyViolationEvent`). */
export interface Violation {
  effectiveDirective: string;
  blockedURI: string;
  originalPolicy: string;
  disposition: string;
}

/** A request the page's policy blocked: the directive that decided and the sources it allows. */
export interface PolicyBlock {
  origin: string;
  directive: string;
  allowed: string[];
}

/**
 * Whether a violation the document reported is the browser blocking the request to `url`, and if so which directive of
 * the policy decided (`connect-src`, or `default-src` when the policy has no `connect-src`) and what it allows. A
 * report-only policy blocks nothing.
 */
export function policyBlock(violation: Violation, url: string): PolicyBlock | undefined {
  if (violation.disposition !== 'enforce' || violation.effectiveDirective !== 'connect-src') return undefined;
  const origin = new URL(url).origin;
  if (!violation.blockedURI || !(url.startsWith(violation.blockedURI) || violation.blockedURI === origin)) {
    return undefined;
  }
  const directives = new Map(
    violation.originalPolicy
      .split(';')
      .map((part) => part.trim().split(/\s+/))
      .filter(([name]) => name)
      .map(([name, ...sources]) => [name.toLowerCase(), sources] as const),
  );
  const directive = directives.has('connect-src') ? 'connect-src' : 'default-src';
  return {origin, directive, allowed: directives.get(directive) ?? []};
}

export {TIMEOUT_SECONDS} from './limits';

/** Why a sent request got no answer the page can read. */
export type Failure =
  | {kind: 'cors'; origin: string}
  | {kind: 'unreachable'; origin: string; localNetwork: boolean}
  | ({kind: 'policy'} & PolicyBlock)
  | {kind: 'timeout'; seconds: number}
  | {kind: 'cancelled'}
  /** The sandbox failed to load, or threw. */
  | {kind: 'sandbox'; message: string};

/**
 * A fetch that failed with a TypeError got either no answer or one the browser hid for want of CORS headers. A
 * second request in `no-cors` mode tells them apart: the browser hands back an opaque answer when the server
 * answered, and fails again when nothing did. `probe` makes that request.
 */
export async function classifyNetworkError(
  url: string,
  pageOrigin: string,
  probe: (url: string) => Promise<unknown>,
): Promise<Failure> {
  const origin = new URL(url).origin;
  try {
    await probe(url);
    return {kind: 'cors', origin};
  } catch {
    // A page that is not itself on this machine reaching into it may need the reader's permission (local network
    // access): refused, the request fails like an unreachable one.
    return {kind: 'unreachable', origin, localNetwork: isLoopbackUrl(url) && !isLoopbackUrl(pageOrigin)};
  }
}

/** What the document says of an answer's status: its entry, or the `default` one. */
export function documentedAnswer(
  doc: SpaceApiDocument,
  entry: OperationEntry,
  status: number,
): {code: string; response: OpenAPIV3_1.ResponseObject} | undefined {
  const responses = entry.operation.responses ?? {};
  const code = [String(status), `${String(status)[0]}XX`, 'default'].find((c) => responses[c]);
  return code ? {code, response: deref<OpenAPIV3_1.ResponseObject>(doc, responses[code])} : undefined;
}

/** Whether an answer is what the document says for its status. */
export type Verdict =
  {kind: 'match'; what: string} | {kind: 'mismatch'; problems: FieldProblem[]} | {kind: 'undocumented'};

export function answerVerdict(
  shape: Shape,
  documented: {code: string; response: OpenAPIV3_1.ResponseObject} | undefined,
  answer: {contentType: string; text: string},
  validators: Validators,
): Verdict {
  if (!documented) return {kind: 'undocumented'};
  const types = Object.keys(documented.response.content ?? {});
  const text = answer.text;
  if (types.length === 0) {
    return text.trim() === ''
      ? {kind: 'match', what: 'no body, as documented'}
      : {kind: 'mismatch', problems: [{field: 'body', message: 'the document says this answer has no body'}]};
  }
  const type = answer.contentType.split(';')[0].trim().toLowerCase();
  if (!types.includes(type)) {
    return {
      kind: 'mismatch',
      problems: [{field: 'body', message: `is ${type || 'untyped'}; the document says ${types.join(' or ')}`}],
    };
  }
  if (type !== 'application/json') return {kind: 'match', what: type};
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return {kind: 'mismatch', problems: [{field: 'body', message: 'is not JSON, though its type says so'}]};
  }
  const validate = validators[validatorName(shape.operationId, documented.code)];
  if (!validate) return {kind: 'match', what: 'JSON (the document gives no schema)'};
  return validate(value)
    ? {kind: 'match', what: 'the documented schema'}
    : {kind: 'mismatch', problems: schemaProblems(validate.errors)};
}

/** A body for reading: JSON indented, anything else as it came. */
export function prettyBody(contentType: string, text: string): {language: string; text: string} {
  if (/json/i.test(contentType)) {
    try {
      return {language: 'json', text: JSON.stringify(JSON.parse(text), null, 2)};
    } catch {
      // Shown as it came.
    }
  }
  return {language: /html/i.test(contentType) ? 'html' : 'text', text};
}

/** The base URL requests to the sandbox are built with: its base path, as the document's server has it. */
export const SANDBOX_BASE = '/api/v1';

/**
 * The form of an operation with the sandbox: an upload's file becomes a required JSON body, `{"pricing": "<YAML>"}`,
 * which is what the sandbox takes instead of a multipart field.
 */
export function sandboxShape(shape: Shape): Shape {
  return shape.body?.kind === 'file' ? {...shape, body: {kind: 'json', required: true}} : shape;
}

/** A request built with `SANDBOX_BASE`, as the sandbox's `handle` takes it: headers by name, the body parsed. */
export function sandboxRequest(sent: Sent): {
  method: string;
  path: string;
  headers: Record<string, string>;
  body?: unknown;
} {
  return {
    method: sent.method,
    path: sent.url,
    headers: Object.fromEntries(sent.headers),
    body: sent.body?.kind === 'json' ? (JSON.parse(sent.body.text) as unknown) : undefined,
  };
}

/** The reason phrases of the statuses SPACE answers with (a sandbox answer has none of its own). */
export const STATUS_TEXT: Readonly<Record<number, string>> = {
  200: 'OK',
  201: 'Created',
  204: 'No Content',
  400: 'Bad Request',
  401: 'Unauthorized',
  403: 'Forbidden',
  404: 'Not Found',
  409: 'Conflict',
  415: 'Unsupported Media Type',
  422: 'Unprocessable Entity',
  500: 'Internal Server Error',
};
