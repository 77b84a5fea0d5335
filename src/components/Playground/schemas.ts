/**
 * The JSON Schemas of every syntax version, each in its own lazily loaded chunk: a document pulls in only the schema
 * of the version it declares, and pages other than the playground never load any of them from here.
 */
import type {SyntaxVersion} from '@sphere-docs/lib/pricing2yaml/upgrade';

export type JsonSchema = Record<string, unknown>;

const cache = new Map<SyntaxVersion, Promise<JsonSchema>>();

function importSchema(version: SyntaxVersion): Promise<{default: unknown}> {
  switch (version) {
    case '1.0':
      return import('@site/static/schemas/pricing2yaml/v1.0.json');
    case '1.1':
      return import('@site/static/schemas/pricing2yaml/v1.1.json');
    case '2.0':
      return import('@site/static/schemas/pricing2yaml/v2.0.json');
    case '2.1':
      return import('@site/static/schemas/pricing2yaml/v2.1.json');
    case '3.0':
      return import('@site/static/schemas/pricing2yaml/v3.0.json');
  }
}

export function loadSchema(version: SyntaxVersion): Promise<JsonSchema> {
  let schema = cache.get(version);
  if (!schema) {
    schema = importSchema(version).then((m) => m.default as JsonSchema);
    cache.set(version, schema);
  }
  return schema;
}
