/**
 * Guards of the framework touchpoints listed in architecture/touchpoints.md that would otherwise move silently: each
 * test names the touchpoint it guards and fails, before any build, when the internal file or name it relies on is no
 * longer where the site expects it. The other touchpoints fail the build or a test of the built site by themselves
 * (the register says which).
 */
import {existsSync, mkdtempSync, readFileSync, readdirSync, rmSync} from 'node:fs';
import {tmpdir} from 'node:os';
import {join, relative} from 'node:path';
import type {LoadContext, Plugin, PluginConfig} from '@docusaurus/types';
import {afterAll, describe, expect, it} from 'vitest';
import siteConfig from '../../docusaurus.config';
import {CODE_BLOCK_PARTS, HIGHLIGHTER_PARTS} from '../../plugins/code-on-demand/chunks';
import {THEME_CLIENT_MODULE} from '../../plugins/code-on-demand/index';
import {recordInCacheKey} from '../../plugins/cacheVersion';
import {findLinkWarnings} from '../../scripts/check-build-log';
import {MERMAID_MARKER, mermaidPackage} from '../../plugins/mermaid-svg/store';
import {
  compareReaches,
  loadThemeFacts,
  parseRegister,
  reachOfThemeFile,
  reachesInSource,
  reachesOfConfigureWebpack,
  sourceFiles,
  themeComponentName,
  type Reach,
} from '../utils/touchpoints';

const ROOT = join(__dirname, '..', '..');
/** Where an installed package is (not through `require.resolve`: some of these export no `package.json`). */
const packageDir = (name: string) => join(ROOT, 'node_modules', name);
const read = (file: string) => readFileSync(file, 'utf8');

describe('the search (plugins/local-search)', () => {
  it("the classic theme still marks SearchBar safe to eject: the plugin's own SearchBar fills a documented seam", () => {
    const config = read(join(packageDir('@docusaurus/theme-classic'), 'lib', 'getSwizzleConfig.js'));
    expect(config).toMatch(/SearchBar: \{\s*actions: \{\s*eject: 'safe',/);
  });

  it("the theme's SearchPage still builds its client with algoliasearch/lite", () => {
    const searchPage = join(packageDir('@docusaurus/theme-search-algolia'), 'lib', 'theme', 'SearchPage', 'index.js');
    expect(read(searchPage)).toMatch(/from 'algoliasearch\/lite'/);
  });
});

describe('touchpoints of code blocks (plugins/code-on-demand)', () => {
  it('the client module aliased to nothing is the one the classic theme registers', () => {
    expect(existsSync(`${THEME_CLIENT_MODULE}.js`), THEME_CLIENT_MODULE).toBe(true);
    const theme = read(join(packageDir('@docusaurus/theme-classic'), 'lib', 'index.js'));
    expect(theme).toMatch(/getClientModules\(\) \{[^}]*'\.\/prism-include-languages'/);
  });

  it.each([...CODE_BLOCK_PARTS, ...HIGHLIGHTER_PARTS])('the splitChunks path %s exists', (part) => {
    const base =
      part.startsWith('plugins/') || part.startsWith('src/') ? join(ROOT, part) : join(ROOT, 'node_modules', part);
    const found = ['', '.js', '.ts', '.tsx'].some((ext) => existsSync(base + ext));
    expect(found, `${part}: no file or folder at ${base}`).toBe(true);
  });
});

describe('the persistent cache key (plugins/cacheVersion.ts)', () => {
  it('Docusaurus still versions the cache in the objects the plugins extend', () => {
    const base = read(join(packageDir('@docusaurus/core'), 'lib', 'webpack', 'base.js'));
    // webpack: `cache.version`; Rspack (`future.experimental_faster`): `experiments.cache.version`.
    expect(base).toMatch(/type: 'filesystem',[^}]*version: getCacheVersion\(\),/);
    expect(base).toMatch(/type: 'persistent',[^}]*version: `\$\{getCacheName\(\)\}-\$\{getCacheVersion\(\)\}`,/);
  });

  it('adds its suffix to either', () => {
    const webpack = {cache: {type: 'filesystem', version: 'v'}};
    const rspack = {cache: true, experiments: {cache: {type: 'persistent', version: 'v'}}};
    recordInCacheKey(webpack as never, '-x');
    recordInCacheKey(rspack as never, '-x');
    expect(webpack.cache.version).toBe('v-x');
    expect(rspack.experiments.cache.version).toBe('v-x');
  });
});

