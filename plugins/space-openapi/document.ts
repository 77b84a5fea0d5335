/**
 * Loads and checks the SPACE API document (./static/openapi/space-api.yaml). Every problem is reported with the JSON
 * pointer of the node at fault and its line in the file:
 *
 * - YAML syntax errors (line and column);
 * - OpenAPI 3.1 structure and style, with the `recommended` rules of @redocly/openapi-core (errors only; its warnings
 *   are left to tests/unit/space-openapi.test.ts, which also runs its example rules: here the next check does that
 *   work, more strictly and in a fraction of the time);
 * - every example (media types, parameters, schema `examples`) against its schema, with ajv's JSON Schema 2020-12
 *   validator, the dialect of OpenAPI 3.1;
 * - what the reference page relies on: an operationId and one declared tag per operation, `x-roles` drawn from the
 *   three roles on every operation that needs a key, a `401` answer on each of them.
 */
import {readFileSync} from 'node:fs';
import {relative} from 'node:path';
import {createConfig, lintFromString} from '@redocly/openapi-core';
import Ajv2020 from 'ajv/dist/2020';
import addFormats from 'ajv-formats';
import {LineCounter, parseDocument, isMap, isSeq, type Node} from 'yaml';
import {
  HTTP_METHODS,
  SPACE_ROLES,
  isPublic,
  schemaName,
  type Operation,
  type SpaceApiDocument,
} from '@sphere-docs/lib/spaceOpenApi';

export interface DocumentProblem {
  /** JSON pointer of the node at fault, `#/…`; `#` for the whole document. */
  pointer: string;
  message: string;
  /** 1-based line in the file, when known. */
  line?: number;
}

export interface CheckedDocument {
  document: SpaceApiDocument | undefined;
  problems: DocumentProblem[];
  /** How many examples were validated against their schemas. */
  examples: number;
}

