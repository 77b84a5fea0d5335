/**
 * Finds the fenced code blocks of every MDX page so the example checks can
 * validate, type-check or parse them. Meta strings are parsed into
 * attributes: ```yaml title="pricing.yml" example="valid" gives
 * {title: 'pricing.yml', example: 'valid'}.
 */
import {readFileSync, readdirSync, statSync} from 'node:fs';
import {join, relative} from 'node:path';

export const ROOT = join(__dirname, '..', '..');

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

const CONTENT_DIRS = ['docs', 'versioned_docs', 'src/pages'];

export function mdxFiles(dirs: readonly string[] = CONTENT_DIRS): string[] {
  const out: string[] = [];
  const walk = (dir: string) => {
    for (const name of readdirSync(dir)) {
      const p = join(dir, name);
      if (statSync(p).isDirectory()) walk(p);
      else if (/\.mdx?$/.test(name)) out.push(p);
    }
  };
  for (const d of dirs) {
    const abs = join(ROOT, d);
    try {
      statSync(abs);
    } catch {
      continue;
    }
    walk(abs);
  }
  return out.sort();
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

export function codeBlocks(file: string): CodeBlock[] {
  const source = readFileSync(file, 'utf8');
  const lines = source.split('\n');
  const blocks: CodeBlock[] = [];
  for (let i = 0; i < lines.length; i++) {
    const open = /^(\s*)(`{3,}|~{3,})([\w+-]*)\s*(.*)$/.exec(lines[i]);
    if (!open) continue;
    const [, indent, fence, lang, meta] = open;
    const body: string[] = [];
    let j = i + 1;
    for (; j < lines.length; j++) {
      const close = new RegExp(`^\\s*${fence[0]}{${fence.length},}\\s*$`);
      if (close.test(lines[j])) break;
      body.push(lines[j].startsWith(indent) ? lines[j].slice(indent.length) : lines[j]);
    }
    blocks.push({
      file: relative(ROOT, file),
      line: i + 1,
      lang: lang.toLowerCase(),
      meta: meta.trim(),
      attrs: parseMeta(meta),
      code: body.join('\n') + '\n',
    });
    i = j;
  }
  return blocks;
}

/** Every code block of every published (non-draft) page. */
export function allCodeBlocks(dirs?: readonly string[]): CodeBlock[] {
  return mdxFiles(dirs)
    .filter((f) => !isDraft(readFileSync(f, 'utf8')))
    .flatMap(codeBlocks);
}
