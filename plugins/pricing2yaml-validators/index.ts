/**
 * Precompiled JSON Schema validators for the playground.
 *
 * The playground checks documents against the Pricing2Yaml JSON Schemas in a Web Worker. Compiling a schema in the
 * browser would need `new Function`, i.e. 'unsafe-eval' in the Content-Security-Policy (plugins/security-headers), so
 * this plugin compiles each schema of static/schemas/pricing2yaml/ into a plain CommonJS module (ajv's standalone code)
 * when the site loads, under `.docusaurus/pricing2yaml-validators/v<version>.js`. The worker imports them as
 * `@generated/pricing2yaml-validators/v<version>.js` (src/components/Playground/validators.ts), each in its own chunk.
 */
import {mkdirSync, readFileSync, writeFileSync} from 'node:fs';
import {join} from 'node:path';
import type {LoadContext, Plugin} from '@docusaurus/types';
import {SYNTAX_VERSIONS} from '@sphere-docs/lib/pricing2yaml/upgrade';
import {standaloneValidator} from '@sphere-docs/lib/pricing2yaml/validators';

export const OUT_DIR = 'pricing2yaml-validators';

export default function pricing2yamlValidators(context: LoadContext): Plugin {
  const schemaFile = (v: string) => join(context.siteDir, 'static', 'schemas', 'pricing2yaml', `v${v}.json`);
  const dir = join(context.generatedFilesDir, OUT_DIR);
  mkdirSync(dir, {recursive: true});
  // At plugin creation, so the modules exist before the bundler resolves the worker's imports; Docusaurus creates
  // the plugin again when a watched schema changes under `docusaurus start`.
  for (const v of SYNTAX_VERSIONS) {
    writeFileSync(join(dir, `v${v}.js`), standaloneValidator(JSON.parse(readFileSync(schemaFile(v), 'utf8'))));
  }
  return {
    name: 'pricing2yaml-validators',
    getPathsToWatch: () => SYNTAX_VERSIONS.map(schemaFile),
  };
}
