/**
 * package.json tells the truth: every package the code imports is declared, every declared package is used, and what
 * the build runs (docusaurus.config.ts, sidebars.ts, plugins/, src/, the pages' MDX imports) is a dependency while what only the
 * tests, the benchmarks and the tooling use is a dev dependency. The workspace packages and the plugin folders keep
 * their boundaries both ways (tests/utils/boundaries.ts has the rules). A folder that holds one capability whole is
 * reached from elsewhere only through its entry points.
 */
import {existsSync, readdirSync, readFileSync, realpathSync} from 'node:fs';
import {builtinModules, createRequire} from 'node:module';
import {join, relative} from 'node:path';
import {describe, expect, it} from 'vitest';
import {boundaryViolations, exported, moduleReferences, type Layout} from '../utils/boundaries';

const ROOT = join(__dirname, '..', '..');

interface Manifest {
  name: string;
  workspaces?: string[];
  dependencies?: Record<string, string>;
  devDependencies?: Record<string, string>;
}
const manifest = (dir: string) => JSON.parse(readFileSync(join(ROOT, dir, 'package.json'), 'utf8')) as Manifest;

/** Folders and files of code, and whether what they import is part of the built site. */
const CODE: [path: string, build: boolean][] = [
  ['docusaurus.config.ts', true],
  ['sidebars.ts', true],
  ['plugins', true],
  ['src', true],
  ['search', false],
  ['docs', true],
  ['versioned_docs', true],
  ['scripts', false],
  ['tests', false],
  ['eslint.config.mjs', false],
  ['tooling.ts', false],
  ['playwright.config.ts', false],
  ['playwright.headers.config.ts', false],
  ['playwright.hosted.config.ts', false],
  ['vitest.config.ts', false],
  ['vitest.build.config.ts', false],
];

/** Tests kept next to the plugin they test: what they import is the test runner's, a dev dependency. */
const TEST_FILE = /\.test\.tsx?$/;

/** Test inputs that hold code of other projects, not code of this one. */
const NOT_CODE = [/^tests\/fixtures\//];

/**
 * Packages that are no dependency because tests/types declares them (`declare module`): the type declarations of
 * documented libraries the tests type-check examples against.
 */
const DECLARED_IN_TESTS = new Set(
  readdirSync(join(ROOT, 'tests', 'types')).flatMap((file) =>
    [...readFileSync(join(ROOT, 'tests', 'types', file), 'utf8').matchAll(/^declare module '([^']+)'/gm)].map(
      (m) => m[1],
    ),
  ),
);

/**
 * Declared packages that no file imports, and what uses them. Keep it short: each entry is a reason, checked to be
 * a declared package.
 */
const USED_WITHOUT_IMPORT: Record<string, string> = {
  '@docusaurus/faster': 'docusaurus.config.ts turns on future.experimental_faster, which loads it',
  '@docusaurus/preset-classic': "the 'classic' preset of docusaurus.config.ts",
  '@docusaurus/theme-search-algolia': "docusaurus.config.ts's themeConfig.algolia and the SearchBar theme component",
  '@docusaurus/tsconfig': 'tsconfig.json extends it',
  '@docusaurus/module-type-aliases': "tsconfig.json's types",
  '@mdx-js/react': 'the MDX runtime of the pages (a peer of @docusaurus/core)',
  'react-dom': 'React renders the pages with it (a peer of @docusaurus/core)',
  '@types/node': "tsconfig.json's types",
  '@types/react': 'the types of the TSX files',
  cspell: 'npm run lint spell-checks the prose',
  eslint: 'npm run lint',
  prettier: 'npm run lint and npm run format',
  tsx: 'runs the scripts (npm run bench, diagrams, mcp)',
  typescript: 'npm run typecheck',
  'axe-core': "pins the axe engine @axe-core/playwright runs (tests/e2e's accessibility checks)",
  lighthouse: 'scripts/bench.ts runs its command line (node_modules/lighthouse/cli)',
  'openapi-fetch': "the SPACE API docs' TypeScript examples, type-checked by tests/utils/tsExamples.ts",
  'space-node-client': "the SPACE SDK docs' TypeScript examples, type-checked by tests/utils/tsExamples.ts",
  'space-react-client': "the SPACE SDK docs' TypeScript examples, type-checked by tests/utils/tsExamples.ts",
};

