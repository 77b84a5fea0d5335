/**
 * The parts of the docs MCP server (mcp/) that need no build: reading page addresses, snippets and llms.txt, the
 * command line, the tool list's shape and size, and the size of its answers, over a small stand-in for a build (the
 * site's own schemas and API document, a two-section llms.txt). tests/built/mcp.test.ts drives the whole server on a
 * build.
 */
import {cpSync, mkdirSync, mkdtempSync, rmSync, writeFileSync} from 'node:fs';
import {tmpdir} from 'node:os';
import {join} from 'node:path';
import {Client} from '@modelcontextprotocol/sdk/client/index.js';
import {InMemoryTransport} from '@modelcontextprotocol/sdk/inMemory.js';
import type {CallToolResult} from '@modelcontextprotocol/sdk/types.js';
import {afterAll, beforeAll, describe, expect, it} from 'vitest';
import {createServer} from '../../mcp/src/server';
import {Site} from '../../mcp/src/site';
import {McpServer} from '@modelcontextprotocol/sdk/server/mcp.js';
import {SANDBOX_ADMIN_API_KEY} from '@sphere-docs/lib/space-sandbox';
import {SESSION_BUDGETS, notehive} from '../../scripts/lib/mcpSession';
import {parseArgs} from '../../mcp/src/cli';
import {parseLlmsTxt} from '../../mcp/src/llms';
import {SUMMARY_MAX, sitePath, summary} from '../../mcp/src/pages';
import {plainText} from '../../mcp/src/search';
import {bounded, findSection, outline, plainHeading, slug} from '../../mcp/src/sections';
import {TOOLS, structured} from '../../mcp/src/tools';
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
      expect(tool.description.length, tool.name).toBeGreaterThan(60);
      // When to use it, in one or two sentences.
      expect(tool.description.split(/[.:;] (?=[A-Z])/).length, tool.name).toBeLessThanOrEqual(3);
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

