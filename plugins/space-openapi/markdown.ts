/**
 * The descriptions of an OpenAPI document are CommonMark. The reference page shows them as HTML rendered here, at
 * build time, with remark and rehype (raw HTML in a description is dropped), so the browser needs no Markdown parser.
 */
import rehypeStringify from 'rehype-stringify';
import remarkParse from 'remark-parse';
import remarkRehype from 'remark-rehype';
import {unified} from 'unified';

const processor = unified().use(remarkParse).use(remarkRehype).use(rehypeStringify);

/**
 * HTML of a Markdown text; a single paragraph comes without its `<p>`, so it fits a table cell or a sentence. Outside
 * preformatted text, line breaks become spaces, which the browser shows the same.
 */
export function markdownToHtml(markdown: string): string {
  const rendered = String(processor.processSync(markdown)).trim();
  const html = rendered.includes('<pre') ? rendered : rendered.replace(/\n/g, ' ');
  const single = /^<p>([\s\S]*)<\/p>$/.exec(html);
  return single && !single[1].includes('<p>') ? single[1] : html;
}

/** Keys whose string values are CommonMark in an OpenAPI document (and in this document's extensions). */
const MARKDOWN_KEYS = new Set(['description', 'x-upstream-differs']);
/** Keys whose values are data, left as they are. */
const DATA_KEYS = new Set(['example', 'examples', 'default', 'enum', 'const']);

/** A copy of the document with every description turned into HTML. */
export function withHtmlDescriptions<T>(value: T): T {
  if (Array.isArray(value)) return value.map(withHtmlDescriptions) as T;
  if (!value || typeof value !== 'object') return value;
  const out: Record<string, unknown> = {};
  for (const [key, sub] of Object.entries(value)) {
    if (DATA_KEYS.has(key)) out[key] = sub;
    else if (MARKDOWN_KEYS.has(key) && typeof sub === 'string') out[key] = markdownToHtml(sub);
    else out[key] = withHtmlDescriptions(sub);
  }
  return out as T;
}
