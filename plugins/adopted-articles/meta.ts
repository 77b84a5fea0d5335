/**
 * The part of a compiled MDX page the doc layout reads before the article is drawn: its front matter, title, metadata,
 * assets and table of contents, without the article (`MDXContent`) and what only the article imports.
 */
import {Parser, type Node, type Program, type ModuleDeclaration, type Statement} from 'acorn';
import {simple} from 'acorn-walk';

/** The named exports the docs plugin's MDX loader writes and the classic theme's doc item reads (`useDoc()`). */
export const META_EXPORTS = ['frontMatter', 'contentTitle', 'metadata', 'assets', 'toc'] as const;

type TopLevel = Statement | ModuleDeclaration;

/** The names a top-level statement exports: `export const x = …`, or `export {default as x} from '…'`. */
function exportedConsts(node: TopLevel): string[] {
  if (node.type !== 'ExportNamedDeclaration') return [];
  if (node.declaration?.type === 'VariableDeclaration') {
    return node.declaration.declarations.flatMap((d) => (d.id.type === 'Identifier' ? [d.id.name] : []));
  }
  return node.specifiers.flatMap((s) => (s.exported.type === 'Identifier' ? [s.exported.name] : []));
}

/** Every identifier read inside a node. */
function identifiers(node: Node): Set<string> {
  const names = new Set<string>();
  simple(node, {
    Identifier(id) {
      names.add((id as unknown as {name: string}).name);
    },
  });
  return names;
}

/**
 * The module source with only `META_EXPORTS` and the imports they read (a table of contents that includes a
 * partial's reads that partial's `toc`). Throws, naming the file, when the compiled page lacks one of them: the doc
 * layout would break on it.
 */
export function metaModule(source: string, file: string): string {
  const program = Parser.parse(source, {ecmaVersion: 'latest', sourceType: 'module'}) as Program;
  const kept = program.body.filter((node) =>
    exportedConsts(node).some((name) => (META_EXPORTS as readonly string[]).includes(name)),
  );
  const declared = new Set(kept.flatMap(exportedConsts));
  const missing = META_EXPORTS.filter((name) => !declared.has(name));
  if (missing.length > 0) {
    throw new Error(`${file}: the compiled page has no ${missing.join(', ')} export, which the doc layout reads.`);
  }
  const read = new Set(kept.flatMap((node) => [...identifiers(node)]));
  const imports = program.body.filter(
    (node) => node.type === 'ImportDeclaration' && node.specifiers.some((s) => read.has(s.local.name)),
  );
  return [...imports, ...kept].map((node) => source.slice(node.start, node.end)).join('\n') + '\n';
}
