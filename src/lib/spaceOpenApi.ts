/**
 * Reading the SPACE API document (plugins/space-openapi/static/openapi/space-api.yaml, OpenAPI 3.1) the way the
 * reference page, the roles page, the MCP server and the tests need it: its operations in document order, references
 * resolved, the anchor of each operation on the reference page, and the request a concrete method and path reach.
 * Browser-safe: no Node imports.
 */
import type {OpenAPIV3_1} from 'openapi-types';

export type Role = 'ADMIN' | 'MANAGER' | 'EVALUATOR';

/** Every role, most powerful first, as the server lists them (USER_ROLES). */
export const SPACE_ROLES: readonly Role[] = ['ADMIN', 'MANAGER', 'EVALUATOR'];

/** The extensions this document puts on operations. */
export interface OperationExtensions {
  /** Roles whose API key may call the operation; absent on public operations (`security: []`). */
  'x-roles'?: Role[];
  /** How the upstream OpenAPI document disagrees with the server. */
  'x-upstream-differs'?: string;
}

export type SpaceApiDocument = OpenAPIV3_1.Document<OperationExtensions>;
export type Operation = OpenAPIV3_1.OperationObject<OperationExtensions>;
export type Schema = OpenAPIV3_1.SchemaObject;
export type Parameter = OpenAPIV3_1.ParameterObject;
export type Reference = OpenAPIV3_1.ReferenceObject;

export const HTTP_METHODS = ['get', 'post', 'put', 'delete', 'patch', 'head', 'options', 'trace'] as const;
export type HttpMethod = (typeof HTTP_METHODS)[number];

export interface OperationEntry {
  method: HttpMethod;
  /** Path template relative to the base path, such as `/users/{username}`. */
  path: string;
  operation: Operation;
  /** Parameters of the path item and of the operation, references resolved; the operation's win. */
  parameters: Parameter[];
}

export function isReference(value: unknown): value is Reference {
  return typeof value === 'object' && value !== null && typeof (value as Reference).$ref === 'string';
}

/** Follows a local `#/…` JSON pointer inside the document. */
export function pointer<T>(doc: SpaceApiDocument, ref: string): T {
  if (!ref.startsWith('#/')) throw new Error(`Only local references are supported: ${ref}`);
  let target: unknown = doc;
  for (const raw of ref.slice(2).split('/')) {
    const key = raw.replace(/~1/g, '/').replace(/~0/g, '~');
    target = (target as Record<string, unknown> | undefined)?.[key];
  }
  if (target === undefined) throw new Error(`Unresolved reference ${ref}`);
  return target as T;
}

/**
 * Resolves a Reference Object (through chains of them). OpenAPI 3.1 lets a reference carry its own `summary` and
 * `description`, which override the target's.
 */
export function deref<T extends object>(doc: SpaceApiDocument, value: T | Reference): T {
  if (!isReference(value)) return value;
  const target = deref<T>(doc, pointer<T | Reference>(doc, value.$ref));
  const overrides: Record<string, string> = {};
  if (value.description !== undefined) overrides.description = value.description;
  if (value.summary !== undefined) overrides.summary = value.summary;
  return {...target, ...overrides};
}

/** The name a `#/components/schemas/<Name>` reference points to, or undefined. */
export function schemaName(ref: string | undefined): string | undefined {
  const m = ref ? /^#\/components\/schemas\/([^/]+)$/.exec(ref) : null;
  return m?.[1];
}

/** Every operation, in the order of the document. */
export function operations(doc: SpaceApiDocument): OperationEntry[] {
  const out: OperationEntry[] = [];
  for (const [path, item] of Object.entries(doc.paths ?? {})) {
    if (!item) continue;
    const shared = (item.parameters ?? []).map((p) => deref<Parameter>(doc, p));
    for (const method of HTTP_METHODS) {
      const operation = item[method] as Operation | undefined;
      if (!operation) continue;
      const own = (operation.parameters ?? []).map((p) => deref<Parameter>(doc, p));
      const key = (p: Parameter) => `${p.in}:${p.name}`;
      const ownKeys = new Set(own.map(key));
      out.push({method, path, operation, parameters: [...shared.filter((p) => !ownKeys.has(key(p))), ...own]});
    }
  }
  return out;
}

