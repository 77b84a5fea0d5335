/**
 * Guards of the framework touchpoints listed in architecture/touchpoints.md that would otherwise move silently: each
 * test names the touchpoint it guards and fails, before any build, when the internal file or name it relies on is no
 * longer where the site expects it. The other touchpoints fail the build or a test of the built site by themselves
 * (the register says which).
 */
import {existsSync, readFileSync} from 'node:fs';
import {join} from 'node:path';
import {describe, expect, it} from 'vitest';
import {CODE_BLOCK_PARTS, HIGHLIGHTER_PARTS} from '../../plugins/code-on-demand/chunks';
import {THEME_CLIENT_MODULE} from '../../plugins/code-on-demand/index';
import {recordInCacheKey} from '../../plugins/cacheVersion';

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