/** Import specifiers that name no package: Docusaurus aliases and webpack's virtual modules. */
const ALIASES = /^(@site|@theme|@theme-original|@theme-init|@generated)\//;
/** Docusaurus's client modules (`@docusaurus/Link`, `@docusaurus/useBaseUrl`, …), served by @docusaurus/core. */
const CORE_CLIENT = /^@docusaurus\/(?:[A-Z]|use|router|Interpolate|renderRoutes|constants|ExecutionEnvironment)/;
/** Types-only packages: `import type … from 'hast'` is served by @types/hast. */
const TYPES_ONLY = new Set(['hast', 'mdast', 'unist', 'estree', 'estree-jsx']);

/** What a workspace package's folder holds that is not its code: its install, and the packed server's output. */
const NOT_SOURCE = /(^|\/)(node_modules|dist|data)(\/|$)/;

function files(path: string): string[] {
  const full = join(ROOT, path);
  const stat = readdirSync(join(full, '..'), {withFileTypes: true}).find((e) => e.name === path.split('/').at(-1));
  if (stat?.isFile()) return [full];
  return readdirSync(full, {recursive: true, withFileTypes: true})
    .filter((e) => e.isFile() && /\.(m?[jt]sx?|cjs|mdx)$/.test(e.name) && !e.name.endsWith('.d.ts.map'))
    .map((e) => join(e.parentPath, e.name))
    .filter((file) => !NOT_SOURCE.test(relative(full, file).split('\\').join('/')));
}

/** The package a bare specifier names, or null for a relative path, a Node built-in or an alias. */
export function packageOf(specifier: string): string | null {
  if (/^[./]/.test(specifier) || specifier.startsWith('node:') || builtinModules.includes(specifier.split('/')[0])) {
    return null;
  }
  if (ALIASES.test(specifier)) return null;
  if (CORE_CLIENT.test(specifier)) return '@docusaurus/core';
  const parts = specifier.split('/');
  const name = specifier.startsWith('@') ? parts.slice(0, 2).join('/') : parts[0];
  return TYPES_ONLY.has(name) ? `@types/${name}` : name;
}

/** Every package imported by the code, with the files importing it, split into build-time and other imports. */
function imports(code: [path: string, build: boolean][], skip: string[] = []) {
  const build = new Map<string, string[]>();
  const other = new Map<string, string[]>();
  for (const [path, isBuild] of code) {
    for (const file of files(path)) {
      const rel = relative(ROOT, file).split('\\').join('/');
      if (NOT_CODE.some((re) => re.test(rel)) || skip.some((dir) => rel.startsWith(`${dir}/`))) continue;
      for (const {specifier, typeOnly} of moduleReferences(rel, readFileSync(file, 'utf8'))) {
        const name = packageOf(specifier);
        if (!name) continue;
        // Types are checked, not run: a type-only import is the type checker's, a dev dependency.
        const map = isBuild && !typeOnly && !TEST_FILE.test(rel) ? build : other;
        map.set(name, [...(map.get(name) ?? []), rel]);
      }
    }
  }
  return {build, other};
}

const root = manifest('.');
/**
 * The workspace packages, each with its own manifest, and what counts as its build: the shared module's imports are
 * part of the site (its dependencies); the MCP server bundles everything it imports when packed (mcp/build.mjs), so
 * its packages are dev dependencies and its packed manifest asks npm to install nothing.
 */
const WORKSPACES: Record<string, [path: string, build: boolean][]> = {
  'src/lib': [['src/lib', true]],
  mcp: [['mcp', false]],
};
const PACKAGES: [dir: string, code: [path: string, build: boolean][], usedWithoutImport: Record<string, string>][] = [
  ['.', CODE, USED_WITHOUT_IMPORT],
  ...Object.entries(WORKSPACES).map(([dir, code]) => [dir, code, {}] as (typeof PACKAGES)[number]),
];

describe('the workspaces', () => {
  it('are the folders with a manifest of their own, and npm knows them all', () => {
    expect([...(root.workspaces ?? [])].sort()).toEqual(Object.keys(WORKSPACES).sort());
  });

  it('leave the packed MCP server nothing to install: it carries what it imports in one bundle', () => {
    expect(manifest('mcp').dependencies ?? {}).toEqual({});
    expect(manifest('mcp').devDependencies).toHaveProperty('@sphere-docs/lib');
  });

  it('give the MCP server the zod its SDK uses: a schema described with one copy loses its descriptions in another', () => {
    // The SDK takes zod as a peer ("^3.25 || ^4.0") and turns the tools' schemas into JSON Schema with its own copy;
    // descriptions live in that copy's registry. The server's range must let npm install one zod for both.
    const fromServer = createRequire(join(ROOT, 'mcp', 'package.json')).resolve('zod/package.json');
    const sdk = createRequire(join(ROOT, 'mcp', 'package.json')).resolve('@modelcontextprotocol/sdk/server/mcp.js');
    expect(realpathSync(createRequire(sdk).resolve('zod/package.json'))).toBe(realpathSync(fromServer));
  });
});

