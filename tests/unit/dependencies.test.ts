/**
 * package.json tells the truth: every package the code imports is declared, every declared package is used, and what
 * the build runs (docusaurus.config.ts, sidebars.ts, plugins/, src/, the pages' MDX imports) is a dependency while what only the
 * tests, the benchmarks and the tooling use is a dev dependency. A folder that holds one capability whole is reached
 * from elsewhere only through its entry points.
 */
import {readdirSync, readFileSync, realpathSync} from 'node:fs';
import {builtinModules, createRequire} from 'node:module';
import {join, relative} from 'node:path';
import ts from 'typescript';
import {visit} from 'unist-util-visit';
import {describe, expect, it} from 'vitest';
import {parseSource} from '../../plugins/markdownSource';

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

/** The calls that load a module by name, besides `import()`: `require`, `require.resolve` and Vitest's `vi.mock`. */
const LOADERS = new Set(['require', 'require.resolve', 'vi.mock']);

/**
 * Every module a file names, as the TypeScript parser reads it: import and export declarations (type-only when the
 * clause or every named binding says `type`), `import()` and the LOADERS. In MDX, only the ESM statements count.
 */
function moduleReferences(rel: string, text: string): {specifier: string; typeOnly: boolean}[] {
  if (rel.endsWith('.mdx')) {
    const esm: string[] = [];
    visit(parseSource(text), 'mdxjsEsm', (node: {value: string}) => void esm.push(node.value));
    text = esm.join('\n');
  }
  const source = ts.createSourceFile(rel, text, ts.ScriptTarget.Latest, false, ts.ScriptKind.TSX);
  const found: {specifier: string; typeOnly: boolean}[] = [];
  const allTypes = (elements: ts.NodeArray<ts.ImportSpecifier | ts.ExportSpecifier>) =>
    elements.length > 0 && elements.every((e) => e.isTypeOnly);
  const walk = (node: ts.Node): void => {
    if (ts.isImportDeclaration(node) && ts.isStringLiteral(node.moduleSpecifier)) {
      const clause = node.importClause;
      const bindings = clause?.namedBindings;
      const typeOnly =
        !!clause &&
        (clause.isTypeOnly ||
          (!clause.name && !!bindings && ts.isNamedImports(bindings) && allTypes(bindings.elements)));
      found.push({specifier: node.moduleSpecifier.text, typeOnly});
    } else if (ts.isExportDeclaration(node) && node.moduleSpecifier && ts.isStringLiteral(node.moduleSpecifier)) {
      const clause = node.exportClause;
      const typeOnly = node.isTypeOnly || (!!clause && ts.isNamedExports(clause) && allTypes(clause.elements));
      found.push({specifier: node.moduleSpecifier.text, typeOnly});
    } else if (ts.isCallExpression(node) && node.arguments.length > 0 && ts.isStringLiteralLike(node.arguments[0])) {
      const callee = node.expression.kind === ts.SyntaxKind.ImportKeyword ? 'import' : node.expression.getText(source);
      if (callee === 'import' || LOADERS.has(callee)) found.push({specifier: node.arguments[0].text, typeOnly: false});
    }
    ts.forEachChild(node, walk);
  };
  walk(source);
  return found;
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

  it('are reached by their package names, never by a path into another folder', () => {
    const reaching: string[] = [];
    for (const [dir, code] of Object.entries(WORKSPACES)) {
      for (const [path] of code) {
        for (const file of files(path)) {
          const rel = relative(ROOT, file).split('\\').join('/');
          for (const {specifier} of moduleReferences(rel, readFileSync(file, 'utf8'))) {
            if (!specifier.startsWith('.')) continue;
            const target = relative(ROOT, join(file, '..', specifier))
              .split('\\')
              .join('/');
            if (target !== dir && !target.startsWith(`${dir}/`)) reaching.push(`${rel} -> ${specifier}`);
          }
        }
      }
    }
    expect(reaching).toEqual([]);
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
