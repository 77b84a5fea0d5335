import {readFileSync} from 'node:fs';
import {join} from 'node:path';
import {describe, expect, it} from 'vitest';
import {extractRecords} from './extract';
import {pack, unpack} from '@sphere-docs/lib/search/format';

const fixture = (name: string) =>
  readFileSync(join(__dirname, '..', '..', 'tests', 'fixtures', 'search', name), 'utf8');

describe('record extractor', () => {
  const records = extractRecords(fixture('doc-page.html'), {url: 'https://fallback.test/x', idPrefix: 'p'});
  const page = 'https://docs.example.org/docs/2.0.1/api/widgets';

  it('writes DocSearch records in document order, headings and content, with the facets', () => {
    expect(records.map((r) => [r.type, r.content?.slice(0, 24) ?? null])).toEqual([
      ['lvl1', null],
      ['content', 'A widget renders its chi'],
      ['lvl2', null],
      ['content', 'Wrap the part of the int'],
      ['content', 'First item of a list'],
      ['content', 'Item with a paragraph'],
      ['content', '<script>alert(1)</script'],
      ['lvl3', null],
      ['content', 'name · string'],
      ['lvl2', null],
      ['content', 'Shows <b>bold</b> as tex'],
    ]);
    for (const r of records) {
      expect(r).toMatchObject({language: 'en', docusaurus_tag: 'docs-default-current', version: 'current'});
    }
    expect(new Set(records.map((r) => r.objectID)).size).toBe(records.length);
    expect(records[0].objectID).toBe('p-0');
  });

  it('takes lvl0 from the active sidebar category and lvl1 from the title; headings nest', () => {
    expect(records[0].hierarchy).toEqual({
      lvl0: 'Pricing4React',
      lvl1: 'The Widget component',
      lvl2: null,
      lvl3: null,
      lvl4: null,
      lvl5: null,
      lvl6: null,
    });
    const cell = records.find((r) => r.content === 'name · string')!;
    expect(cell.hierarchy).toMatchObject({lvl2: 'Usage', lvl3: 'Props'});
    // A new h2 clears the h3 below the previous one; hash-link text is not part of a heading.
    const last = records[records.length - 1];
    expect(last.hierarchy).toMatchObject({lvl2: 'Errors & warnings', lvl3: null});
  });

  it('gives absolute URLs from the canonical link, with the anchor of the closest heading', () => {
    expect(records[0].url).toBe(page);
    expect(records[1].url).toBe(page);
    expect(records[3].url).toBe(`${page}#usage`);
    expect(records[8].url).toBe(`${page}#props`);
    expect(records[10].url).toBe(`${page}#errors`);
  });

  it('keeps code blocks as plain text, marked as code, and leaves navigation out', () => {
    const code = records.find((r) => r.code)!;
    expect(code.content).toBe('<script>alert(1)</script> <Widget name="x"/>');
    expect(records.filter((r) => r.code)).toHaveLength(1);
    const text = records.map((r) => r.content ?? '').join(' ');
    for (const navigation of ['Home', 'Next', 'npm', 'yarn', 'Direct link']) expect(text).not.toContain(navigation);
  });

  it('falls back to the navbar item, then "Documentation", for lvl0; skips noindex pages', () => {
    const home = extractRecords(fixture('home-page.html'), {url: 'https://docs.example.org/', idPrefix: 'h'});
    expect(home).toHaveLength(1);
    expect(home[0]).toMatchObject({
      type: 'lvl1',
      url: 'https://docs.example.org/',
      hierarchy: {lvl0: 'Documentation', lvl1: 'A new way to manage your SaaS pricing'},
      docusaurus_tag: 'default',
    });
    expect(home[0].version).toBeUndefined();
    const withoutCategory = fixture('doc-page.html').replace(/menu__link--sublist menu__link--active/, 'menu__link');
    expect(extractRecords(withoutCategory, {url: page, idPrefix: 'n'})[0].hierarchy.lvl0).toBe('Developer Guide');
    expect(extractRecords(fixture('search-page.html'), {url: page, idPrefix: 's'})).toEqual([]);
  });

  it('indexes a generated category page by its title and description, never its doc cards', () => {
    const category = extractRecords(fixture('category-page.html'), {url: 'https://fallback.test/c', idPrefix: 'c'});
    expect(category.map((r) => [r.type, r.content])).toEqual([
      ['lvl1', null],
      ['content', 'Install the libraries, wire a pricing into an application and write your first Pricing2Yaml file.'],
    ]);
    expect(category[0].hierarchy).toMatchObject({lvl0: 'Getting Started', lvl1: 'Getting Started', lvl2: null});
    expect(category.every((r) => r.url === 'https://docs.example.org/docs/2.0.1/category/getting-started')).toBe(true);
  });

  it('packs records for the browser and unpacks them unchanged', () => {
    const home = extractRecords(fixture('home-page.html'), {url: 'https://docs.example.org/', idPrefix: 'h'});
    const all = [...records, ...home];
    const packed = JSON.parse(JSON.stringify(pack(all)));
    expect(unpack(packed)).toEqual(all.map((r, i) => ({...r, objectID: i.toString(36)})));
    expect(JSON.stringify(packed).length).toBeLessThan(JSON.stringify(all).length / 2);
    expect(() => unpack({...packed, format: 1})).toThrow(/Unknown search index format 1/);
  });

  it('refuses an index file of any other shape instead of reading it as an empty or garbled index', () => {
    const good = {
      format: 2,
      origin: '',
      pages: [['/a', 'Docs', 'A', 'en', 'default']],
      sections: [[0, '']],
      records: [[0, 1]],
    };
    expect(unpack(good as never)).toHaveLength(1);
    const corrupt: [unknown, RegExp][] = [
      [null, /not an object/],
      [[], /not an object/],
      [{hits: []}, /Unknown search index format undefined/],
      [{format: 2, records: []}, /origin is not a string/],
      [{...good, pages: {}}, /pages is not a list/],
      [{...good, pages: [['/a', 1, 'A', 'en', 'default']]}, /page 0 is malformed/],
      [{...good, sections: [[1, '']]}, /section 0 is malformed/],
      [{...good, sections: [[0, '', 'h2', 3]]}, /section 0 is malformed/],
      [{...good, records: [[1, 1]]}, /record 0 is malformed/],
      [{...good, records: [[0, 7]]}, /record 0 is malformed/],
      [{...good, records: [[0, 0, {text: 'x'}]]}, /record 0 is malformed/],
      [{...good, records: [[0, 0, 'x', true]]}, /record 0 is malformed/],
    ];
    for (const [file, message] of corrupt) expect(() => unpack(file as never), JSON.stringify(file)).toThrow(message);
  });
});
