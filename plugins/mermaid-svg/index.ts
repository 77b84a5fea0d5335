/**
 * The Docusaurus side of the build-time diagrams (the remark step is ./remark.ts, registered per content plugin in
 * docusaurus.config.ts). The bundler's persistent cache keeps compiled MDX pages while their source is unchanged, SVGs
 * inlined; the set of drawn SVGs is recorded in the cache key, so a page is compiled again when its diagrams change
 * (after `npm run diagrams`, or a Mermaid upgrade) and the build never inlines an outdated drawing.
 */
import {createHash} from 'node:crypto';
import {existsSync, readdirSync} from 'node:fs';
import type {Plugin} from '@docusaurus/types';
import {recordInCacheKey} from '../cacheVersion';
import {DIAGRAM_DIR} from './store';

export default function mermaidSvg(): Plugin {
  return {
    name: 'mermaid-svg',
    configureWebpack(config) {
      // The SVG file names are content keys: the sorted list names every drawing exactly.
      const names = existsSync(DIAGRAM_DIR) ? readdirSync(DIAGRAM_DIR).sort() : [];
      recordInCacheKey(config, `-diagrams-${createHash('sha256').update(names.join('\n')).digest('hex').slice(0, 12)}`);
      return {};
    },
  };
}
