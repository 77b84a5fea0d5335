/**
 * Mermaid diagrams drawn ahead of time. The pieces, all in this folder but the first's second half:
 * - ./store.ts, ../mermaidFences.ts: where the drawn SVGs live (diagrams/) and the ```mermaid fences of the sources
 *   (shared with the Markdown twins); scripts/diagrams.ts draws them (`npm run diagrams`).
 * - ./remark.ts (registered per content plugin in docusaurus.config.ts): puts the drawings in place of each fence.
 * - ./theme: the `MermaidDiagram` component that shows them and the MDX components that give it to every page, theme
 *   components of this plugin (see plugins/code-on-demand/index.ts for how they layer with the classic theme's).
 * - this plugin, the Docusaurus side. The bundler's persistent cache keeps compiled MDX pages while their source is unchanged, SVGs
 * inlined; the set of drawn SVGs is recorded in the cache key, so a page is compiled again when its diagrams change
 * (after `npm run diagrams`, or a Mermaid upgrade) and the build never inlines an outdated drawing.
 */
import {createHash} from 'node:crypto';
import {existsSync, readdirSync} from 'node:fs';
import {join} from 'node:path';
import type {Plugin} from '@docusaurus/types';
import {recordInCacheKey} from '../cacheVersion';
import {DIAGRAM_DIR} from './store';

/** The theme components: TypeScript the site's bundler compiles, so the same folder serves as both theme paths. */
const THEME_DIR = join(__dirname, 'theme');

export default function mermaidSvg(): Plugin {
  return {
    name: 'mermaid-svg',
    getThemePath: () => THEME_DIR,
    getTypeScriptThemePath: () => THEME_DIR,
    configureWebpack(config) {
      // The SVG file names are content keys: the sorted list names every drawing exactly.
      const names = existsSync(DIAGRAM_DIR) ? readdirSync(DIAGRAM_DIR).sort() : [];
      recordInCacheKey(config, `-diagrams-${createHash('sha256').update(names.join('\n')).digest('hex').slice(0, 12)}`);
      return {};
    },
  };
}
