/**
 * The SPACE API reference as an adopted article (plugins/adopted-articles): its samples depend on the reader's
 * instance, which only React fills in. So the page is adopted only while no instance is saved in the tab (its server
 * HTML is then exactly what React would draw), and the article is rendered in React as soon as the reader reaches for
 * the instance panel. Values typed or picked while that loads are saved first, so none is lost.
 */
import {DEFAULT_INSTANCE, SAMPLE_FORMS, readInstance, saveInstance, type SpaceInstance} from './store';

/** The panel: controls for readers in the browser (SpaceInstancePanel marks its section with it). */
export const UPGRADE_SELECTOR = '[data-interactive]';

/** Whether the server's HTML of the page is what React would draw now: no instance saved in this tab. */
export function canAdopt(): boolean {
  return readInstance() === DEFAULT_INSTANCE;
}

/** Saves what the reader has typed or picked in the panel's server-drawn form, before React draws it anew. */
export function beforeUpgrade(article: HTMLElement): void {
  const form = article.querySelector(`${UPGRADE_SELECTOR} form`);
  if (!form) return;
  const field = (name: string) => form.querySelector<HTMLInputElement>(`input[name="${name}"]`)?.value;
  const picked = form.querySelector<HTMLInputElement>('input[type="radio"]:checked')?.value;
  const typed: SpaceInstance = {
    baseUrl: field('baseUrl') ?? DEFAULT_INSTANCE.baseUrl,
    apiKey: field('apiKey') ?? '',
    samples: SAMPLE_FORMS.find((form) => form === picked) ?? DEFAULT_INSTANCE.samples,
  };
  const now = readInstance();
  if (typed.baseUrl !== now.baseUrl || typed.apiKey !== now.apiKey || typed.samples !== now.samples)
    saveInstance(typed);
}
