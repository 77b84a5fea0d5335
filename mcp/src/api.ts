/**
 * get_api_operation: one operation of the SPACE API document of the build (openapi/space-api.yaml), with what a
 * caller needs (roles, parameters, body, responses and the schemas they name) written as Markdown. The document is
 * read with the site's own helpers (src/lib/spaceOpenApi.ts), so roles and routing are those of the reference page.
 */
import {Document, isScalar, visit} from 'yaml';
import {
  allowedRoles,
  basePath,
  deref,
  findOperation,
  isPublic,
  isReference,
  operationAnchor,
  operations,
  pointer,
  schemaName,
  type OperationEntry,
  type Schema,
  type SpaceApiDocument,
} from '@sphere-docs/lib/spaceOpenApi';
import {HTTP_METHODS} from '@sphere-docs/lib/spaceOpenApi';
import type {Site} from './site';

type Media = {schema?: Schema | {$ref: string}; example?: unknown; examples?: Record<string, {value?: unknown}>};
type Body = {description?: string; required?: boolean; content?: Record<string, Media>};
type Response = {description?: string; content?: Record<string, Media>};

/** Finds the operation by operationId, or by method and path (a template or a concrete path, base path optional). */
export function findApiOperation(
  doc: SpaceApiDocument,
  query: {operationId?: string; method?: string; path?: string},
): OperationEntry {
  const all = operations(doc);
  const ids = all.map((e) => e.operation.operationId).filter(Boolean);
  if (query.operationId !== undefined && query.operationId.trim() !== '') {
    const wanted = query.operationId.trim();
    const found =
      all.find((e) => e.operation.operationId === wanted) ??
      all.find((e) => e.operation.operationId?.toLowerCase() === wanted.toLowerCase());
    if (!found) throw new Error(`The SPACE API has no operation "${wanted}". Its operationIds are: ${ids.join(', ')}.`);
    return found;
  }
  if (!query.method || !query.path) {
    throw new Error(
      'Give either operationId (such as "createContract") or both method and path (such as POST /contracts).',
    );
  }
  const method = query.method.trim().toLowerCase();
  if (!(HTTP_METHODS as readonly string[]).includes(method)) {
    throw new Error(`"${query.method}" is not an HTTP method; use GET, POST, PUT, PATCH or DELETE.`);
  }
  let path = query.path.trim().replace(/[?#].*$/, '');
  try {
    path = new URL(path).pathname;
  } catch {
    // A path, not a URL.
  }
  const base = basePath(doc);
  if (base && (path === base || path.startsWith(`${base}/`))) path = path.slice(base.length) || '/';
  if (!path.startsWith('/')) path = `/${path}`;
  const found =
    all.find((e) => e.method === method && e.path === path) ?? findOperation(doc, method, path.replace(/\/+$/, ''));
  if (!found) {
    const same = all
      .filter((e) => e.path === path || findOperation(doc, e.method, path) === e)
      .map((e) => e.method.toUpperCase());
    throw new Error(
      `The SPACE API has no operation ${method.toUpperCase()} ${path}` +
        (same.length > 0 ? `; that path takes ${same.join(', ')}.` : '.') +
        ` Paths are relative to the base path ${base}; its operations are: ` +
        all.map((e) => `${e.method.toUpperCase()} ${e.path}`).join(', ') +
        '.',
    );
  }
  return found;
}

/** The schemas of components named by `$ref` anywhere below `value`, added to `names` (transitively). */
function collectSchemas(doc: SpaceApiDocument, value: unknown, names: Set<string>): void {
  if (Array.isArray(value)) {
    for (const v of value) collectSchemas(doc, v, names);
  } else if (value && typeof value === 'object') {
    if (isReference(value)) {
      const name = schemaName(value.$ref);
      if (name && !names.has(name)) {
        names.add(name);
        collectSchemas(doc, pointer(doc, value.$ref), names);
      } else if (!name) {
        collectSchemas(doc, pointer(doc, value.$ref), names);
      }
    }
    for (const v of Object.values(value)) collectSchemas(doc, v, names);
  }
}

/**
 * A schema or other value as a YAML block, short: a list of scalars, and a map of at most four scalars (`{type:
 * string, format: email}`), on one line; each `$ref` to a component schema written as the schema's bare name
 * (`$ref: UserContact`), since the schemas an operation uses follow it under their names.
 */
function yamlBlock(value: unknown): string {
  const doc = new Document(value);
  visit(doc, {
    Seq(_, node) {
      if (node.items.every((item) => isScalar(item))) node.flow = true;
    },
    Map(_, node) {
      if (node.items.length <= 4 && node.items.every((pair) => isScalar(pair.value) && String(pair.value).length < 40))
        node.flow = true;
    },
  });
  const text = doc
    .toString({lineWidth: 0, flowCollectionPadding: false})
    .replace(/(\$ref: )["']?#\/components\/schemas\/([^"'\s,}]+)["']?/g, '$1$2');
  return `\`\`\`yaml\n${text.trimEnd()}\n\`\`\``;
}

/** The prefix of the shared responses of the document (components.responses), which an answer describes once. */
const SHARED_RESPONSES = '#/components/responses/';
const cell = (text: unknown) =>
  String(text ?? '')
    .replace(/\|/g, '\\|')
    .replace(/\s*\n\s*/g, ' ');

function typeOf(schema: Schema | {$ref: string} | undefined): string {
  if (!schema) return '';
  if (isReference(schema)) return schemaName(schema.$ref) ?? schema.$ref;
  const s = schema as Schema & {enum?: unknown[]; items?: Schema | {$ref: string}};
  if (s.enum) return s.enum.map((v) => JSON.stringify(v)).join(' \\| ');
  if (s.type === 'array') return `array of ${typeOf(s.items) || 'any'}`;
  return Array.isArray(s.type) ? s.type.join(' or ') : (s.type ?? 'any');
}

function media(doc: SpaceApiDocument, content: Record<string, Media> | undefined, out: string[], schemas: Set<string>) {
  for (const [type, m] of Object.entries(content ?? {})) {
    const named = m.schema && isReference(m.schema) ? schemaName(m.schema.$ref) : undefined;
    if (named) out.push(`\`${type}\`: schema \`${named}\` (see Schemas).`, '');
    else out.push(`\`${type}\`, schema:`, '', yamlBlock(m.schema ?? {}), '');
    collectSchemas(doc, m.schema, schemas);
    const example = m.example ?? Object.values(m.examples ?? {})[0]?.value;
    if (example !== undefined) out.push(`Example: \`${JSON.stringify(example)}\``, '');
  }
}

/**
 * The operation as Markdown. Schemas and shared responses named in `known` (sent in an earlier answer) are listed by
 * name, not written out again.
 */
export function operationMarkdown(site: Site, entry: OperationEntry, known: readonly string[] = []): string {
  const doc = site.openApi();
  const {method, path, operation, parameters} = entry;
  const base = basePath(doc);
  const out: string[] = [`# ${method.toUpperCase()} ${base}${path}`, ''];
  if (operation.summary) out.push(operation.summary, '');
  const facts = [`operationId: \`${operation.operationId ?? '(none)'}\``];
  if (operation.tags?.length) facts.push(`tag: ${operation.tags.join(', ')}`);
  out.push(facts.join(' · '), '');
  out.push(
    isPublic(operation)
      ? '**Authentication:** none (a public operation).'
      : `**Authentication:** the \`x-api-key\` header. **Roles allowed:** ${allowedRoles(operation).join(', ')}; ` +
          'a missing or unknown key answers 401, another role 403.',
    '',
  );
  if (operation.description) out.push(operation.description.trim(), '');
  const differs = (operation as {'x-upstream-differs'?: string})['x-upstream-differs'];
  if (differs) out.push(`**Where the upstream document differs:** ${differs.trim()}`, '');

  const schemas = new Set<string>();
  if (parameters.length > 0) {
    out.push('## Parameters', '', '| name | in | required | type | description |', '| --- | --- | --- | --- | --- |');
    for (const p of parameters) {
      const schema = p.schema as Schema | undefined;
      collectSchemas(doc, schema, schemas);
      const def =
        schema && !isReference(schema) && schema.default !== undefined
          ? ` (default ${JSON.stringify(schema.default)})`
          : '';
      out.push(
        `| \`${p.name}\` | ${p.in} | ${p.required ? 'yes' : 'no'} | ${cell(typeOf(schema))} | ${cell(p.description)}${cell(def)} |`,
      );
    }
    out.push('');
  }
  if (operation.requestBody) {
    const body = deref<Body>(doc, operation.requestBody as Body);
    out.push(
      '## Request body',
      '',
      `${body.required ? 'Required.' : 'Optional.'} ${body.description ?? ''}`.trim(),
      '',
    );
    media(doc, body.content, out, schemas);
  }
  out.push('## Responses', '');
  // A shared response (401, 403, 413, most 500s) is named under its status and described once, below the others.
  const shared = new Set<string>();
  for (const [status, value] of Object.entries(operation.responses ?? {})) {
    const ref = isReference(value) && value.$ref.startsWith(SHARED_RESPONSES) ? value.$ref : undefined;
    if (ref) {
      const name = ref.slice(SHARED_RESPONSES.length);
      shared.add(name);
      const own = (value as {description?: string}).description?.trim();
      out.push(`### ${status}: \`${name}\``, '', ...(own ? [own, ''] : []));
      continue;
    }
    const response = deref<Response>(doc, value as Response);
    out.push(`### ${status}`, '', (response.description ?? '').trim(), '');
    media(doc, response.content, out, schemas);
  }
  if (shared.size > 0) {
    out.push('## Shared responses', '');
    const skipped = [...shared].filter((name) => known.includes(name));
    if (skipped.length > 0) out.push(`Sent before, not repeated: ${skipped.map((n) => `\`${n}\``).join(', ')}.`, '');
    for (const name of shared) {
      if (known.includes(name)) continue;
      const response = deref<Response>(doc, pointer<Response>(doc, `${SHARED_RESPONSES}${name}`));
      const parts = Object.entries(response.content ?? {}).map(([type, m]) => {
        collectSchemas(doc, m.schema, schemas);
        const schema = m.schema && isReference(m.schema) ? schemaName(m.schema.$ref) : undefined;
        const example = m.example ?? Object.values(m.examples ?? {})[0]?.value;
        return (
          `\`${type}\`${schema ? ` \`${schema}\`` : ''}` +
          (example !== undefined ? `, e.g. \`${JSON.stringify(example)}\`` : '')
        );
      });
      out.push(`- \`${name}\`: ${cell(response.description).trim()} ${parts.join('; ')}.`);
    }
    out.push('');
  }
  if (schemas.size > 0) {
    out.push('## Schemas', '');
    const skipped = [...schemas].filter((name) => known.includes(name));
    if (skipped.length > 0) out.push(`Sent before, not repeated: ${skipped.map((n) => `\`${n}\``).join(', ')}.`, '');
    for (const name of schemas) {
      if (known.includes(name)) continue;
      out.push(`### ${name}`, '', yamlBlock(pointer(doc, `#/components/schemas/${name}`)), '');
    }
  }
  out.push(
    `Reference page: ${site.origin()}/docs/${site.currentVersion}/api/space/space-api#${operationAnchor(entry)}`,
    '',
  );
  return out.join('\n');
}
