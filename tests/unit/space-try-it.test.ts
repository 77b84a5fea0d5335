/**
 * The logic of the SPACE API reference's "Try it" console (plugins/space-openapi/theme/SpaceApiReference/TryIt/
 * request.ts), the validators it is given (plugins/space-openapi/validators.ts), what it makes of a policy violation
 * the browser reports, and the sources the site's policy adds for it (plugins/security-headers/tryOrigins.ts).
 */
import {describe, expect, it} from 'vitest';
import {compileValidators, validatorsModule} from '../../plugins/space-openapi/validators';
import {contentSecurityPolicy} from '../../plugins/security-headers/policy';
import type {OpenAPIV3_1} from 'openapi-types';
import {deref, findOperation, operations, type OperationEntry} from '@sphere-docs/lib/spaceOpenApi';
import {validatorName} from '../../plugins/space-openapi/validatorNames';
import {LOOPBACK_SOURCES} from '@sphere-docs/lib/loopback';
import {parseTryOrigins} from '../../plugins/security-headers/tryOrigins';
import {sampleRequest} from '../../plugins/space-openapi/theme/SpaceApiReference/codeSamples';
import {
  answerVerdict,
  buildRequest,
  classifyNetworkError,
  curlOf,
  documentedAnswer,
  draftProblems,
  initialDraft,
  policyBlock,
  prettyBody,
  refusalOf,
  SANDBOX_BASE,
  sandboxRequest,
  sandboxShape,
  shapeOf,
  STATUS_TEXT,
  type Draft,
} from '../../plugins/space-openapi/theme/SpaceApiReference/TryIt/request';
import {SANDBOX_PRICING} from '../../plugins/space-openapi/theme/SpaceApiReference/TryIt/sandboxPricing';
import {SANDBOX_ADMIN_API_KEY, createSpaceSandbox} from '@sphere-docs/lib/space-sandbox';
import {compilingLoader} from '@sphere-docs/lib/pricing2yaml/validators';
import {readFileSync} from 'node:fs';
import {join} from 'node:path';
import {readSchema} from '../utils/pricing2yaml';
import {spaceApiDocument as doc} from '../utils/spaceApi';

const validators = compileValidators(doc);
const entryOf = (method: string, path: string): OperationEntry => {
  const entry = operations(doc).find((e) => e.method === method && e.path === path);
  if (!entry) throw new Error(`${method} ${path}`);
  return entry;
};
const formOf = (method: string, path: string) => {
  const entry = entryOf(method, path);
  const shape = shapeOf(doc, entry);
  return {entry, shape, draft: initialDraft(shape, sampleRequest(doc, entry))};
};
const BASE = 'http://localhost:3000/api/v1';

describe('the form of an operation', () => {
  it('starts from the values of the code sample, and the sample passes its own checks', () => {
    for (const entry of operations(doc)) {
      const shape = shapeOf(doc, entry);
      const draft = initialDraft(shape, sampleRequest(doc, entry));
      const problems = draftProblems(shape, {...draft, file: {name: 'p.yml', blob: new Blob(['x'])}}, validators);
      expect(problems, entry.operation.operationId).toEqual([]);
    }
  });

  it('builds the URL from the path and query fields, leaving out empty query values', () => {
    const {shape, draft} = formOf('put', '/contracts/{userId}/usageLevels');
    const edited: Draft = {...draft, pathParams: {userId: 'ada lovelace/1'}, query: {reset: 'true', usageLimit: ''}};
    expect(buildRequest(shape, edited, `${BASE}/`, 'k').url).toBe(
      `${BASE}/contracts/ada%20lovelace%2F1/usageLevels?reset=true`,
    );
  });

  it('names the field of each problem, and a missing property at the property', () => {
    const {shape, draft} = formOf('post', '/contracts');
    const body = JSON.stringify({userContact: {username: 'ada'}, contractedServices: {notehive: 2025}});
    const problems = draftProblems(shape, {...draft, bodyText: body}, validators);
    expect(problems).toContainEqual({field: 'body:/userContact/userId', message: 'is required'});
    expect(problems).toContainEqual({field: 'body:/contractedServices/notehive', message: 'must be string'});
    expect(draftProblems(shape, {...draft, bodyText: '{"a":'}, validators)[0]).toMatchObject({field: 'body'});
    expect(draftProblems(shape, {...draft, bodyText: ''}, validators)).toEqual([
      {field: 'body', message: 'this operation needs a JSON body'},
    ]);
  });

  it('asks for a file on an upload and for every path parameter', () => {
    const upload = formOf('post', '/services');
    expect(upload.shape.body).toEqual({kind: 'file', field: 'pricing', required: true});
    expect(draftProblems(upload.shape, upload.draft, validators)).toEqual([
      {field: 'file', message: 'choose a file to upload'},
    ]);
    const get = formOf('get', '/contracts/{userId}');
    expect(draftProblems(get.shape, {...get.draft, pathParams: {userId: ' '}}, validators)).toEqual([
      {field: 'path:userId', message: 'is required'},
    ]);
  });
});