const escapeSegment = (s: string | number) => String(s).replace(/~/g, '~0').replace(/\//g, '~1');
const joinPointer = (base: string, ...parts: (string | number)[]) => [base, ...parts.map(escapeSegment)].join('/');

/** Line of the YAML node at a pointer, or of its closest existing parent. */
function lineAt(yaml: ReturnType<typeof parseDocument>, counter: LineCounter, pointer: string): number | undefined {
  let node: Node | null | undefined = yaml.contents as Node | null;
  let found = node;
  for (const raw of pointer.replace(/^#\/?/, '').split('/').filter(Boolean)) {
    const key = raw.replace(/~1/g, '/').replace(/~0/g, '~');
    if (isMap(node)) {
      const pair = node.items.find((p) => String((p.key as {value?: unknown})?.value ?? p.key) === key);
      node = pair?.value as Node | undefined;
      if (pair) found = (node ?? (pair.key as Node)) as Node;
    } else if (isSeq(node)) {
      node = node.items[Number(key)] as Node | undefined;
      if (node) found = node;
    } else break;
    if (!node) break;
  }
  const offset = found?.range?.[0];
  return offset === undefined ? undefined : counter.linePos(offset).line;
}

/** Keys whose values are data, not OpenAPI or JSON Schema structure. */
const DATA_KEYS = new Set(['example', 'examples', 'default', 'enum', 'const']);

type Json = unknown;

/** Every schema node of the document with its pointer: component schemas, `schema` values, and their sub-schemas. */
function schemaNodes(doc: Json): {pointer: string; schema: Record<string, Json>}[] {
  const out: {pointer: string; schema: Record<string, Json>}[] = [];
  const subschemas = (schema: Record<string, Json>, at: string) => {
    out.push({pointer: at, schema});
    const visit = (value: Json, where: string) => {
      if (value && typeof value === 'object' && !Array.isArray(value)) subschemas(value as Record<string, Json>, where);
    };
    for (const key of ['items', 'additionalProperties', 'not', 'contains', 'propertyNames', 'if', 'then', 'else']) {
      visit(schema[key], joinPointer(at, key));
    }
    for (const key of ['properties', 'patternProperties', '$defs']) {
      const map = schema[key];
      if (map && typeof map === 'object') {
        for (const [name, sub] of Object.entries(map)) visit(sub, joinPointer(at, key, name));
      }
    }
    for (const key of ['allOf', 'anyOf', 'oneOf', 'prefixItems']) {
      const list = schema[key];
      if (Array.isArray(list)) list.forEach((sub, i) => visit(sub, joinPointer(at, key, i)));
    }
  };
  const walk = (value: Json, at: string) => {
    if (!value || typeof value !== 'object') return;
    if (Array.isArray(value)) return value.forEach((v, i) => walk(v, joinPointer(at, i)));
    for (const [key, sub] of Object.entries(value)) {
      if (DATA_KEYS.has(key)) continue;
      const where = joinPointer(at, key);
      if (key === 'schema' && sub && typeof sub === 'object') subschemas(sub as Record<string, Json>, where);
      else if (at === '#/components/schemas' && sub && typeof sub === 'object') {
        subschemas(sub as Record<string, Json>, where);
      } else walk(sub, where);
    }
  };
  walk(doc, '#');
  return out;
}

/** Objects that pair a `schema` with examples: Media Type and Parameter objects. */
function exampleHolders(doc: Json): {pointer: string; holder: Record<string, Json>}[] {
  const out: {pointer: string; holder: Record<string, Json>}[] = [];
  const walk = (value: Json, at: string) => {
    if (!value || typeof value !== 'object') return;
    if (Array.isArray(value)) return value.forEach((v, i) => walk(v, joinPointer(at, i)));
    const object = value as Record<string, Json>;
    if ('schema' in object && ('example' in object || 'examples' in object)) out.push({pointer: at, holder: object});
    for (const [key, sub] of Object.entries(object)) {
      if (!DATA_KEYS.has(key) && key !== 'schema') walk(sub, joinPointer(at, key));
    }
  };
  walk(doc, '#');
  return out;
}

/** Where the document's component schemas are registered with ajv (the check here and ./validators.ts). */
export const SCHEMA_BASE = 'https://openapi.invalid/space-api/schemas/';

/** A copy of a schema whose `#/components/schemas/X` references point at the schemas registered with ajv. */
export function rebased(schema: Json): Json {
  if (Array.isArray(schema)) return schema.map(rebased);
  if (!schema || typeof schema !== 'object') return schema;
  const out: Record<string, Json> = {};
  for (const [key, value] of Object.entries(schema)) {
    if (key === '$ref' && typeof value === 'string') {
      const name = schemaName(value);
      out.$ref = name ? SCHEMA_BASE + name : value;
    } else out[key] = DATA_KEYS.has(key) ? value : rebased(value);
  }
  return out;
}

function exampleProblems(doc: SpaceApiDocument): {problems: DocumentProblem[]; checked: number} {
  const ajv = new Ajv2020({allErrors: true, strict: false});
  addFormats(ajv);
  const problems: DocumentProblem[] = [];
  let checked = 0;
  for (const [name, schema] of Object.entries(doc.components?.schemas ?? {})) {
    ajv.addSchema({...(rebased(schema) as object), $id: SCHEMA_BASE + name});
  }
  const check = (schema: Json, value: Json, pointer: string) => {
    checked++;
    let validate;
    try {
      validate = ajv.compile(rebased(schema) as object);
    } catch (error) {
      problems.push({pointer, message: `the schema of this example does not compile: ${(error as Error).message}`});
      return;
    }
    if (!validate(value)) {
      const detail = (validate.errors ?? []).map((e) => `${e.instancePath || '(root)'} ${e.message}`).join('; ');
      problems.push({pointer, message: `example does not match its schema: ${detail}`});
    }
  };
  for (const {pointer, schema} of schemaNodes(doc)) {
    const examples = schema.examples;
    if (examples === undefined) continue;
    if (!Array.isArray(examples)) {
      problems.push({pointer: joinPointer(pointer, 'examples'), message: 'schema `examples` must be an array'});
      continue;
    }
    examples.forEach((example, i) => check(schema, example, joinPointer(pointer, 'examples', i)));
  }
  for (const {pointer, holder} of exampleHolders(doc)) {
    if ('example' in holder) check(holder.schema, holder.example, joinPointer(pointer, 'example'));
    for (const [name, example] of Object.entries((holder.examples as Record<string, {value?: Json}>) ?? {})) {
      if (example && 'value' in example)
        check(holder.schema, example.value, joinPointer(pointer, 'examples', name, 'value'));
    }
  }
  return {problems, checked};
}

function referencePageProblems(doc: SpaceApiDocument): DocumentProblem[] {
  const problems: DocumentProblem[] = [];
  const tags = new Set((doc.tags ?? []).map((t) => t.name));
  for (const [path, item] of Object.entries(doc.paths ?? {})) {
    for (const method of HTTP_METHODS) {
      const operation = item?.[method] as Operation | undefined;
      if (!operation) continue;
      const at = joinPointer('#/paths', path, method);
      if (!operation.operationId) problems.push({pointer: at, message: 'operation without an operationId'});
      if (operation.tags?.length !== 1 || !tags.has(operation.tags[0])) {
        problems.push({pointer: joinPointer(at, 'tags'), message: 'needs exactly one tag declared in #/tags'});
      }
      if (isPublic(operation)) {
        if (operation['x-roles'])
          problems.push({pointer: joinPointer(at, 'x-roles'), message: 'public operation with x-roles'});
        continue;
      }
      const roles = operation['x-roles'];
      if (!Array.isArray(roles) || roles.length === 0 || roles.some((r) => !SPACE_ROLES.includes(r))) {
        problems.push({
          pointer: joinPointer(at, 'x-roles'),
          message: `an operation that needs a key lists the roles that may call it, out of ${SPACE_ROLES.join(', ')}`,
        });
      }
      if (!operation.responses?.['401']) {
        problems.push({pointer: joinPointer(at, 'responses'), message: 'an operation that needs a key answers 401'});
      }
    }
  }
  return problems;
}

/** Redocly's example rules, which only warn: every example is validated below, and a mismatch is an error there. */
const EXAMPLES_CHECKED_BELOW = {
  'no-invalid-media-type-examples': 'off',
  'no-invalid-schema-examples': 'off',
  'no-invalid-parameter-examples': 'off',
} as const;

/** Reads and checks the document; `document` is undefined only when the file is not YAML. */
export async function checkSpaceApiDocument(file: string): Promise<CheckedDocument> {
  const source = readFileSync(file, 'utf8');
  const counter = new LineCounter();
  const yaml = parseDocument(source, {lineCounter: counter, prettyErrors: true, uniqueKeys: true});
  if (yaml.errors.length > 0) {
    return {
      document: undefined,
      problems: yaml.errors.map((e) => ({pointer: '#', line: e.linePos?.[0].line, message: e.message.split('\n')[0]})),
      examples: 0,
    };
  }
  const document = yaml.toJS() as SpaceApiDocument;
  const located = (p: DocumentProblem): DocumentProblem => ({...p, line: p.line ?? lineAt(yaml, counter, p.pointer)});

  const config = await createConfig({extends: ['recommended'], rules: EXAMPLES_CHECKED_BELOW});
  const lint = await lintFromString({source, absoluteRef: file, config});
  const problems: DocumentProblem[] = lint
    .filter((p) => p.severity === 'error')
    .map((p) => ({pointer: p.location[0]?.pointer ?? '#', message: `${p.message} (${p.ruleId})`}));

  const examples = exampleProblems(document);
  problems.push(...examples.problems, ...referencePageProblems(document));
  return {document, problems: problems.map(located), examples: examples.checked};
}

/** One line per problem: `plugins/space-openapi/static/openapi/space-api.yaml:12 #/paths/~1users/get: message`. */
export function formatProblems(file: string, problems: readonly DocumentProblem[], siteDir = process.cwd()): string {
  const name = relative(siteDir, file) || file;
  return problems.map((p) => `${name}${p.line ? `:${p.line}` : ''} ${p.pointer}: ${p.message}`).join('\n');
}