/** Public operations declare `security: []`; the others inherit the document's API key requirement. */
export function isPublic(operation: Operation): boolean {
  return Array.isArray(operation.security) && operation.security.length === 0;
}

/** Roles that may call an operation; every role for a public one. */
export function allowedRoles(operation: Operation): readonly Role[] {
  return isPublic(operation) ? SPACE_ROLES : SPACE_ROLES.filter((r) => operation['x-roles']?.includes(r));
}

/** Anchor of an operation on the reference page, such as `post-features-userid-featureid`. */
export function operationAnchor({method, path}: {method: string; path: string}): string {
  const slug = path
    .toLowerCase()
    .replace(/[{}]/g, '')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');
  return `${method.toLowerCase()}-${slug}`;
}

/** Anchor of a component schema on the reference page, such as `schema-contract`. */
export function schemaAnchor(name: string): string {
  return `schema-${name.toLowerCase()}`;
}

/** First path segment: what the server's permission check calls the module (`services`, `features`...). */
export function moduleOf(path: string): string {
  return path.split('/')[1] ?? '';
}

/** The default base path of the document's server (`/api/v1`): its `basePath` variable. */
export function basePath(doc: SpaceApiDocument): string {
  return String(doc.servers?.[0]?.variables?.basePath?.default ?? '');
}

/**
 * The URL of the document's first server with every variable at its default (`http://localhost:3000/api/v1`): the
 * instance the reference's samples and console start with.
 */
export function defaultServerUrl(doc: SpaceApiDocument): string {
  const server = doc.servers?.[0];
  if (!server) throw new Error('The SPACE API document names no server');
  return server.url.replace(/\{(\w+)\}/g, (_, name: string) => {
    const value = server.variables?.[name]?.default;
    if (value === undefined) throw new Error(`Server variable ${name} has no default`);
    return String(value);
  });
}

/**
 * The header that carries the API key: the `name` of the document's API key scheme in a header (`x-api-key`), the
 * one its `security` requirement names when it has one.
 */
export function apiKeyHeader(doc: SpaceApiDocument): string {
  const schemes = Object.entries(doc.components?.securitySchemes ?? {})
    .map(([id, scheme]) => [id, isReference(scheme) ? undefined : scheme] as const)
    .filter(
      (pair): pair is readonly [string, OpenAPIV3_1.ApiKeySecurityScheme] =>
        pair[1]?.type === 'apiKey' && pair[1].in === 'header',
    );
  const required = new Set((doc.security ?? []).flatMap((requirement) => Object.keys(requirement)));
  const scheme = schemes.find(([id]) => required.has(id)) ?? (schemes.length === 1 ? schemes[0] : undefined);
  if (!scheme) throw new Error('The SPACE API document has no API key scheme in a header');
  return scheme[1].name;
}

const segments = (path: string) => path.split('/').filter(Boolean);
const isTemplate = (segment: string) => segment.startsWith('{') && segment.endsWith('}');

/**
 * The operation a concrete request reaches. `path` is relative to the base path, without query string. A template
 * segment matches any one segment; literal segments win over templates, as in the Express routers
 * (`/features/{userId}/pricing-token` before `/features/{userId}/{featureId}`).
 */
export function findOperation(doc: SpaceApiDocument, method: string, path: string): OperationEntry | undefined {
  const wanted = segments(path);
  const literals = (e: OperationEntry) => segments(e.path).filter((s) => !isTemplate(s)).length;
  return operations(doc)
    .filter((e) => e.method === method.toLowerCase())
    .filter((e) => {
      const pattern = segments(e.path);
      return pattern.length === wanted.length && pattern.every((s, i) => isTemplate(s) || s === wanted[i]);
    })
    .sort((a, b) => literals(b) - literals(a))[0];
}
