/**
 * Links that open a new tab cannot reach back to the page, and every image has a text alternative and exists.
 */
import {describe, expect, it} from 'vitest';
import {ORIGIN, builtPages, fileFor} from './site';

const pages = builtPages();

describe('links opening a new tab', () => {
  it('all carry rel="noopener noreferrer"', () => {
    let count = 0;
    const bad: string[] = [];
    for (const {file, $} of pages) {
      $('a[target="_blank"], area[target="_blank"], form[target="_blank"]').each((_, el) => {
        count++;
        const rel = ($(el).attr('rel') ?? '').toLowerCase().split(/\s+/);
        if (!rel.includes('noopener') || !rel.includes('noreferrer')) bad.push(`${file}: ${$.html(el).slice(0, 160)}`);
      });
    }
    // The footer's repository links open a new tab on every page.
    expect(count).toBeGreaterThan(pages.length);
    expect(bad).toEqual([]);
  });
});

describe('images', () => {
  it('all have a text alternative, or are marked decorative', () => {
    let count = 0;
    const bad: string[] = [];
    for (const {file, $} of pages) {
      $('img').each((_, el) => {
        count++;
        const img = $(el);
        const alt = img.attr('alt');
        const decorative =
          alt === '' &&
          (['presentation', 'none'].includes(img.attr('role') ?? '') || img.attr('aria-hidden') === 'true');
        if (!(alt?.trim() || decorative)) bad.push(`${file}: ${$.html(el)}`);
      });
    }
    expect(count).toBeGreaterThan(pages.length);
    expect(bad).toEqual([]);
  });

  it('all exist in the build', () => {
    const missing: string[] = [];
    let count = 0;
    for (const {file, path, $} of pages) {
      const refs: string[] = [];
      $('img[src]').each((_, el) => void refs.push($(el).attr('src')!));
      $('img[srcset], source[srcset]').each((_, el) =>
        $(el)
          .attr('srcset')!
          .split(',')
          .forEach((candidate) => refs.push(candidate.trim().split(/\s+/)[0])),
      );
      $('link[rel~="icon"], link[rel="apple-touch-icon"], link[rel="preload"][as="image"]').each(
        (_, el) => void refs.push($(el).attr('href')!),
      );
      $('meta[property="og:image"], meta[name="twitter:image"]').each(
        (_, el) => void refs.push($(el).attr('content')!),
      );
      for (const ref of refs) {
        if (ref.startsWith('data:')) continue;
        const url = new URL(ref, `${ORIGIN}${path}`);
        // Images from elsewhere would break the site's no-third-party rule (tests/e2e/routes.spec.ts).
        if (url.origin !== ORIGIN || !fileFor(url.pathname)) missing.push(`${file}: ${ref}`);
        count++;
      }
    }
    expect(count).toBeGreaterThan(pages.length);
    expect(missing).toEqual([]);
  });
});
