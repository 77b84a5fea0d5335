import {defineConfig} from 'vitest/config';

/** Tests of the production build in build/: run `npm run build` first, then `npm run test:build`. */
export default defineConfig({
  test: {
    include: ['tests/built/**/*.test.ts'],
    environment: 'node',
    testTimeout: 120_000,
  },
});
