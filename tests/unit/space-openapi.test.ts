/**
 * The SPACE API document (plugins/space-openapi/static/openapi/space-api.yaml): a valid OpenAPI 3.1 document whose
 * examples match their schemas, holding exactly the routes of the SPACE routers at the documented commit, with the
 * roles the server's permission table gives each of them, and with what the reference page needs. A broken document is
 * reported with the JSON pointer of each mistake.
 */
import {readFileSync} from 'node:fs';
import {join} from 'node:path';
import {createConfig, lintFromString} from '@redocly/openapi-core';
import {describe, expect, it} from 'vitest';
import {checkSpaceApiDocument, formatProblems} from '../../plugins/space-openapi/document';
import {markdownToHtml, withHtmlDescriptions} from '../../plugins/space-openapi/markdown';
import {SPACE_COMMIT} from '../../src/constants';
import {
  SPACE_ROLES,
  apiKeyHeader,
  defaultServerUrl,
  isPublic,
  moduleOf,
  operationAnchor,
  operations,
  schemaAnchor,
  type Role,
} from '@sphere-docs/lib/spaceOpenApi';
import {ROOT} from '../utils/codeBlocks';
import {SPACE_API_FILE, spaceApiDocument as doc} from '../utils/spaceApi';

const FIXTURES = join(ROOT, 'tests', 'fixtures', 'space-api');
const ops = operations(doc);
const key = (method: string, path: string) => `${method.toUpperCase()} ${path}`;

describe('the SPACE API document', () => {
  it('is OpenAPI 3.1 and passes every check of the build', async () => {
    expect(doc.openapi).toMatch(/^3\.1\.\d+$/);
    const {problems, examples} = await checkSpaceApiDocument(SPACE_API_FILE);
    expect(formatProblems(SPACE_API_FILE, problems)).toBe('');
    // Media-type and parameter examples and schema `examples`: the check above validated every one of them.
    expect(examples).toBeGreaterThanOrEqual(20);
  });

  it("has no error under @redocly/openapi-core's recommended rules, and only the one expected warning", async () => {
    const config = await createConfig({extends: ['recommended']});
    const problems = await lintFromString({source: readFileSync(SPACE_API_FILE, 'utf8'), config});
    expect(problems.filter((p) => p.severity === 'error')).toEqual([]);
    // The liveness probe can answer nothing but 200.
    expect(problems.map((p) => `${p.ruleId} ${p.location[0]?.pointer}`)).toEqual([
      'operation-4xx-response #/paths/~1healthcheck/get/responses',
    ]);
  });

  it('holds exactly the routes of the SPACE routers at the documented commit', () => {
    const routes = readFileSync(join(FIXTURES, 'routes.txt'), 'utf8')
      .split('\n')
      .filter((line) => line.trim() && !line.startsWith('#'))
      .map((line) => {
        const [method, path] = line.trim().split(/\s+/);
        return key(method, path);
      });
    expect(routes).toHaveLength(40);
    expect(ops.map((e) => key(e.method, e.path)).sort()).toEqual([...routes].sort());
  });

  it("gives every operation the roles the server's permission table allows", () => {
    const table = JSON.parse(readFileSync(join(FIXTURES, 'role-permissions.json'), 'utf8')) as {
      publicRoutes: string[];
      rolePermissions: Record<
        Role,
        {allowAll?: boolean; allowedMethods?: Record<string, string[]>; blockedMethods?: Record<string, string[]>}
      >;
    };
    // hasPermission of api/src/main/middlewares/AuthMiddleware.ts, for one role.
    const mayCall = (role: Role, method: string, path: string) => {
      const rules = table.rolePermissions[role];
      if (rules.allowAll) return true;
      const module = moduleOf(path);
      const matches = (modules?: string[]) =>
        !!modules && (modules.includes('*') || modules.some((m) => module.startsWith(m)));
      if (matches(rules.blockedMethods?.[method])) return false;
      return !rules.allowedMethods || matches(rules.allowedMethods[method]);
    };
    for (const {method, path, operation} of ops) {
      const where = key(method, path);
      const publicRoute = table.publicRoutes.some((prefix) => path.startsWith(prefix));
      expect(isPublic(operation), where).toBe(publicRoute);
      if (publicRoute) continue;
      const expected = SPACE_ROLES.filter((role) => mayCall(role, method.toUpperCase(), path));
      expect(operation['x-roles'], where).toEqual(expected);
      // The authentication layer's answers: 401 always, 403 whenever some role is refused.
      expect(Object.keys(operation.responses ?? {}), where).toContain('401');
      if (expected.length < SPACE_ROLES.length) expect(Object.keys(operation.responses ?? {}), where).toContain('403');
    }
  });

  it('sends the key in the x-api-key header, and describes the documented commit', () => {
    expect(doc.components?.securitySchemes?.ApiKeyAuth).toMatchObject({
      type: 'apiKey',
      in: 'header',
      name: 'x-api-key',
    });
    expect(doc.security).toEqual([{ApiKeyAuth: []}]);
    expect(doc.externalDocs?.url).toContain(SPACE_COMMIT);
    expect(readFileSync(SPACE_API_FILE, 'utf8')).toContain(SPACE_COMMIT);
  });

  it('gives the instance panel, the samples and the console their default URL and key header', () => {
    // The server SPACE starts on its own: port 3000, BASE_URL_PATH /api/v1.
    expect(defaultServerUrl(doc)).toBe('http://localhost:3000/api/v1');
    expect(apiKeyHeader(doc)).toBe('x-api-key');
    // Read from the document, not assumed: another scheme name or header name is followed.
    const renamed = {
      ...doc,
      security: [{Key: []}],
      servers: [{url: 'https://{host}/space', variables: {host: {default: 'space.example.org'}}}],
      components: {
        securitySchemes: {
          Other: {type: 'apiKey', in: 'query', name: 'key'},
          Key: {type: 'apiKey', in: 'header', name: 'X-Space-Key'},
        },
      },
    } as typeof doc;
    expect(defaultServerUrl(renamed)).toBe('https://space.example.org/space');
    expect(apiKeyHeader(renamed)).toBe('X-Space-Key');
    expect(() => defaultServerUrl({...doc, servers: [{url: '{scheme}://x', variables: {}}]})).toThrow(/scheme/);
    expect(() => apiKeyHeader({...doc, components: {}})).toThrow(/API key scheme/);
  });

  it('gives every operation and schema its own anchor, and every operation its own operationId', () => {
    const ids = ops.map((e) => e.operation.operationId);
    expect(new Set(ids).size).toBe(ops.length);
    const anchors = [...ops.map(operationAnchor), ...Object.keys(doc.components?.schemas ?? {}).map(schemaAnchor)];
    expect(new Set(anchors).size).toBe(anchors.length);
  });

  it('has one section of the reference page per tag, and a tag for every section', () => {
    const page = readFileSync(join(ROOT, 'docs', 'api', 'space', 'space-api.mdx'), 'utf8');
    const sections = [...page.matchAll(/<SpaceApiReference tag="([^"]+)" \/>/g)].map((m) => m[1]);
    expect(sections).toEqual((doc.tags ?? []).map((t) => t.name));
    for (const tag of sections) expect(page).toContain(`## ${tag}\n\n<SpaceApiReference tag="${tag}" />`);
  });
});

