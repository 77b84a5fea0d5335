import type {PrismTheme} from 'prism-react-renderer';

/**
 * Code colours for both colour modes. Every token colour keeps a contrast
 * ratio of at least 4.5:1 (WCAG AA) against its block background; the e2e
 * accessibility checks rely on it.
 */
type Palette = {
  background: string;
  text: string;
  comment: string;
  keyword: string;
  string: string;
  number: string;
  func: string;
  key: string;
  builtin: string;
  punctuation: string;
  inserted: string;
  deleted: string;
};

function themeFrom(p: Palette): PrismTheme {
  return {
    plain: {color: p.text, backgroundColor: p.background},
    styles: [
      {types: ['comment', 'prolog', 'doctype', 'cdata'], style: {color: p.comment, fontStyle: 'italic'}},
      {types: ['keyword', 'selector', 'important', 'atrule-keyword'], style: {color: p.keyword}},
      {types: ['string', 'char', 'attr-value', 'regex', 'url', 'template-string'], style: {color: p.string}},
      {types: ['number', 'boolean', 'constant', 'null', 'symbol'], style: {color: p.number}},
      {types: ['function', 'class-name', 'maybe-class-name', 'annotation'], style: {color: p.func}},
      {types: ['property', 'key', 'atrule', 'attr-name', 'tag', 'property-access'], style: {color: p.key}},
      {types: ['builtin', 'variable', 'parameter', 'namespace', 'entity', 'generic'], style: {color: p.builtin}},
      {types: ['punctuation', 'operator'], style: {color: p.punctuation}},
      {types: ['inserted'], style: {color: p.inserted}},
      {types: ['deleted'], style: {color: p.deleted}},
      {types: ['bold'], style: {fontWeight: 'bold'}},
      {types: ['italic'], style: {fontStyle: 'italic'}},
    ],
  };
}

export const prismLight = themeFrom({
  background: '#f6f8fa',
  text: '#1f2328',
  comment: '#57606a',
  keyword: '#b3261e',
  string: '#0a3069',
  number: '#0550ae',
  func: '#6639ba',
  key: '#116329',
  builtin: '#8a3300',
  punctuation: '#24292f',
  inserted: '#116329',
  deleted: '#82071e',
});

export const prismDark = themeFrom({
  background: '#161b22',
  text: '#e6edf3',
  comment: '#9ba4ae',
  keyword: '#ff7b72',
  string: '#a5d6ff',
  number: '#79c0ff',
  func: '#d2a8ff',
  key: '#7ee787',
  builtin: '#ffa657',
  punctuation: '#c9d1d9',
  inserted: '#7ee787',
  deleted: '#ffa198',
});
