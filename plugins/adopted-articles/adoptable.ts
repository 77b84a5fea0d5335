/**
 * Which doc pages can be adopted: those whose article needs no React of its own once the server has drawn it. Every
 * element of the article is plain HTML, Markdown, a code block, a diagram, or one of the components below, whose
 * behaviour in the browser ./client/behaviours.ts gives to the server's HTML.
 */
import type {Root} from 'mdast';
import {visit} from 'unist-util-visit';
import {parseSource} from '../markdownSource';

/**
 * Components an adopted article may use, each with what it does in the browser:
 * - `Tabs`, `TabItem`: switch panels, and keep a `groupId`'s choice (behaviours.ts: tabs);
 * - `details`: the theme's collapsible details (behaviours.ts: details);
 * - `SchemaFields`, `SpacePermissionMatrix`: tables drawn from data when the site is built; their scrolling boxes
 *   join the tab order when they overflow (behaviours.ts: scroll focus).
 * Code blocks get their buttons (./theme/DocItem/Content), links navigate in the app (behaviours.ts: links).
 */
export const ADOPTABLE_COMPONENTS: ReadonlySet<string> = new Set([
  'Tabs',
  'TabItem',
  'details',
  'summary',
  'SchemaFields',
  'SpacePermissionMatrix',
  // The SPACE API reference's parts, drawn from the OpenAPI document when the site is built.
  'SpaceApiReference',
  'SpaceApiOverview',
  'SpaceApiSchemas',
  'SpaceApiUpstreamLink',
  'SpaceApiUpstreamNote',
  'SpaceEndpointIndex',
]);

/**
 * Components whose HTML is right only in some states, each with the module that says when (an adoption condition):
 * `canAdopt()` before hydration; `UPGRADE_SELECTOR`, the elements that, once the reader reaches for them (pointer,
 * touch or focus), have the article rendered in React; `beforeUpgrade(article)`, what to keep of the adopted HTML
 * before that.
 */
export const CONDITIONAL_COMPONENTS: Readonly<Record<string, string>> = {
  SpaceInstancePanel: '@site/src/components/SpaceInstance/adoption',
  SpaceInstanceCode: '@site/src/components/SpaceInstance/adoption',
};

/** The components (capitalised, or MDX-mapped `details`/`summary`) an MDX source uses that block adoption. */
export function blockingComponents(tree: Root): string[] {
  const found = new Set<string>();
  visit(tree, (node) => {
    if (node.type !== 'mdxJsxFlowElement' && node.type !== 'mdxJsxTextElement') return;
    const name = (node as {name?: string | null}).name;
    if (!name) return; // a fragment
    const isComponent = /^[A-Z]/.test(name) || name.includes('.') || name === 'details' || name === 'summary';
    if (isComponent && !ADOPTABLE_COMPONENTS.has(name) && !(name in CONDITIONAL_COMPONENTS)) found.add(name);
  });
  return [...found].sort();
}

/**
 * Whether the page written in `source` can be adopted on a first visit: null when it cannot, else the adoption
 * conditions (module requests, see CONDITIONAL_COMPONENTS) of the components it uses.
 */
export function adoption(source: string): string[] | null {
  const tree = parseSource(source);
  if (blockingComponents(tree).length > 0) return null;
  const conditions = new Set<string>();
  visit(tree, (node) => {
    const name = (node as {name?: string | null}).name;
    if (name && name in CONDITIONAL_COMPONENTS) conditions.add(CONDITIONAL_COMPONENTS[name]!);
  });
  return [...conditions].sort();
}

export function isAdoptable(source: string): boolean {
  return adoption(source) !== null;
}
