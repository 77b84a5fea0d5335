/**
 * Mermaid diagrams are drawn ahead of time (`npm run diagrams`, scripts/diagrams.ts) into diagrams/, and the build
 * inlines them (plugins/mermaid-svg). These tests keep that folder exactly current: every fence of every version has
 * its light and dark SVG for the Mermaid version the theme resolves, each SVG is fit to share a page, and nothing else
 * is in the folder. They also check the remark step itself.
 */
import {mkdtempSync, readdirSync, readFileSync, writeFileSync} from 'node:fs';
import {tmpdir} from 'node:os';
import {join} from 'node:path';
import type {Code, Root} from 'mdast';
import type {MdxJsxFlowElement} from 'mdast-util-mdx-jsx';
import {VFile} from 'vfile';
import {afterEach, describe, expect, it, vi} from 'vitest';
import {attribute, parseSvg, select, selectAll} from '../hast';
import {allFences} from '../mermaidFences';
import remarkMermaidSvg, {DIAGRAM_COMPONENT} from './remark';
import {
  COLOR_MODES,
  DIAGRAMS_COMMAND,
  DIAGRAM_DIR,
  diagramKey,
  idPrefix,
  mermaidPackage,
  readSvg,
  svgFacts,
  svgFile,
} from './store';
import {ROOT, allCodeBlocks} from '../../tests/utils/codeBlocks';

const {version} = mermaidPackage();
const fences = allFences();
const current = new Set(fences.flatMap((fence) => COLOR_MODES.map((mode) => diagramKey(fence, mode, version))));

describe('diagrams/', () => {
  it('finds the fences the test suite reads elsewhere, in every version', () => {
    const count = (files: string[]) => files.reduce((n, f) => n.set(f, (n.get(f) ?? 0) + 1), new Map<string, number>());
    const lineBased = allCodeBlocks().filter((b) => b.lang === 'mermaid');
    expect(count(fences.map((f) => f.file))).toEqual(count(lineBased.map((b) => b.file)));
    expect(new Set(fences.map((f) => f.file.split('/')[0]))).toEqual(new Set(['docs', 'versioned_docs', 'src']));
  });

  it(`holds a current SVG of every diagram in both colour modes (else run \`${DIAGRAMS_COMMAND}\`)`, () => {
    const missing = fences.flatMap((fence) =>
      COLOR_MODES.filter((mode) => readSvg(diagramKey(fence, mode, version)) === null).map(
        (mode) => `${fence.file}:${fence.line} (${mode} mode)`,
      ),
    );
    expect(
      missing,
      `These diagrams have no SVG drawn by Mermaid ${version}: run \`${DIAGRAMS_COMMAND}\` and commit diagrams/.\n` +
        missing.join('\n'),
    ).toEqual([]);
  });

  it('holds nothing else', () => {
    const stale = readdirSync(DIAGRAM_DIR).filter((f) => !current.has(f.replace(/\.svg$/, '')));
    expect(stale, `Not used by any page: run \`${DIAGRAMS_COMMAND}\`, which removes them.`).toEqual([]);
  });

  it('gives every drawing a name, a description, a size and ids of its own that its references point to', () => {
    const problems: string[] = [];
    for (const key of current) {
      const svg = readSvg(key);
      if (svg === null) continue;
      const facts = svgFacts(svg);
      const tree = parseSvg(svg);
      const root = select('svg', tree)!;
      const [, , w, h] = (attribute(root, 'viewBox') ?? '').split(/[\s,]+/).map(Number);
      const where = `diagrams/${key}.svg`;
      if (!facts.name || !facts.description) problems.push(`${where}: no accessible name or description`);
      if (!(facts.width === w && facts.height === h && w > 0 && h > 0)) problems.push(`${where}: size ≠ viewBox`);
      const role = attribute(root, 'role');
      if (role !== 'graphics-document document') problems.push(`${where}: role ${role}`);
      const ids = selectAll('[id]', tree).map((el) => attribute(el, 'id')!);
      const foreign = ids.filter((id) => !id.startsWith(idPrefix(key)));
      if (foreign.length) problems.push(`${where}: ids without the prefix ${idPrefix(key)}: ${foreign.join(', ')}`);
      if (new Set(ids).size !== ids.length) problems.push(`${where}: repeated ids`);
      const refs = [
        ...[...svg.matchAll(/url\(['"]?#([^'")]+)['"]?\)/g)].map((m) => m[1]),
        ...selectAll('[aria-labelledby], [aria-describedby]', tree).flatMap((el) =>
          `${attribute(el, 'aria-labelledby') ?? ''} ${attribute(el, 'aria-describedby') ?? ''}`.split(' '),
        ),
      ].filter(Boolean);
      const dangling = refs.filter((id) => !ids.includes(id));
      if (dangling.length) problems.push(`${where}: references to missing ids: ${dangling.join(', ')}`);
    }
    expect(problems).toEqual([]);
  });
});

