/**
 * Guards of the framework touchpoints listed in architecture/touchpoints.md that would otherwise move silently: each
 * test names the touchpoint it guards and fails, before any build, when the internal file or name it relies on is no
 * longer where the site expects it. The other touchpoints fail the build or a test of the built site by themselves
 * (the register says which).
 */
import {existsSync, readFileSync, readdirSync} from 'node:fs';
import {join} from 'node:path';
import {describe, expect, it} from 'vitest';
import {CODE_BLOCK_PARTS, HIGHLIGHTER_PARTS} from '../../plugins/code-on-demand/chunks';
import {THEME_CLIENT_MODULE} from '../../plugins/code-on-demand/index';
import {recordInCacheKey} from '../../plugins/cacheVersion';
import {findLinkWarnings} from '../../scripts/check-build-log';

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

describe('the register (architecture/touchpoints.md)', () => {
  const register = read(join(ROOT, 'architecture', 'touchpoints.md'));
  /** Marks of a reach past a documented seam that a file's text shows, each with what it reaches. */
  const MARKS: [RegExp, string][] = [
    [/@docusaurus\/theme-common\/internal/, 'theme-common/internal'],
    [/'@generated\//, 'a generated module'],
    [/@theme-init\//, '@theme-init'],
    [/data-has-hydrated/, 'data-has-hydrated'],
    [/\[class\*=/, 'a hashed class'],
    [/node_modules\/@docusaurus|'@docusaurus\/[a-z-]+\/lib\//, "a framework package's file"],
    // `@docsearch/react/style` is in the package's exports: a documented entry point.
    [/@docsearch\/react\/(?!style')|DocSearch-Input|DocSearch--active/, "DocSearch's markup or files"],
  ];
  const files = (dir: string): string[] =>
    readdirSync(join(ROOT, dir), {recursive: true, encoding: 'utf8'})
      .map((file) => `${dir}/${file.replace(/\\/g, '/')}`)
      .filter((path) => /\.(tsx?|mjs|css)$/.test(path) && !/\.test\.tsx?$/.test(path))
      .filter((path) => !/\/(node_modules|fixtures)\//.test(path));
  /**
   * A file is named when the register holds its path, "…/" and its last two segments (or its name, unless it is an
   * index), a test file's name, or its folder's `*.spec.ts`.
   */
  const named = (path: string) => {
    const parts = path.split('/');
    const name = parts.at(-1)!;
    return (
      register.includes(path) ||
      register.includes(`…/${parts.slice(-2).join('/')}`) ||
      (!name.startsWith('index.') && register.includes(`…/${name}`)) ||
      (path.startsWith('tests/') && register.includes(name)) ||
      (name.endsWith('.spec.ts') && register.includes(`${parts.slice(0, -1).join('/')}/*.spec.ts`))
    );
  };
  const hits = ['src', 'plugins', 'scripts', 'mcp/src', 'tests/e2e', 'tests/e2e-hosted', 'tests/e2e-headers']
    .flatMap(files)
    .flatMap((path) => {
      const text = read(join(ROOT, path));
      return MARKS.filter(([mark]) => mark.test(text)).map(([, what]) => [path, what] as const);
    });

  it('finds the marks it looks for', () => expect(hits.length).toBeGreaterThan(10));
  it.each(hits)('names %s, which reaches %s', (path) => expect(named(path), path).toBe(true));
});
