/** Builds the embedded index from a built site: every HTML page, in a stable order. */
import {readdir, readFile} from 'node:fs/promises';
import {join, relative, sep} from 'node:path';
import {extractRecords} from './extract';
import type {SearchRecord} from './types';

/** Pages that are not content. */
const SKIP = [/^404\.html$/, /^search(\/index)?\.html$/];

async function htmlFiles(dir: string): Promise<string[]> {
  const entries = await readdir(dir, {withFileTypes: true, recursive: true});
  return entries
    .filter((e) => e.isFile() && e.name.endsWith('.html'))
    .map((e) => join(e.parentPath, e.name))
    .sort();
}

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
  const files = (await htmlFiles(outDir)).filter(
    (f) => !SKIP.some((re) => re.test(relative(outDir, f).split(sep).join('/'))),
  );
  for (const [i, file] of files.entries()) {
    const html = await readFile(file, 'utf8');
    records.push(
      ...extractRecords(html, {url: pageUrl(siteUrl, baseUrl, relative(outDir, file)), idPrefix: i.toString(36)}),
    );
  }
  return records;
}
