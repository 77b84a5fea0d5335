/**
 * The detector behind tests/unit/touchpoints.test.ts: finds each reach of the site's code past a documented Docusaurus
 * seam, and reads the register (architecture/touchpoints.md) it is compared with.
 *
 * A reach is one thing the code relies on, named by its kind, the exact text it relies on and the file it is in:
 * - `import`: a module specifier outside the documented ones: `@docusaurus/theme-common/internal`, `@generated/…`,
 *   `@theme-init/…`, and `@theme/…`/`@theme-original/…` of a theme component the classic theme's swizzle list does not
 *   mark safe (for `@theme-original`, safe to wrap);
 * - `file path`: a path into a framework package (`<package>/lib/…`, `dist/…`, `bin/…`, `browser/…`, its
 *   `package.json`), as one string or as the string segments of one path (`join(…, 'node_modules', '@docusaurus',
 *   'core', 'bin', …)`);
 * - `selector`: a CSS selector, in a stylesheet or in a string of code (an inline style included), that names a class
 *   of the framework's markup other than the stable `theme-*` ones, or matches a hashed class (`[class*=…]`);
 * - `attribute`: core's `data-has-hydrated`;
 * - `markup`: a regular expression or `indexOf` that reads the theme's rendered HTML (`<article`, `<h2…`);
 * - `component`: a file of the site's theme folders (`src/theme/`, a plugin's `getThemePath`) that replaces or wraps a
 *   theme component the swizzle list does not mark safe for that action;
 * - `alias`, `rule`, `plugin`, `split chunk`, `cache key`: what a plugin's `configureWebpack` adds to, or changes in,
 *   the configuration it is given (found by calling it);
 * - `patch`: a named patch of a framework bundle (an entry `{name, find, replace}`);
 * - `storage key`: a key theme-common keeps the reader's state under, read or written by the site's code.
 * - `name` (registered by hand, see HAND_KINDS): a name the site looks for inside a framework's bundle.
 * Matching is exact everywhere: a reach is registered when the register lists the same kind, text and file.
 */
import {existsSync, readFileSync, readdirSync} from 'node:fs';
import {createRequire} from 'node:module';
import {join, relative} from 'node:path';
import ts from 'typescript';

export type Kind =
  | 'import'
  | 'file path'
  | 'selector'
  | 'attribute'
  | 'markup'
  | 'component'
  | 'alias'
  | 'rule'
  | 'plugin'
  | 'split chunk'
  | 'cache key'
  | 'patch'
  | 'storage key'
  | 'name';

export const KINDS: readonly Kind[] = [
  'import',
  'file path',
  'selector',
  'attribute',
  'markup',
  'component',
  'alias',
  'rule',
  'plugin',
  'split chunk',
  'cache key',
  'patch',
  'storage key',
  'name',
];

/**
 * Kinds the detector cannot tell apart from the site's own text, registered by hand: `name`, a name looked for in a
 * framework's bundle (Mermaid's `mermaidAPI`). The register test checks that the file still holds it as a string.
 */
export const HAND_KINDS: readonly Kind[] = ['name'];

export interface Reach {
  kind: Kind;
  reach: string;
  file: string;
}

export const reachKey = ({kind, reach, file}: Reach) => `${kind} | ${reach} | ${file}`;

/** What the installed theme says about itself: its swizzle list, its components and the classes of its markup. */
export interface ThemeFacts {
  /** The classic theme's `getSwizzleConfig().components`. */
  swizzle: Record<string, {actions: {eject: string; wrap: string}}>;
  /** Whether an installed theme provides the component (`lib/theme/<name>.js` or `…/<name>/index.js`). */
  providesComponent: (name: string) => boolean;
  /** Class names of the framework's markup: Infima's, the themes' and DocSearch's stylesheets and code, Mermaid's. */
  classes: Set<string>;
  /** The keys under which theme-common keeps the reader's state in storage (`createStorageSlot('…')`, colour mode). */
  storageKeys: Set<string>;
}

