/**
 * Shared Pricing2Yaml validation for the tests: the published JSON Schemas (ajv, draft 2020-12), our cross-reference
 * checker, and the real parser pricing4ts@0.9.5 for syntax <= 2.1.
 */
import {mkdtempSync, readFileSync, rmSync, writeFileSync} from 'node:fs';
import {tmpdir} from 'node:os';
import {join} from 'node:path';
import type Ajv2020 from 'ajv/dist/2020';
import type {ValidateFunction} from 'ajv/dist/2020';
import {parse} from 'yaml';
import {retrievePricingFromYaml} from 'pricing4ts';
import {retrievePricingFromPath} from 'pricing4ts/server';

import {checkCrossReferences} from '@sphere-docs/lib/pricing2yaml/crossReferences';
import {isSyntaxVersion, type SyntaxVersion} from '@sphere-docs/lib/pricing2yaml/upgrade';
import {pricing2yamlAjv} from '@sphere-docs/lib/pricing2yaml/validators';
import {ROOT} from './codeBlocks';

/** Versions that pricing4ts@0.9.5 (and Pricing4Java 5.5.2) understand. */
export const PARSER_VERSIONS: readonly SyntaxVersion[] = ['1.0', '1.1', '2.0', '2.1'];

export const SCHEMA_DIR = join(ROOT, 'static', 'schemas', 'pricing2yaml');

export function readSchema(version: SyntaxVersion): Record<string, unknown> {
  return JSON.parse(readFileSync(join(SCHEMA_DIR, `v${version}.json`), 'utf8'));
}

let ajv: Ajv2020 | undefined;
const validators = new Map<SyntaxVersion, ValidateFunction>();

export function schemaValidator(version: SyntaxVersion): ValidateFunction {
  let validate = validators.get(version);
  if (!validate) {
    ajv ??= pricing2yamlAjv();
    validate = ajv.compile(readSchema(version));
    validators.set(version, validate);
  }
  return validate;
}

/**
 * The syntax version a document declares: `syntaxVersion`, else `version` (syntax <= 2.0), else the fallback
 * (the `syntax=` attribute of a code fence, or the folder of a fixture).
 */
export function detectSyntaxVersion(doc: unknown, fallback?: string): string | undefined {
  if (typeof doc === 'object' && doc !== null) {
    const d = doc as Record<string, unknown>;
    if (d.syntaxVersion !== undefined && d.syntaxVersion !== null) return String(d.syntaxVersion);
    if (isSyntaxVersion(d.version)) return d.version;
  }
  return fallback;
}

export interface Verdict {
  ok: boolean;
  messages: string[];
}

export function parseYaml(text: string): unknown {
  return parse(text);
}

/** JSON Schema of the version plus the cross-reference checker. */
export function checkWithSchema(doc: unknown, version: SyntaxVersion, now?: Date): Verdict {
  const validate = schemaValidator(version);
  const messages: string[] = [];
  if (!validate(doc)) {
    for (const e of validate.errors ?? []) {
      messages.push(
        `schema ${e.instancePath || '/'}${e.propertyName ? ` (key "${e.propertyName}")` : ''}: ${e.message}${e.params ? ' ' + JSON.stringify(e.params) : ''}`,
      );
    }
  }
  for (const p of checkCrossReferences(doc, {now})) messages.push(`checker ${p.path}: ${p.message}`);
  return {ok: messages.length === 0, messages};
}

function quietly<T>(fn: () => T): T {
  const log = console.log;
  console.log = () => {};
  try {
    return fn();
  } finally {
    console.log = log;
  }
}

/**
 * pricing4ts@0.9.5. Syntax 2.1 goes through retrievePricingFromYaml; older syntax through retrievePricingFromPath on
 * a copy in a temporary folder (it upgrades the document and overwrites the file), with `version: "1.0"` added when
 * the document has no version key (Yaml4SaaS files).
 */
export function checkWithPricing4ts(text: string, version: SyntaxVersion): Verdict {
  if (!PARSER_VERSIONS.includes(version)) throw new Error(`pricing4ts@0.9.5 does not support syntax ${version}`);
  try {
    if (version === '2.1') {
      quietly(() => retrievePricingFromYaml(text));
    } else {
      const doc = parse(text) as Record<string, unknown> | null;
      const hasVersion = !!doc && typeof doc === 'object' && 'version' in doc;
      const body = hasVersion ? text : `version: "1.0"\n${text}`;
      const dir = mkdtempSync(join(tmpdir(), 'p2y-'));
      try {
        const file = join(dir, 'pricing.yml');
        writeFileSync(file, body);
        quietly(() => retrievePricingFromPath(file));
      } finally {
        rmSync(dir, {recursive: true, force: true});
      }
    }
    return {ok: true, messages: []};
  } catch (e) {
    return {ok: false, messages: [(e as Error).message]};
  }
}
