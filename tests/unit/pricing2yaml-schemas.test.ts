/**
 * The published Pricing2Yaml JSON Schemas: generated from scripts/pricing2yaml-schemas.ts, well formed, and
 * documented (every property carries a description, the single source of the field tables on the spec pages).
 */
import {readFileSync} from 'node:fs';
import {join} from 'node:path';
import {describe, expect, it} from 'vitest';

import {SCHEMA_DIR, schemaFile} from '../../scripts/pricing2yaml-schemas';
import {SYNTAX_VERSIONS} from '@sphere-docs/lib/pricing2yaml/upgrade';
import {schemaValidator} from '../utils/pricing2yaml';

type Node = Record<string, unknown>;

/** Paths of documented positions (properties, map values, $defs) that lack a description. */
function undocumented(node: unknown, path: string, out: string[]): string[] {
  if (typeof node !== 'object' || node === null || Array.isArray(node)) return out;
  const n = node as Node;
  const visit = (child: unknown, p: string) => {
    if (typeof child === 'object' && child !== null && !('$ref' in (child as Node))) {
      if (typeof (child as Node).description !== 'string' || !(child as Node).description) out.push(p);
    }
    undocumented(child, p, out);
  };
  for (const [k, v] of Object.entries((n.properties as Node) ?? {})) visit(v, `${path}/properties/${k}`);
  for (const [k, v] of Object.entries((n.$defs as Node) ?? {})) visit(v, `${path}/$defs/${k}`);
  if (typeof n.additionalProperties === 'object') visit(n.additionalProperties, `${path}/additionalProperties`);
  return out;
}

describe.each(SYNTAX_VERSIONS.map((v) => [v]))('schema v%s', (v) => {
  const text = readFileSync(join(SCHEMA_DIR, `v${v}.json`), 'utf8');
  const schema = JSON.parse(text) as Node;

  it('is the output of scripts/pricing2yaml-schemas.ts (run it after editing)', () => {
    expect(text).toBe(schemaFile(v));
  });

  it('is a draft 2020-12 schema served at its $id', () => {
    expect(schema.$schema).toBe('https://json-schema.org/draft/2020-12/schema');
    expect(schema.$id).toBe(`/schemas/pricing2yaml/v${v}.json`);
    expect(schema.title).toMatch(/Pricing2Yaml/);
    expect(typeof schema.description).toBe('string');
  });

  it('describes every property', () => {
    expect(undocumented(schema, '#', [])).toEqual([]);
  });

  it('compiles with ajv in strict mode', () => {
    expect(() => schemaValidator(v)).not.toThrow();
  });
});
