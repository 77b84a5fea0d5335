import type {PrismTheme} from 'prism-react-renderer';

/**
 * One code theme for both colour modes: every colour is a CSS variable (`--code-*`), and src/css/custom.css gives
 * those variables their light and dark values. Every token colour keeps a contrast ratio of at least 4.5:1 (WCAG AA)
 * against its block background; the e2e accessibility checks rely on it.
 *
 * Why variables instead of the usual light and dark theme objects: the theme writes token colours into the HTML as
 * inline styles. With two themes, the server-rendered colours are the light ones, so the stock code block remounts
 * after hydration to repaint in dark mode, rebuilding every highlighted line of the page in one long main-thread
 * task. With variables, the HTML is right in both modes from the first paint, and plugins/code-on-demand/theme/CodeBlock skips the
 * remount.
 */
const v = (name: string) => `var(--code-${name})`;

export const prismTheme: PrismTheme = {
  plain: {color: v('text'), backgroundColor: v('background')},
  styles: [
    {types: ['comment', 'prolog', 'doctype', 'cdata'], style: {color: v('comment'), fontStyle: 'italic'}},
    {types: ['keyword', 'selector', 'important', 'atrule-keyword'], style: {color: v('keyword')}},
    {types: ['string', 'char', 'attr-value', 'regex', 'url', 'template-string'], style: {color: v('string')}},
    {types: ['number', 'boolean', 'constant', 'null', 'symbol'], style: {color: v('number')}},
    {types: ['function', 'class-name', 'maybe-class-name', 'annotation'], style: {color: v('func')}},
    {types: ['property', 'key', 'atrule', 'attr-name', 'tag', 'property-access'], style: {color: v('key')}},
    {types: ['builtin', 'variable', 'parameter', 'namespace', 'entity', 'generic'], style: {color: v('builtin')}},
    {types: ['punctuation', 'operator'], style: {color: v('punctuation')}},
    {types: ['inserted'], style: {color: v('inserted')}},
    {types: ['deleted'], style: {color: v('deleted')}},
    {types: ['bold'], style: {fontWeight: 'bold'}},
    {types: ['italic'], style: {fontStyle: 'italic'}},
  ],
};
