/**
 * The engineer docs (README.md, CONTRIBUTING.md, BENCHMARKS.md and architecture/*.md) against the repository: every
 * path they name in backticks that starts with one of the repository's own top-level entries exists, every relative
 * link resolves, and the versions they give for the framework and the pinned packages are the ones package.json and
 * node_modules hold. A renamed file or an upgrade then fails here instead of leaving a note that sends a newcomer
 * nowhere.
 */
import {execFileSync} from 'node:child_process';
import {existsSync, readFileSync, readdirSync, statSync} from 'node:fs';
import {dirname, join} from 'node:path';
import {describe, expect, it} from 'vitest';

const ROOT = join(__dirname, '..', '..');
const DOCS = [
  'README.md',
  'CONTRIBUTING.md',
  'BENCHMARKS.md',
  ...readdirSync(join(ROOT, 'architecture'))
    .filter((f) => f.endsWith('.md'))
    .map((f) => `architecture/${f}`),
];
const isFolder = (path: string) => existsSync(path) && statSync(path).isDirectory();
const text = (file: string) => readFileSync(join(ROOT, file), 'utf8');
const pkg = JSON.parse(text('package.json')) as {
  engines: {node: string};
  dependencies: Record<string, string>;
  devDependencies: Record<string, string>;
  overrides: Record<string, unknown>;
};
const installed = (name: string) =>
  (JSON.parse(readFileSync(join(ROOT, 'node_modules', name, 'package.json'), 'utf8')) as {version: string}).version;

/** The first path segments the repository tracks (files and folders at its top), e.g. `src`, `tooling.ts`, `.ci`. */
const TOP = new Set(
  execFileSync('git', ['ls-files'], {cwd: ROOT, encoding: 'utf8'})
    .split('\n')
    .filter(Boolean)
    .map((f) => f.split('/')[0]),
);

/**
 * Spans in backticks of a Markdown file outside fenced blocks, with their line numbers, that look like a path of this
 * repository: no spaces or placeholders, and a first segment the repository tracks. A path on a line that says it is
 * gone (retired, removed, reverted, or true until a given commit) is history and left out.
 */
