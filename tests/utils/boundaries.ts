/**
 * The import rules between the project's parts, checked over source texts (tests/unit/dependencies.test.ts runs it
 * on the repository, and on small sources made to break each rule):
 * - a workspace package (src/lib, mcp) is reached from outside by its name, never by a path into its folder (its own
 *   tests, listed by name, excepted); by name, only through what its `exports` map lists;
 * - a workspace package reaches nothing outside its folder by path, and the shared lib imports nothing of the site's
 *   (its aliases) or of another workspace package;
 * - a plugin folder (plugins/<name>/) imports no other plugin folder, and the plugins' shared modules (plugins/*.ts)
 *   import none: code two plugins share lives in the lib or in those shared modules.
 */
import {posix} from 'node:path';
import ts from 'typescript';
import {visit} from 'unist-util-visit';
import {parseSource} from '../../plugins/markdownSource';

/** The calls that load a module by name, besides `import()`: `require`, `require.resolve` and Vitest's `vi.mock`. */
const LOADERS = new Set(['require', 'require.resolve', 'vi.mock']);

/**
 * Every module a file names, as the TypeScript parser reads it: import and export declarations (type-only when the
 * clause or every named binding says `type`), `import()`, the LOADERS and the imports of a `declare module` block. In
 * MDX, only the ESM statements count.
 */
export function moduleReferences(rel: string, text: string): {specifier: string; typeOnly: boolean}[] {
  const key = `${rel}\0${text}`;
  let found = parsed.get(key);
  if (!found) parsed.set(key, (found = parseReferences(rel, text)));
  return found;
}

/** The references of each file read so far: the checks of a test file read the same files more than once. */
const parsed = new Map<string, {specifier: string; typeOnly: boolean}[]>();

function parseReferences(rel: string, text: string): {specifier: string; typeOnly: boolean}[] {
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
    } else if (ts.isImportTypeNode(node) && ts.isLiteralTypeNode(node.argument)) {
      const literal = node.argument.literal;
      if (ts.isStringLiteral(literal)) found.push({specifier: literal.text, typeOnly: true});
    }
    ts.forEachChild(node, walk);
  };
  walk(source);
  return found;
}

export interface WorkspacePackage {
  /** Its folder, relative to the repository root. */
  dir: string;
  /** Its name in its package.json. */
  name: string;
  /** The subpaths of its `exports` map (`./search/*`), or null when it has none (reached only as a whole). */
  exports: string[] | null;
  /** The files outside it that test it, and may import its modules by path. */
  ownTests: string[];
}

export interface Layout {
  packages: WorkspacePackage[];
  /** The shared module every part may import: it imports nothing of theirs. */
  lib: string;
  /** The plugin folders, `plugins/<name>`. */
  pluginDirs: string[];
}

/** Specifiers that name the site's own modules through Docusaurus's aliases rather than a package. */
const SITE_ALIASES = /^(@site|@theme|@theme-original|@theme-init|@generated)\//;

const within = (path: string, dir: string) => path === dir || path.startsWith(`${dir}/`);

/** The repository path a specifier names, without extension: a relative path or `@site/…`; null for a package. */
export function targetOf(rel: string, specifier: string): string | null {
  const path = specifier.startsWith('.')
    ? posix.join(posix.dirname(rel), specifier)
    : specifier.startsWith('@site/')
      ? posix.normalize(specifier.slice('@site/'.length))
      : null;
  return path?.replace(/\.(m?[jt]sx?|cjs)$/, '') ?? null;
}

/** Whether `./sub/path` is a key of an exports map, or matches one of its `*` patterns. */
export function exported(subpath: string, keys: string[]): boolean {
  return keys.some((key) => {
    const star = key.indexOf('*');
    if (star === -1) return key === subpath;
    const [before, after] = [key.slice(0, star), key.slice(star + 1)];
    return subpath.length > before.length + after.length && subpath.startsWith(before) && subpath.endsWith(after);
  });
}

/** Every import that breaks a rule, as `file -> specifier: why`, in file order. */
export function boundaryViolations(sources: Iterable<[rel: string, text: string]>, layout: Layout): string[] {
  const found: string[] = [];
  const otherNames = (dir: string) => layout.packages.filter((p) => p.dir !== dir).map((p) => p.name);
  for (const [rel, text] of sources) {
    const home = layout.packages.find((p) => within(rel, p.dir));
    const plugin = layout.pluginDirs.find((dir) => within(rel, dir));
    const sharedPluginModule = !plugin && /^plugins\/[^/]+$/.test(rel);
    for (const {specifier} of moduleReferences(rel, text)) {
      const report = (why: string) => found.push(`${rel} -> ${specifier}: ${why}`);
      const target = targetOf(rel, specifier);
      if (target !== null) {
        if (home && !within(target, home.dir)) report(`${home.dir} reaches outside its folder by path`);
        for (const pkg of layout.packages) {
          if (pkg !== home && within(target, pkg.dir) && !pkg.ownTests.includes(rel)) {
            report(`reaches into ${pkg.dir} by path; import it by name, ${pkg.name}`);
          }
        }
        const other = layout.pluginDirs.find((dir) => within(target, dir) && dir !== plugin);
        if (other && (plugin || sharedPluginModule)) {
          report(`${plugin ?? 'a shared plugin module'} imports the plugin folder ${other}`);
        }
      } else {
        const pkg = layout.packages.find((p) => specifier === p.name || specifier.startsWith(`${p.name}/`));
        if (pkg && pkg !== home && pkg.exports) {
          const subpath = `.${specifier.slice(pkg.name.length)}`;
          if (!exported(subpath, pkg.exports)) report(`${pkg.name} does not export ${subpath}`);
        }
        if (home?.dir === layout.lib && (SITE_ALIASES.test(specifier) || (pkg && pkg !== home))) {
          report(`${layout.lib} imports nothing of the site's or of ${otherNames(home.dir).join(', ')}`);
        } else if (home && SITE_ALIASES.test(specifier)) {
          report(`${home.dir} imports nothing of the site's`);
        }
      }
    }
  }
  return found;
}