describe("touchpoints of the announcement bar (docusaurus.config.ts's headTags)", () => {
  it('theme-common still keeps the dismissal and the id under the keys the reset script writes', () => {
    const source = read(join(packageDir('@docusaurus/theme-common'), 'lib', 'contexts', 'announcementBar.js'));
    expect(source).toContain("createStorageSlot('docusaurus.announcement.dismiss')");
    expect(source).toContain("createStorageSlot('docusaurus.announcement.id')");
    const config = read(join(ROOT, 'docusaurus.config.ts'));
    expect(config).toContain("localStorage.getItem('docusaurus.announcement.id')");
    expect(config).toContain("localStorage.setItem('docusaurus.announcement.dismiss','false')");
  });
});

describe('the order of postBuild steps (plugins/buildSteps.ts)', () => {
  it("Docusaurus still starts every plugin's postBuild at once, so a step can wait for another one", () => {
    // Run one after the other, a step that waits for a plugin listed after it would never end: the build would hang.
    const build = read(join(packageDir('@docusaurus/core'), 'lib', 'commands', 'build', 'buildLocale.js'));
    expect(build).toMatch(/await Promise\.all\(plugins\.map\(async \(plugin\) => \{\s*if \(!plugin\.postBuild\)/);
  });
});

describe('the overrides of package.json', () => {
  const pkg = JSON.parse(read(join(ROOT, 'package.json'))) as {overrides: Record<string, unknown>};
  const lock = JSON.parse(read(join(ROOT, 'package-lock.json'))) as {packages: Record<string, {version?: string}>};
  /** The overrides that pin one exact version. */
  const exact = Object.entries(pkg.overrides).filter(
    (entry): entry is [string, string] => typeof entry[1] === 'string' && /^\d+\.\d+\.\d+$/.test(entry[1]),
  );

  it.each(exact)('every copy of %s in the lock is %s', (name, version) => {
    const copies = Object.entries(lock.packages).filter(([key]) => key.endsWith(`node_modules/${name}`));
    expect(copies.length, `${name} in package-lock.json`).toBeGreaterThan(0);
    expect(copies.filter(([, entry]) => entry.version !== version).map(([key, e]) => `${key}@${e.version}`)).toEqual(
      [],
    );
  });
});

/** The installed docs plugin's version, as [major, minor]. */
function docsVersion(): number[] {
  const pkg = JSON.parse(read(join(ROOT, 'node_modules', '@docusaurus', 'plugin-content-docs', 'package.json')));
  return (pkg as {version: string}).version.split('.').map(Number);
}

describe('what the build-log check reads (scripts/check-build-log.ts)', () => {
  /** The messages Docusaurus writes about broken links, taken from its own code rather than written by hand. */
  const sources: [string, RegExp][] = [
    [join('@docusaurus/core', 'lib', 'server', 'brokenLinks.js'), /return `(Docusaurus found broken anchors!)/],
    [join('@docusaurus/core', 'lib', 'server', 'brokenLinks.js'), /return `(Docusaurus found broken links!)/],
    // Docusaurus 3.10 moved the docs' broken Markdown link message into the MDX loader, reworded.
    docsVersion()[1] >= 10
      ? [
          join('@docusaurus/mdx-loader', 'lib', 'remark', 'resolveMarkdownLinks', 'index.js'),
          /`(Markdown link with URL code=\$\{linkUrl\} in source file path=\$\{relativePath\}.{0,80}? couldn't be resolved\.)/,
        ]
      : [join('@docusaurus/plugin-content-docs', 'lib', 'index.js'), /`(Docs markdown link couldn't be resolved: )/],
  ];

  it.each(sources)('%s still words a broken link so that the check finds it', (file, message) => {
    const found = read(join(ROOT, 'node_modules', file)).match(message);
    expect(found, `${message} in ${file}`).not.toBeNull();
    expect(findLinkWarnings(`[WARNING] ${found![1]}(url=./x.mdx)`)).toHaveLength(1);
  });
});

describe('framework details the CSS and the tests rely on', () => {
  it('Infima still closes the mobile drawer with translate3d(-100%, 0, 0), which src/css/custom.css moves 1px further', () => {
    const infima = read(join(packageDir('infima'), 'dist', 'css', 'default', 'default.css'));
    expect(infima).toMatch(/\.navbar-sidebar \{[^}]*transform: translate3d\(-100%, 0, 0\);/);
    expect(infima).toMatch(/\.navbar-sidebar--show \.navbar-sidebar[^{]*\{[^}]*transform: translate3d\(0, 0, 0\);/);
    expect(read(join(ROOT, 'src', 'css', 'custom.css'))).toContain(
      '.navbar:not(.navbar-sidebar--show) .navbar-sidebar {',
    );
  });

  it('theme-common still names the dark drawing of a themed image themedComponent--dark (the Markdown twins drop it)', () => {
    const css = read(
      join(packageDir('@docusaurus/theme-common'), 'lib', 'components', 'ThemedComponent', 'styles.module.css'),
    );
    expect(css).toContain('.themedComponent--dark');
    expect(read(join(ROOT, 'plugins', 'markdown-twins', 'docusaurusMarkup.ts'))).toContain('themedComponent--dark');
  });

  it('core still marks <html data-has-hydrated> once React has hydrated (the end-to-end tests and benches wait on it)', () => {
    const source = read(join(packageDir('@docusaurus/core'), 'lib', 'client', 'hasHydratedDataAttribute.js'));
    expect(source).toContain('<html data-has-hydrated={isBrowser}/>');
  });

  it("theme-common still stores the reader's colour mode under the key 'theme' (tests set it to start in a mode)", () => {
    const source = read(join(packageDir('@docusaurus/theme-common'), 'lib', 'contexts', 'colorMode.js'));
    expect(source).toContain("const ColorModeStorageKey = 'theme';");
  });
});

describe("the classic theme's code-block stylesheet (register row 11)", () => {
  const theme = join(packageDir('@docusaurus/theme-classic'), 'lib', 'theme', 'CodeBlock', 'Content');
  const site = read(join(ROOT, 'plugins', 'code-on-demand', 'theme', 'CodeBlock', 'Content', 'index.tsx'));
  /** The keys a module reads from the stylesheet it imports as `styles`. */
  const keys = (source: string) =>
    [...new Set([...source.matchAll(/(?<![\w/])styles\.(\w+)/g)].map((m) => m[1]))].sort();

  it("the site's content component imports the stylesheet of the component it replaces and reads keys from it", () => {
    expect(site).toContain(
      "import styles from '@docusaurus/theme-classic/lib/theme/CodeBlock/Content/styles.module.css';",
    );
    expect(keys(site)).toEqual(['codeBlock', 'codeBlockLines', 'codeBlockLinesWithNumbering']);
  });

  it.each(['codeBlock', 'codeBlockLines', 'codeBlockLinesWithNumbering'])(
    "the stylesheet still defines .%s, and the theme's own CodeBlock/Content still reads it",
    (key) => {
      expect(keys(site)).toContain(key);
      const classes = [...read(join(theme, 'styles.module.css')).matchAll(/\.([\w-]+)\s*\{/g)].map((m) => m[1]);
      expect(classes).toContain(key);
      expect(keys(read(join(theme, 'index.js')))).toContain(key);
    },
  );
});

describe('the Mermaid marker (register row 51): a name the runtime always holds', () => {
  const {dir} = mermaidPackage();
  const manifest = JSON.parse(read(join(dir, 'package.json'))) as {exports: {'.': {import: string}}};

  it('is a member of the mermaid object that theme-mermaid imports (the module its exports give to bundlers)', () => {
    const core = read(join(dir, manifest.exports['.'].import));
    const object = /\nvar mermaid = \{([^}]*)\};/.exec(core);
    expect(object, `var mermaid = {…} in ${manifest.exports['.'].import}`).not.toBeNull();
    expect(object![1].split(',').map((member) => member.trim())).toContain(MERMAID_MARKER);
  });

  it('survives minification as a property name: the minified build holds it as a key', () => {
    const minified = read(join(dir, 'dist', 'mermaid.min.js'));
    expect(minified).toMatch(new RegExp(`[{,]${MERMAID_MARKER}:`));
  });
});

const ROWS_FILE = join(ROOT, 'architecture', 'touchpoints.md');
const facts = loadThemeFacts(ROOT);

describe('the register (architecture/touchpoints.md)', async () => {
  const {rows, reaches: registered, problems} = parseRegister(read(ROWS_FILE));
  const files = sourceFiles(ROOT);
  const text = (file: string) => (existsSync(join(ROOT, file)) ? read(join(ROOT, file)) : null);

  // Each local plugin (plugins/*/index.ts), made as Docusaurus makes it, with the options the config gives it.
  const generated = mkdtempSync(join(tmpdir(), 'touchpoints-'));
  afterAll(() => rmSync(generated, {recursive: true, force: true}));
  const context = {
    siteDir: ROOT,
    generatedFilesDir: generated,
    outDir: generated,
    baseUrl: '/',
    siteConfig,
  } as unknown as LoadContext;
  const configured = (siteConfig.plugins ?? []) as PluginConfig[];
  type Factory = (context: LoadContext, options: unknown) => Plugin | Promise<Plugin>;
  const plugins: {file: string; plugin: Plugin}[] = [];
  for (const dir of readdirSync(join(ROOT, 'plugins')).filter((d) =>
    existsSync(join(ROOT, 'plugins', d, 'index.ts')),
  )) {
    const file = `plugins/${dir}/index.ts`;
    const factory = ((await import(`../../${file}`)) as {default: Factory}).default;
    const entry = configured.find((p) => p === factory || (Array.isArray(p) && p[0] === factory));
    const options = Array.isArray(entry) ? entry[1] : undefined;
    plugins.push({file, plugin: await factory(context, options)});
  }
  const themeDirs = [
    join(ROOT, 'src', 'theme'),
    ...plugins.flatMap(({plugin}) => [plugin.getThemePath?.(), plugin.getTypeScriptThemePath?.()]),
  ].filter((dir): dir is string => typeof dir === 'string');

  const found: Reach[] = [
    ...files.flatMap((file) => reachesInSource(file, read(join(ROOT, file)), facts)),
    ...[...new Set(themeDirs)].flatMap((dir) =>
      readdirSync(dir, {recursive: true, encoding: 'utf8'}).flatMap((path) => {
        const component = themeComponentName(path.replace(/\\/g, '/'));
        const file = relative(ROOT, join(dir, path)).replace(/\\/g, '/');
        return component ? reachOfThemeFile(file, component, read(join(dir, path)), facts) : [];
      }),
    ),
    ...plugins.flatMap(({file, plugin}) =>
      plugin.configureWebpack
        ? reachesOfConfigureWebpack(file, plugin.configureWebpack.bind(plugin) as never, ROOT)
        : [],
    ),
  ];

  it('is well formed: six cells a row, numbered in order, a Guard that names a check, reaches that point at a live row naming their file', () => {
    expect(rows.length).toBeGreaterThan(45);
    expect(problems).toEqual([]);
  });

  it('reads every source file: .js, .mjs and .css files, docusaurus.config.ts and mcp/build.mjs included', () => {
    for (const file of [
      'docusaurus.config.ts',
      'mcp/build.mjs',
      'search/docsearch-crawler.config.js',
      'src/css/custom.css',
    ]) {
      expect(files).toContain(file);
    }
    expect(files.length).toBeGreaterThan(150);
  });

  it('calls the configureWebpack of each local plugin that has one, and finds what each adds', () => {
    const withWebpack = plugins.filter(({plugin}) => plugin.configureWebpack).map(({file}) => file);
    expect(withWebpack).toEqual([
      'plugins/code-on-demand/index.ts',
      'plugins/local-search/index.ts',
      'plugins/mermaid-svg/index.ts',
    ]);
    expect(found.filter((r) => ['alias', 'split chunk', 'cache key'].includes(r.kind)).length).toBeGreaterThan(4);
  });

  it('lists every reach the code shows (kind, text and file, exactly)', () => {
    expect(compareReaches(found, registered, text).missing).toEqual([]);
  });

  it('lists no reach the code no longer shows', () => {
    expect(compareReaches(found, registered, text).stale).toEqual([]);
  });
});

/**
 * The detector on planted sources, held in memory: each reach of a kind the register must catch, in the kinds of file it
 * must read, is found with its exact text; the documented seams next to them are not. (Planted once in the tree, each
 * of these failed "lists every reach the code shows"; kept here so that it stays proven.)
 */
describe('the detector catches planted reaches', () => {
  const scan = (file: string, text: string) => reachesInSource(file, text, facts);
  const plants: [string, string, string, Reach['kind'], string][] = [
    [
      'an import of theme-common/internal',
      'src/components/Planted.tsx',
      "import {useNavbarMobileSidebar} from '@docusaurus/theme-common/internal';",
      'import',
      '@docusaurus/theme-common/internal',
    ],
    [
      'an import of a generated module',
      'src/components/Planted.tsx',
      "const meta = await import('@generated/site-metadata');",
      'import',
      '@generated/site-metadata',
    ],
    [
      'an import through @theme-init',
      'src/theme/Footer/index.tsx',
      "import Footer from '@theme-init/Footer';",
      'import',
      '@theme-init/Footer',
    ],
    [
      'a path into a framework package, as path segments',
      'scripts/planted.ts',
      "readFileSync(join(ROOT, 'node_modules', '@docusaurus', 'core', 'lib', 'server', 'brokenLinks.js'), 'utf8');",
      'file path',
      '@docusaurus/core/lib/server/brokenLinks.js',
    ],
    [
      'a path into a framework package, as a module',
      'plugins/planted/index.ts',
      "import styles from '@docusaurus/theme-classic/lib/theme/Layout/styles.module.css';",
      'file path',
      '@docusaurus/theme-classic/lib/theme/Layout/styles.module.css',
    ],
    [
      'a hashed-class selector',
      'tests/e2e/planted.spec.ts',
      'await page.locator(\'[class*="tabItem_"]\').first().click();',
      'selector',
      '[class*="tabItem_"]',
    ],
    [
      "a CSS rule on the theme's DOM",
      'src/css/planted.css',
      '/* the logo */\n.navbar__brand img,\n.site-own { height: 2rem; }',
      'selector',
      '.navbar__brand img',
    ],
    [
      "a CSS module rule on the theme's DOM",
      'src/components/Planted/styles.module.css',
      ':global(.menu__link--active) .mine { font-weight: 700; }',
      'selector',
      ':global(.menu__link--active) .mine',
    ],
    [
      'in a .js file',
      'scripts/planted.js',
      "const links = require('@docusaurus/core/lib/server/brokenLinks.js');",
      'file path',
      '@docusaurus/core/lib/server/brokenLinks.js',
    ],
    ['in a .mjs file', 'mcp/planted.mjs', "const start = html.indexOf('<main');", 'markup', '<main'],
    [
      'in docusaurus.config.ts, an inline style',
      'docusaurus.config.ts',
      "export default {headTags: [{tagName: 'style', attributes: {}, innerHTML: '.navbar__toggle { display: none; }'}]};",
      'selector',
      '.navbar__toggle',
    ],
    [
      'in docusaurus.config.ts, a storage key of theme-common in a script',
      'docusaurus.config.ts',
      "const script = `localStorage.removeItem('docusaurus.announcement.id')`;",
      'storage key',
      'docusaurus.announcement.id',
    ],
    [
      'a named patch of a framework bundle',
      'plugins/planted/fixes.ts',
      "export const FIXES = [{name: 'planted fix', find: 'a', replace: 'b'}];",
      'patch',
      'planted fix',
    ],
  ];

  it.each(plants)('%s (%s)', (_what, file, text, kind, reach) => {
    expect(scan(file, text)).toContainEqual({kind, reach, file});
  });

  it('an unsafe component swizzled: wrapped, or ejected, from the classic theme’s own list', () => {
    const wrapped = "import Original from '@theme-original/DocSidebar/Desktop';\nexport default Original;";
    expect(reachOfThemeFile('src/theme/DocSidebar/Desktop/index.tsx', 'DocSidebar/Desktop', wrapped, facts)).toEqual([
      {kind: 'component', reach: 'DocSidebar/Desktop (wrap)', file: 'src/theme/DocSidebar/Desktop/index.tsx'},
    ]);
    expect(scan('src/theme/DocSidebar/Desktop/index.tsx', wrapped)).toContainEqual({
      kind: 'import',
      reach: '@theme-original/DocSidebar/Desktop',
      file: 'src/theme/DocSidebar/Desktop/index.tsx',
    });
    expect(reachOfThemeFile('plugins/planted/theme/TOC/index.tsx', 'TOC', 'export default () => null;', facts)).toEqual(
      [{kind: 'component', reach: 'TOC (eject)', file: 'plugins/planted/theme/TOC/index.tsx'}],
    );
    // Marked safe by the list: the documented seam.
    expect(
      reachOfThemeFile('src/theme/Footer/index.tsx', 'Footer', "import F from '@theme-original/Footer';", facts),
    ).toEqual([]);
    expect(themeComponentName('DocItem/Content/index.tsx')).toBe('DocItem/Content');
    expect(themeComponentName('DocItem/Content/styles.module.css')).toBeNull();
  });

  it('an alias, a rule, a plugin and a changed cache key in configureWebpack, found by calling it', () => {
    class PlantedPlugin {}
    const configureWebpack = (config: {cache: {version: string}}) => {
      config.cache.version += '-planted';
      return {
        resolve: {
          alias: {'@docusaurus/Link$': '/site/Link.tsx', [join(ROOT, 'node_modules', 'x', 'lib', 'y$')]: false},
        },
        module: {rules: [{test: /theme-classic\/lib\/theme\/Layout/, use: 'planted-loader'}]},
        plugins: [new PlantedPlugin()],
      };
    };
    const found = reachesOfConfigureWebpack('plugins/planted/index.ts', configureWebpack as never, ROOT).map(
      ({kind, reach}) => `${kind}: ${reach}`,
    );
    expect(found).toEqual([
      'alias: @docusaurus/Link$',
      'alias: x/lib/y$',
      'rule: /theme-classic\\/lib\\/theme\\/Layout/',
      'plugin: PlantedPlugin',
      'cache key: cache.version',
    ]);
  });

  it('leaves the documented seams alone', () => {
    const documented = [
      "import CodeBlock from '@theme-original/CodeBlock';",
      "import Layout from '@theme/Layout';",
      "import type {Props} from '@theme/CodeBlock/Content';",
      "import '@docsearch/react/style';",
      "import Link from '@docusaurus/Link';",
      "document.querySelector('.theme-doc-markdown h2');",
      "const file = join(dir, 'index.js');",
    ].join('\n');
    expect(scan('src/components/Documented.tsx', documented)).toEqual([]);
    expect(scan('src/css/documented.css', '.theme-doc-markdown a, .site-own { color: red; }')).toEqual([]);
  });

  it("matches exactly: a second reach in a file the register names is missing, and a suffix is not the file's path", () => {
    const registered: Reach[] = [
      {kind: 'import', reach: '@docusaurus/theme-common/internal', file: 'src/theme/Navbar/MobileSidebar/index.tsx'},
      {kind: 'import', reach: '@generated/globalData', file: '…/MobileSidebar/index.tsx'},
    ];
    const found = scan(
      'src/theme/Navbar/MobileSidebar/index.tsx',
      "import {useNavbarMobileSidebar} from '@docusaurus/theme-common/internal';\nimport data from '@generated/globalData';\nimport x from '@generated/x';",
    );
    const {missing, stale} = compareReaches(found, registered, () => null);
    expect(missing).toEqual([
      'import | @generated/globalData | src/theme/Navbar/MobileSidebar/index.tsx',
      'import | @generated/x | src/theme/Navbar/MobileSidebar/index.tsx',
    ]);
    expect(stale).toEqual(['import | @generated/globalData | …/MobileSidebar/index.tsx']);
  });

  it('finds a malformed register row', () => {
    const header = '| # | Touchpoint | Where | Why | Guard | Retired by |\n| - | - | - | - | - | - |\n';
    const good = '| 1 | A | `a.ts` | B | `tests/unit/a.test.ts` | C |\n';
    const reaches = '\n| Row | Kind | Reach | File |\n| - | - | - | - |\n| 1 | import | `@generated/x` | `b.ts` |\n';
    const {problems} = parseRegister(
      header + good + '| 2. Extra text | A | `a.ts` | B | Build | C |\n' + '| 3 | A | `a.ts` | B | C |\n' + reaches,
    );
    expect(problems).toEqual([
      'line 4: the # cell is "2. Extra text", not a number',
      'line 5: 5 cells, not 6 (3)',
      "line 9: row 1's Where does not name `b.ts`",
    ]);
    const noGuard = parseRegister(header + '| 1 | A | `a.ts` | B | Retire it upstream | C |\n' + reaches).problems;
    expect(noGuard).toContain('row 1: the Guard cell names no check ("Retire it upstream")');
  });
});
