/**
 * The SPACE API document against what a second validator and the server's own set-up say:
 * - @apidevtools/swagger-parser 10 (also inside swagger-cli) accepts it, and the server variables keep what they
 *   mean in the server's description, since that validator refuses a `description` on a server variable;
 * - Express's own answers (tests/fixtures/space-api/app-setup.json, read from the server's middlewares): every
 *   operation that takes a body describes the HTML page of a body that does not parse or is too large, the uploads
 *   take every media type the global parsers read plus multipart, and their failures are HTML too;
 * - the key check skips every path that starts with a public prefix: the operations whose paths can start with one
 *   say so;
 * - the answers that keep version labels in stored form, the re-keying through `userContact`, and the usage-level
 *   answers agree with the server and with the user guide.
 */
import {readFileSync, writeFileSync, mkdtempSync, rmSync} from 'node:fs';
import {tmpdir} from 'node:os';
import {join} from 'node:path';
import SwaggerParser from '@apidevtools/swagger-parser';
import {parse, stringify} from 'yaml';
import {describe, expect, it} from 'vitest';
import {deref, operations, type Schema} from '@sphere-docs/lib/spaceOpenApi';
import type {OpenAPIV3_1} from 'openapi-types';
import {ROOT} from '../utils/codeBlocks';
import {SPACE_API_FILE, spaceApiDocument as doc} from '../utils/spaceApi';

const FIXTURES = join(ROOT, 'tests', 'fixtures', 'space-api');
const setup = JSON.parse(readFileSync(join(FIXTURES, 'app-setup.json'), 'utf8')) as {
  bodyParsers: Record<string, {limit: string}>;
  errorMiddleware: boolean;
  uploads: {operations: string[]; field: string; limits: null | object};
  storedVersionLabels: Record<string, string>;
  userContactUpdate: {validatedFields: string[]};
};
const {publicRoutes} = JSON.parse(readFileSync(join(FIXTURES, 'role-permissions.json'), 'utf8')) as {
  publicRoutes: string[];
};
const ops = operations(doc);
const byId = (id: string) => {
  const entry = ops.find((e) => e.operation.operationId === id);
  if (!entry) throw new Error(`no operation ${id}`);
  return entry;
};
const response = (id: string, code: string) =>
  deref<OpenAPIV3_1.ResponseObject>(doc, byId(id).operation.responses![code]);
/** Text with its line breaks and runs of spaces made single spaces. */
const flat = (text: string | undefined) => (text ?? '').replace(/\s+/g, ' ');
const info = flat(doc.info.description);
/** `2mb` as the document writes it: `2 MB`. */
const megabytes = (limit: string) => `${limit.replace(/mb$/i, '')} MB`;

describe('a second validator', () => {
  it('@apidevtools/swagger-parser 10 validates the document', async () => {
    await expect(SwaggerParser.validate(SPACE_API_FILE)).resolves.toBeTruthy();
  });

  it('refuses a description on a server variable, so the server description carries what the variables mean', async () => {
    const withVariableDescription = parse(readFileSync(SPACE_API_FILE, 'utf8'));
    withVariableDescription.servers[0].variables.port.description = 'The port.';
    const dir = mkdtempSync(join(tmpdir(), 'space-api-'));
    try {
      const file = join(dir, 'space-api.yaml');
      writeFileSync(file, stringify(withVariableDescription));
      await expect(SwaggerParser.validate(file)).rejects.toThrow(/servers\/0\/variables\/port/);
    } finally {
      rmSync(dir, {recursive: true, force: true});
    }

    const server = doc.servers![0];
    for (const variable of Object.values(server.variables ?? {})) expect(variable).not.toHaveProperty('description');
    expect(flat(server.description)).toMatch(/`port` is 3000 .* 5403/);
    expect(flat(server.description)).toContain('`basePath` is the `BASE_URL_PATH`');
  });
});

describe("Express's own answers", () => {
  const limits = Object.values(setup.bodyParsers).map((p) => p.limit);
  const withBody = ops.filter((e) => e.operation.requestBody);
  const htmlTypes = (id: string, code: string) => Object.keys(response(id, code).content ?? {});

  it('come from the default handler: the server has no error middleware of its own', () => {
    expect(setup.errorMiddleware).toBe(false);
    expect(new Set(limits).size).toBe(1);
    expect(info).toContain(`up to ${megabytes(limits[0])}`);
    expect(info).toContain("Express's default HTML page (`Content-Type: text/html`)");
  });

  it('every operation that takes a body answers 400 and 413 with the HTML page', () => {
    expect(withBody.length).toBeGreaterThanOrEqual(16);
    for (const {operation} of withBody) {
      const id = operation.operationId!;
      expect(htmlTypes(id, '400'), id).toContain('text/html');
      expect(htmlTypes(id, '413'), id).toEqual(['text/html']);
      expect(flat(response(id, '413').description), id).toContain(`over ${megabytes(limits[0])}`);
    }
  });

  it('uploads take multipart and every media type a global parser reads, and fail with the HTML page', () => {
    for (const id of setup.uploads.operations) {
      const body = deref<OpenAPIV3_1.RequestBodyObject>(doc, byId(id).operation.requestBody!);
      expect(Object.keys(body.content).sort(), id).toEqual(
        ['multipart/form-data', ...Object.keys(setup.bodyParsers)].sort(),
      );
      const multipart = deref<Schema>(doc, body.content['multipart/form-data'].schema!);
      expect(Object.keys(multipart.properties ?? {}), id).toEqual([setup.uploads.field]);
      expect(htmlTypes(id, '500'), id).toEqual(['application/json', 'text/html']);
    }
    // multer is given no limits: the size limit is the parsers' only.
    expect(setup.uploads.limits).toBeNull();
    expect(info).toContain('`multipart/form-data`, for which the server sets no size limit');
  });

  it('other operations take only what a global parser reads', () => {
    for (const {operation} of withBody) {
      if (setup.uploads.operations.includes(operation.operationId!)) continue;
      const body = deref<OpenAPIV3_1.RequestBodyObject>(doc, operation.requestBody!);
      for (const type of Object.keys(body.content))
        expect(setup.bodyParsers, operation.operationId).toHaveProperty([type]);
    }
  });
});