describe('a broken document', () => {
  it('is reported with the JSON pointer and line of each mistake', async () => {
    const file = join(FIXTURES, 'broken.yaml');
    const {problems} = await checkSpaceApiDocument(file);
    const report = formatProblems(file, problems, ROOT);
    expect(problems).toHaveLength(3);
    expect(report).toContain(
      'tests/fixtures/space-api/broken.yaml:32 #/paths/~1users~1{username}/get/responses/200/content/application~1json/example: example does not match its schema: /role must be equal to one of the allowed values',
    );
    expect(report).toContain(
      '#/paths/~1users~1{username}/get/parameters: The operation does not define the path parameter',
    );
    expect(report).toContain('#/paths/~1users~1{username}/get/responses: an operation that needs a key answers 401');
  });

  it('that is not YAML is reported with its line', async () => {
    const file = join(FIXTURES, 'not-yaml.yaml');
    const {document, problems} = await checkSpaceApiDocument(file);
    expect(document).toBeUndefined();
    expect(problems[0]).toMatchObject({pointer: '#', line: 5});
  });
});

describe('descriptions on the page', () => {
  it('are rendered from CommonMark, one paragraph without its <p>, raw HTML dropped', () => {
    expect(markdownToHtml('Answers `201`, **not** `200`.')).toBe(
      'Answers <code>201</code>, <strong>not</strong> <code>200</code>.',
    );
    expect(markdownToHtml('One.\n\nTwo\nlines.')).toBe('<p>One.</p> <p>Two lines.</p>');
    expect(markdownToHtml('Before <script>alert(1)</script> after')).not.toContain('<script');
  });

  it('leave examples, defaults and enums alone', () => {
    const shown = withHtmlDescriptions({
      description: '`a`',
      properties: {description: {type: 'string', description: '`b`'}},
      examples: [{description: '`kept`'}],
      default: {description: '`kept`'},
    });
    expect(shown).toEqual({
      description: '<code>a</code>',
      properties: {description: {type: 'string', description: '<code>b</code>'}},
      examples: [{description: '`kept`'}],
      default: {description: '`kept`'},
    });
  });
});