/** The files outside a workspace package that test it and import its modules by path: the tests import what they test. */
const OWN_TESTS: Record<string, string[]> = {
  'src/lib': [],
  mcp: ['tests/unit/mcp.test.ts', 'tests/built/mcp.test.ts', 'tests/unit/space-upload.test.ts'],
};

const LAYOUT: Layout = {
  packages: Object.keys(WORKSPACES).map((dir) => {
    const {name, exports} = manifest(dir) as Manifest & {exports?: Record<string, string>};
    return {dir, name, exports: exports ? Object.keys(exports) : null, ownTests: OWN_TESTS[dir]};
  }),
  lib: 'src/lib',
  pluginDirs: readdirSync(join(ROOT, 'plugins'), {withFileTypes: true})
    .filter((e) => e.isDirectory())
    .map((e) => `plugins/${e.name}`)
    .sort(),
};

/** Every file of code of the repository and the workspaces, by its path from the root, with its text. */
const allSources = (): [rel: string, text: string][] =>
  [...CODE, ...Object.values(WORKSPACES).flat()]
    .flatMap(([path]) => files(path))
    .map((file) => relative(ROOT, file).split('\\').join('/'))
    .filter((rel, i, all) => all.indexOf(rel) === i && !NOT_CODE.some((re) => re.test(rel)))
    .map((rel) => [rel, readFileSync(join(ROOT, rel), 'utf8')]);

describe('the boundaries of the workspaces and the plugin folders', () => {
  const sources = allSources();

  it('hold in the repository: no import crosses one', () => {
    expect(boundaryViolations(sources, LAYOUT)).toEqual([]);
  });

  it('cover every plugin folder, the lib and the MCP server, and every one of them has code the check read', () => {
    expect(LAYOUT.pluginDirs.length).toBeGreaterThanOrEqual(8);
    expect(LAYOUT.packages.map((p) => p.name).sort()).toEqual(['@sphere-docs/lib', 'sphere-docs-mcp']);
    for (const dir of [...LAYOUT.pluginDirs, ...Object.keys(WORKSPACES)]) {
      expect(
        sources.some(([rel]) => rel.startsWith(`${dir}/`)),
        dir,
      ).toBe(true);
    }
    for (const {ownTests} of LAYOUT.packages)
      for (const test of ownTests) expect(existsSync(join(ROOT, test)), test).toBe(true);
  });

  it('are crossed by name: the site, the plugins, the scripts and the MCP server import the lib as @sphere-docs/lib', () => {
    const byName = sources.flatMap(([rel, text]) =>
      rel.startsWith('src/lib/')
        ? []
        : moduleReferences(rel, text).filter((r) => r.specifier.startsWith('@sphere-docs/lib/')),
    );
    expect(byName.length).toBeGreaterThan(100);
  });
});

