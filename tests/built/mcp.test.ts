/**
 * The MCP server of the docs (mcp/), driven over stdio by the SDK's own client, as an assistant drives it, on the
 * build in build/: its tools and their schemas, each tool on good and bad input, the same first hits as the site's
 * search engine for every judged query, the playground's verdict on every real pricing, its resources, a server that
 * survives unreadable input, the Streamable HTTP mode, and the packed package run by Node alone.
 */
import {spawn, spawnSync} from 'node:child_process';
import {existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync} from 'node:fs';
import {createServer as createHttpServer, request} from 'node:http';
import type {AddressInfo} from 'node:net';
import {tmpdir} from 'node:os';
import {join, sep} from 'node:path';
import {Client} from '@modelcontextprotocol/sdk/client/index.js';
import {StdioClientTransport} from '@modelcontextprotocol/sdk/client/stdio.js';
import {StreamableHTTPClientTransport} from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type {CallToolResult} from '@modelcontextprotocol/sdk/types.js';
import Ajv, {type ValidateFunction} from 'ajv';
import {afterAll, beforeAll, describe, expect, it} from 'vitest';
import {LocalSearchIndex} from '@sphere-docs/lib/search/engine';
import {unpack, type PackedIndex} from '@sphere-docs/lib/search/format';
import {JUDGMENTS} from '../../search/relevance-judgments';
import {MAX_CHARS, analyze} from '@sphere-docs/lib/pricing2yaml/analyze';
import {compilingLoader} from '@sphere-docs/lib/pricing2yaml/validators';
import {evaluatePricing} from '@sphere-docs/lib/pricing2yaml/evaluate';
import {readSchema} from '../utils/pricing2yaml';
import {allowedRoles, isPublic, operations, type SpaceApiDocument} from '@sphere-docs/lib/spaceOpenApi';
import {ALL_VERSIONS, CURRENT_VERSION} from '../../src/constants';
import {parse} from 'yaml';
import {ROOT} from '../utils/codeBlocks';
import {realPricing, realPricings} from '../fixtures/pricings/corpus';
import {BUILD, ORIGIN} from './site';
import {MCP_SERVER_KEY, MCP_TARBALL_PATH, clientConfigs} from '@sphere-docs/lib/mcpConnect';
import {WORKED_EXAMPLE} from '@sphere-docs/lib/mcpWorkedExample';
import {HITS_WITH_TEXT, HIT_TEXT_LIMIT, PAGE_LIMIT, SMALL_PAGE, SUMMARY_MAX} from '../../mcp/src/pages';
import {SESSION_BUDGETS, describeCall, notehive, replaySession} from '../../scripts/lib/mcpSession';
import {articleHeadingIds, outline} from '../../mcp/src/sections';

const TSX = join(ROOT, 'node_modules', 'tsx', 'dist', 'cli.mjs');
/** What `npm run mcp` runs. */
const SERVER = [TSX, join(ROOT, 'mcp', 'src', 'cli.ts'), '--root', BUILD];

async function connect(args: string[], cwd = ROOT): Promise<Client> {
  const client = new Client({name: 'docs-tests', version: '1.0.0'});
  await client.connect(new StdioClientTransport({command: process.execPath, args, cwd, stderr: 'ignore'}));
  return client;
}

let client: Client;
beforeAll(async () => {
  client = await connect(SERVER);
});
afterAll(async () => {
  await client?.close();
});

const ajv = new Ajv({allErrors: true, strict: false});
const outputValidators = new Map<string, ValidateFunction | null>();

/**
 * Every answer with structured content is checked here, whatever the test: it must match the output schema its tool
 * declares in tools/list (compiled with ajv, apart from the SDK's own check), and carry one text block, the same
 * content as JSON, and nothing else. Every answer without structured content is one text block.
 */
async function checkedAnswer(from: Client, name: string, result: CallToolResult): Promise<CallToolResult> {
  if (outputValidators.size === 0) {
    for (const tool of (await from.listTools()).tools) {
      outputValidators.set(tool.name, tool.outputSchema ? ajv.compile(tool.outputSchema) : null);
    }
  }
  if (result.structuredContent !== undefined) {
    const validate = outputValidators.get(name);
    expect(validate, `${name} answers structured content but declares no output schema`).toBeTruthy();
    expect(validate!(result.structuredContent), `${name}: ${ajv.errorsText(validate!.errors)}`).toBe(true);
    expect(result.content, `${name} sends more than one copy of its result`).toHaveLength(1);
    expect(result.content[0].type, name).toBe('text');
    expect(JSON.parse((result.content[0] as {text: string}).text), name).toEqual(result.structuredContent);
  } else {
    expect(result.content, name).toHaveLength(1);
  }
  return result;
}

async function call(name: string, args: Record<string, unknown>): Promise<CallToolResult> {
  return checkedAnswer(client, name, (await client.callTool({name, arguments: args})) as CallToolResult);
}
const textOf = (result: CallToolResult) => result.content.map((c) => (c.type === 'text' ? c.text : '')).join('');
/** A string as it reads inside the JSON text block of a structured answer. */
const inJson = (text: string) => JSON.stringify(text).slice(1, -1);

const index = (() => {
  const dir = join(BUILD, 'local-search');
  const file = readdirSync(dir).find((f) => /^index\.[\w-]+\.json$/.test(f))!;
  return new LocalSearchIndex(unpack(JSON.parse(readFileSync(join(dir, file), 'utf8')) as PackedIndex));
})();

