import {describe, expect, it} from 'vitest';
import {findLinkWarnings} from '../../scripts/check-build-log';

describe('build log check', () => {
  it('passes a clean log', () => {
    expect(
      findLinkWarnings(
        '[INFO] [en] Creating an optimized production build...\n[SUCCESS] Generated static files in "build".',
      ),
    ).toEqual([]);
  });

  it('flags broken links, anchors and Markdown links, even in colour', () => {
    const log = [
      '\u001b[33m[WARNING]\u001b[39m Docusaurus found broken anchors!',
      '[WARNING] Markdown link with URL `./missing.mdx` in source file "docs/a.mdx" (3:1) couldn\'t be resolved.',
      '[ERROR] Docusaurus found broken links!',
    ].join('\n');
    expect(findLinkWarnings(log)).toHaveLength(3);
  });
});