describe('the boundary check', () => {
  const layout: Layout = {
    packages: [
      {dir: 'src/lib', name: '@sphere-docs/lib', exports: ['./search/*', './loopback'], ownTests: []},
      {dir: 'mcp', name: 'sphere-docs-mcp', exports: null, ownTests: ['tests/unit/mcp.test.ts']},
    ],
    lib: 'src/lib',
    pluginDirs: ['plugins/alpha', 'plugins/beta'],
  };
  const check = (rel: string, text: string) => boundaryViolations([[rel, text]], layout);

  it('lets through what the rules allow', () => {
    expect(check('plugins/alpha/index.ts', "import {a} from './a';\nimport {h} from '../hast';")).toEqual([]);
    expect(check('plugins/alpha/index.ts', "import {s} from '@sphere-docs/lib/search/engine';")).toEqual([]);
    expect(check('plugins/alpha/theme/X.tsx', "import T from '@site/src/components/Table';")).toEqual([]);
    expect(check('mcp/src/cli.ts', "import {isLoopbackHost} from '@sphere-docs/lib/loopback';")).toEqual([]);
    expect(check('src/lib/search/engine.ts', "import {escapeHtml} from '../escapeHtml';")).toEqual([]);
    expect(check('tests/unit/mcp.test.ts', "import {parseArgs} from '../../mcp/src/cli';")).toEqual([]);
  });

  it('finds the site reaching into the lib by path, relative or through @site', () => {
    expect(check('plugins/alpha/index.ts', "import {s} from '../../src/lib/search/engine';")).toEqual([
      'plugins/alpha/index.ts -> ../../src/lib/search/engine: reaches into src/lib by path; import it by name, @sphere-docs/lib',
    ]);
    expect(check('src/components/X.tsx', "import type {T} from '@site/src/lib/loopback';")).toEqual([
      'src/components/X.tsx -> @site/src/lib/loopback: reaches into src/lib by path; import it by name, @sphere-docs/lib',
    ]);
  });

  it('finds a file outside the MCP server reaching into it by path, unless it is one of its tests', () => {
    expect(check('docusaurus.config.ts', "import {tarballUrl} from './mcp/connect';")).toEqual([
      'docusaurus.config.ts -> ./mcp/connect: reaches into mcp by path; import it by name, sphere-docs-mcp',
    ]);
    expect(check('tests/unit/other.test.ts', "const m = await import('../../mcp/src/cli');")).toHaveLength(1);
  });

  it('finds a name outside the exports map', () => {
    expect(check('scripts/x.ts', "import {f} from '@sphere-docs/lib/pricing2yaml/analyze';")).toEqual([
      'scripts/x.ts -> @sphere-docs/lib/pricing2yaml/analyze: @sphere-docs/lib does not export ./pricing2yaml/analyze',
    ]);
    expect(check('scripts/x.ts', "import lib from '@sphere-docs/lib';")).toEqual([
      'scripts/x.ts -> @sphere-docs/lib: @sphere-docs/lib does not export .',
    ]);
  });

  it("finds the lib importing the site's code or the MCP server's, by path, alias or name", () => {
    const why = "src/lib imports nothing of the site's or of sphere-docs-mcp";
    expect(check('src/lib/a.ts', "import {C} from '../constants';")).toEqual([
      'src/lib/a.ts -> ../constants: src/lib reaches outside its folder by path',
    ]);
    expect(check('src/lib/a.ts', "import {x} from '@site/plugins/hast';")).toEqual([
      'src/lib/a.ts -> @site/plugins/hast: src/lib reaches outside its folder by path',
    ]);
    expect(check('src/lib/a.ts', "import routes from '@generated/space-openapi/routes.json';")).toEqual([
      `src/lib/a.ts -> @generated/space-openapi/routes.json: ${why}`,
    ]);
    expect(check('src/lib/a.ts', "import {TOOLS} from 'sphere-docs-mcp/src/tools';")).toEqual([
      `src/lib/a.ts -> sphere-docs-mcp/src/tools: ${why}`,
    ]);
    expect(check('src/lib/a.ts', "import {x} from '../../mcp/src/tools';")).toEqual([
      'src/lib/a.ts -> ../../mcp/src/tools: src/lib reaches outside its folder by path',
      'src/lib/a.ts -> ../../mcp/src/tools: reaches into mcp by path; import it by name, sphere-docs-mcp',
    ]);
  });

  it('finds the MCP server reaching outside its folder', () => {
    expect(check('mcp/src/site.ts', "import {MCP_TARBALL_PATH} from '../../src/lib/mcpConnect';")).toEqual([
      'mcp/src/site.ts -> ../../src/lib/mcpConnect: mcp reaches outside its folder by path',
      'mcp/src/site.ts -> ../../src/lib/mcpConnect: reaches into src/lib by path; import it by name, @sphere-docs/lib',
    ]);
  });

  it("finds a plugin folder importing another's, and a shared plugin module importing one", () => {
    expect(check('plugins/beta/index.ts', "import {fencesOf} from '../alpha/fences';")).toEqual([
      'plugins/beta/index.ts -> ../alpha/fences: plugins/beta imports the plugin folder plugins/alpha',
    ]);
    expect(check('plugins/beta/theme/X.tsx', "export {Y} from '@site/plugins/alpha/theme/Y';")).toEqual([
      'plugins/beta/theme/X.tsx -> @site/plugins/alpha/theme/Y: plugins/beta imports the plugin folder plugins/alpha',
    ]);
    expect(check('plugins/shared.ts', "import {f} from './alpha/store';")).toEqual([
      'plugins/shared.ts -> ./alpha/store: a shared plugin module imports the plugin folder plugins/alpha',
    ]);
  });

  it('matches exports patterns as Node does', () => {
    expect(exported('./search/engine', ['./search/*'])).toBe(true);
    expect(exported('./search/a/b', ['./search/*'])).toBe(true);
    expect(exported('./search/', ['./search/*'])).toBe(false);
    expect(exported('./searchx', ['./search/*'])).toBe(false);
    expect(exported('./loopback', ['./loopback'])).toBe(true);
  });
});