describe('tools', () => {
  it('lists the seven tools, each with a description and the JSON Schema of its input', async () => {
    const {tools} = await client.listTools();
    const byName = new Map(tools.map((t) => [t.name, t]));
    expect([...byName.keys()].sort()).toEqual(
      [
        'evaluate_pricing',
        'get_api_operation',
        'get_page',
        'list_pages',
        'search_docs',
        'space_sandbox',
        'validate_pricing',
      ].sort(),
    );
    const expected: Record<string, {properties: string[]; required: string[]}> = {
      search_docs: {properties: ['limit', 'query', 'version'], required: ['query']},
      get_page: {properties: ['outline', 'section', 'url_or_path', 'whole'], required: ['url_or_path']},
      list_pages: {properties: ['detail', 'prefix', 'section', 'version'], required: []},
      validate_pricing: {properties: ['yaml'], required: ['yaml']},
      evaluate_pricing: {properties: ['addOns', 'plan', 'server', 'usage', 'yaml'], required: ['yaml']},
      get_api_operation: {properties: ['known', 'method', 'operationId', 'path'], required: []},
      space_sandbox: {properties: ['calls'], required: ['calls']},
    };
    for (const [name, {properties, required}] of Object.entries(expected)) {
      const tool = byName.get(name)!;
      expect(tool.description!.length, name).toBeGreaterThan(60);
      expect(tool.inputSchema.type).toBe('object');
      expect(Object.keys(tool.inputSchema.properties ?? {}).sort(), name).toEqual(properties);
      expect((tool.inputSchema.required ?? []).sort(), name).toEqual(required);
      for (const [prop, schema] of Object.entries(tool.inputSchema.properties ?? {})) {
        expect((schema as {description?: string}).description, `${name}.${prop}`).toBeTruthy();
      }
      expect(tool.annotations?.readOnlyHint, name).toBe(true);
    }
    const structured = ['evaluate_pricing', 'list_pages', 'search_docs', 'space_sandbox', 'validate_pricing'];
    for (const tool of tools) {
      expect(tool.outputSchema?.type === 'object', tool.name).toBe(structured.includes(tool.name));
    }
    for (const name of structured) expect(() => ajv.compile(byName.get(name)!.outputSchema!), name).not.toThrow();
  });

  it('fit in 10 KB as the tools/list answer, and tell the assistant to search, then read sections', async () => {
    const listed = await client.listTools();
    expect(Buffer.byteLength(JSON.stringify(listed))).toBeLessThan(SESSION_BUDGETS.toolListBytes);
    expect(client.getInstructions()).toMatch(/search_docs first[\s\S]*get_page with a hit's URL/);
  });
});

describe('search_docs', () => {
  it("gives the same first three URLs as the site's engine for every judged query", async () => {
    for (const {query} of JUDGMENTS) {
      const engine = index
        .search({query, hitsPerPage: 20, facetFilters: []})
        .hits.slice(0, 3)
        .map((h) => h.url);
      const result = await call('search_docs', {query, limit: 3});
      expect(result.isError, query).toBeFalsy();
      const hits = (result.structuredContent as {hits: {url: string}[]}).hits;
      expect(
        hits.map((h) => h.url),
        query,
      ).toEqual(engine);
    }
  });

  it('gives title, URL, version and snippet per hit, and keeps to one version when asked', async () => {
    const result = await call('search_docs', {query: 'usage limit', version: '2.0.0', limit: 20});
    const hits = (result.structuredContent as {hits: Record<string, unknown>[]}).hits;
    expect(hits.length).toBeGreaterThan(3);
    for (const hit of hits) {
      expect(hit.version).toBe('2.0.0');
      expect(hit.url).toMatch(new RegExp(`^${ORIGIN}/docs/2\\.0\\.0/`));
      expect(typeof hit.title).toBe('string');
      if (hit.snippet !== undefined) expect(hit.snippet).not.toMatch(/<mark>|&#\d+;/);
    }
    expect(textOf(result)).toContain(hits[0].url as string);
    // The first hits carry the text of their section, bounded, without its heading (the hit's title or section) and
    // in place of the snippet; the others only its size and address.
    hits.forEach((hit, i) => {
      expect(hit.sectionBytes as number).toBeGreaterThan(0);
      if (i >= HITS_WITH_TEXT) expect(hit.sectionText, hit.url as string).toBeUndefined();
      if (hit.sectionText === undefined) return;
      expect(Buffer.byteLength(hit.sectionText as string), hit.url as string).toBeLessThanOrEqual(HIT_TEXT_LIMIT);
      // A section that opens with a subsection starts with that subsection's heading: only its own is left out.
      const first = (hit.sectionText as string).split('\n')[0];
      if (/^#{1,6} /.test(first)) {
        expect(first.replace(/^#{1,6} /, ''), hit.url as string).not.toBe(hit.section ?? hit.title);
      }
      expect(hit.snippet, hit.url as string).toBeUndefined();
    });
    expect(hits[0].sectionText).toBeDefined();
    const current = await call('search_docs', {query: 'create contract', limit: 1});
    expect((current.structuredContent as {hits: {version: string}[]}).hits[0].version).toBe(CURRENT_VERSION);
  });

  it("gives each hit a URL get_page reads as the hit's section, and neither path nor anchor again", async () => {
    type Hit = {url: string; path?: string; anchor?: string; section?: string; sectionText?: string};
    let checked = 0;
    for (const {query} of JUDGMENTS.slice(0, 12)) {
      const {hits} = (await call('search_docs', {query, limit: 5})).structuredContent as {hits: Hit[]};
      for (const hit of hits.filter((h) => h.url.startsWith(`${ORIGIN}/docs/`))) {
        expect(hit.path, hit.url).toBeUndefined();
        expect(hit.anchor, hit.url).toBeUndefined();
        if (!hit.url.includes('#')) continue;
        // The URL's path and #anchor read the same section as the path (without the current version) and anchor.
        const [address, anchor] = hit.url.replace(ORIGIN, '').split('#');
        const bySection = await call('get_page', {
          url_or_path: address.replace(`/docs/${CURRENT_VERSION}/`, '/'),
          section: anchor,
        });
        expect(bySection.isError, hit.url).toBeFalsy();
        expect(textOf(bySection), hit.url).toBe(textOf(await call('get_page', {url_or_path: hit.url})));
        expect(textOf(bySection), hit.url).toContain(`${hit.url}`);
        if (hit.sectionText) expect(textOf(bySection), hit.url).toContain(hit.sectionText);
        checked++;
      }
    }
    expect(checked).toBeGreaterThan(20);
  });

  it('answers an empty query, an unknown version and an overlong query with a tool error', async () => {
    const empty = await call('search_docs', {query: '   '});
    expect(empty.isError).toBe(true);
    expect(textOf(empty)).toMatch(/query is empty/);
    const version = await call('search_docs', {query: 'plan', version: '9.9.9'});
    expect(version.isError).toBe(true);
    expect(textOf(version)).toContain(ALL_VERSIONS.join(', '));
    const long = await call('search_docs', {query: 'x'.repeat(600)});
    expect(long.isError).toBe(true);
    const wrongType = await call('search_docs', {query: 42});
    expect(wrongType.isError).toBe(true);
  });
});

describe('get_page', () => {
  const twin = (path: string) => readFileSync(join(BUILD, `${path}.md`), 'utf8');
  const intro = `/docs/${CURRENT_VERSION}/docs/Introduction`;

  it('returns the Markdown twin from the HTML URL, the .md URL, a site path or a path without version', async () => {
    for (const input of [
      `${ORIGIN}${intro}`,
      `${ORIGIN}${intro}.md`,
      intro,
      `${intro.slice(1)}/index.html`,
      'docs/Introduction',
    ]) {
      const result = await call('get_page', {url_or_path: input, whole: true});
      expect(result.isError, input).toBeFalsy();
      expect(textOf(result), input).toBe(twin(intro));
    }
  });

  it('serves the pages of every version', async () => {
    for (const version of ALL_VERSIONS) {
      const path = readdirSync(join(BUILD, 'docs', version, 'api'))
        .filter((f) => f.endsWith('.md'))
        .map((f) => `/docs/${version}/api/${f.replace(/\.md$/, '')}`)[0];
      expect(path, version).toBeDefined();
      expect(textOf(await call('get_page', {url_or_path: path, whole: true})), path).toBe(twin(path));
    }
  });

  it('returns one section by heading, by anchor or by the anchor of its URL, with its subsections', async () => {
    const markdown = twin(intro);
    const start = markdown.indexOf('## The parts of the toolkit');
    const end = markdown.indexOf('\n## ', start + 1);
    const expected = markdown.slice(start, end === -1 ? undefined : end).trimEnd();
    for (const args of [
      {url_or_path: intro, section: 'The parts of the toolkit'},
      {url_or_path: intro, section: 'the PARTS of the toolkit'},
      {url_or_path: intro, section: 'the-parts-of-the-toolkit'},
      {url_or_path: intro, section: '#the-parts-of-the-toolkit'},
      {url_or_path: `${ORIGIN}${intro}/#the-parts-of-the-toolkit`},
    ]) {
      const result = await call('get_page', args);
      expect(result.isError, JSON.stringify(args)).toBeFalsy();
      const text = textOf(result);
      expect(text, JSON.stringify(args)).toContain(`${ORIGIN}${intro}#the-parts-of-the-toolkit`);
      expect(text.endsWith(expected), JSON.stringify(args)).toBe(true);
    }
  });

  it("gives every page's outline with the anchors of its built HTML and each section's size", async () => {
    let pages = 0;
    for (const version of ALL_VERSIONS) {
      for (const file of readdirSync(join(BUILD, 'docs', version), {recursive: true, encoding: 'utf8'})) {
        if (!file.endsWith('.md')) continue;
        const path = `/docs/${version}/${file.replace(/\.md$/, '').split(sep).join('/')}`;
        const ids = articleHeadingIds(readFileSync(join(BUILD, path, 'index.html'), 'utf8'));
        const sections = outline(twin(path), ids).sections;
        // The twin has the headings of the HTML article, in the same order: the anchors are the page's own.
        expect(sections.length, path).toBe(ids.length);
        pages++;
      }
    }
    expect(pages).toBeGreaterThan(140);
    const api = `/docs/${CURRENT_VERSION}/api/space/space-api`;
    const html = readFileSync(join(BUILD, api, 'index.html'), 'utf8');
    const result = await call('get_page', {url_or_path: api, outline: true});
    const listed = [...textOf(result).matchAll(/\(#([^,]+), ([\d.]+) (KB|B)\)$/gm)].map((m) => m[1]);
    expect(listed).toEqual(articleHeadingIds(html));
    expect(textOf(result).length).toBeLessThan(8 * 1024);
  });

  it('answers a page without section with its opening, first section and outline, and says how to ask for more', async () => {
    let pages = 0;
    for (const file of readdirSync(join(BUILD, 'docs', CURRENT_VERSION), {recursive: true, encoding: 'utf8'})) {
      if (!file.endsWith('.md')) continue;
      const path = `/docs/${CURRENT_VERSION}/${file.replace(/\.md$/, '').split(sep).join('/')}`;
      const markdown = twin(path);
      const o = outline(markdown, articleHeadingIds(readFileSync(join(BUILD, path, 'index.html'), 'utf8')));
      const text = textOf(await call('get_page', {url_or_path: path}));
      if (Buffer.byteLength(markdown) <= SMALL_PAGE || o.sections.length === 0) {
        expect(text, path).toBe(markdown);
        continue;
      }
      // The opening, then the first section (cut at a line when long), then every section's anchor.
      expect(text.startsWith(markdown.slice(0, o.introEnd).trim().split('\n')[0]), path).toBe(true);
      expect(text, path).toContain(markdown.slice(o.sections[0].start, o.sections[0].end).split('\n')[0]);
      expect(text, path).toMatch(/This page is [\d.]+ KB in \d+ sections; above are its opening and first section/);
      for (const s of o.sections) expect(text, path).toContain(`(#${s.anchor}, `);
      expect(text.length, path).toBeLessThan(Math.max(8 * 1024, markdown.length / 2));
      pages++;
    }
    expect(pages).toBeGreaterThan(30);
  });

  it('answers a page over 20 KB with its opening, first section and outline, and the whole page when asked', async () => {
    const api = `/docs/${CURRENT_VERSION}/api/space/space-api`;
    const whole = twin(api);
    expect(whole.length).toBeGreaterThan(PAGE_LIMIT);
    const short = textOf(await call('get_page', {url_or_path: api}));
    expect(short.length).toBeLessThan(PAGE_LIMIT);
    expect(short).toMatch(/This page is [\d.]+ KB in \d+ sections/);
    expect(short).toContain('(#post-contracts, ');
    expect(textOf(await call('get_page', {url_or_path: api, whole: true}))).toBe(whole);
    const section = textOf(await call('get_page', {url_or_path: `${ORIGIN}${api}#post-contracts`}));
    expect(section).toContain('### POST `/contracts`');
    expect(section).not.toContain('### GET `/contracts/{userId}`');
  });

  it('answers an unknown section, a section on a page without sections and a tarball URL with a tool error', async () => {
    const unknown = await call('get_page', {url_or_path: intro, section: 'Pricing of unicorns'});
    expect(unknown.isError).toBe(true);
    expect(textOf(unknown)).toMatch(/has no section "Pricing of unicorns"/);
    expect(textOf(unknown)).toContain('The parts of the toolkit (#the-parts-of-the-toolkit');
    const category = readdirSync(join(BUILD, 'docs', CURRENT_VERSION, 'category')).find((f) => f.endsWith('.md'))!;
    const none = await call('get_page', {
      url_or_path: `/docs/${CURRENT_VERSION}/category/${category.replace(/\.md$/, '')}`,
      section: 'Overview',
    });
    expect(none.isError).toBe(true);
    expect(textOf(none)).toMatch(/has no sections.*leave section out/);
    const own = await call('get_page', {url_or_path: `${ORIGIN}${MCP_TARBALL_PATH}`});
    expect(own.isError).toBe(true);
    expect(textOf(own)).toMatch(/is a package of this server.*not a page/);
    const foreign = await call('get_page', {url_or_path: 'https://docs.example.org/mcp/sphere-docs-mcp.tgz'});
    expect(foreign.isError).toBe(true);
    expect(textOf(foreign)).toContain(`is not this site's package: this server carries the docs of ${ORIGIN}`);
  });

  it('answers an unknown page, an empty one or a path out of the site with a tool error', async () => {
    const unknown = await call('get_page', {url_or_path: `/docs/${CURRENT_VERSION}/api/renew-token`});
    expect(unknown.isError).toBe(true);
    expect(textOf(unknown)).toMatch(/No page of the docs at/);
    expect(textOf(unknown)).toContain('renew-token-filter');
    for (const input of ['', '../../../etc/passwd', '/docs/../../package.json', '/llms-full']) {
      const result = await call('get_page', {url_or_path: input});
      expect(result.isError, input).toBe(true);
    }
  });
});

describe('list_pages', () => {
  /** Section titles and links of a built llms.txt, read line by line. */
  function llms(file: string) {
    const text = readFileSync(join(BUILD, file), 'utf8');
    return {
      sections: [...text.matchAll(/^## (.+)$/gm)].map((m) => m[1]),
      urls: [...text.matchAll(/^- \[.*?\]\((\S+?)\)/gm)].map((m) => m[1]),
    };
  }
  type Listed = {version: string; sections: {title: string; pages: {url: string; title: string}[]}[]};

  it('lists what llms.txt lists, version by version', async () => {
    for (const version of ALL_VERSIONS) {
      const file = version === CURRENT_VERSION ? 'llms.txt' : `docs/${version}/llms.txt`;
      const expected = llms(file);
      const result = await call('list_pages', {...(version === CURRENT_VERSION ? {} : {version}), detail: true});
      const listed = result.structuredContent as Listed;
      expect(listed.version).toBe(version);
      expect(listed.sections.map((s) => s.title)).toEqual(expected.sections);
      expect(listed.sections.flatMap((s) => s.pages.map((p) => p.url))).toEqual(expected.urls);
      expect(listed.sections.flatMap((s) => s.pages).every((p) => p.title.length > 0)).toBe(true);
      expect((result.structuredContent as {build: {builtAt: string}}).build.builtAt).toMatch(/^\d{4}-\d\d-\d\dT/);
    }
  });

  it('is compact by default: one line per page, path | title | one short sentence, under 25 KB', async () => {
    for (const version of ALL_VERSIONS) {
      const file = version === CURRENT_VERSION ? 'llms.txt' : `docs/${version}/llms.txt`;
      const expected = llms(file);
      const result = await call('list_pages', version === CURRENT_VERSION ? {} : {version});
      expect(Buffer.byteLength(JSON.stringify(result)), version).toBeLessThanOrEqual(SESSION_BUDGETS.answerBytes);
      const {sections} = result.structuredContent as {sections: {title: string; pages: unknown[]}[]};
      expect(sections.map((s) => s.title)).toEqual(expected.sections);
      const lines = sections.flatMap((s) => s.pages);
      expect(lines.every((l) => typeof l === 'string')).toBe(true);
      const parts = (lines as string[]).map((l) => l.split(' | '));
      // The path of each page is its URL's, without origin, `.md` and, for a page of the current version (listed in
      // any version's list), `/docs/<version>`: get_page reads such a path as the current version's.
      expect(parts.map(([path]) => path)).toEqual(
        expected.urls.map((u) => u.replace(ORIGIN, '').replace(/\.md$/, '').replace(`/docs/${CURRENT_VERSION}/`, '/')),
      );
      for (const [path, title, about, ...rest] of parts) {
        expect(title, path).toBeTruthy();
        expect(rest, path).toEqual([]);
        if (about !== undefined) expect(about.length, path).toBeLessThanOrEqual(SUMMARY_MAX + 1);
      }
      // Each page's path is what get_page reads.
      for (const [path] of parts
        .filter(([p]) => !/^\/(schemas|openapi|playground)\b|llms\.txt$/.test(p))
        .slice(0, 40)) {
        expect((await call('get_page', {url_or_path: path, outline: true})).isError, path).toBeFalsy();
      }
    }
  });

  it('keeps to the pages under a path prefix, with or without the version', async () => {
    const space = expected('/api/space/');
    for (const prefix of ['/api/space', 'api/space/', `/docs/${CURRENT_VERSION}/api/space`]) {
      const {sections} = (await call('list_pages', {prefix})).structuredContent as {sections: {pages: string[]}[]};
      const lines = sections.flatMap((s) => s.pages);
      expect(lines.length, prefix).toBe(space);
      expect(
        lines.every((l) => l.startsWith('/api/space')),
        prefix,
      ).toBe(true);
    }
    const detailed = (await call('list_pages', {prefix: '/api/space', detail: true})).structuredContent as Listed;
    expect(detailed.sections.flatMap((s) => s.pages).length).toBe(space);
    const none = await call('list_pages', {prefix: '/nowhere'});
    expect(none.isError).toBe(true);
    expect(textOf(none)).toMatch(/No page of docs version .* starts with "\/nowhere"/);

    function expected(part: string) {
      return llms('llms.txt').urls.filter((u) => u.includes(`/docs/${CURRENT_VERSION}${part}`)).length;
    }
  });

  it('gives one section by its title, and a tool error for an unknown section or version', async () => {
    const all = (await call('list_pages', {})).structuredContent as Listed;
    const first = all.sections[0];
    const one = (await call('list_pages', {section: first.title.toUpperCase()})).structuredContent as Listed;
    expect(one.sections).toEqual([first]);
    const unknown = await call('list_pages', {section: 'Nowhere'});
    expect(unknown.isError).toBe(true);
    expect(textOf(unknown)).toContain(first.title);
    expect((await call('list_pages', {version: '0.1'})).isError).toBe(true);
  });
});

describe('validate_pricing', () => {
  const load = compilingLoader(async (v) =>
    JSON.parse(readFileSync(join(BUILD, 'schemas', 'pricing2yaml', `v${v}.json`), 'utf8')),
  );
  const files = realPricings();

  it('agrees with the playground on every real pricing', async () => {
    expect(files.length).toBeGreaterThanOrEqual(200);
    for (const file of files) {
      const yaml = readFileSync(file, 'utf8');
      const playground = await analyze(yaml, load);
      const result = await call('validate_pricing', {yaml});
      const got = result.structuredContent as {
        status: string;
        syntaxVersion?: string;
        problems: unknown[];
        space?: {stores: boolean; summary: string; findings: unknown[]};
      };
      expect(got.status, file).toBe(playground.status);
      expect(got.syntaxVersion, file).toBe(playground.version);
      expect(got.problems, file).toEqual(
        playground.diagnostics.map(({line, path, message, source}) => ({line, path, message, source})),
      );
      // The same SPACE verdict, finding for finding.
      expect(got.space, file).toEqual(
        playground.space && {
          stores: playground.space.stores,
          summary: playground.space.summary,
          findings: playground.space.findings.map(({line, path, message, effect}) => ({line, path, message, effect})),
        },
      );
      // The same 3.0 form, labelled the same way, with the same expressions SPACE's own upgrade would break.
      const upgrade = (result.structuredContent as {upgrade?: Record<string, unknown>}).upgrade;
      expect(upgrade?.yaml, file).toBe(playground.upgrade?.yaml);
      expect(upgrade?.about, file).toBe(playground.upgrade?.about);
      expect(upgrade?.spaceBreaks, file).toEqual(
        playground.upgrade?.spaceBreaks?.map(({line, path, message}) => ({line, path, message})),
      );
      if (playground.space) expect(textOf(result), file).toContain(inJson(playground.space.summary));
      expect(result.isError, file).toBeFalsy();
      for (const d of playground.diagnostics) expect(textOf(result), file).toContain(inJson(d.message));
    }
  });

  it("labels the 3.0 form of an older file as corrected, and lists what SPACE's own upgrade of it would break", async () => {
    const yaml = `syntaxVersion: "2.1"
saasName: Quillpad
createdAt: "2025-05-20"
currency: EUR
features:
  drafts:
    valueType: BOOLEAN
    defaultValue: true
    type: DOMAIN
    expression: planContext['features']['drafts']
  sharing:
    valueType: BOOLEAN
    defaultValue: false
    type: DOMAIN
    expression: planContext['features']['sharing'] && planContext['features']['drafts']
plans:
  BASIC:
    price: 0
    features: null
`;
    const result = await call('validate_pricing', {yaml});
    expect(result.isError).toBeFalsy();
    const got = result.structuredContent as {
      status: string;
      space: {stores: boolean};
      upgrade: {yaml: string; about: string; spaceBreaks: {line: number; path: string; message: string}[]};
    };
    expect(got.status).toBe('valid');
    expect(got.space.stores).toBe(false);
    expect(got.upgrade.yaml).toContain("pricingContext['features']['sharing'] && pricingContext['features']['drafts']");
    expect(got.upgrade.about).toMatch(/^This 3\.0 form is a corrected file, not the pricing SPACE would store/);
    expect(got.upgrade.about).toContain('Upload this corrected 3.0 form instead of the 2.1 file.');
    expect(got.upgrade.spaceBreaks).toEqual([
      {
        line: 15,
        path: 'features.sharing.expression',
        message: expect.stringContaining('renames only the first') as string,
      },
    ]);
    const text = textOf(result);
    // One copy of the result: the corrected file once in the one text block, none in a readable rendering.
    expect(result.content).toHaveLength(1);
    expect(text.split(inJson(got.upgrade.yaml))).toHaveLength(2);
    expect(text).toContain(inJson(got.upgrade.about));

    // A 3.0 document has no 3.0 form to label.
    const current = await call('validate_pricing', {
      yaml: yaml.replace('"2.1"', '"3.0"').replace(/planContext/g, 'pricingContext'),
    });
    expect((current.structuredContent as {upgrade?: unknown}).upgrade).toBeUndefined();
  });

  it('says where each problem is: line, field path and message', async () => {
    const yaml = readFileSync(realPricing('petclinic.yml'), 'utf8');
    const broken = yaml.replace(/valueType: BOOLEAN/, 'valueType: BOOL');
    const line = broken.slice(0, broken.indexOf('valueType: BOOL')).split('\n').length;
    const result = await call('validate_pricing', {yaml: broken});
    const got = result.structuredContent as {status: string; problems: {line: number; path: string}[]};
    expect(got.status).toBe('invalid');
    expect(got.problems.some((p) => p.line === line && /^features\.\w+\.valueType$/.test(p.path))).toBe(true);
  });

  it('answers empty text, 2 MB of YAML, an alias bomb and a non-pricing with a tool error and a clear message', async () => {
    const empty = await call('validate_pricing', {yaml: ' \n'});
    expect(empty.isError).toBe(true);
    expect(textOf(empty)).toMatch(/empty/);

    const huge = await call('validate_pricing', {yaml: `saasName: big\nx: "${'a'.repeat(2 * 1024 * 1024)}"\n`});
    expect(huge.isError).toBe(true);
    expect(textOf(huge)).toContain(`up to ${MAX_CHARS / 1024} KB`);

    const bomb = ['a: &a [x, x, x, x, x, x, x, x, x, x]'];
    for (let i = 0; i < 8; i++) {
      const prev = String.fromCharCode(97 + i);
      const next = String.fromCharCode(98 + i);
      bomb.push(`${next}: &${next} [${Array(10).fill(`*${prev}`).join(', ')}]`);
    }
    const aliases = await call('validate_pricing', {yaml: bomb.join('\n')});
    expect(aliases.isError).toBe(true);
    expect(textOf(aliases)).toMatch(/too many aliases/);

    const list = await call('validate_pricing', {yaml: '- one\n- two\n'});
    expect(list.isError).toBe(true);
    expect(textOf(list)).toMatch(/not a Pricing2Yaml document/);

    // The server is still answering.
    expect((await call('search_docs', {query: 'plan', limit: 1})).isError).toBeFalsy();
  });
});

describe('evaluate_pricing', () => {
  const NOTES = `syntaxVersion: "2.1"
saasName: Notes
version: "2025-1"
createdAt: "2025-01-15"
currency: EUR
features:
  aiSummaries:
    valueType: BOOLEAN
    defaultValue: false
    type: DOMAIN
    expression: userContext['aiSummariesPerMonth'] < planContext['usageLimits']['aiSummariesPerMonth']
usageLimits:
  aiSummariesPerMonth:
    valueType: NUMERIC
    defaultValue: 0
    type: RENEWABLE
    linkedFeatures: [aiSummaries]
plans:
  BASIC:
    price: 0
    features: null
    usageLimits: null
  PRO:
    price: 8
    features: null
    usageLimits:
      aiSummariesPerMonth:
        value: 50
addOns:
  extraSummaries:
    availableFor: [PRO]
    price: 4
    usageLimitsExtensions:
      aiSummariesPerMonth:
        value: 100
`;
  type Answer = {
    problems: {code: string}[];
    features: {name: string; eval: boolean; explained?: string; error: {code: string} | null}[];
    limits: {name: string; value: number; tracked: boolean; used?: number}[];
  };

  it('gives what the evaluator gives, a 2.1 document in its 3.0 form', async () => {
    const args = {plan: 'PRO', addOns: {extraSummaries: 1}, usage: {aiSummariesPerMonth: 149}};
    const result = await call('evaluate_pricing', {yaml: NOTES, ...args});
    expect(result.isError).toBeFalsy();
    const got = result.structuredContent as Answer;
    const playground = await analyze(
      NOTES,
      compilingLoader(async (v) => readSchema(v)),
    );
    const expected = JSON.parse(JSON.stringify(evaluatePricing(playground.pricing!, args))) as Answer;
    expect(got).toMatchObject(expected);
    expect(got.limits[0]).toMatchObject({name: 'aiSummariesPerMonth', value: 150, tracked: true, used: 149});
    expect(got.features[0]).toMatchObject({eval: true, explained: '149 < 150'});
    // SPACE's own answer per feature, for an assistant that computes with it.
    expect((result.structuredContent as {space: Record<string, unknown>}).space.aiSummaries).toEqual({
      eval: true,
      used: {aiSummariesPerMonth: 149},
      limit: {aiSummariesPerMonth: 150},
      error: null,
    });
    // The feature's own value is its default (false): the expression reads only the counter and the limit.
    expect(got.features[0]).toMatchObject({name: 'aiSummaries', value: false, eval: true});
    expect(textOf(result)).toContain('PRO sets 50, then extraSummaries adds 100 × 1');
  });

  it('names what SPACE would refuse in the subscription', async () => {
    const result = await call('evaluate_pricing', {yaml: NOTES, plan: 'BASIC', addOns: {extraSummaries: 0}});
    expect(result.isError).toBeFalsy();
    expect((result.structuredContent as Answer).problems.map((p) => p.code)).toEqual([
      'ADD_ON_NOT_AVAILABLE',
      'INVALID_QUANTITY',
    ]);
    expect(textOf(result)).toMatch(/extraSummaries is not available for BASIC/);
  });

  it('refuses an invalid document, oversized text and bad arguments with a tool error', async () => {
    const invalid = await call('evaluate_pricing', {yaml: NOTES.replace('currency: EUR', 'currency: EURO')});
    expect(invalid.isError).toBe(true);
    expect(textOf(invalid)).toMatch(/must be valid[\s\S]*currency/);
    const huge = await call('evaluate_pricing', {yaml: `saasName: big\nx: "${'a'.repeat(2 * 1024 * 1024)}"\n`});
    expect(huge.isError).toBe(true);
    expect(textOf(huge)).toContain(`up to ${MAX_CHARS / 1024} KB`);
    const negative = await call('evaluate_pricing', {yaml: NOTES, plan: 'PRO', addOns: {extraSummaries: -1}});
    expect(negative.isError).toBe(true);
    // The server is still answering.
    expect((await call('evaluate_pricing', {yaml: NOTES, plan: 'PRO'})).isError).toBeFalsy();
  });
});

describe('get_api_operation', () => {
  const doc = parse(readFileSync(join(BUILD, 'openapi', 'space-api.yaml'), 'utf8')) as SpaceApiDocument;
  const all = operations(doc);

  it('describes every operation by its operationId, with its roles, parameters and responses', async () => {
    for (const {operation, method, path, parameters} of all) {
      const result = await call('get_api_operation', {operationId: operation.operationId});
      const text = textOf(result);
      expect(result.isError, operation.operationId).toBeFalsy();
      expect(text, operation.operationId).toContain(`# ${method.toUpperCase()} /api/v1${path}`);
      if (isPublic(operation)) expect(text, operation.operationId).toMatch(/Authentication:\*\* none/);
      else expect(text, operation.operationId).toContain(`Roles allowed:** ${allowedRoles(operation).join(', ')};`);
      for (const p of parameters) expect(text, operation.operationId).toContain(`\`${p.name}\``);
      for (const status of Object.keys(operation.responses ?? {})) {
        expect(text, operation.operationId).toContain(`### ${status}`);
      }
    }
  });

  it('finds an operation by method and a template or concrete path, with or without the base path', async () => {
    const contract = all.find((e) => e.method === 'post' && e.path === '/contracts')!;
    for (const args of [
      {method: 'POST', path: '/contracts'},
      {method: 'post', path: '/api/v1/contracts'},
      {method: 'POST', path: 'http://localhost:3000/api/v1/contracts?x=1'},
    ]) {
      const text = textOf(await call('get_api_operation', args));
      expect(text, JSON.stringify(args)).toContain(`operationId: \`${contract.operation.operationId}\``);
    }
    const templated = all.find((e) => e.method === 'get' && /\{[^}]+\}/.test(e.path))!;
    const concrete = templated.path.replace(/\{[^}]+\}/g, 'abc');
    expect(textOf(await call('get_api_operation', {method: 'GET', path: concrete}))).toContain(
      `operationId: \`${templated.operation.operationId}\``,
    );
  });

  it('answers an unknown operation or missing arguments with a tool error that says what exists', async () => {
    const unknown = await call('get_api_operation', {operationId: 'noSuchOperation'});
    expect(unknown.isError).toBe(true);
    expect(textOf(unknown)).toContain(all[0].operation.operationId!);
    const path = await call('get_api_operation', {method: 'GET', path: '/nowhere'});
    expect(path.isError).toBe(true);
    expect(textOf(path)).toMatch(/no operation GET \/nowhere/);
    expect((await call('get_api_operation', {})).isError).toBe(true);
    expect((await call('get_api_operation', {method: 'FETCH', path: '/contracts'})).isError).toBe(true);
  });
});

describe('resources', () => {
  it('serves the JSON Schemas and the OpenAPI document of the build at their site URLs', async () => {
    const {resources} = await client.listResources();
    const schemas = readdirSync(join(BUILD, 'schemas', 'pricing2yaml'));
    const expected = [...schemas.map((f) => `${ORIGIN}/schemas/pricing2yaml/${f}`), `${ORIGIN}/openapi/space-api.yaml`];
    expect(resources.map((r) => r.uri).sort()).toEqual(expected.sort());
    for (const uri of expected) {
      const {contents} = await client.readResource({uri});
      const file = join(BUILD, new URL(uri).pathname);
      expect((contents[0] as {text: string}).text, uri).toBe(readFileSync(file, 'utf8'));
    }
  });
});

/** Starts the server as a plain child process; `lines` collects what it writes to stdout, one message each. */
function rawServer(args: string[]) {
  const child = spawn(process.execPath, args, {cwd: ROOT, stdio: ['pipe', 'pipe', 'pipe']});
  const lines: string[] = [];
  let stderr = '';
  let buffer = '';
  child.stdout.on('data', (chunk: Buffer) => {
    buffer += chunk.toString('utf8');
    let i;
    while ((i = buffer.indexOf('\n')) >= 0) {
      lines.push(buffer.slice(0, i));
      buffer = buffer.slice(i + 1);
    }
  });
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString('utf8')));
  const waitFor = async (test: (line: string) => boolean, what: string) => {
    const t0 = Date.now();
    for (;;) {
      const found = lines.find(test);
      if (found) return found;
      if (Date.now() - t0 > 30_000) throw new Error(`No ${what} from the server; stderr: ${stderr}`);
      await new Promise((r) => setTimeout(r, 20));
    }
  };
  return {child, lines, waitFor, stderr: () => stderr};
}

describe('a server that keeps answering', () => {
  it('answers lines that are not JSON or not JSON-RPC with a JSON-RPC error, then goes on', async () => {
    const server = rawServer(SERVER);
    try {
      server.child.stdin.write('{"jsonrpc":"2.0","id":1,"method":"ping"}\n');
      await server.waitFor((l) => l.includes('"id":1'), 'answer to the first ping');
      server.child.stdin.write('this is not json {\n');
      const parseError = JSON.parse(await server.waitFor((l) => l.includes('-32700'), 'parse error'));
      expect(parseError).toMatchObject({jsonrpc: '2.0', id: null, error: {code: -32700}});
      server.child.stdin.write('{"hello":"world"}\n');
      const invalid = JSON.parse(await server.waitFor((l) => l.includes('-32600'), 'invalid request error'));
      expect(invalid.error.message).toMatch(/not a JSON-RPC 2.0 message/);
      server.child.stdin.write('{"jsonrpc":"2.0","id":2,"method":"no/such/method"}\n');
      const unknown = JSON.parse(await server.waitFor((l) => l.includes('"id":2'), 'answer to an unknown method'));
      expect(unknown.error.code).toBe(-32601);
      server.child.stdin.write('{"jsonrpc":"2.0","id":3,"method":"ping"}\n');
      expect(JSON.parse(await server.waitFor((l) => l.includes('"id":3'), 'second ping'))).toMatchObject({result: {}});
      expect(server.child.exitCode).toBeNull();
    } finally {
      server.child.kill();
    }
  });
});

describe('Streamable HTTP', () => {
  it('serves the same tools on a loopback address, and refuses other hosts and bodies that are not JSON', async () => {
    const server = rawServer([...SERVER, '--http', '127.0.0.1:0']);
    try {
      const t0 = Date.now();
      while (!/http:\/\/127\.0\.0\.1:\d+\/mcp/.test(server.stderr())) {
        if (Date.now() - t0 > 30_000) throw new Error(`The HTTP server did not start: ${server.stderr()}`);
        await new Promise((r) => setTimeout(r, 20));
      }
      const url = new URL(/http:\/\/127\.0\.0\.1:\d+\/mcp/.exec(server.stderr())![0]);
      const http = new Client({name: 'docs-tests', version: '1.0.0'});
      await http.connect(new StreamableHTTPClientTransport(url));
      expect((await http.listTools()).tools).toHaveLength(7);
      const result = (await http.callTool({
        name: 'search_docs',
        arguments: {query: 'api key', limit: 3},
      })) as CallToolResult;
      const engine = index
        .search({query: 'api key', hitsPerPage: 20, facetFilters: []})
        .hits.slice(0, 3)
        .map((h) => h.url);
      expect((result.structuredContent as {hits: {url: string}[]}).hits.map((h) => h.url)).toEqual(engine);
      await http.close();

      const headers = {'content-type': 'application/json', accept: 'application/json, text/event-stream'};
      const notJson = await fetch(url, {method: 'POST', headers, body: '{oops'});
      expect(notJson.status).toBe(400);
      expect((await notJson.json()).error.code).toBe(-32700);
      const invalid = await fetch(url, {method: 'POST', headers, body: '{"hello":"world"}'});
      expect(invalid.status).toBe(400);
      const get = await fetch(url);
      expect(get.status).toBe(405);
      // A page on another origin that resolves its own name to 127.0.0.1 sends its own Host header.
      const rebound = await new Promise<number>((resolve, reject) => {
        const req = request(url, {method: 'POST', headers: {...headers, host: `evil.example:${url.port}`}}, (res) => {
          res.resume();
          resolve(res.statusCode ?? 0);
        });
        req.on('error', reject);
        req.end('{"jsonrpc":"2.0","id":1,"method":"ping"}');
      });
      expect(rebound).toBe(403);
      expect(server.child.exitCode).toBeNull();
    } finally {
      server.child.kill();
    }
  });

  it('refuses to listen on an address that is not loopback', () => {
    const run = spawnSync(process.execPath, [...SERVER, '--http', '0.0.0.0:3999'], {cwd: ROOT, encoding: 'utf8'});
    expect(run.status).toBe(2);
    expect(run.stderr).toMatch(/loopback addresses only/);
  });
});

describe('the packed package', () => {
  it("runs from the tarball npm pack makes, with Node alone and with the page's npx command", async () => {
    const dir = mkdtempSync(join(tmpdir(), 'docs-mcp-pack-'));
    try {
      const pack = spawnSync('npm', ['pack', '--json', '--pack-destination', dir], {
        cwd: join(ROOT, 'mcp'),
        encoding: 'utf8',
        env: {...process.env, MCP_BUILD_DIR: BUILD},
      });
      expect(pack.status, pack.stderr).toBe(0);
      const [{filename, files}] = JSON.parse(pack.stdout.slice(pack.stdout.indexOf('['))) as {
        filename: string;
        files: {path: string}[];
      }[];
      const paths = files.map((f) => f.path);
      expect(paths).toContain('dist/server.cjs');
      expect(paths).toContain('data/llms.txt');
      expect(paths.filter((p) => p.endsWith('.md') && p.startsWith('data/docs/')).length).toBeGreaterThan(100);
      expect(paths.some((p) => p.includes('llms-full'))).toBe(false);
      const tar = spawnSync('tar', ['xzf', join(dir, filename), '-C', dir]);
      expect(tar.status).toBe(0);
      // Out of the repository: nothing can be resolved from its node_modules.
      const packed = await connect([join(dir, 'package', 'dist', 'server.cjs')], dir);
      try {
        expect((await packed.listTools()).tools).toHaveLength(7);
        const result = (await packed.callTool({
          name: 'search_docs',
          arguments: {query: 'renew token filter', limit: 3},
        })) as CallToolResult;
        const engine = index
          .search({query: 'renew token filter', hitsPerPage: 20, facetFilters: []})
          .hits.slice(0, 3)
          .map((h) => h.url);
        expect((result.structuredContent as {hits: {url: string}[]}).hits.map((h) => h.url)).toEqual(engine);
        // The package carries the pages' heading ids (no HTML) and the date of the build it was made from.
        const api = `/docs/${CURRENT_VERSION}/api/space/space-api`;
        const outlined = (await packed.callTool({
          name: 'get_page',
          arguments: {url_or_path: api, outline: true},
        })) as CallToolResult;
        expect([...textOf(outlined).matchAll(/\(#([^,]+), [\d.]+ K?B\)$/gm)].map((m) => m[1])).toEqual(
          articleHeadingIds(readFileSync(join(BUILD, api, 'index.html'), 'utf8')),
        );
        const list = (await packed.callTool({name: 'list_pages', arguments: {}})) as CallToolResult;
        const build = (list.structuredContent as {build: {builtAt: string; docsVersion: string; package: string}})
          .build;
        expect(Date.now() - Date.parse(build.builtAt)).toBeLessThan(10 * 60_000);
        expect(build.docsVersion).toBe(CURRENT_VERSION);
        expect(build.package).toBe(JSON.parse(readFileSync(join(ROOT, 'mcp', 'package.json'), 'utf8')).version);
        const yaml = readFileSync(realPricing('box/2025.yml'), 'utf8');
        const validation = (await packed.callTool({name: 'validate_pricing', arguments: {yaml}})) as CallToolResult;
        expect((validation.structuredContent as {status: string}).status).toBe(
          (
            await analyze(
              yaml,
              compilingLoader(async (v) =>
                JSON.parse(readFileSync(join(BUILD, 'schemas', 'pricing2yaml', `v${v}.json`), 'utf8')),
              ),
            )
          ).status,
        );
        // The in-memory SPACE is bundled: upload, contract, evaluation with an expected consumption.
        const sandbox = (await packed.callTool({
          name: 'space_sandbox',
          arguments: {
            calls: [
              {method: 'POST', path: '/services', body: {pricing: notehive()}},
              {
                method: 'POST',
                path: '/contracts',
                body: {
                  userContact: {userId: 'user-1', username: 'ada'},
                  contractedServices: {notehive: '2025-1'},
                  subscriptionPlans: {notehive: 'PRO'},
                  subscriptionAddOns: {notehive: {}},
                },
              },
              {
                method: 'POST',
                path: '/features/user-1/notehive-aiSummaries',
                body: {'notehive-aiSummariesPerMonth': 1},
              },
              {method: 'GET', path: '/services', apiKey: ''},
            ],
          },
        })) as CallToolResult;
        expect(sandbox.isError, textOf(sandbox)).toBeFalsy();
        const answers = (sandbox.structuredContent as {calls: {status: number; body: unknown}[]}).calls;
        expect(answers.map((a) => a.status)).toEqual([201, 201, 200, 401]);
        expect(answers[0].body).toMatchObject({name: 'NoteHive', disabled: false});
        expect(answers[1].body).toMatchObject({contractedServices: {notehive: '2025-1'}});
        expect(answers[2].body).toEqual({
          eval: true,
          used: {'notehive-aiSummariesPerMonth': 1},
          limit: {'notehive-aiSummariesPerMonth': 50},
          error: null,
        });
        expect(JSON.parse(textOf(sandbox))).toEqual(sandbox.structuredContent);
      } finally {
        await packed.close();
      }

      // The same tarball, started with the command the page gives for it, from an empty folder and npm cache.
      const page = readFileSync(join(ROOT, 'docs', 'docs', 'getting-started', 'use-docs-from-assistant.mdx'), 'utf8');
      const command = /`npx -y (\S*?)\/path\/to\/(sphere-docs-mcp-[^`\s]+\.tgz)`/.exec(page);
      expect(command, 'the npx command for a packed tarball on the page').not.toBeNull();
      expect(command![2]).toBe(filename);
      const empty = mkdtempSync(join(tmpdir(), 'docs-mcp-local-npx-'));
      try {
        const started = new Client({name: 'docs-tests', version: '1.0.0'});
        // connect() sends initialize and fails unless the server answers it.
        await started.connect(
          new StdioClientTransport({
            command: 'npx',
            args: ['-y', `${command![1]}${join(dir, filename)}`],
            cwd: empty,
            stderr: 'ignore',
            env: {...(process.env as Record<string, string>), npm_config_cache: join(empty, 'npm-cache')},
          }),
        );
        try {
          expect(started.getServerVersion()?.name).toBe(MCP_SERVER_KEY);
          expect(started.getServerVersion()?.version).toMatch(/^\d+\.\d+\.\d+\+docs\./);
        } finally {
          await started.close();
        }
      } finally {
        rmSync(empty, {recursive: true, force: true});
      }
    } finally {
      rmSync(dir, {recursive: true, force: true});
    }
  });
});

describe('where readers find it', () => {
  const page = `/docs/${CURRENT_VERSION}/docs/getting-started/use-docs-from-assistant`;
  const tarball = `${ORIGIN}${MCP_TARBALL_PATH}`;

  it('llms.txt of every version points to the page and gives the configuration that runs the served tarball', () => {
    const configs = clientConfigs(tarball);
    for (const file of ['llms.txt', ...ALL_VERSIONS.map((v) => `docs/${v}/llms.txt`)]) {
      const opening = readFileSync(join(BUILD, file), 'utf8').split('\n## ')[0];
      expect(opening, file).toContain(`(${ORIGIN}${page}.md)`);
      expect(opening, file).toMatch(/MCP server/);
      expect(opening, file).toContain(`[${tarball}](${tarball})`);
      for (const config of Object.values(configs)) expect(opening, file).toContain(config);
    }
    const twin = readFileSync(join(BUILD, `${page}.md`), 'utf8');
    for (const tool of [
      'search_docs',
      'get_page',
      'list_pages',
      'validate_pricing',
      'evaluate_pricing',
      'get_api_operation',
    ]) {
      expect(twin).toContain(tool);
    }
    for (const config of Object.values(configs)) expect(twin).toContain(config);
    expect(twin).toMatch(/"mcpServers"/);
    expect(twin).toMatch(/"servers"/);
    expect(twin).toMatch(/claude mcp add/);
  });

  it('the built site serves the tarball, and the configuration the page gives runs it from a folder with nothing but Node', async () => {
    const file = join(BUILD, MCP_TARBALL_PATH);
    expect(statSync(file).size).toBeLessThanOrEqual(1024 * 1024);
    // The mcpServers entry exactly as the page's twin shows it.
    const twin = readFileSync(join(BUILD, `${page}.md`), 'utf8');
    const json = /```json title="mcpServers entry"\n([\s\S]*?)```/.exec(twin)?.[1];
    expect(json, 'the mcpServers entry on the page').toBeDefined();
    const entry = (JSON.parse(json!) as {mcpServers: Record<string, {command: string; args: string[]}>}).mcpServers[
      MCP_SERVER_KEY
    ];
    expect(entry.command).toBe('npx');
    expect(entry.args).toContain(tarball);

    // The build served over HTTP; the configuration's URL pointed at it instead of the production origin.
    const site = createHttpServer((req, res) => {
      const path = join(BUILD, decodeURIComponent(new URL(req.url ?? '/', 'http://x').pathname));
      if (!path.startsWith(BUILD) || !existsSync(path) || !statSync(path).isFile()) {
        res.writeHead(404).end();
        return;
      }
      res.writeHead(200, {'content-type': 'application/gzip'});
      res.end(readFileSync(path));
    });
    await new Promise<void>((resolve) => site.listen(0, '127.0.0.1', resolve));
    const local = `http://127.0.0.1:${(site.address() as AddressInfo).port}`;
    const dir = mkdtempSync(join(tmpdir(), 'docs-mcp-npx-'));
    try {
      const fetched = new Client({name: 'docs-tests', version: '1.0.0'});
      await fetched.connect(
        new StdioClientTransport({
          command: entry.command,
          args: entry.args.map((a) => a.replace(ORIGIN, local)),
          cwd: dir,
          stderr: 'ignore',
          // A cache of its own: nothing fetched before, nothing left behind.
          env: {...(process.env as Record<string, string>), npm_config_cache: join(dir, 'npm-cache')},
        }),
      );
      try {
        expect(fetched.getServerVersion()?.version).toMatch(
          new RegExp(`^\\d+\\.\\d+\\.\\d+\\+docs\\.${CURRENT_VERSION.replace(/\./g, '\\.')}\\.\\d{8}T\\d{4}Z$`),
        );
        expect(fetched.getInstructions()).toContain(`of ${ORIGIN}`);
        expect(fetched.getInstructions()).toContain(tarball);
        const list = (await fetched.callTool({name: 'list_pages', arguments: {}})) as CallToolResult;
        const build = (list.structuredContent as {build: {builtAt: string; tarball: string}}).build;
        expect(build.tarball).toBe(tarball);
        expect(fetched.getInstructions()).toContain(build.builtAt);
      } finally {
        await fetched.close();
      }
    } finally {
      site.close();
      rmSync(dir, {recursive: true, force: true});
    }
  });
});

describe("the page's worked example", () => {
  it('takes three calls through the server, whose answers hold what the page says', async () => {
    const source = readFileSync(join(ROOT, 'docs', 'api', 'space', 'user-guide', 'introduction.mdx'), 'utf8');
    const yaml = /```yaml title="notehive-2025-1.yml" example="valid"\n([\s\S]*?)```/.exec(source)![1];
    const calls: [string, Record<string, unknown>][] = WORKED_EXAMPLE(yaml);
    let bytes = 0;
    const answers: CallToolResult[] = [];
    for (const [name, args] of calls) {
      const result = await call(name, args);
      expect(result.isError, name).toBeFalsy();
      bytes += Buffer.byteLength(JSON.stringify(result));
      answers.push(result);
    }
    const [search, operation, evaluation] = answers;
    const hits = (search.structuredContent as {hits: {url: string; sectionText: string}[]}).hits;
    // A hit's section shows the evaluation call itself (a POST to /features/<user>/<feature>), enough to pick it.
    expect(hits.some((h) => /POST[^\n]*\/api\/v1\/features\/[^/\s]+\/[^/\s"]+/.test(h.sectionText))).toBe(true);
    expect(textOf(operation)).toContain('# POST /api/v1/features/{userId}/{featureId}');
    expect(textOf(evaluation)).toContain('PRO sets 50, then extraSummaries adds 100 × 1');
    expect((evaluation.structuredContent as {space: Record<string, unknown>}).space.aiSummaries).toEqual({
      eval: true,
      used: {aiSummariesPerMonth: 149},
      limit: {aiSummariesPerMonth: 150},
      error: null,
    });
    const twin = readFileSync(
      join(BUILD, `/docs/${CURRENT_VERSION}/docs/getting-started/use-docs-from-assistant.md`),
      'utf8',
    );
    for (const [name, args] of calls) {
      expect(twin).toContain(name);
      if (name !== 'evaluate_pricing')
        expect(twin).toContain(JSON.stringify(args).replace(/,/g, ', ').replace(/:/g, ': '));
    }
    console.log(`worked example: ${calls.length} calls, ${bytes} bytes of results`);
  });
});

describe('the recorded integration session', () => {
  it('answers every call of tests/fixtures/mcp/integration-session.json, none over 25 KB', async () => {
    const session = await replaySession(client);
    for (const answer of session.answers) {
      expect(answer.isError, describeCall(answer)).toBe(false);
      expect(answer.bytes, describeCall(answer)).toBeLessThanOrEqual(SESSION_BUDGETS.answerBytes);
    }
    console.log(`integration session: ${session.answers.length - 2} calls, ${session.total} bytes`);
    expect(session.total).toBeLessThanOrEqual(SESSION_BUDGETS.totalBytes);
    expect(session.byTool.find((t) => t.tool === 'list_pages')!.largest).toBeLessThan(SESSION_BUDGETS.answerBytes);
  });
});
