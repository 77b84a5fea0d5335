/**
 * Remark plugin: replaces every ```mermaid fence with the SVGs `npm run diagrams` drew for it (one per colour mode),
 * rendered by ./theme/MermaidDiagram. The page's HTML then holds the finished diagram: no browser at build time
 * and no Mermaid runtime on the page.
 *
 * A fence without its SVGs fails the build, naming the file, the line and the command to run. Under
 * `docusaurus start` (`fallbackToRuntime`) it is left to the Mermaid theme instead, which draws it in the browser
 * until the SVGs exist. A diagram without an accessible name and description fails in both.
 *
 * Registered in docusaurus.config.ts before the default remark plugins, so it sees the fences before the MDX loader's
 * own Mermaid step turns them into runtime diagrams.
 */
import {relative} from 'node:path';
import type {Root} from 'mdast';
import type {MdxJsxAttribute, MdxJsxFlowElement} from 'mdast-util-mdx-jsx';
import type {VFile} from 'vfile';
import {
  COLOR_MODES,
  DIAGRAMS_COMMAND,
  DIAGRAM_DIR,
  type ColorMode,
  diagramKey,
  idPrefix,
  mermaidPackage,
  readSvg,
  svgFacts,
} from './store';
import {ROOT} from '../markdownSource';
import {fenceTitle, mermaidCodeNodes} from '../mermaidFences';

export interface RemarkMermaidSvgOptions {
  /** Leave a diagram that has no SVG yet to the Mermaid theme's runtime instead of failing (the dev server). */
  fallbackToRuntime?: boolean;
  /** The folder of drawn SVGs (default: diagrams/). */
  dir?: string;
}

/** The component (./theme/MDXComponents.tsx provides it to every MDX page) that renders a drawn diagram. */
export const DIAGRAM_COMPONENT = 'MermaidDiagram';

const attribute = (name: string, value: string): MdxJsxAttribute => ({type: 'mdxJsxAttribute', name, value});

export default function remarkMermaidSvg(options: RemarkMermaidSvgOptions = {}) {
  const dir = options.dir ?? DIAGRAM_DIR;
  const {version} = mermaidPackage();

  return (tree: Root, file: VFile) => {
    // The same diagram twice on one page would repeat its ids: later copies get a suffix on their prefix.
    const copies = new Map<string, number>();
    for (const {node, parent, index} of mermaidCodeNodes(tree)) {
      const where = `${relative(ROOT, file.path)}:${node.position?.start.line ?? '?'}`;
      const diagram = {source: node.value, title: fenceTitle(node.meta)};
      const svgs: Partial<Record<ColorMode, string>> = {};
      for (const mode of COLOR_MODES) {
        const key = diagramKey(diagram, mode, version);
        const svg = readSvg(key, dir);
        if (svg === null) continue;
        const copy = (copies.get(key) ?? 0) + 1;
        copies.set(key, copy);
        svgs[mode] = copy === 1 ? svg : svg.split(idPrefix(key)).join(`${idPrefix(key)}c${copy}`);
      }
      const missing = COLOR_MODES.filter((mode) => !svgs[mode]);
      if (missing.length) {
        const message =
          `${where}: this Mermaid diagram has not been drawn for Mermaid ${version} (${missing.join(' and ')} mode). ` +
          `Run \`${DIAGRAMS_COMMAND}\` and commit the new files of diagrams/.`;
        if (options.fallbackToRuntime) {
          console.warn(`[mermaid-svg] ${message} Until then the dev server draws it in the browser.`);
          continue;
        }
        throw new Error(message);
      }
      const facts = svgFacts(svgs.light!);
      const lacking = [!facts.name && 'name', !facts.description && 'description'].filter(Boolean);
      if (lacking.length) {
        throw new Error(
          `${where}: this Mermaid diagram has no accessible ${lacking.join(' or ')}. Give it \`accTitle: …\` and ` +
            '`accDescr: …` lines after its first line (a `title="…"` on the fence also names it), then run ' +
            `\`${DIAGRAMS_COMMAND}\`.`,
        );
      }
      const element: MdxJsxFlowElement = {
        type: 'mdxJsxFlowElement',
        name: DIAGRAM_COMPONENT,
        attributes: [
          attribute('light', svgs.light!),
          attribute('dark', svgs.dark!),
          attribute('name', facts.name),
          attribute('width', String(Math.max(facts.width, svgFacts(svgs.dark!).width))),
          ...(diagram.title ? [attribute('caption', diagram.title)] : []),
        ],
        children: [],
        position: node.position,
      };
      parent.children[index] = element;
    }
  };
}
