/** Builds the embedded index from a built site: every HTML page, in a stable order. */
import {relative, sep} from 'node:path';
import {builtHtmlFiles, builtPage} from '../builtPages';
import {extractRecords} from './extract';
import type {SearchRecord} from '@sphere-docs/lib/search/types';

/** Pages that are not content. */
const SKIP = [/^404\.html$/, /^search(\/index)?\.html$/];

/** The page URL a built file is served at (the canonical link in the page wins). */
function pageUrl(siteUrl: string, baseUrl: string, file: string): string {
  const path = file
    .split(sep)
    .join('/')
    .replace(/(^|\/)index\.html$/, '')
    .replace(/\.html$/, '');
  return new URL(`${baseUrl}${path}`, siteUrl).href;
}

export async function buildIndex(outDir: string, siteUrl: string, baseUrl: string): Promise<SearchRecord[]> {
  const records: SearchRecord[] = [];
  const files = builtHtmlFiles(outDir).filter(
    (f) => !SKIP.some((re) => re.test(relative(outDir, f).split(sep).join('/'))),
  );
  for (const [i, file] of files.entries()) {
    const {html, tree} = builtPage(file);
    const url = pageUrl(siteUrl, baseUrl, relative(outDir, file));
    records.push(...extractRecords(html, {url, idPrefix: i.toString(36)}, tree));
  }
  return records;
}
