/**
 * How the Pricing2Yaml JSON Schemas become validators, in Node only.
 *
 * The browser never compiles a schema: ajv compiles to JavaScript with `new Function`, which the site's
 * Content-Security-Policy forbids (no 'unsafe-eval'). plugins/pricing2yaml-validators therefore writes each schema's
 * validator as a plain module at build time (`standaloneValidator`), and the playground's worker imports those. The
 * tests and the benchmark compile the same schemas with the same options (`compilingLoader`, `pricing2yamlAjv`), so
 * all agree.
 */
import Ajv2020 from 'ajv/dist/2020';
import addFormats from 'ajv-formats';
import standaloneCode from 'ajv/dist/standalone';

import type {ValidatorLoader} from './analyze';
import type {SyntaxVersion} from './upgrade';

/** strictNumbers: false lets `.inf` (Infinity, "unlimited" in Pricing2Yaml) through; verbose gives `parentSchema`. */
const AJV_OPTIONS = {
  allErrors: true,
  strict: true,
  strictRequired: false,
  allowUnionTypes: true,
  strictNumbers: false,
  verbose: true,
} as const;

/** An ajv instance with the options every Pricing2Yaml validator of the project is compiled with. */
export function pricing2yamlAjv(source = false): Ajv2020 {
  return addFormats(new Ajv2020({...AJV_OPTIONS, code: {source}}));
}

/** A loader that compiles each schema once, for Node. */
export function compilingLoader(loadSchema: (version: SyntaxVersion) => Promise<object>): ValidatorLoader {
  const ajv = pricing2yamlAjv();
  const cache = new Map<SyntaxVersion, ReturnType<ValidatorLoader>>();
  return (version) => {
    let validate = cache.get(version);
    if (!validate) {
      validate = loadSchema(version).then((schema) => ajv.compile(schema));
      cache.set(version, validate);
    }
    return validate;
  };
}

/**
 * The validator of a schema as the source of a CommonJS module (`module.exports` is the validate function). It only
 * `require`s ajv's runtime helpers and ajv-formats' format checks, never a compiler.
 */
export function standaloneValidator(schema: object): string {
  const ajv = pricing2yamlAjv(true);
  return standaloneCode(ajv, ajv.compile(schema));
}
