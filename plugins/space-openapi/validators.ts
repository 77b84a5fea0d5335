/**
 * The JSON Schema validators of the API reference's "Try it" console: for each operation, one for its JSON request
 * body and one for each JSON answer it documents, all compiled from the OpenAPI document (the single source).
 *
 * ajv compiles a schema into JavaScript with `new Function`, which the site's Content-Security-Policy forbids in the
 * browser (no 'unsafe-eval', plugins/security-headers). So the plugin writes the compiled validators as one plain
 * module at build time (ajv's standalone code, as plugins/pricing2yaml-validators does for the playground); the console
 * loads it with the rest of its code, the first time a reader opens it. The tests compile the same schemas in Node
 * with `compileValidators`.
 */
import Ajv2020 from 'ajv/dist/2020';
import addFormats from 'ajv-formats';
import standaloneCode from 'ajv/dist/standalone';
import type {ValidateFunction} from 'ajv';
import type {OpenAPIV3_1} from 'openapi-types';
import {deref, operations, type SpaceApiDocument} from '@sphere-docs/lib/spaceOpenApi';
import {validatorName} from './validatorNames';
import {SCHEMA_BASE, rebased} from './document';

const BASE = SCHEMA_BASE.replace(/schemas\/$/, '');

const jsonSchemaOf = (content: Record<string, OpenAPIV3_1.MediaTypeObject> | undefined) =>
  content?.['application/json']?.schema;

/** The ajv instance holding every schema the console checks, and the names they are exported under. */
function spaceAjv(doc: SpaceApiDocument, source: boolean): {ajv: Ajv2020; names: string[]} {
  // strict: false, as the document's own check (./document.ts): OpenAPI adds keywords JSON Schema does not know.
  const ajv = addFormats(new Ajv2020({allErrors: true, strict: false, inlineRefs: false, code: {source}}));
  for (const [name, schema] of Object.entries(doc.components?.schemas ?? {})) {
    ajv.addSchema({...(rebased(schema) as object), $id: `${SCHEMA_BASE}${name}`});
  }
  const names: string[] = [];
  const add = (name: string, schema: unknown) => {
    ajv.addSchema({...(rebased(schema) as object), $id: `${BASE}${name}`});
    names.push(name);
  };
  for (const {operation} of operations(doc)) {
    const id = operation.operationId;
    if (!id) continue;
    const body = operation.requestBody
      ? deref<OpenAPIV3_1.RequestBodyObject>(doc, operation.requestBody).content
      : undefined;
    const request = jsonSchemaOf(body);
    if (request) add(validatorName(id), request);
    for (const [status, response] of Object.entries(operation.responses ?? {})) {
      const schema = jsonSchemaOf(deref<OpenAPIV3_1.ResponseObject>(doc, response).content);
      if (schema) add(validatorName(id, status), schema);
    }
  }
  return {ajv, names};
}

/** The module the console imports: CommonJS, one export per validator, named by `validatorName`. */
export function validatorsModule(doc: SpaceApiDocument): string {
  const {ajv, names} = spaceAjv(doc, true);
  return standaloneCode(ajv, Object.fromEntries(names.map((name) => [name, `${BASE}${name}`])));
}

/** The same validators, compiled in Node. */
export function compileValidators(doc: SpaceApiDocument): Record<string, ValidateFunction> {
  const {ajv, names} = spaceAjv(doc, false);
  return Object.fromEntries(names.map((name) => [name, ajv.getSchema(`${BASE}${name}`) as ValidateFunction]));
}