export function repoPaths(markdown: string, top: Set<string>): {path: string; line: number}[] {
  const found: {path: string; line: number}[] = [];
  let fenced = false;
  markdown.split('\n').forEach((line, i) => {
    if (/^\s*```/.test(line)) fenced = !fenced;
    if (fenced || /\b(retired|removed|reverted|until [0-9a-f]{7})\b/i.test(line)) return;
    for (const [, span] of line.matchAll(/`([^`\s]+)`/g)) {
      if (/[<>*…{}$=,|()[\]]|^\.\.?\/|^-/.test(span)) continue;
      // `file.ts:120` or `file.ts#L12` name a place in a file; the file must exist.
      const path = span.replace(/[:#].*$/, '').replace(/\/$/, '');
      if (!path.includes('/') && !top.has(path)) continue;
      if (!top.has(path.split('/')[0])) continue;
      found.push({path, line: i + 1});
    }
  });
  return found;
}

/** Relative link targets of a Markdown file (not URLs, not in-page anchors), without their anchor. */
function relativeLinks(markdown: string): {target: string; line: number}[] {
  const links: {target: string; line: number}[] = [];
  markdown.split('\n').forEach((line, i) => {
    // A link inside inline code is an example of the syntax, not a link.
    for (const [, target] of line.replace(/`[^`]*`/g, '').matchAll(/\]\(([^)\s]+)\)/g)) {
      if (/^[a-z]+:|^#|^</.test(target)) continue;
      links.push({target: target.replace(/#.*$/, ''), line: i + 1});
    }
  });
  return links;
}

/**
 * Versions named for a package the site pins, by the name the notes use. A version that is not the site's is
 * allowed only in a table row (the canary's log of tried versions) or beside the site's own version on the same
 * line (a comparison).
 */
const NAMED: [RegExp, string][] = [
  [/\bDocusaurus (\d+\.\d+\.\d+)/g, '@docusaurus/core'],
  [/`@docusaurus\/[a-z-]+`\s+(\d+\.\d+\.\d+)/g, '@docusaurus/core'],
  [/\bDocSearch (\d+\.\d+\.\d+)/g, '@docsearch/react'],
  [/`@docsearch\/react`\s+(\d+\.\d+\.\d+)/g, '@docsearch/react'],
  [/\bMiniSearch (\d+\.\d+(?:\.\d+)?)/g, 'minisearch'],
  [/\bReact (\d+\.\d+(?:\.\d+)?)/g, 'react'],
  [/\bLighthouse (\d+(?:\.\d+)*)/g, 'lighthouse'],
  [/\bjs-yaml (\d+\.\d+\.\d+)/g, 'js-yaml'],
];

describe('the engineer docs', () => {
  it('finds paths the way it is meant to', () => {
    const top = new Set(['src', 'README.md']);
    const found = repoPaths(
      'See `src/a.ts:12`, `src/lib/`, `README.md`, `build/x.html`, `docs/<name>.mdx`, `npm test`\n```\n`src/b.ts`\n```',
      top,
    ).map((p) => p.path);
    expect(found).toEqual(['src/a.ts', 'src/lib', 'README.md']);
  });

  for (const file of DOCS) {
    it(`${file}: every repository path it names in backticks exists`, () => {
      const paths = repoPaths(text(file), TOP);
      // A note may give paths relative to a folder it names, e.g. `static/openapi/…` inside `plugins/space-openapi/`.
      const folders = paths.map((p) => p.path).filter((p) => isFolder(join(ROOT, p)) && !TOP.has(p));
      const missing = paths.filter(
        (p) => !existsSync(join(ROOT, p.path)) && !folders.some((f) => existsSync(join(ROOT, f, p.path))),
      );
      expect(missing.map((p) => `line ${p.line}: ${p.path}`)).toEqual([]);
    });

    it(`${file}: every relative link resolves`, () => {
      const broken = relativeLinks(text(file)).filter(
        (l) => !existsSync(join(ROOT, dirname(file), decodeURIComponent(l.target))),
      );
      expect(broken.map((l) => `line ${l.line}: ${l.target}`)).toEqual([]);
    });

    it(`${file}: the versions it gives for pinned packages and Node.js are the site's`, () => {
      const wrong: string[] = [];
      // By paragraph (or list item): a version compared with the site's may be named in the sentence beside it.
      text(file)
        .split(/\n\s*\n|\n(?=\s*[-*] |\s*\d+\. )/)
        .forEach((line, i) => {
          if (/^\s*\|/.test(line)) return;
          for (const [pattern, name] of NAMED) {
            const site = installed(name);
            for (const [mention, version] of line.matchAll(pattern)) {
              const same = site === version || site.startsWith(`${version}.`);
              if (!same && !line.includes(site)) wrong.push(`paragraph ${i + 1}: "${mention}" (the site has ${site})`);
            }
          }
          for (const [mention, version] of line.matchAll(/\bNode(?:\.js)? (\d+\.\d+)\b/g)) {
            if (pkg.engines.node !== `>=${version}`)
              wrong.push(`paragraph ${i + 1}: "${mention}" (${pkg.engines.node})`);
          }
          for (const [mention, version] of line.matchAll(/\bpinned to (\d+\.\d+\.\d+)/g)) {
            const pins = Object.values(pkg.overrides).filter((v) => typeof v === 'string');
            if (!pins.includes(version)) wrong.push(`paragraph ${i + 1}: "${mention}" (no override pins it)`);
          }
        });
      expect(wrong).toEqual([]);
    });
  }

  it("README's docs version list is versions.json's with the current version", () => {
    const versions = JSON.parse(text('versions.json')) as string[];
    const [, listed] = /three docs versions \(([^)]+)\)/.exec(text('README.md')) ?? [];
    expect(listed, 'README names the docs versions').toBeDefined();
    for (const v of versions) expect(listed).toContain(v);
    const current = /CURRENT_VERSION\s*=\s*'([^']+)'/.exec(
      readFileSync(join(ROOT, 'src', 'constants.ts'), 'utf8'),
    )?.[1];
    expect(listed).toContain(`${current}, the current one`);
  });

  it("README's claim that only src/constants.ts names the current version: no page, component or config links to it", () => {
    const current = /CURRENT_VERSION\s*=\s*'([^']+)'/.exec(text('src/constants.ts'))![1];
    expect(text('README.md')).toMatch(/Set `CURRENT_VERSION` in `src\/constants\.ts`/);
    const files = execFileSync('git', ['ls-files', 'src/pages', 'src/components', 'src/theme', 'plugins'], {
      cwd: ROOT,
      encoding: 'utf8',
    })
      .split('\n')
      .filter((f) => /\.(mdx?|tsx?)$/.test(f) && !f.endsWith('.test.ts'))
      .concat(['docusaurus.config.ts', 'sidebars.ts']);
    // A link or route with the version in it, outside comments (which may give one as an example).
    const code = (source: string) => source.replace(/\/\*[\s\S]*?\*\/|^\s*\/\/.*$/gm, '');
    const holders = files.filter((f) => code(text(f)).includes(`/docs/${current}/`));
    expect(holders).toEqual([]);
  });
});
