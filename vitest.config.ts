import {availableParallelism} from 'node:os';
import {join} from 'node:path';
import {defineConfig} from 'vitest/config';
import {projects} from './tests/utils/vitestProjects';

/**
 * Unit tests (tests/unit, and those next to the plugin they test in plugins/) and the toolchain tests
 * (tests/toolchain: the site's build from broken configs, the TypeScript compiler on the docs' examples, the scripts
 * and generators the docs tell readers to run). None needs a production build; `npx vitest run tests/unit plugins`
 * runs the quick ones alone.
 */
export default defineConfig({
  resolve: {
    // The module Docusaurus generates from the SPACE API document, made from the same document for the tests.
    alias: {'@generated/space-openapi/defaults.json': join(__dirname, 'tests/utils/spaceOpenApiDefaults.ts')},
  },
  test: {
    environment: 'node',
    testTimeout: 60_000,
    // One test file per core. Vitest keeps one core for itself by default, which on a 2-core machine runs the files one
    // at a time; its own process does little while they run (BENCHMARKS.md, npm test).
    maxWorkers: availableParallelism(),
    minWorkers: availableParallelism(),
    // A worker's files share the modules it has loaded, but for those that replace one (tests/utils/vitestProjects.ts).
    isolate: false,
    projects: projects(__dirname, ['tests/unit', 'plugins', 'tests/toolchain']),
  },
});
