/**
 * The one way the build and the tests read HTML and SVG: parsed into hast with rehype-parse (parse5, as a browser
 * parses), queried with hast-util-select's CSS selectors. The helpers below answer what the DOM would: an element's
 * `textContent` and the string value of an attribute.
 */
import type {Element, Nodes, Root} from 'hast';
import {find, html as htmlSchema, svg as svgSchema} from 'property-information';
import rehypeParse from 'rehype-parse';
import {unified} from 'unified';
import {visit} from 'unist-util-visit';

export {select, selectAll, matches} from 'hast-util-select';
export type {Element, Nodes, Root} from 'hast';

const htmlParser = unified().use(rehypeParse);
const svgParser = unified().use(rehypeParse, {fragment: true, space: 'svg'});

/** A whole HTML document. */
export function parseHtml(html: string): Root {
  return htmlParser.parse(html);
}

/** An SVG file (its root `<svg>` and everything in it). */
export function parseSvg(svg: string): Root {
  return svgParser.parse(svg);
}

/** The DOM's `textContent`: every text node under `node`, in document order, joined as is. */
export function textContent(node: Nodes): string {
  let text = '';
  visit(node, 'text', (child) => {
    text += child.value;
  });
  return text;
}

/** The value of attribute `name` as the markup wrote it (a token list joined again), or undefined when absent. */
export function attribute(element: Element, name: string): string | undefined {
  // HTML elements have their properties named by the HTML schema, those of inline SVG by the SVG one.
  for (const schema of [htmlSchema, svgSchema]) {
    const info = find(schema, name);
    if (!(info.property in element.properties)) continue;
    const value = element.properties[info.property];
    if (value === undefined || value === null || value === false) return undefined;
    if (value === true) return '';
    if (Array.isArray(value)) return value.join(info.commaSeparated ? ', ' : ' ');
    return String(value);
  }
  return undefined;
}

/** Every attribute of an element, by the name the markup gave it, with its string value. */
export function attributes(element: Element): [name: string, value: string][] {
  return Object.keys(element.properties).flatMap((property) => {
    const name = find(htmlSchema, property).attribute;
    const value = attribute(element, name);
    return value === undefined ? [] : [[name, value] as [string, string]];
  });
}

/** Whether the element's `class` attribute lists `name`. */
export function hasClass(element: Element, name: string): boolean {
  const classes = element.properties.className;
  return Array.isArray(classes) && classes.includes(name);
}

/** The elements of `tree`, in document order (the root's children first when it is one). */
export function elements(tree: Nodes): Element[] {
  const found: Element[] = [];
  visit(tree, 'element', (element) => {
    found.push(element);
  });
  return found;
}

/** The element's start tag, as a short description of it in messages. */
export function startTag(element: Element): string {
  const attrs = attributes(element).map(([name, value]) => (value === '' ? ` ${name}` : ` ${name}="${value}"`));
  return `<${element.tagName}${attrs.join('')}>`;
}