describe('the diagrams of a page', () => {
  it('have names of their own', () => {
    const names = new Map<string, string[]>();
    for (const fence of fences) {
      const svg = readSvg(diagramKey(fence, 'light', version));
      if (svg === null) continue;
      names.set(fence.file, [...(names.get(fence.file) ?? []), svgFacts(svg).name]);
    }
    const repeated = [...names].filter(([, list]) => new Set(list).size !== list.length).map(([file]) => file);
    expect(repeated).toEqual([]);
  });
});

describe('the remark step (plugins/mermaid-svg/remark.ts)', () => {
  const sample = fences.find((f) => f.file === 'docs/docs/Introduction.mdx')!;
  const captioned = fences.find((f) => f.title)!;

  /** A page holding the given diagrams, as the MDX parser gives it to remark. */
  function page(...diagrams: {source: string; title?: string}[]): Root {
    return {
      type: 'root',
      children: diagrams.map((d, i): Code => ({
        type: 'code',
        lang: 'mermaid',
        meta: d.title ? `title="${d.title}"` : null,
        value: d.source,
        position: {start: {line: 10 * (i + 1), column: 1}, end: {line: 10 * (i + 1) + 3, column: 4}},
      })),
    };
  }
  const file = () => new VFile({path: join(ROOT, 'docs/example.mdx')});
  const attrs = (node: unknown) =>
    Object.fromEntries((node as MdxJsxFlowElement).attributes.map((a) => [(a as {name: string}).name, a.value]));

  afterEach(() => {
    vi.restoreAllMocks();
  });

  it('puts the drawn SVGs of both colour modes in place of the fence, with the name and the drawn width', () => {
    const tree = page(sample);
    remarkMermaidSvg()(tree, file());
    const [element] = tree.children as unknown as MdxJsxFlowElement[];
    expect(element.type).toBe('mdxJsxFlowElement');
    expect(element.name).toBe(DIAGRAM_COMPONENT);
    const {light, dark, name, width, caption} = attrs(element);
    expect(light).toBe(readSvg(diagramKey(sample, 'light', version)));
    expect(dark).toBe(readSvg(diagramKey(sample, 'dark', version)));
    expect(name).toBe(svgFacts(light as string).name);
    expect(Number(width)).toBe(svgFacts(light as string).width);
    expect(caption).toBeUndefined();
  });

  it("names a diagram after its fence's title and shows the title as a caption", () => {
    const tree = page(captioned);
    remarkMermaidSvg()(tree, file());
    const {name, caption} = attrs(tree.children[0]);
    expect(name).toBe(captioned.title);
    expect(caption).toBe(captioned.title);
  });

  it('gives a repeated diagram ids of its own', () => {
    const tree = page(sample, sample);
    remarkMermaidSvg()(tree, file());
    const [first, second] = tree.children.map((node) => attrs(node).light as string);
    const ids = (svg: string) => [...svg.matchAll(/\sid="([^"]+)"/g)].map((m) => m[1]);
    expect(ids(first).filter((id) => ids(second).includes(id))).toEqual([]);
    expect(ids(second).length).toBe(ids(first).length);
  });

  it('fails the build on a diagram that has not been drawn, naming file, line and command', () => {
    const tree = page({source: 'flowchart LR\n  accTitle: New\n  accDescr: Not drawn yet\n  A --> B'});
    expect(() => remarkMermaidSvg()(tree, file())).toThrow(
      `docs/example.mdx:10: this Mermaid diagram has not been drawn for Mermaid ${version} (light and dark mode). ` +
        `Run \`${DIAGRAMS_COMMAND}\``,
    );
  });

  it('leaves an undrawn diagram to the Mermaid theme under the dev server, and says so', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const tree = page({source: 'flowchart LR\n  A --> B'});
    remarkMermaidSvg({fallbackToRuntime: true})(tree, file());
    expect(tree.children[0].type).toBe('code');
    expect(warn).toHaveBeenCalledWith(expect.stringContaining('docs/example.mdx:10'));
    warn.mockRestore();
  });

  it('fails on a diagram without an accessible name, in the dev server too', () => {
    const dir = mkdtempSync(join(tmpdir(), 'diagrams-'));
    const diagram = {source: 'flowchart LR\n  A --> B'};
    for (const mode of COLOR_MODES) {
      writeFileSync(
        svgFile(diagramKey(diagram, mode, version), dir),
        readFileSync(svgFile(diagramKey(sample, mode, version)), 'utf8').replace(/<title[^>]*>[^<]*<\/title>/, ''),
      );
    }
    expect(() => remarkMermaidSvg({dir, fallbackToRuntime: true})(page(diagram), file())).toThrow(
      /docs\/example\.mdx:10: this Mermaid diagram has no accessible name\. Give it `accTitle: …` and `accDescr: …`/,
    );
  });
});