describe('the request and its curl command', () => {
  it('sends the key only to routes that need one, and shows it only on request', () => {
    const {shape, draft} = formOf('post', '/contracts');
    const sent = buildRequest(shape, draft, BASE, ' secret"key ');
    expect(sent.headers).toEqual([
      ['x-api-key', 'secret"key'],
      ['Content-Type', 'application/json'],
    ]);
    expect(curlOf(sent)).toContain('-H "x-api-key: $SPACE_API_KEY"');
    expect(curlOf(sent)).not.toContain('secret');
    expect(curlOf(sent, true)).toContain('-H "x-api-key: secret\\"key"');
    expect(curlOf(sent)).toMatch(/^curl -X POST "http:\/\/localhost:3000\/api\/v1\/contracts" \\\n/);
    const health = formOf('get', '/healthcheck');
    expect(buildRequest(health.shape, health.draft, BASE, 'k').headers).toEqual([]);
  });

  it('quotes a body with single quotes for the shell, and names the uploaded file', () => {
    const {shape, draft} = formOf('post', '/cache/set');
    const sent = buildRequest(shape, {...draft, bodyText: `{"key": "it's"}`}, BASE, 'k');
    expect(curlOf(sent)).toContain(`--data-raw '{"key": "it'\\''s"}'`);
    const upload = formOf('post', '/services');
    const file = {name: 'notehive 2025.yml', blob: new Blob(['x'])};
    expect(curlOf(buildRequest(upload.shape, {...upload.draft, file}, BASE, 'k'))).toMatch(
      /-F "pricing=@notehive 2025\.yml"$/,
    );
    const typed = {name: 'p.yml', blob: new Blob(['x'], {type: 'application/yaml'})};
    expect(curlOf(buildRequest(upload.shape, {...upload.draft, file: typed}, BASE, 'k'))).toContain(
      '-F "pricing=@p.yml;type=application/yaml"',
    );
  });
});

describe('before sending', () => {
  const page = {protocol: 'https:'};

  it("lets any http(s) instance through: the browser applies the site's policy, if it has one", () => {
    expect(refusalOf('http://localhost:3000/api/v1/users', page)).toBeUndefined();
    expect(refusalOf('http://127.0.0.1:5403/api/v1/users', page)).toBeUndefined();
    expect(refusalOf('https://space.example.com/api/v1/users', page)).toBeUndefined();
    expect(refusalOf('https://other.example.com:8443/api/v1', page)).toBeUndefined();
    expect(refusalOf('http://space.example.com/api/v1', {protocol: 'http:'})).toBeUndefined();
  });

  it('refuses plain HTTP from HTTPS, off this machine, and what is not a URL', () => {
    expect(refusalOf('http://space.example.com/api/v1', page)).toEqual({
      kind: 'mixed-content',
      origin: 'http://space.example.com',
    });
    expect(refusalOf('localhost:3000', page)).toEqual({kind: 'bad-url'});
    expect(refusalOf('ftp://localhost/x', page)).toEqual({kind: 'bad-url'});
  });
});

describe('a request the policy blocks', () => {
  const url = 'https://space.example.com/api/v1/contracts/user-123?x=1';
  const policy = "default-src 'self'; script-src 'self'; connect-src 'self' http://localhost:* http://127.0.0.1:*";
  const violation = {
    effectiveDirective: 'connect-src',
    blockedURI: url,
    originalPolicy: policy,
    disposition: 'enforce',
  };

  it('names the directive that decided and what it allows', () => {
    expect(policyBlock(violation, url)).toEqual({
      origin: 'https://space.example.com',
      directive: 'connect-src',
      allowed: ["'self'", 'http://localhost:*', 'http://127.0.0.1:*'],
    });
    // A browser may report only the origin of a cross-origin URL.
    expect(policyBlock({...violation, blockedURI: 'https://space.example.com'}, url)?.directive).toBe('connect-src');
  });

  it('falls back to default-src when the policy has no connect-src', () => {
    expect(policyBlock({...violation, originalPolicy: "default-src 'self' https://*.example.org"}, url)).toEqual({
      origin: 'https://space.example.com',
      directive: 'default-src',
      allowed: ["'self'", 'https://*.example.org'],
    });
  });

  it('ignores other violations, other URLs and report-only policies', () => {
    expect(policyBlock({...violation, effectiveDirective: 'img-src'}, url)).toBeUndefined();
    expect(policyBlock({...violation, blockedURI: 'https://elsewhere.example.com/x'}, url)).toBeUndefined();
    expect(policyBlock({...violation, blockedURI: 'inline'}, url)).toBeUndefined();
    expect(policyBlock({...violation, disposition: 'report'}, url)).toBeUndefined();
  });
});