describe('public prefixes', () => {
  /** Whether some instance of a path template starts with `prefix`. */
  const canStartWith = (template: string, prefix: string) => {
    const want = prefix.split('/');
    const have = template.split('/');
    if (have.length < want.length) return false;
    return want.every((segment, i) => {
      const parameter = /^\{\w+\}$/.test(have[i]);
      return i === want.length - 1 ? parameter || have[i].startsWith(segment) : parameter || have[i] === segment;
    });
  };

  it('the conventions say that the key check skips every path starting with one', () => {
    expect(publicRoutes.length).toBeGreaterThan(0);
    for (const prefix of publicRoutes) expect(info).toContain(`\`${prefix}\``);
    expect(info).toContain('every path that *starts with*');
  });

  it('every operation whose path can start with one warns, in its description or its tag', () => {
    const exposed = ops.filter((e) => e.operation.security === undefined);
    const warned = exposed.flatMap(({method, path, operation}) => {
      const prefix = publicRoutes.find((p) => canStartWith(path, p));
      if (!prefix) return [];
      const tag = doc.tags?.find((t) => t.name === operation.tags?.[0]);
      const last = prefix.split('/').pop();
      const text = flat(`${operation.description ?? ''} ${tag?.description ?? ''}`);
      expect(text, `${method} ${path}`).toContain(`starts with \`${last}\``);
      return [`${method.toUpperCase()} ${path}`];
    });
    expect(warned.sort()).toEqual([
      'DELETE /users/{username}',
      'GET /users/{username}',
      'PUT /users/{username}',
      'PUT /users/{username}/api-key',
      'PUT /users/{username}/role',
    ]);
  });
});

describe('what the answers hold', () => {
  it('names every answer that keeps version labels in stored form', () => {
    const names = info.slice(info.indexOf('**Names.**'));
    expect(names).toContain('Three answers show the stored form instead');
    expect(Object.keys(setup.storedVersionLabels)).toHaveLength(3);
    for (const id of Object.keys(setup.storedVersionLabels)) {
      const {operation, method, path} = byId(id);
      const text = [operation.description, ...Object.values(operation.responses ?? {}).map((r) => r.description)]
        .map(flat)
        .join(' ');
      expect(text, id).toMatch(/stored/);
      expect(text, id).toContain('`_`');
      if (id !== 'setPricingAvailability') expect(names, id).toContain(`\`${method.toUpperCase()} ${path}\``);
    }
  });

  it('lets userContact take every contact field, userId included, since the server merges the body', () => {
    const contact = deref<Schema>(doc, {$ref: '#/components/schemas/UserContact'});
    const change = deref<Schema>(doc, {$ref: '#/components/schemas/UserContactChange'});
    expect(Object.keys(change.properties ?? {}).sort()).toEqual(Object.keys(contact.properties ?? {}).sort());
    expect(change.required ?? []).toEqual([]);
    // userId is the one field the validator does not look at.
    const unvalidated = Object.keys(contact.properties ?? {}).filter(
      (f) => !setup.userContactUpdate.validatedFields.includes(f),
    );
    expect(unvalidated).toEqual(['userId']);
    expect(flat(byId('updateUserContact').operation.description)).toContain('Nothing refuses `userId`');
  });

  it('answers 404 for an untracked limit only through the usageLimit query, as the user guide says', () => {
    const {operation} = byId('updateUsageLevels');
    expect(flat(operation.description)).toContain('increments for limits the contract does not track are ignored');
    expect(flat(response('updateUsageLevels', '404').description)).toContain('the `usageLimit` of the query');
    const guide = flat(readFileSync(join(ROOT, 'docs', 'api', 'space', 'user-guide', 'manage-contracts.mdx'), 'utf8'));
    expect(guide).toContain('does not track are ignored in increments');
    expect(guide).toContain('resetting a limit the contract does not track returns 404');
  });
});
