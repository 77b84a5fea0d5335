/**
 * How the Vitest configs run their test files: those that replace a module (`vi.mock`, `vi.doMock`) each in a module
 * registry of its own, as Vitest does by default; every other file in the module registry its worker keeps across
 * files, so a module that many files import (the lib, pricing4ts, the schemas' validators, a parsed build) is loaded
 * once per worker rather than once per file, which takes the unit tests from about 80 to 50 s (BENCHMARKS.md). A mock
 * cannot leak into another file, since the files that mock run alone; a test that replaces a global or spies on one
 * restores it (`vi.unstubAllGlobals()`, `mockRestore()`), as it must anyway.
 */
import {readFileSync, readdirSync} from 'node:fs';
import {join} from 'node:path';
import {configDefaults, type TestProjectInlineConfiguration} from 'vitest/config';

const REPLACES_A_MODULE = /\bvi\.(mock|doMock)\(/;

/** The test files under `dirs` (relative to `root`) that replace a module. */
export function mockingFiles(root: string, dirs: string[]): string[] {
  return dirs
    .flatMap((dir) =>
      readdirSync(join(root, dir), {recursive: true, encoding: 'utf8'})
        .filter((file) => file.endsWith('.test.ts') && !file.includes('node_modules'))
        .map((file) => `${dir}/${file.split('\\').join('/')}`),
    )
    .filter((file) => REPLACES_A_MODULE.test(readFileSync(join(root, file), 'utf8')));
}

/** The two projects of a config whose test files are those under `dirs`: files that share modules, files that mock. */
export function projects(root: string, dirs: string[]): TestProjectInlineConfiguration[] {
  const mocking = mockingFiles(root, dirs);
  return [
    {
      extends: true,
      test: {
        name: 'shared modules',
        include: dirs.map((dir) => `${dir}/**/*.test.ts`),
        exclude: [...configDefaults.exclude, ...mocking],
      },
    },
    {
      extends: true,
      test: {name: 'modules of their own', include: mocking.length ? mocking : ['no file'], isolate: true},
    },
  ];
}
