/**
 * Fails when a build log reports a broken link, anchor or Markdown link.
 * The site only warns about broken Markdown links (Docusaurus's default
 * for `onBrokenMarkdownLinks`, which docusaurus.config.ts keeps), so this
 * check is what makes such a warning fail the test run.
 *
 * Usage: tsx scripts/check-build-log.ts [build.log]
 */
import {readFileSync} from 'node:fs';

const PATTERNS: readonly RegExp[] = [
  /broken links?/i,
  /broken anchors?/i,
  /markdown links? couldn't be resolved/i,
  /couldn't be resolved/i,
  /Docs markdown link couldn't be resolved/i,
];

// Terminal colour codes would split the words the patterns look for.
// eslint-disable-next-line no-control-regex
const ANSI = /\u001b\[[0-9;]*m/g;

export function findLinkWarnings(log: string): string[] {
  return log
    .replace(ANSI, '')
    .split('\n')
    .filter((line) => PATTERNS.some((re) => re.test(line)));
}

if (process.argv[1]?.endsWith('check-build-log.ts')) {
  const file = process.argv[2] ?? 'build.log';
  const found = findLinkWarnings(readFileSync(file, 'utf8'));
  if (found.length) {
    console.error(`${file} reports broken links:\n${found.join('\n')}`);
    process.exit(1);
  }
  console.log(`${file}: no broken-link, broken-anchor or broken-Markdown-link warnings`);
}