/**
 * Folders that hold one capability whole, and the modules of each that code elsewhere may import: the rest is
 * reached through the theme components the folder's plugin gives the site (`@theme/...`), never by a path. The tests
 * import what they test.
 */
const CAPABILITIES: Record<string, string[]> = {
  'plugins/space-openapi': ['plugins/space-openapi', 'plugins/space-openapi/index'],
};

describe('the capability folders', () => {
  it.each(Object.entries(CAPABILITIES))('%s is imported from outside only through its entry points', (dir, entries) => {
    const reaching: string[] = [];
    for (const [path] of [...CODE, ...WORKSPACES.mcp]) {
      if (path === 'tests') continue;
      for (const file of files(path)) {
        const rel = relative(ROOT, file).split('\\').join('/');
        if (rel.startsWith(`${dir}/`) || TEST_FILE.test(rel)) continue;
        for (const {specifier} of moduleReferences(rel, readFileSync(file, 'utf8'))) {
          const target = specifier.startsWith('.')
            ? relative(ROOT, join(file, '..', specifier))
            : specifier.startsWith('@site/')
              ? specifier.slice('@site/'.length)
              : null;
          const normalized = target
            ?.split('\\')
            .join('/')
            .replace(/\.(m?[jt]sx?)$/, '');
          if (!normalized || (normalized !== dir && !normalized.startsWith(`${dir}/`))) continue;
          if (!entries.includes(normalized)) reaching.push(`${rel} -> ${specifier}`);
        }
      }
    }
    expect(reaching).toEqual([]);
  });
});

describe.each(PACKAGES)('%s/package.json', (dir, code, usedWithoutImport) => {
  const pkg = manifest(dir);
  const dependencies = new Set(Object.keys(pkg.dependencies ?? {}));
  const devDependencies = new Set(Object.keys(pkg.devDependencies ?? {}));
  const declared = new Set([...dependencies, ...devDependencies]);
  const {build, other} = imports(code, dir === '.' ? Object.keys(WORKSPACES) : []);
  const imported = new Set([...build.keys(), ...other.keys()]);

  it('declares every package the code imports', () => {
    const undeclared = [...imported].filter((name) => !declared.has(name) && !DECLARED_IN_TESTS.has(name));
    expect(
      undeclared.map((name) => `${name} (${[...(build.get(name) ?? []), ...(other.get(name) ?? [])][0]})`),
    ).toEqual([]);
  });

  it('declares no package that nothing uses', () => {
    const unused = [...declared].filter((name) => !imported.has(name) && !(name in usedWithoutImport)).sort();
    expect(unused).toEqual([]);
    expect(Object.keys(usedWithoutImport).filter((name) => !declared.has(name))).toEqual([]);
  });

  it('lists what the build imports as dependencies, and only that', () => {
    const buildTime = [...build.keys()].filter((name) => !name.startsWith('@types/'));
    expect(
      buildTime.filter((name) => !dependencies.has(name)).map((name) => `${name} (${build.get(name)![0]})`),
    ).toEqual([]);
    const devOnly = [...dependencies].filter((name) => !build.has(name) && !(name in usedWithoutImport));
    expect(devOnly).toEqual([]);
  });
});

describe('package.json', () => {
  const {build, other} = imports(CODE, Object.keys(WORKSPACES));
  it('finds the imports it checks', () => {
    expect(packageOf('@docusaurus/Link')).toBe('@docusaurus/core');
    expect(packageOf('@theme/Layout')).toBeNull();
    expect(packageOf('node:fs')).toBeNull();
    expect(packageOf('hast-util-select')).toBe('hast-util-select');
    expect(packageOf('@codemirror/view')).toBe('@codemirror/view');
    expect(packageOf('yaml/util')).toBe('yaml');
    expect(build.get('@docusaurus/core')?.length).toBeGreaterThan(0);
    expect(other.get('vitest')?.length).toBeGreaterThan(10);
  });
});
