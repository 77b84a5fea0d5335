/**
 * The committed SVGs of the site's Mermaid diagrams: where they live and how they are named.
 *
 * `npm run diagrams` (scripts/diagrams.ts) draws every ```mermaid fence of every docs version with Mermaid itself, in a
 * browser, once per colour mode, and writes `diagrams/<key>.svg`. The key is a hash of what decides the drawing: the
 * Mermaid version, the Mermaid theme, the diagram's source and the fence's title. Editing a diagram, or upgrading
 * Mermaid, gives it a new key, so an SVG can never be stale, only missing; the build (./remark.ts) reads the files and
 * never starts a browser.
 *
 * Every id inside an SVG starts with the prefix of its key (`idPrefix`), and every reference to an id (`url(#…)`,
 * `href`, `aria-labelledby`) was rewritten to match: two diagrams of a page, or the light and dark drawing of one, never
 * share an id.
 */
import {createHash} from 'node:crypto';
import {existsSync, readFileSync} from 'node:fs';
import {createRequire} from 'node:module';
import {dirname, join} from 'node:path';
import {attribute, parseSvg, select, textContent, type Element} from '../hast';

import {ROOT} from '../markdownSource';
import type {DiagramSource} from '../mermaidFences';

/** The committed folder of drawn diagrams. */
export const DIAGRAM_DIR = join(ROOT, 'diagrams');

/** The command that draws missing diagrams, for error messages. */
export const DIAGRAMS_COMMAND = 'npm run diagrams';

/** Mermaid's theme for each colour mode of the site; docusaurus.config.ts gives the same to the dev server. */
export const MERMAID_THEMES = {light: 'default', dark: 'dark'} as const;

export type ColorMode = keyof typeof MERMAID_THEMES;
export const COLOR_MODES = Object.keys(MERMAID_THEMES) as ColorMode[];

/**
 * A name the Mermaid runtime's code always holds (its API object): a script holding it carries Mermaid. The benchmark
 * and the tests look for it, in the build and in what pages load.
 */
export const MERMAID_MARKER = 'mermaidAPI';

/** The Mermaid package that @docusaurus/theme-mermaid resolves, so diagrams look as the theme would draw them. */
export function mermaidPackage(): {dir: string; version: string} {
  const fromTheme = createRequire(require.resolve('@docusaurus/theme-mermaid'));
  const dir = dirname(fromTheme.resolve('mermaid/package.json'));
  const {version} = JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8')) as {version: string};
  return {dir, version};
}

/**
 * How scripts/diagrams.ts turns Mermaid's drawing into the stored file (ids, size attributes). Bump it when that
 * changes, so every diagram gets a new key and is drawn again.
 */
const STORE_FORMAT = 3;

/** The content key of one drawing: Mermaid version, theme, title and source (and the store format). */
export function diagramKey({source, title}: DiagramSource, mode: ColorMode, version: string): string {
  return createHash('sha256')
    .update(JSON.stringify([STORE_FORMAT, version, MERMAID_THEMES[mode], title ?? '', source]))
    .digest('hex')
    .slice(0, 20);
}

/** The prefix of every id inside the SVG of `key`. */
export const idPrefix = (key: string) => `m${key.slice(0, 8)}`;

export const svgFile = (key: string, dir = DIAGRAM_DIR) => join(dir, `${key}.svg`);

/** The stored SVG of a key, or null when it has not been drawn. */
export function readSvg(key: string, dir = DIAGRAM_DIR): string | null {
  const file = svgFile(key, dir);
  return existsSync(file) ? readFileSync(file, 'utf8') : null;
}

/** What the page needs to know about a drawn SVG: its accessible name and description, and its size in CSS pixels. */
export interface SvgFacts {
  name: string;
  description: string;
  width: number;
  height: number;
}

/** Reads the facts of an SVG as `npm run diagrams` writes it (root `<svg>` with `<title>`, `<desc>`, width, height). */
export function svgFacts(svg: string): SvgFacts {
  const root = select('svg', parseSvg(svg));
  const child = (tag: string) =>
    root?.children.find((node): node is Element => node.type === 'element' && node.tagName === tag);
  const text = (tag: string) => {
    const el = child(tag);
    return el ? textContent(el).trim() : '';
  };
  return {
    name: text('title'),
    description: text('desc'),
    width: Number(root && attribute(root, 'width')),
    height: Number(root && attribute(root, 'height')),
  };
}
