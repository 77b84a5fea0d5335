import {availableParallelism} from 'node:os';
import {defineConfig} from 'vitest/config';
import {projects} from './tests/utils/vitestProjects';

/** Tests of the production build in build/: run `npm run build` first, then `npm run test:build`. */
export default defineConfig({
  test: {
    environment: 'node',
    testTimeout: 120_000,
    // One test file per core. Vitest keeps one core for itself by default, which on a 2-core machine runs the files one
    // at a time; its own process does little while they run (BENCHMARKS.md, npm test).
    maxWorkers: availableParallelism(),
    minWorkers: availableParallelism(),
    // A worker's files share the modules it has loaded, but for those that replace one (tests/utils/vitestProjects.ts).
    isolate: false,
    projects: projects(__dirname, ['tests/built']),
  },
});
