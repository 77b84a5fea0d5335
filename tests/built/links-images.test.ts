/**
 * Links that open a new tab cannot reach back to the page, and every image has a text alternative and exists.
 */
import {describe, expect, it} from 'vitest';
import {attribute, selectAll, startTag} from '../../plugins/hast';
import {ORIGIN, builtPages, fileFor} from './site';

const pages = builtPages();

describe('links opening a new tab', () => {
  it('all carry rel="noopener noreferrer"', () => {
    let count = 0;
    const bad: string[] = [];
    for (const {file, tree} of pages) {
      for (const el of selectAll('a[target="_blank"], area[target="_blank"], form[target="_blank"]', tree)) {
        count++;
        const rel = (attribute(el, 'rel') ?? '').toLowerCase().split(/\s+/);
        if (!rel.includes('noopener') || !rel.includes('noreferrer'))
          bad.push(`${file}: ${startTag(el).slice(0, 160)}`);
      }
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
    for (const {file, tree} of pages) {
      for (const img of selectAll('img', tree)) {
        count++;
        const alt = attribute(img, 'alt');
        const decorative =
          alt === '' &&
          (['presentation', 'none'].includes(attribute(img, 'role') ?? '') || attribute(img, 'aria-hidden') === 'true');
        if (!(alt?.trim() || decorative)) bad.push(`${file}: ${startTag(img)}`);
      }
    }
    expect(count).toBeGreaterThan(pages.length);
    expect(bad).toEqual([]);
  });

  it('all exist in the build', () => {
    const missing: string[] = [];
    let count = 0;
    for (const {file, path, tree} of pages) {
      const refs: string[] = [];
      const all = (selector: string, name: string) => selectAll(selector, tree).map((el) => attribute(el, name)!);
      refs.push(...all('img[src]', 'src'));
      for (const srcset of all('img[srcset], source[srcset]', 'srcset')) {
        srcset.split(',').forEach((candidate) => refs.push(candidate.trim().split(/\s+/)[0]));
      }
      refs.push(...all('link[rel~="icon"], link[rel="apple-touch-icon"], link[rel="preload"][as="image"]', 'href'));
      refs.push(...all('meta[property="og:image"], meta[name="twitter:image"]', 'content'));
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
