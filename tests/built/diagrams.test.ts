/**
 * The built site holds its Mermaid diagrams as drawn SVG (plugins/mermaid-svg) and not a byte of the Mermaid runtime.
 */
import {readdirSync, readFileSync} from 'node:fs';
import {join} from 'node:path';
import {describe, expect, it} from 'vitest';
import {attribute, select, selectAll} from '../../plugins/hast';
import {allFences, type Fence} from '../../plugins/mermaidFences';
import {COLOR_MODES, MERMAID_MARKER, diagramKey, idPrefix, mermaidPackage} from '../../plugins/mermaid-svg/store';
import {CURRENT_VERSION, docPath} from '../../src/constants';
import {BUILD, builtPages} from './site';

const {version} = mermaidPackage();

/** The URL path a source file is published at. */
function pathOf(file: string): string {
  const versioned = /^versioned_docs\/version-([^/]+)\/(.+)\.mdx?$/.exec(file);
  if (versioned) return docPath(versioned[2], versioned[1]);
  const current = /^docs\/(.+)\.mdx?$/.exec(file);
  if (current) return docPath(current[1], CURRENT_VERSION);
  return `/${file.replace(/^src\/pages\//, '').replace(/\.mdx?$/, '')}`;
}

describe('Mermaid in the build', () => {
  it('no script of the build holds the Mermaid runtime', () => {
    const js = readdirSync(join(BUILD, 'assets', 'js')).filter((f) => f.endsWith('.js'));
    expect(js.length).toBeGreaterThan(10);
    expect(js.filter((f) => readFileSync(join(BUILD, 'assets', 'js', f), 'utf8').includes(MERMAID_MARKER))).toEqual([]);
  });

  it('every page shows each of its diagrams, in source order, as a light and a dark drawing', () => {
    const byPath = new Map(builtPages().map((p) => [p.path, p]));
    const bySource = new Map<string, Fence[]>();
    for (const fence of allFences()) bySource.set(fence.file, [...(bySource.get(fence.file) ?? []), fence]);
    const problems: string[] = [];
    for (const [file, fences] of bySource) {
      const page = byPath.get(pathOf(file));
      if (!page) {
        problems.push(`${file}: no built page at ${pathOf(file)}`);
        continue;
      }
      const figures = selectAll('[data-mermaid-diagram]', page.tree);
      const drawn = figures.map((figure) =>
        COLOR_MODES.map((mode) => {
          const svg = selectAll(`[data-color-mode="${mode}"] > svg`, figure).find((el) => el !== figure);
          return svg && attribute(svg, 'id');
        }).join(' '),
      );
      const expected = fences.map((fence) =>
        COLOR_MODES.map((mode) => idPrefix(diagramKey(fence, mode, version))).join(' '),
      );
      if (drawn.join('\n') !== expected.join('\n')) problems.push(`${page.file}: ${drawn} instead of ${expected}`);
    }
    expect(problems).toEqual([]);
    expect(bySource.size).toBeGreaterThan(40);
  });

  it('a page with diagrams repeats no id, and each drawing has its size', () => {
    const pages = builtPages().filter((p) => select('[data-mermaid-diagram]', p.tree));
    expect(pages.length).toBeGreaterThan(40);
    const problems: string[] = [];
    for (const page of pages) {
      const ids = selectAll('[id]', page.tree).map((el) => attribute(el, 'id'));
      const repeated = ids.filter((id, i) => ids.indexOf(id) !== i);
      if (repeated.length) problems.push(`${page.file}: repeated ids ${[...new Set(repeated)].join(', ')}`);
      for (const svg of selectAll('[data-mermaid-diagram] [data-color-mode] > svg', page.tree)) {
        const [width, height, viewBox] = ['width', 'height', 'viewBox'].map((name) => attribute(svg, name));
        if (!(Number(width) > 0 && Number(height) > 0 && viewBox)) {
          problems.push(`${page.file}: ${attribute(svg, 'id')}`);
        }
      }
    }
    expect(problems).toEqual([]);
  });
});
