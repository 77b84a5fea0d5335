/**
 * The default export of an adoptable doc page's module in the browser (../loader.ts writes `export default await
 * articleContent(() => import("page.mdx?article"))`).
 *
 * The route's modules are loaded before the page renders: before hydration on the first visit, before the new page
 * renders on a client-side navigation. So the top-level `await` decides what the doc layout gets:
 * - on a client-side navigation, the article's MDX component: its chunk is loaded with the route's other modules, and
 *   the page renders in React as it always has;
 * - on the first visit, when the server's HTML of the article is on the page, a stand-in that names the article
 *   (`AdoptedArticle`), loaded later only if ever needed. ../theme/DocItem/Content adopts the HTML in its place.
 */
import type {ComponentType} from 'react';
import type ContentType from '@theme/DocItem/Content';

type ArticleModule = {default: ComponentType};
type ThemeContent = typeof ContentType;

/**
 * The classic theme's DocItem/Content, which renders an article in React (with `@theme/MDXComponents`, 5 KB gzip
 * that an adopted article does without). It is loaded with every article the browser renders, before the route
 * renders, and read synchronously by ../theme/DocItem/Content.
 */
let themeContent: ThemeContent | undefined;
export function loadThemeContent(): Promise<ThemeContent> {
  return import('@theme-init/DocItem/Content').then((module) => (themeContent = module.default));
}
export function loadedThemeContent(): ThemeContent | undefined {
  return themeContent;
}

/** A component's adoption condition (plugins/adopted-articles/adoptable.ts, CONDITIONAL_COMPONENTS). */
export interface AdoptionCondition {
  canAdopt(): boolean;
  UPGRADE_SELECTOR: string;
  beforeUpgrade(article: HTMLElement): void;
}

/** The stand-in for an article whose server HTML is on the page. */
export interface AdoptedArticle {
  (): never;
  /** Loads the article's MDX component. */
  load: () => Promise<ArticleModule>;
  /** The conditions of its components: reaching for one of their elements has the article rendered in React. */
  conditions: readonly AdoptionCondition[];
  adopted: true;
}

/** The class of the element that holds the article (the classic theme's `ThemeClassNames.docs.docMarkdown`). */
export const ARTICLE_CLASS = 'theme-doc-markdown';

/** Whether the app is hydrating the server's HTML of a doc page: true only while the first page loads. */
function hydratingAnArticle(): boolean {
  return (
    typeof document !== 'undefined' &&
    document.documentElement.getAttribute('data-has-hydrated') !== 'true' &&
    document.querySelector(`.${ARTICLE_CLASS}`) !== null
  );
}

function adoptedArticle(load: () => Promise<ArticleModule>, conditions: readonly AdoptionCondition[]): AdoptedArticle {
  const stand = (() => {
    throw new Error(
      'An adopted article was rendered outside the doc layout: only DocItem/Content (plugins/adopted-articles/theme) can render it.',
    );
  }) as AdoptedArticle;
  stand.load = load;
  stand.conditions = conditions;
  stand.adopted = true;
  return stand;
}

/** An adoptable page's default export: its stand-in on the first visit, else its article. */
export async function articleContent(
  load: () => Promise<ArticleModule>,
  conditions: readonly AdoptionCondition[] = [],
): Promise<ComponentType> {
  if (hydratingAnArticle() && conditions.every((condition) => condition.canAdopt())) {
    return adoptedArticle(load, conditions);
  }
  const [article] = await Promise.all([load(), loadThemeContent()]);
  return article.default;
}

/** Another doc page's default export: its article, once the theme's component that renders it has loaded. */
export async function renderedArticle(article: ComponentType): Promise<ComponentType> {
  await loadThemeContent();
  return article;
}

/** The adopted article a doc layout was given as its content, if it is one. */
export function adoptedArticleOf(type: unknown): AdoptedArticle | null {
  return typeof type === 'function' && (type as Partial<AdoptedArticle>).adopted === true
    ? (type as AdoptedArticle)
    : null;
}