describe('connect-src', () => {
  it('takes origins only from SPACE_TRY_ORIGINS, and fails on anything that is not one', () => {
    expect(parseTryOrigins(undefined)).toEqual([]);
    expect(parseTryOrigins(' https://a.example.com, http://b.example.com:8080 https://a.example.com/')).toEqual([
      'https://a.example.com',
      'http://b.example.com:8080',
    ]);
    for (const bad of ['https://a.example.com/api', "https://a.example.com;script-src 'unsafe-eval'", '*', 'data:']) {
      expect(() => parseTryOrigins(bad), bad).toThrow(/SPACE_TRY_ORIGINS/);
    }
  });

  it('adds loopback and those origins to the policy, and nothing else', () => {
    const policy = contentSecurityPolicy({scriptHashes: [], searchOrigins: [], tryOrigins: ['https://a.example.com']});
    expect(policy['connect-src']).toEqual(["'self'", ...LOOPBACK_SOURCES, 'https://a.example.com']);
    expect(contentSecurityPolicy({scriptHashes: [], searchOrigins: []})['connect-src']).toEqual([
      "'self'",
      ...LOOPBACK_SOURCES,
    ]);
  });
});

describe('failures', () => {
  const url = 'http://localhost:3000/api/v1/users';

  it('tells a CORS refusal (the server answered) from nothing answering', async () => {
    expect(await classifyNetworkError(url, 'http://localhost:3001', () => Promise.resolve())).toEqual({
      kind: 'cors',
      origin: 'http://localhost:3000',
    });
    expect(await classifyNetworkError(url, 'http://localhost:3001', () => Promise.reject(new TypeError()))).toEqual({
      kind: 'unreachable',
      origin: 'http://localhost:3000',
      localNetwork: false,
    });
  });

  it('mentions local network access when a public page reaches this machine', async () => {
    const failure = await classifyNetworkError(url, 'https://sphere.example.org', () =>
      Promise.reject(new TypeError()),
    );
    expect(failure).toMatchObject({kind: 'unreachable', localNetwork: true});
  });
});

describe('the answer against the document', () => {
  const get = formOf('get', '/contracts/{userId}');
  const contract = (doc.components?.schemas?.Contract as {examples?: unknown[]}).examples?.[0];
  const json = (value: unknown) => ({contentType: 'application/json; charset=utf-8', text: JSON.stringify(value)});

  it('finds the documented status, or its range, or nothing', () => {
    expect(documentedAnswer(doc, get.entry, 404)?.code).toBe('404');
    expect(documentedAnswer(doc, get.entry, 418)).toBeUndefined();
  });

  it('accepts an answer that matches the schema of its status and shows where one does not', () => {
    const ok = documentedAnswer(doc, get.entry, 200);
    expect(contract).toBeDefined();
    expect(answerVerdict(get.shape, ok, json(contract), validators)).toMatchObject({kind: 'match'});
    const wrong = {...(contract as object), subscriptionPlans: 'PRO'};
    expect(answerVerdict(get.shape, ok, json(wrong), validators)).toEqual({
      kind: 'mismatch',
      problems: [{field: 'body:/subscriptionPlans', message: 'must be object'}],
    });
    expect(answerVerdict(get.shape, ok, {contentType: 'text/html', text: '<p>x</p>'}, validators)).toMatchObject({
      kind: 'mismatch',
    });
    expect(answerVerdict(get.shape, undefined, json({}), validators)).toEqual({kind: 'undocumented'});
  });

  it('expects no body where the document gives none', () => {
    const del = formOf('delete', '/contracts/{userId}');
    const none = documentedAnswer(doc, del.entry, 204);
    expect(answerVerdict(del.shape, none, {contentType: '', text: ''}, validators)).toMatchObject({kind: 'match'});
    expect(answerVerdict(del.shape, none, {contentType: 'text/plain', text: 'x'}, validators)).toMatchObject({
      kind: 'mismatch',
    });
  });

  it('indents JSON and leaves other bodies as they came', () => {
    expect(prettyBody('application/json', '{"a":1}')).toEqual({language: 'json', text: '{\n  "a": 1\n}'});
    expect(prettyBody('text/html', '<p>x</p>')).toEqual({language: 'html', text: '<p>x</p>'});
    expect(prettyBody('application/json', 'oops')).toEqual({language: 'text', text: 'oops'});
  });
});

