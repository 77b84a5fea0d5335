/**
 * The parts of the docs MCP server (mcp/) that need no build: reading page addresses, snippets and llms.txt, the
 * command line, the tool list's shape. tests/built/mcp.test.ts drives the whole server on a build.
 */
import {describe, expect, it} from 'vitest';
import {parseArgs} from '../../mcp/src/cli';
import {parseLlmsTxt} from '../../mcp/src/llms';
import {sitePath} from '../../mcp/src/pages';
import {plainText} from '../../mcp/src/search';
import {bounded, findSection, outline, plainHeading, slug} from '../../mcp/src/sections';
import {TOOLS} from '../../mcp/src/tools';
import {UNREADABLE} from '../../mcp/src/validate';
import {llmsTxt} from '../../plugins/markdown-twins/llms';
import {docPath} from '../../src/constants';

describe('sitePath', () => {
  it('reads HTML URLs, twin URLs and paths alike', () => {
    const path = docPath('docs/Introduction');
    for (const input of [
      `https://isa-group.github.io${path}`,
      `https://isa-group.github.io${path}.md`,
      `https://isa-group.github.io${path}/`,
      `http://localhost:3000${path}?x=1#part`,
      path,
      `${path.slice(1)}/index.html`,
      `  ${path}.html  `,
      `//${path}`,
    ]) {
      expect(sitePath(input), input).toBe(path);
    }
    expect(sitePath('/')).toBe('/');
    const reference = docPath('api/space/space-api');
    expect(sitePath(reference.replace('-', '%2D'))).toBe(reference);
  });
});

describe('plainText', () => {
  it('drops highlight tags and decodes the entities the engine escapes', () => {
    expect(plainText('&#60;Feature&#62; <mark>usage</mark>   limit &amp; &#x27;x&#x27;')).toBe(
      "<Feature> usage limit & 'x'",
    );
    expect(plainText('&unknown; stays')).toBe('&unknown; stays');
  });
});

describe('parseLlmsTxt', () => {
  it('gives back the sections and links the twins plugin writes, escapes undone', () => {
    const text = llmsTxt({
      title: 'SPHERE',
      summary: 'A toolkit.',
      details: [{type: 'text', value: 'Read on.'}],
      sections: [
        {
          title: 'Getting Started',
          links: [
            {
              title: 'The *first* [page]',
              url: 'https://docs.example.org/docs/9.9/a.md',
              description: 'Uses `code` & more_',
            },
            {title: 'Second', url: 'https://docs.example.org/docs/9.9/b.md'},
          ],
        },
        {
          title: 'Optional',
          links: [{title: 'Schema', url: 'https://docs.example.org/s.json', description: 'A schema'}],
        },
      ],
    });
    expect(parseLlmsTxt(text)).toEqual({
      title: 'SPHERE',
      origin: 'https://docs.example.org',
      sections: [
        {
          title: 'Getting Started',
          pages: [
            {
              title: 'The *first* [page]',
              url: 'https://docs.example.org/docs/9.9/a.md',
              description: 'Uses `code` & more_',
            },
            {title: 'Second', url: 'https://docs.example.org/docs/9.9/b.md'},
          ],
        },
        {
          title: 'Optional',
          pages: [{title: 'Schema', url: 'https://docs.example.org/s.json', description: 'A schema'}],
        },
      ],
    });
  });
});

describe('command line', () => {
  it('takes --root and a loopback --http address, and refuses anything else', () => {
    expect(parseArgs([])).toEqual({});
    expect(parseArgs(['--root', 'build', '--http', '127.0.0.1:3333'])).toEqual({
      root: 'build',
      http: {host: '127.0.0.1', port: 3333},
    });
    expect(parseArgs(['--http=[::1]:0'])).toEqual({http: {host: '::1', port: 0}});
    expect(parseArgs(['--http', 'localhost:8080'])).toEqual({http: {host: 'localhost', port: 8080}});
    expect(parseArgs(['--help'])).toBe('help');
    expect(() => parseArgs(['--http', '0.0.0.0:3333'])).toThrow(/loopback addresses only/);
    expect(() => parseArgs(['--http', '192.168.1.2:3333'])).toThrow(/loopback addresses only/);
    expect(() => parseArgs(['--http', '3333'])).toThrow(/HOST:PORT/);
    expect(() => parseArgs(['--http', '127.0.0.1:70000'])).toThrow(/out of range/);
    expect(() => parseArgs(['--root'])).toThrow(/needs a value/);
    expect(() => parseArgs(['--verbose'])).toThrow(/Unknown argument/);
  });
});

