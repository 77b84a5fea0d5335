/**
 * Finds the fenced code blocks of every MDX page so the example checks can
 * validate, type-check or parse them. Meta strings are parsed into
 * attributes: ```yaml title="pricing.yml" example="valid" gives
 * {title: 'pricing.yml', example: 'valid'}.
 */
import {readFileSync} from 'node:fs';
import {relative} from 'node:path';
import {ROOT, codeNodes, parseSource, sourceFiles} from '../../plugins/markdownSource';

export {ROOT};

export interface CodeBlock {
  /** Path relative to the repository root. */
  file: string;
  /** 1-based line of the opening fence. */
  line: number;
  lang: string;
  meta: string;
  attrs: Record<string, string>;
  code: string;
}

/** The Markdown and MDX files of the given folders (by default every folder of pages), sorted. */
export function mdxFiles(dirs?: readonly string[]): string[] {
  return sourceFiles(dirs);
}

/** Parses `key="value"`, `key='value'`, `key=value` and bare `flag` tokens. */
export function parseMeta(meta: string): Record<string, string> {
  const attrs: Record<string, string> = {};
  const re = /([\w-]+)(?:=(?:"([^"]*)"|'([^']*)'|(\S+)))?/g;
  let m: RegExpExecArray | null;
  while ((m = re.exec(meta))) {
    if (m[1].startsWith('{')) continue;
    attrs[m[1]] = m[2] ?? m[3] ?? m[4] ?? '';
  }
  return attrs;
}

/** Whether a page is a draft (left out of production builds). */
export function isDraft(source: string): boolean {
  const fm = /^---\n([\s\S]*?)\n---/.exec(source);
  return !!fm && /^draft:\s*true\s*$/m.test(fm[1]);
}

/** The fenced code blocks of a page, as the MDX loader parses it (plugins/markdownSource.ts). */
export function codeBlocks(file: string): CodeBlock[] {
  return codeNodes(parseSource(readFileSync(file, 'utf8'))).map((node) => ({
    file: relative(ROOT, file),
    line: node.position!.start.line,
    lang: (node.lang ?? '').toLowerCase(),
    meta: node.meta ?? '',
    attrs: parseMeta(node.meta ?? ''),
    code: `${node.value}\n`,
  }));
}

/** Every code block of every published (non-draft) page. */
export function allCodeBlocks(dirs?: readonly string[]): CodeBlock[] {
  return mdxFiles(dirs)
    .filter((f) => !isDraft(readFileSync(f, 'utf8')))
    .flatMap(codeBlocks);
}