describe('the compiled validators', () => {
  it('compile to a module that needs no compiler in the browser', () => {
    const code = validatorsModule(doc);
    expect(code).not.toMatch(/new Function|require\("ajv"\)|require\("ajv\/dist\/(2020|core)"\)/);
    expect(code).toContain('exports.createContract =');
    expect(code).toContain('exports.getContract_200 =');
  });

  it('accept every answer example of the document, under its operation and status, and the request examples', () => {
    let checked = 0;
    for (const entry of operations(doc)) {
      const id = entry.operation.operationId ?? '';
      for (const [status, response] of Object.entries(entry.operation.responses ?? {})) {
        const example = deref<OpenAPIV3_1.ResponseObject>(doc, response).content?.['application/json']?.example;
        if (example === undefined) continue;
        const validate = validators[validatorName(id, status)];
        expect(validate, `${id} ${status}`).toBeDefined();
        expect(validate!(example), `${id} ${status}: ${JSON.stringify(validate!.errors)}`).toBe(true);
        checked++;
      }
    }
    expect(checked).toBeGreaterThan(40);
    expect(findOperation(doc, 'POST', '/contracts')?.operation.operationId).toBe('createContract');
    expect(validators.createContract!({})).toBe(false);
  });
});

describe('with the sandbox in this page', () => {
  const guide = readFileSync(
    join(__dirname, '..', '..', 'docs', 'api', 'space', 'user-guide', 'introduction.mdx'),
    'utf8',
  );

  it("starts an upload from the user guide's NoteHive pricing", () => {
    const block = /```yaml title="notehive-2025-1.yml"[^\n]*\n([\s\S]*?)```/.exec(guide);
    expect(block, 'the NoteHive block of the user guide').not.toBeNull();
    expect(SANDBOX_PRICING).toBe(block![1]);
  });

  it('turns an upload into a JSON body and leaves the other operations as they are', () => {
    const upload = shapeOf(doc, entryOf('post', '/services'));
    expect(upload.body).toEqual({kind: 'file', field: 'pricing', required: true});
    expect(sandboxShape(upload).body).toEqual({kind: 'json', required: true});
    const contract = shapeOf(doc, entryOf('post', '/contracts'));
    expect(sandboxShape(contract)).toBe(contract);
  });

  it("answers the console's requests as the document says: upload, contract, evaluation", async () => {
    const sandbox = createSpaceSandbox({loadValidator: compilingLoader(async (v) => readSchema(v))});
    const send = async (method: string, path: string, bodyText: string, params: Record<string, string> = {}) => {
      const entry = entryOf(method, path);
      const shape = sandboxShape(shapeOf(doc, entry));
      const draft: Draft = {...initialDraft(shape, sampleRequest(doc, entry)), bodyText};
      draft.pathParams = {...draft.pathParams, ...params};
      const sent = buildRequest(shape, draft, SANDBOX_BASE, SANDBOX_ADMIN_API_KEY);
      const response = await sandbox.handle(sandboxRequest(sent));
      const text = response.body === undefined ? '' : JSON.stringify(response.body);
      const verdict = answerVerdict(
        shape,
        documentedAnswer(doc, entry, response.status),
        {contentType: response.headers['content-type'] ?? '', text},
        validators,
      );
      return {status: response.status, body: response.body as Record<string, unknown>, verdict};
    };
    const uploaded = await send('post', '/services', JSON.stringify({pricing: SANDBOX_PRICING}));
    expect(uploaded.status).toBe(201);
    expect(uploaded.verdict.kind).toBe('match');
    expect(uploaded.body.name).toBe('NoteHive');
    const contractSample = initialDraft(
      shapeOf(doc, entryOf('post', '/contracts')),
      sampleRequest(doc, entryOf('post', '/contracts')),
    );
    const contract = await send('post', '/contracts', contractSample.bodyText);
    expect(contract.status).toBe(201);
    expect(contract.verdict.kind).toBe('match');
    const evaluated = await send('post', '/features/{userId}/{featureId}', '', {
      userId: (contract.body.userContact as {userId: string}).userId,
      featureId: 'notehive-exportPdf',
    });
    expect(evaluated.status).toBe(200);
    expect(evaluated.verdict.kind).toBe('match');
    expect(evaluated.body.eval).toBe(true);
    // Without a key: the documented 401.
    const anonymous = await sandbox.handle({method: 'GET', path: '/api/v1/services'});
    expect(anonymous.status).toBe(401);
  });

  it('names the statuses the sandbox answers with', () => {
    expect(STATUS_TEXT[201]).toBe('Created');
    expect(STATUS_TEXT[404]).toBe('Not Found');
  });
});