describe('answers sized for a context', () => {
  const ROOT = join(__dirname, '..', '..');
  let dir: string;
  let client: Client;
  const call = async (name: string, args: Record<string, unknown>) =>
    (await client.callTool({name, arguments: args})) as CallToolResult;

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'mcp-unit-'));
    const page = (path: string, description: string) =>
      `- [${path.split('/').pop()}](https://docs.example.org/docs/9.9/${path}.md): ${description}`;
    writeFileSync(
      join(dir, 'llms.txt'),
      [
        '# SPHERE',
        '',
        '> The docs of docs version 9.9, the current one.',
        '',
        '## Getting Started',
        '',
        page('docs/Introduction', 'What the toolkit is. Who it is for, and where each part is documented.'),
        page('category/space', 'Everything about SPACE.'),
        page('api/space/evaluation', `${'A very long sentence that goes on '.repeat(5)}and on. Then another one.`),
        '',
        '## Optional',
        '',
        '- [Playground](https://docs.example.org/playground): an editor in the browser',
        '',
      ].join('\n'),
    );
    mkdirSync(join(dir, 'docs', '9.8'), {recursive: true});
    writeFileSync(
      join(dir, 'docs', '9.8', 'llms.txt'),
      '# SPHERE 9.8\n\n## Developer Guide\n\n- [SPACE](https://docs.example.org/docs/9.8/api/space/introduction.md): Old.\n',
    );
    mkdirSync(join(dir, 'local-search'));
    writeFileSync(join(dir, 'local-search', 'index.unit.json'), '{}');
    cpSync(join(ROOT, 'static', 'schemas'), join(dir, 'schemas'), {recursive: true});
    mkdirSync(join(dir, 'openapi'));
    cpSync(
      join(ROOT, 'plugins', 'space-openapi', 'static', 'openapi', 'space-api.yaml'),
      join(dir, 'openapi', 'space-api.yaml'),
    );
    const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
    await createServer(new Site(dir)).connect(serverSide);
    client = new Client({name: 'unit', version: '1.0.0'});
    await client.connect(clientSide);
  });
  afterAll(async () => {
    await client?.close();
    if (dir) rmSync(dir, {recursive: true, force: true});
  });

  it('keeps the tools/list answer under 10 KB', async () => {
    const listed = await client.listTools();
    expect(listed.tools).toHaveLength(7);
    expect(Buffer.byteLength(JSON.stringify(listed))).toBeLessThan(SESSION_BUDGETS.toolListBytes);
  });

  it("lists each tool as the SDK would, less each schema's $schema, execution and closed objects", async () => {
    const sdk = new McpServer({name: 'reference', version: '0'});
    for (const tool of TOOLS) {
      sdk.registerTool(
        tool.name,
        {
          title: tool.title,
          description: tool.description,
          inputSchema: tool.input,
          ...(tool.output ? {outputSchema: tool.output} : {}),
          annotations: {readOnlyHint: true, openWorldHint: false},
        },
        () => ({content: []}),
      );
    }
    const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
    await sdk.connect(serverSide);
    const reference = new Client({name: 'unit', version: '1.0.0'});
    await reference.connect(clientSide);
    const strip = (value: unknown): unknown =>
      Array.isArray(value)
        ? value.map(strip)
        : value && typeof value === 'object'
          ? Object.fromEntries(
              Object.entries(value)
                .filter(
                  ([k, v]) => k !== '$schema' && k !== 'execution' && !(k === 'additionalProperties' && v === false),
                )
                .map(([k, v]) => [k, strip(v)]),
            )
          : value;
    const theirs = (await reference.listTools()).tools;
    const ours = (await client.listTools()).tools;
    expect(theirs.some((t) => '$schema' in t.inputSchema)).toBe(true);
    expect(ours.some((t) => JSON.stringify(t).includes('$schema'))).toBe(false);
    expect(ours).toEqual(strip(theirs));
    await reference.close();
  });

  it('runs a SPACE scenario in a fresh in-memory SPACE: upload, contract, evaluation with consumption', async () => {
    const contract = {
      userContact: {userId: 'user-1', username: 'ada'},
      billingPeriod: {autoRenew: true, renewalDays: 30},
      contractedServices: {notehive: '2025-1'},
      subscriptionPlans: {notehive: 'PRO'},
      subscriptionAddOns: {notehive: {extraSummaries: 1}},
    };
    const feature = '/api/v1/features/user-1/notehive-aiSummaries';
    const result = await call('space_sandbox', {
      calls: [
        {method: 'POST', path: '/services', body: {pricing: notehive()}},
        {method: 'POST', path: '/contracts', body: contract},
        {method: 'POST', path: feature, body: {'notehive-aiSummariesPerMonth': 149}},
        {method: 'POST', path: feature, body: {'notehive-aiSummariesPerMonth': 1}},
        {method: 'POST', path: feature, body: {'notehive-aiSummariesPerMonth': 1}},
        {method: 'POST', path: feature, body: {'notehive-aiSummariesPerMonth': 1}, advanceDays: 31},
        {method: 'GET', path: '/contracts/user-1', apiKey: 'not-a-key'},
        {method: 'GET', path: '/contracts/user-1', apiKey: ''},
      ],
    });
    expect(result.isError).toBeFalsy();
    expect(JSON.parse((result.content[0] as {text: string}).text)).toEqual(result.structuredContent);
    const {calls, clock} = result.structuredContent as {
      calls: {call: string; status: number; body?: unknown; divergence?: string}[];
      clock: string;
    };
    expect(calls.map((c) => [c.call, c.status])).toEqual([
      ['POST /services', 201],
      ['POST /contracts', 201],
      [`POST ${feature}`, 200],
      [`POST ${feature}`, 200],
      [`POST ${feature}`, 200],
      [`POST ${feature}`, 200],
      ['GET /contracts/user-1', 401],
      ['GET /contracts/user-1', 401],
    ]);
    // PRO gives 50 summaries a month, the add-on 100 more. The expression reads the level before the amount: at 149
    // of 150 one more is allowed and recorded, at 150 it is refused and not recorded.
    expect(calls[0].divergence).toMatch(/socket/);
    expect(calls[2].body).toEqual({
      eval: true,
      used: {'notehive-aiSummariesPerMonth': 149},
      limit: {'notehive-aiSummariesPerMonth': 150},
      error: null,
    });
    expect(calls[3].body).toMatchObject({eval: true, used: {'notehive-aiSummariesPerMonth': 150}});
    expect(calls[4].body).toMatchObject({eval: false, used: {'notehive-aiSummariesPerMonth': 151}});
    // A month on, the renewable level was reset.
    expect(calls[5].body).toMatchObject({eval: true, used: {'notehive-aiSummariesPerMonth': 1}});
    expect(calls[6].body).toEqual({error: 'Invalid API Key'});
    expect(calls[7].body).toMatchObject({error: expect.stringMatching(/API Key not found/) as string});
    expect(Date.parse(clock) - Date.now()).toBeGreaterThan(30 * 24 * 3600 * 1000);
    // Each tool call starts afresh: the service uploaded above is not there.
    const fresh = await call('space_sandbox', {calls: [{method: 'GET', path: '/services'}]});
    expect((fresh.structuredContent as {calls: {body: unknown}[]}).calls[0].body).toEqual([]);
    expect(SANDBOX_ADMIN_API_KEY).toMatch(/^[0-9a-f]{64}$/);
  });

  it('names the shared responses and the schemas an earlier answer sent instead of repeating them', async () => {
    const text = async (args: Record<string, unknown>) =>
      ((await call('get_api_operation', args)).content[0] as {text: string}).text;
    const full = await text({operationId: 'createContract'});
    expect(full).toMatch(/^### 401: `Unauthorized`$/m);
    expect(full.match(/^- `Unauthorized`: .*API Key not found/gm)).toHaveLength(1);
    expect(full).toMatch(/^### UserContact$/m);
    expect(full).toContain('userContact: {$ref: UserContact}');
    expect(full).not.toContain('#/components/schemas/');
    const short = await text({operationId: 'createContract', known: ['UserContact', 'Contract', 'Unauthorized']});
    expect(short).not.toMatch(/^### UserContact$/m);
    expect(short).not.toMatch(/^- `Unauthorized`/m);
    expect(short).toContain('Sent before, not repeated: `UserContact`, `Contract`.');
    expect(short).toMatch(/^### NewContract$/m);
    expect(Buffer.byteLength(short)).toBeLessThan(Buffer.byteLength(full) - 1000);
  });

  it('sends a structured result once: the structured content and one text block of the same JSON', async () => {
    const data = {hits: [{title: 'A', url: 'https://docs.example.org/a'}]};
    expect(structured(data)).toEqual({content: [{type: 'text', text: JSON.stringify(data)}], structuredContent: data});
    const pricing = `syntaxVersion: "2.1"
saasName: Tiny
createdAt: "2025-01-15"
currency: EUR
features:
  notes:
    valueType: BOOLEAN
    defaultValue: true
    type: DOMAIN
    expression: planContext['features']['notes']
plans:
  FREE:
    price: 0
    features: null
`;
    const answers = [
      ['list_pages', {}],
      ['list_pages', {detail: true}],
      ['validate_pricing', {yaml: pricing}],
      ['validate_pricing', {yaml: '- not a pricing'}],
      ['evaluate_pricing', {yaml: pricing, plan: 'FREE'}],
    ] as const;
    const outputs = new Map((await client.listTools()).tools.map((t) => [t.name, t.outputSchema !== undefined]));
    for (const [name, args] of answers) {
      const result = await call(name, args);
      expect(outputs.get(name), name).toBe(true);
      expect(result.content, `${name} ${JSON.stringify(args)}`).toHaveLength(1);
      expect(JSON.parse((result.content[0] as {text: string}).text)).toEqual(result.structuredContent);
    }
    // The 3.0 form of the 2.1 file is in the text block once, and nowhere else in it.
    const validation = await call('validate_pricing', {yaml: pricing});
    const upgraded = (validation.structuredContent as {upgrade: {yaml: string}}).upgrade.yaml;
    const text = (validation.content[0] as {text: string}).text;
    expect(text.split(JSON.stringify(upgraded).slice(1, -1))).toHaveLength(2);
  });

  it('lists pages compactly by default: one line each, path | title | first sentence cut short', async () => {
    const compact = (await call('list_pages', {})).structuredContent as {sections: {title: string; pages: string[]}[]};
    expect(compact.sections).toEqual([
      {
        title: 'Getting Started',
        pages: [
          '/docs/Introduction | Introduction | What the toolkit is.',
          '/category/space | space',
          `/api/space/evaluation | evaluation | ${summary(`${'A very long sentence that goes on '.repeat(5)}and on.`)}`,
        ],
      },
      {title: 'Optional', pages: ['/playground | Playground | an editor in the browser']},
    ]);
    const detail = (await call('list_pages', {detail: true})).structuredContent as {sections: {pages: object[]}[]};
    expect(detail.sections[0].pages[0]).toEqual({
      title: 'Introduction',
      url: 'https://docs.example.org/docs/9.9/docs/Introduction.md',
      description: 'What the toolkit is. Who it is for, and where each part is documented.',
    });
    const space = (await call('list_pages', {prefix: '/api/space'})).structuredContent as {sections: unknown[]};
    expect(space.sections).toEqual([
      {title: 'Getting Started', pages: [expect.stringMatching(/^\/api\/space\/evaluation \| /) as string]},
    ]);
  });

  it("keeps an older version's paths whole, and filters them by a prefix with or without the version", async () => {
    for (const prefix of ['/api/space', '/docs/9.8/api/space']) {
      const old = (await call('list_pages', {version: '9.8', prefix})).structuredContent as {sections: unknown[]};
      expect(old.sections, prefix).toEqual([
        {title: 'Developer Guide', pages: ['/docs/9.8/api/space/introduction | SPACE | Old.']},
      ]);
    }
    expect((await call('list_pages', {version: '9.8', prefix: '/docs/Introduction'})).isError).toBe(true);
  });

  it('cuts a summary to its first sentence, and a long one at a word', () => {
    expect(summary('One sentence. Two sentences.')).toBe('One sentence.');
    expect(summary('A list; then more')).toBe('A list.');
    const long = summary(`${'word '.repeat(40)}end.`);
    expect(long.length).toBeLessThanOrEqual(SUMMARY_MAX + 1);
    expect(long).toMatch(/^word( word)*…$/);
  });
});
