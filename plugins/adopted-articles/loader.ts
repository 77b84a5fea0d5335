/**
 * The bundler's loader for doc pages (see ./index.ts for where it applies). Three requests of one MDX file:
 * - `page.mdx`, as the route registry imports it: `pitch` answers before the MDX loader runs. For a page that can be
 *   adopted (./adoptable.ts), the browser bundle gets a small module: the page's metadata, and a default export that
 *   is the article itself on a client-side navigation, but on the first visit a stand-in that adopts the server's HTML
 *   (./client/shell.ts). Another page gets its article, once the theme's component that renders articles has loaded
 *   (an adopted first visit does without it). The server bundle gets the whole page, through `?article`, so the
 *   server and the browser compile the same request and the MDX loader's cross-compiler cache still compiles it once.
 * - `page.mdx?article`: the page as the MDX loader compiles it, in a chunk of its own.
 * - `page.mdx?article-meta`: the same compilation cut down to its metadata (./meta.ts), by `default` below.
 */
import {readFileSync} from 'node:fs';
import {adoption} from './adoptable';
import {metaModule} from './meta';

export const ARTICLE_QUERY = '?article';
export const META_QUERY = '?article-meta';

interface LoaderContext {
  resourcePath: string;
  getOptions(): LoaderOptions;
  addDependency(file: string): void;
}

export interface LoaderOptions {
  /** `shell` for the registry's import of a page, `meta` for `?article-meta`. */
  mode: 'shell' | 'meta';
  isServer: boolean;
  /** The module that decides what an adoptable page's default export is (./client/shell.ts). */
  shell: string;
}

const request = (path: string) => JSON.stringify(path);

/** Short-circuits the MDX loader for the route registry's import of an adoptable page. */
export function pitch(this: LoaderContext): string | undefined {
  const {mode, isServer, shell} = this.getOptions();
  if (mode !== 'shell') return undefined;
  this.addDependency(this.resourcePath);
  const article = request(this.resourcePath + ARTICLE_QUERY);
  const conditions = isServer ? null : adoption(readFileSync(this.resourcePath, 'utf8'));
  if (conditions === null) {
    return [
      `import {renderedArticle} from ${request(shell)};`,
      `import Article from ${article};`,
      `export * from ${article};`,
      `export default await renderedArticle(Article);`,
      '',
    ].join('\n');
  }
  return [
    `import {articleContent} from ${request(shell)};`,
    ...conditions.map((condition, i) => `import * as condition${i} from ${request(condition)};`),
    `export * from ${request(this.resourcePath + META_QUERY)};`,
    `export default await articleContent(() => import(${article}), [${conditions.map((_, i) => `condition${i}`).join(', ')}]);`,
    '',
  ].join('\n');
}

/** The metadata of a compiled page (`?article-meta`); a page that cannot be adopted passes as it is. */
export default function loader(this: LoaderContext, source: string): string {
  return this.getOptions().mode === 'meta' ? metaModule(source, this.resourcePath) : source;
}
