import {defineConfig} from 'vitest/config';

export default defineConfig({
  test: {
    // Unit tests live in tests/unit, or next to the plugin they test.
    include: ['tests/unit/**/*.test.ts', 'plugins/**/*.test.ts'],
    environment: 'node',
    testTimeout: 60_000,
  },
});