/** Packages whose files the site must not name by path without a row: the framework, its theme's and search's. */
const FRAMEWORK_PACKAGE =
  /^(?:@docusaurus\/[\w.-]+|@docsearch\/[\w.-]+|@algolia\/[\w.-]+|algoliasearch|infima|mermaid|prism-react-renderer|webpack|@rspack\/[\w.-]+|react-router|react-router-dom|yaml)$/;

/** Themes whose components the site may wrap, replace or import (`@theme/…`). */
const THEMES = ['@docusaurus/theme-classic', '@docusaurus/theme-search-algolia', '@docusaurus/theme-mermaid'];

const walk = (dir: string): string[] =>
  existsSync(dir) ? readdirSync(dir, {recursive: true, encoding: 'utf8'}).map((f) => f.replace(/\\/g, '/')) : [];

/** Reads the facts from the packages installed under `root`. */
export function loadThemeFacts(root: string): ThemeFacts {
  const modules = join(root, 'node_modules');
  const swizzleModule = createRequire(join(root, 'package.json'))(
    '@docusaurus/theme-classic/lib/getSwizzleConfig.js',
  ) as {
    default: () => {components: ThemeFacts['swizzle']};
  };
  const swizzle = swizzleModule.default().components;
  const providesComponent = (name: string) =>
    THEMES.some((theme) =>
      ['.js', '/index.js'].some((end) => existsSync(join(modules, theme, 'lib', 'theme', `${name}${end}`))),
    );

  const classes = new Set<string>();
  const fromCss = (css: string) => {
    for (const m of css.matchAll(/\.(-?[A-Za-z_][\w-]*)/g)) classes.add(m[1]);
  };
  // In the themes' code, the class names are hyphenated words (`navbar-sidebar__backdrop`, `menu__link--active`).
  const fromCode = (code: string) => {
    for (const m of code.matchAll(/["'`]([a-z][\w-]*(?: [a-z][\w-]*)*)["'`]/g)) {
      for (const word of m[1].split(' ')) if (/^[a-z][a-z0-9]*(?:(?:-|__|--)[a-z0-9]+)+$/.test(word)) classes.add(word);
    }
  };
  fromCss(readFileSync(join(modules, 'infima/dist/css/default/default.css'), 'utf8'));
  for (const pkg of ['@docusaurus/theme-classic', '@docusaurus/theme-common', '@docusaurus/theme-search-algolia']) {
    for (const file of walk(join(modules, pkg, 'lib'))) {
      if (file.endsWith('.js')) fromCode(readFileSync(join(modules, pkg, 'lib', file), 'utf8'));
    }
  }
  for (const file of walk(join(modules, '@docsearch/css/dist'))) {
    if (file.endsWith('.css')) fromCss(readFileSync(join(modules, '@docsearch/css/dist', file), 'utf8'));
  }
  // Mermaid's stylesheets are strings inside its bundle: a class followed by a rule's block, or by more selector.
  const mermaid = readFileSync(join(modules, 'mermaid/dist/mermaid.min.js'), 'utf8');
  for (const m of mermaid.matchAll(/\.([A-Za-z][\w-]*)(?=\s*\{| [.#a-z][\w.#:-]*\s*\{)/g)) classes.add(m[1]);
  const storageKeys = new Set<string>();
  for (const file of walk(join(modules, '@docusaurus/theme-common/lib'))) {
    if (!file.endsWith('.js')) continue;
    const code = readFileSync(join(modules, '@docusaurus/theme-common/lib', file), 'utf8');
    for (const m of code.matchAll(/createStorageSlot\('([^']+)'|const ColorModeStorageKey = '([^']+)'/g)) {
      storageKeys.add(m[1] ?? m[2]);
    }
  }
  return {swizzle, providesComponent, classes, storageKeys};
}

// ---------------------------------------------------------------------------------------------------------------
// Sources

/** Folders and root files read, and what is left out: dependencies, build output, data, fixtures, the unit tests. */
const SOURCE_DIRS = [
  'src',
  'plugins',
  'scripts',
  'mcp',
  'search',
  'tests/e2e',
  'tests/e2e-hosted',
  'tests/e2e-headers',
];
const SOURCE_FILE = /\.(?:tsx?|jsx?|mjs|cjs|css)$/;
const LEFT_OUT = /(?:^|\/)(?:node_modules|dist|data|build|fixtures|\.docusaurus)\/|\.test\.tsx?$/;

/** Every source file of the site, by its path from `root`: the folders above and the root's own files. */
export function sourceFiles(root: string): string[] {
  const inRoot = readdirSync(root).filter((f) => SOURCE_FILE.test(f));
  const inDirs = SOURCE_DIRS.flatMap((dir) => walk(join(root, dir)).map((f) => `${dir}/${f}`));
  return [...inRoot, ...inDirs].filter((f) => SOURCE_FILE.test(f) && !LEFT_OUT.test(f)).sort();
}

/** The path into a framework package that `path` names, or null (documented entry points are not paths). */
function frameworkPath(path: string): string | null {
  const rest = path.replace(/^(?:.*\/)?node_modules\//, '');
  const m = /^((?:@[\w.-]+\/)?[\w.-]+)\/(.+)$/.exec(rest);
  if (!m || !FRAMEWORK_PACKAGE.test(m[1])) return null;
  return /^(?:lib|dist|bin|browser|src|esm|cjs)(?:\/|$)|^package\.json$/.test(m[2]) ? rest : null;
}

/**
 * Components Docusaurus's documentation tells sites to use: `@theme/Layout` for a page of their own (the "Creating
 * pages" guide), `@theme/Heading` for headings in JSX (its ESLint rule `prefer-docusaurus-heading`, 3.8.1). Using
 * them is a seam, whatever the swizzle list says about changing them.
 */
const DOCUMENTED_FOR_USE = ['Layout', 'Heading'];

/** A pattern that reads the elements the theme renders around a page's content (its article, headings, main). */
const THEME_MARKUP = /<\\?\/?(?:article|main|h\[|h[1-6]\b)/;

const TAGS =
  'a|img|nav|div|span|ul|ol|li|button|section|article|header|footer|main|aside|html|body|table|pre|code|p|svg';
/** A class of the framework's markup named in a selector: `.x` at the start, after a combinator or a tag name. */
const SELECTOR_CLASS = new RegExp(`(?:^|[\\s>+~,(*\\])]|\\b(?:${TAGS}))\\.(-?[A-Za-z_][\\w-]*)`, 'g');
const HASHED = /\[class[*^$~|]?=/;

/** Whether a selector relies on the framework's markup: a hashed class, or a class of the theme but `theme-*`. */
function themeSelector(selector: string, facts: ThemeFacts, local: boolean): boolean {
  if (HASHED.test(selector)) return true;
  // In a CSS module, only `:global(…)` names a class of another stylesheet.
  const global = local ? [...selector.matchAll(/:global\(([^)]*)\)/g)].map((m) => m[1]).join(' ') : selector;
  return [...global.matchAll(SELECTOR_CLASS)].some(([, name]) => facts.classes.has(name) && !name.startsWith('theme-'));
}

/** The selectors of the rules of a stylesheet (at-rules' preludes left out), whitespace collapsed. */
function cssSelectors(css: string): string[] {
  const text = css.replace(/\/\*[\s\S]*?\*\//g, '');
  return [...text.matchAll(/([^{};]+)\{/g)]
    .map((m) => m[1].trim().replace(/\s+/g, ' '))
    .filter((s) => s && !s.startsWith('@') && !/^(?:from|to|\d+%)$/.test(s))
    .flatMap((s) => splitSelectorList(s));
}

/** `a, b:not(.c, .d)` → `a`, `b:not(.c, .d)`: commas at the top level only. */
function splitSelectorList(list: string): string[] {
  const parts: string[] = [];
  let depth = 0;
  let current = '';
  for (const ch of list) {
    if (ch === '(' || ch === '[') depth++;
    if (ch === ')' || ch === ']') depth--;
    if (ch === ',' && depth === 0) {
      parts.push(current.trim());
      current = '';
    } else current += ch;
  }
  parts.push(current.trim());
  return parts.filter(Boolean);
}

/** Whether a string of code reads as a CSS selector (not a path, a URL or a sentence). */
const SELECTOR_LIKE = /^[\w\s.#:>+~*()[\]="'^$|,-]+$/;

/** The reaches that the text of one file shows. `file` is its path from the repository's root. */
export function reachesInSource(file: string, text: string, facts: ThemeFacts): Reach[] {
  const found: Reach[] = [];
  const add = (kind: Kind, reach: string) => found.push({kind, reach, file});

  if (file.endsWith('.css')) {
    const local = file.endsWith('.module.css');
    for (const selector of cssSelectors(text)) if (themeSelector(selector, facts, local)) add('selector', selector);
    return dedupe(found);
  }

  const importSpecifier = (specifier: string, typeOnly: boolean) => {
    if (
      specifier === '@docusaurus/theme-common/internal' ||
      specifier.startsWith('@generated/') ||
      specifier.startsWith('@theme-init/')
    ) {
      add('import', specifier);
      return;
    }
    const theme = /^@theme(-original)?\/(.+)$/.exec(specifier);
    if (theme) {
      if (typeOnly || !facts.providesComponent(theme[2])) return;
      if (!theme[1] && DOCUMENTED_FOR_USE.includes(theme[2])) return;
      const actions = facts.swizzle[theme[2]]?.actions;
      const safe = theme[1] ? actions?.wrap === 'safe' : actions?.eject === 'safe' || actions?.wrap === 'safe';
      if (!safe) add('import', specifier);
      return;
    }
    const path = frameworkPath(specifier);
    if (path) add('file path', path);
  };
  const stringValue = (value: string) => {
    const path = frameworkPath(value);
    if (path) add('file path', path);
    if (value.includes('data-has-hydrated')) add('attribute', 'data-has-hydrated');
    // A script in a string (headTags): the storage keys it reads or writes.
    for (const m of value.matchAll(/localStorage\.(?:get|set|remove)Item\(\s*['"]([^'"]+)['"]/g)) {
      if (facts.storageKeys.has(m[1])) add('storage key', m[1]);
    }
    // An inline stylesheet (a `<style>` in headTags, a style a test adds): the selectors of its rules.
    const selectors = value.includes('{')
      ? cssSelectors(value.replace(/<\/?style>/g, ''))
      : SELECTOR_LIKE.test(value)
        ? [value.trim()]
        : [];
    for (const selector of selectors) if (themeSelector(selector, facts, false)) add('selector', selector);
  };
  const isString = (node: ts.Node): node is ts.StringLiteral | ts.NoSubstitutionTemplateLiteral =>
    ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node);

  const kind = /\.[cm]?jsx?$/.test(file) ? ts.ScriptKind.JSX : ts.ScriptKind.TSX;
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, false, kind);
  const visit = (node: ts.Node): void => {
    if (
      (ts.isImportDeclaration(node) || ts.isExportDeclaration(node)) &&
      node.moduleSpecifier &&
      isString(node.moduleSpecifier)
    ) {
      const typeOnly = ts.isImportDeclaration(node) ? Boolean(node.importClause?.isTypeOnly) : node.isTypeOnly;
      importSpecifier(node.moduleSpecifier.text, typeOnly);
      return;
    }
    if (ts.isModuleDeclaration(node) && ts.isStringLiteral(node.name)) importSpecifier(node.name.text, false);
    if (ts.isCallExpression(node)) {
      const callee = node.expression;
      const [first] = node.arguments;
      const name = ts.isIdentifier(callee)
        ? callee.text
        : ts.isPropertyAccessExpression(callee)
          ? callee.name.text
          : '';
      if (first && isString(first)) {
        if (callee.kind === ts.SyntaxKind.ImportKeyword || name === 'require' || name === 'resolve') {
          importSpecifier(first.text, false);
        }
        if ((name === 'indexOf' || name === 'lastIndexOf') && THEME_MARKUP.test(first.text)) add('markup', first.text);
        if (/^(?:get|set|remove)Item$/.test(name) && facts.storageKeys.has(first.text)) add('storage key', first.text);
      }
      // A path spelled as string arguments: `join(dir, 'node_modules', '@docusaurus', 'core', 'bin', …)`.
      const args = node.arguments;
      for (let i = 0; i < args.length; i++) {
        const run: string[] = [];
        for (let j = i; j < args.length && isString(args[j]); j++) run.push((args[j] as ts.StringLiteral).text);
        if (run.length > 1) {
          const path = frameworkPath(run.join('/'));
          if (path) add('file path', path);
          i += run.length - 1;
        }
      }
    }
    if (isString(node)) stringValue(node.text);
    if (ts.isTemplateExpression(node)) {
      stringValue(node.head.text);
      for (const span of node.templateSpans) stringValue(span.literal.text);
    }
    if (ts.isRegularExpressionLiteral(node) && THEME_MARKUP.test(node.text)) add('markup', node.text);
    if (ts.isPropertyAccessExpression(node) && node.name.text === 'hasHydrated') add('attribute', 'data-has-hydrated');
    // A named patch of a framework bundle: an object `{name: '…', find: …, replace: …}`.
    if (ts.isObjectLiteralExpression(node)) {
      const props = new Map(
        node.properties.filter(ts.isPropertyAssignment).map((p) => [p.name.getText(source), p.initializer] as const),
      );
      const name = props.get('name');
      if (name && isString(name) && props.has('find') && props.has('replace')) add('patch', name.text);
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return dedupe(found);
}

/**
 * The reach of a file in one of the site's theme folders (`component` is its name there, `DocItem/Content` for
 * `DocItem/Content/index.tsx`): a component an installed theme provides, replaced or wrapped where the classic theme's
 * swizzle list does not mark that action safe. Wrapping is importing `@theme-original/<name>` or `@theme-init/<name>`.
 */
export function reachOfThemeFile(file: string, component: string, text: string, facts: ThemeFacts): Reach[] {
  if (!facts.providesComponent(component)) return [];
  const wraps = new RegExp(`['"]@theme-(?:original|init)/${component.replace(/[/]/g, '\\/')}['"]`).test(text);
  const action = wraps ? 'wrap' : 'eject';
  if (facts.swizzle[component]?.actions[action] === 'safe') return [];
  return [{kind: 'component', reach: `${component} (${action})`, file}];
}

/** The component a file of a theme folder provides: `DocItem/Content/index.tsx` → `DocItem/Content`; null for others. */
export function themeComponentName(pathInThemeDir: string): string | null {
  if (!/\.(?:tsx?|jsx?)$/.test(pathInThemeDir) || pathInThemeDir.endsWith('.d.ts')) return null;
  return pathInThemeDir.replace(/\.(?:tsx?|jsx?)$/, '').replace(/\/index$/, '');
}

// ---------------------------------------------------------------------------------------------------------------
// configureWebpack

interface WebpackLike {
  resolve?: {alias?: Record<string, unknown>};
  module?: {rules?: unknown[]};
  plugins?: unknown[];
  optimization?: {splitChunks?: {cacheGroups?: Record<string, unknown>}};
  cache?: unknown;
  experiments?: unknown;
}

/** A configuration like the one Docusaurus passes, with the keys the plugins may extend. */
export function stubWebpackConfig(): WebpackLike & Record<string, unknown> {
  return {
    cache: {type: 'filesystem', version: 'stub'},
    experiments: {cache: {type: 'persistent', version: 'stub'}},
    resolve: {alias: {}},
    module: {rules: []},
    plugins: [],
    optimization: {splitChunks: {cacheGroups: {}}},
  };
}

/** Where a value differs between two plain objects, as dotted paths. */
function changedPaths(before: unknown, after: unknown, at = ''): string[] {
  if (JSON.stringify(before) === JSON.stringify(after)) return [];
  if (typeof before !== 'object' || typeof after !== 'object' || !before || !after || Array.isArray(after)) return [at];
  const keys = new Set([...Object.keys(before), ...Object.keys(after)]);
  return [...keys].flatMap((key) =>
    changedPaths(
      (before as Record<string, unknown>)[key],
      (after as Record<string, unknown>)[key],
      at ? `${at}.${key}` : key,
    ),
  );
}

/**
 * What a plugin's `configureWebpack` changes, as reaches of `file`: each alias key (absolute paths under `root` made
 * relative, `node_modules/` dropped), each rule (its `test`), each webpack plugin (its constructor), each split-chunk
 * group, and each value it changes in the configuration it is given (the cache key).
 */
export function reachesOfConfigureWebpack(
  file: string,
  configureWebpack: (config: never, isServer: boolean, utils: never, content: never) => unknown,
  root: string,
): Reach[] {
  const found: Reach[] = [];
  const add = (kind: Kind, reach: string) => found.push({kind, reach, file});
  const name = (path: string) => {
    const rel = path.startsWith(root) ? relative(root, path).replace(/\\/g, '/') : path;
    return rel.replace(/^node_modules\//, '');
  };
  for (const isServer of [false, true]) {
    const config = stubWebpackConfig();
    const before = JSON.parse(JSON.stringify(config)) as unknown;
    const result = (configureWebpack(config as never, isServer, {} as never, undefined as never) ?? {}) as WebpackLike;
    for (const key of Object.keys(result.resolve?.alias ?? {})) add('alias', name(key));
    for (const rule of result.module?.rules ?? [])
      add('rule', String((rule as {test?: unknown}).test ?? JSON.stringify(rule)));
    for (const plugin of result.plugins ?? []) add('plugin', (plugin as object).constructor.name);
    for (const group of Object.keys(result.optimization?.splitChunks?.cacheGroups ?? {})) add('split chunk', group);
    for (const path of changedPaths(before, JSON.parse(JSON.stringify(config)))) add('cache key', path);
  }
  return dedupe(found);
}

function dedupe(reaches: Reach[]): Reach[] {
  const seen = new Map(reaches.map((r) => [reachKey(r), r]));
  return [...seen.values()];
}

// ---------------------------------------------------------------------------------------------------------------
// The register

export interface RegisterRow {
  number: number;
  touchpoint: string;
  where: string;
  why: string;
  guard: string;
  retiredBy: string;
  retired: boolean;
}

export interface RegisteredReach extends Reach {
  row: number;
}

/** The cells of a Markdown table row, `\|` kept as a pipe inside a cell. */
export function cells(line: string): string[] {
  const inner = line.trim().replace(/^\|/, '').replace(/\|$/, '');
  return inner.split(/(?<!\\)\|/).map((cell) => cell.trim().replace(/\\\|/g, '|'));
}

/** The table that starts with the header `header` in `markdown`: its rows' cells, with their line numbers. */
export function table(markdown: string, header: string[]): {line: number; cells: string[]}[] | null {
  const lines = markdown.split('\n');
  const start = lines.findIndex((l) => l.startsWith('|') && cells(l).join('|') === header.join('|'));
  if (start === -1) return null;
  const rows: {line: number; cells: string[]}[] = [];
  for (let i = start + 2; i < lines.length && lines[i].startsWith('|'); i++)
    rows.push({line: i + 1, cells: cells(lines[i])});
  return rows;
}

export const ROWS_HEADER = ['#', 'Touchpoint', 'Where', 'Why', 'Guard', 'Retired by'];
export const REACHES_HEADER = ['Row', 'Kind', 'Reach', 'File'];

/** A Guard cell names a check: a test or test helper file, the build, the type check, `npm ci`, or nothing left. */
const NAMES_A_CHECK =
  /tests\/[\w./-]+\.ts|[\w/-]+\.test\.ts|^Build\b|; Build\b|Build \(|`npm run typecheck`|`npm ci`|^Nothing left to guard/;

/** The register's rows and reaches, and what is wrong with its structure. */
export function parseRegister(markdown: string): {rows: RegisterRow[]; reaches: RegisteredReach[]; problems: string[]} {
  const problems: string[] = [];
  const rows: RegisterRow[] = [];
  const rowTable = table(markdown, ROWS_HEADER);
  if (!rowTable) problems.push(`no table with the header | ${ROWS_HEADER.join(' | ')} |`);
  for (const {line, cells: c} of rowTable ?? []) {
    if (c.length !== ROWS_HEADER.length) {
      problems.push(`line ${line}: ${c.length} cells, not ${ROWS_HEADER.length} (${c[0].slice(0, 40)})`);
      continue;
    }
    if (!/^\d+$/.test(c[0])) {
      problems.push(`line ${line}: the # cell is "${c[0].slice(0, 40)}", not a number`);
      continue;
    }
    const number = Number(c[0]);
    if (number !== rows.length + 1) problems.push(`line ${line}: row ${number} follows row ${rows.length}`);
    const empty = ROWS_HEADER.filter((_, i) => !c[i]);
    if (empty.length) problems.push(`row ${number}: empty ${empty.join(', ')}`);
    const retired = c[5] === 'Done';
    if (!NAMES_A_CHECK.test(c[4]))
      problems.push(`row ${number}: the Guard cell names no check ("${c[4].slice(0, 60)}")`);
    if (retired !== /^Retired\b/.test(c[1]))
      problems.push(`row ${number}: "Retired by" is Done exactly when the touchpoint says "Retired"`);
    rows.push({number, touchpoint: c[1], where: c[2], why: c[3], guard: c[4], retiredBy: c[5], retired});
  }

  const reaches: RegisteredReach[] = [];
  const reachTable = table(markdown, REACHES_HEADER);
  if (!reachTable) problems.push(`no table with the header | ${REACHES_HEADER.join(' | ')} |`);
  for (const {line, cells: c} of reachTable ?? []) {
    const code = (cell: string) => /^`([^`]+)`$/.exec(cell)?.[1] ?? /^``\s(.+)\s``$/.exec(cell)?.[1];
    const [row, kind, reach, file] = [Number(c[0]), c[1] as Kind, code(c[2]), code(c[3])];
    if (c.length !== REACHES_HEADER.length || !Number.isInteger(row) || !reach || !file) {
      problems.push(
        `line ${line}: a reach is | row | kind | \`reach\` | \`file\` |, not "${c.join(' | ').slice(0, 80)}"`,
      );
      continue;
    }
    if (!KINDS.includes(kind)) problems.push(`line ${line}: unknown kind "${kind}"`);
    const target = rows.find((r) => r.number === row);
    if (!target) problems.push(`line ${line}: row ${row} does not exist`);
    else if (target.retired) problems.push(`line ${line}: row ${row} is retired`);
    else if (!target.where.includes(`\`${file}\``))
      problems.push(`line ${line}: row ${row}'s Where does not name \`${file}\``);
    reaches.push({row, kind, reach, file});
  }
  return {rows, reaches, problems};
}

/**
 * Reaches found and not registered (`missing`), and registered but no longer found (`stale`: for a hand-registered
 * kind, a file that no longer holds the string). Both compare kind, text and file exactly.
 */
export function compareReaches(
  found: Reach[],
  registered: Reach[],
  fileText: (file: string) => string | null,
): {missing: string[]; stale: string[]} {
  const registeredKeys = new Set(registered.map(reachKey));
  const foundKeys = new Set(found.map(reachKey));
  const missing = [...foundKeys].filter((key) => !registeredKeys.has(key)).sort();
  const stale = registered
    .filter((r) =>
      HAND_KINDS.includes(r.kind)
        ? !['"', "'", '`'].some((q) => (fileText(r.file) ?? '').includes(`${q}${r.reach}${q}`))
        : !foundKeys.has(reachKey(r)),
    )
    .map(reachKey)
    .sort();
  return {missing, stale};
}
