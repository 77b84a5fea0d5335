import {readFileSync} from 'node:fs';
import {availableParallelism} from 'node:os';
import {defineConfig, type Plugin} from 'vitest/config';
import {parse} from 'yaml';
import {DOCUMENT, instanceDefaults} from './plugins/space-openapi';
import type {SpaceApiDocument} from './src/lib/spaceOpenApi';

/**
 * `@generated/space-openapi/defaults.json`, which Docusaurus resolves to the file plugins/space-openapi writes when the
 * site loads, made here from the document the same way: the theme modules the unit tests import read it.
 */
const DEFAULTS_MODULE = '@generated/space-openapi/defaults.json';
// Not ending in .json, which Vite's JSON plugin would take up.
const RESOLVED = '\0space-openapi-defaults';
function spaceOpenApiDefaults(): Plugin {
  return {
    name: 'space-openapi-defaults',
    enforce: 'pre',
    resolveId: (id) => (id === DEFAULTS_MODULE ? RESOLVED : undefined),
    load(id) {
      if (id !== RESOLVED) return undefined;
      const document = parse(readFileSync(DOCUMENT, 'utf8')) as SpaceApiDocument;
      return `export default ${JSON.stringify(instanceDefaults(document, __dirname))};`;
    },
  };
}

/**
 * Unit tests (tests/unit, and those next to the plugin they test in plugins/) and the toolchain tests
 * (tests/toolchain: the site's build from broken configs, the TypeScript compiler on the docs' examples, the scripts
 * and generators the docs tell readers to run). None needs a production build; `npx vitest run tests/unit plugins`
 * runs the quick ones alone.
 */
export default defineConfig({
  plugins: [spaceOpenApiDefaults()],
  test: {
    include: ['tests/unit/**/*.test.ts', 'plugins/**/*.test.ts', 'tests/toolchain/**/*.test.ts'],
    environment: 'node',
    testTimeout: 60_000,
    // One test file per core. Vitest keeps one core for itself by default, which on a 2-core machine runs the files one
    // at a time; its own process does little while they run (BENCHMARKS.md, npm test).
    maxWorkers: availableParallelism(),
    minWorkers: availableParallelism(),
  },
});
