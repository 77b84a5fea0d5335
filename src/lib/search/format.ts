/**
 * The index file: DocSearch records packed so that what pages and sections
 * share (url, hierarchy, facets) is written once. `unpack(pack(records))`
 * gives the records back exactly; the browser unpacks before indexing.
 */
import {LEVELS, type Hierarchy, type RecordType, type SearchRecord} from './types';

/** [path, lvl0, lvl1, language, docusaurus_tag, version?] */
type PackedPage = [string, string, string, string, string, string?];
/** [page, anchor, lvl2…lvl6 with trailing nulls dropped] */
type PackedSection = [number, string, ...(string | null)[]];
/** [section, level (1…6, 0 for content), content?, 1 when code] */
type PackedRecord = [number, number, (string | null)?, 1?];

export interface PackedIndex {
  format: 2;
  origin: string;
  pages: PackedPage[];
  sections: PackedSection[];
  records: PackedRecord[];
}

const TYPES: RecordType[] = ['content', 'lvl1', 'lvl2', 'lvl3', 'lvl4', 'lvl5', 'lvl6'];

export function pack(records: SearchRecord[]): PackedIndex {
  const origin = records.length > 0 ? new URL(records[0].url).origin : '';
  const pages: PackedPage[] = [];
  const pageIds = new Map<string, number>();
  const sections: PackedSection[] = [];
  const sectionIds = new Map<string, number>();
  const out: PackedRecord[] = [];
  for (const r of records) {
    const url = new URL(r.url);
    if (url.origin !== origin) throw new Error(`Record ${r.objectID} is on ${url.origin}, not ${origin}.`);
    const path = url.pathname + url.search;
    const page: PackedPage = [path, r.hierarchy.lvl0 ?? '', r.hierarchy.lvl1 ?? '', r.language, r.docusaurus_tag];
    if (r.version !== undefined) page.push(r.version);
    const pageKey = JSON.stringify(page);
    let p = pageIds.get(pageKey);
    if (p === undefined) pageIds.set(pageKey, (p = pages.push(page) - 1));
    const levels = LEVELS.slice(2).map((l) => r.hierarchy[l]);
    while (levels.length > 0 && levels[levels.length - 1] === null) levels.pop();
    const section: PackedSection = [p, url.hash.slice(1), ...levels];
    const sectionKey = JSON.stringify(section);
    let s = sectionIds.get(sectionKey);
    if (s === undefined) sectionIds.set(sectionKey, (s = sections.push(section) - 1));
    const rec: PackedRecord = [s, TYPES.indexOf(r.type)];
    if (r.content !== null || r.code) rec.push(r.content);
    if (r.code) rec.push(1);
    out.push(rec);
  }
  return {format: 2, origin, pages, sections, records: out};
}

/**
 * Throws unless `file` has the shape `pack` writes, down to every reference
 * between records, sections and pages: a truncated, corrupt or foreign file
 * must fail to load (the search UI then shows its error screen), never turn
 * into an empty or garbled index.
 */
export function assertPackedIndex(file: unknown): asserts file is PackedIndex {
  const fail = (what: string): never => {
    throw new Error(`Corrupt search index: ${what}.`);
  };
  if (typeof file !== 'object' || file === null || Array.isArray(file)) fail('not an object');
  const index = file as Record<string, unknown>;
  if (index.format !== 2) throw new Error(`Unknown search index format ${String(index.format)}.`);
  const {origin, pages, sections, records} = index;
  if (typeof origin !== 'string') fail('origin is not a string');
  for (const [name, list] of Object.entries({pages, sections, records})) {
    if (!Array.isArray(list)) fail(`${name} is not a list`);
  }
  const isIndex = (n: unknown, length: number) => Number.isInteger(n) && (n as number) >= 0 && (n as number) < length;
  const optionalText = (v: unknown) => v === null || v === undefined || typeof v === 'string';
  (pages as unknown[]).forEach((page, i) => {
    if (!Array.isArray(page) || page.length < 5 || page.length > 6 || !page.every((v) => typeof v === 'string')) {
      fail(`page ${i} is malformed`);
    }
  });
  (sections as unknown[]).forEach((section, i) => {
    if (
      !Array.isArray(section) ||
      section.length < 2 ||
      section.length > 2 + LEVELS.slice(2).length ||
      !isIndex(section[0], (pages as unknown[]).length) ||
      typeof section[1] !== 'string' ||
      !section.slice(2).every((v) => v === null || typeof v === 'string')
    ) {
      fail(`section ${i} is malformed`);
    }
  });
  (records as unknown[]).forEach((record, i) => {
    if (
      !Array.isArray(record) ||
      record.length < 2 ||
      record.length > 4 ||
      !isIndex(record[0], (sections as unknown[]).length) ||
      !isIndex(record[1], TYPES.length) ||
      !optionalText(record[2]) ||
      (record[3] !== undefined && record[3] !== 1)
    ) {
      fail(`record ${i} is malformed`);
    }
  });
}

export function unpack(index: PackedIndex): SearchRecord[] {
  assertPackedIndex(index);
  return index.records.map(([s, type, content, code], i) => {
    const [p, anchor, ...levels] = index.sections[s];
    const [path, lvl0, lvl1, language, tag, version] = index.pages[p];
    const hierarchy = {lvl0, lvl1} as Hierarchy;
    LEVELS.slice(2).forEach((l, k) => (hierarchy[l] = levels[k] ?? null));
    const record: SearchRecord = {
      objectID: i.toString(36),
      type: TYPES[type],
      url: `${index.origin}${path}${anchor ? `#${anchor}` : ''}`,
      content: content ?? null,
      hierarchy,
      language,
      docusaurus_tag: tag,
    };
    if (version !== undefined) record.version = version;
    if (code) record.code = true;
    return record;
  });
}