describe('tools', () => {
  it('are named in snake_case, described, and take a documented input', () => {
    expect(new Set(TOOLS.map((t) => t.name)).size).toBe(TOOLS.length);
    for (const tool of TOOLS) {
      expect(tool.name).toMatch(/^[a-z]+(_[a-z]+)+$/);
      expect(tool.description.length, tool.name).toBeGreaterThan(150);
      for (const [name, schema] of Object.entries(tool.input)) {
        expect((schema as {description?: string}).description, `${tool.name}.${name}`).toBeTruthy();
      }
    }
  });

  it('answer as a tool error only texts that cannot be read as a pricing at all', () => {
    expect([...UNREADABLE].sort()).toEqual(['empty', 'not-pricing', 'not-yaml', 'too-large']);
  });
});

describe('sections of a twin', () => {
  const twin = [
    '# Title',
    '',
    'Opening.',
    '',
    '## First `part`',
    '',
    '```bash',
    '# a comment, not a heading',
    '```',
    '',
    '### Inner [link](https://example.org) **bold**',
    'text',
    '## First part',
    '> ```md',
    '> ## quoted fence',
    '> ```',
    '## Last',
    'end',
  ].join('\n');

  it('cuts at headings outside code fences, numbers repeated anchors and nests subsections', () => {
    const o = outline(twin);
    expect(o.title).toBe('Title');
    expect(twin.slice(0, o.introEnd)).toBe('# Title\n\nOpening.\n\n');
    expect(o.sections.map((s) => [s.level, s.heading, s.anchor])).toEqual([
      [2, 'First part', 'first-part'],
      [3, 'Inner link bold', 'inner-link-bold'],
      [2, 'First part', 'first-part-1'],
      [2, 'Last', 'last'],
    ]);
    const [first, inner] = o.sections;
    expect(twin.slice(first.start, first.end)).toContain('### Inner');
    expect(twin.slice(first.start, first.ownEnd)).not.toContain('### Inner');
    expect(twin.slice(inner.start, inner.end)).toBe('### Inner [link](https://example.org) **bold**\ntext\n');
    expect(outline(twin, ['a', 'b', 'c', 'd']).sections.map((s) => s.anchor)).toEqual(['a', 'b', 'c', 'd']);
    expect(outline(twin, ['a']).sections[0].anchor).toBe('first-part');
  });

  it('finds a section by anchor, by heading text or by the start of one heading', () => {
    const o = outline(twin);
    expect(findSection(o, '#first-part-1')?.start).toBe(o.sections[2].start);
    expect(findSection(o, 'inner LINK bold')?.anchor).toBe('inner-link-bold');
    expect(findSection(o, 'Inner')?.anchor).toBe('inner-link-bold');
    expect(findSection(o, 'Nowhere')).toBeUndefined();
  });

  it('reads headings and anchors as the site does, and bounds text at a line', () => {
    expect(plainHeading('POST `/users/{username}` and \\_x\\_')).toBe('POST /users/{username} and _x_');
    expect(slug('Backend: Pricing4Java 3.x')).toBe('backend-pricing4java-3x');
    const text = Array.from({length: 100}, (_, i) => `line ${i}`).join('\n');
    const cut = bounded(text, 100);
    expect(cut.cut).toBe(true);
    expect(Buffer.byteLength(cut.text)).toBeLessThanOrEqual(100);
    expect(text.startsWith(cut.text) && text[cut.text.length] === '\n').toBe(true);
    expect(bounded('short', 100)).toEqual({text: 'short', cut: false});
  });
});
