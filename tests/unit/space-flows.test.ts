/**
 * The SPACE call sequences of the docs (CONTRIBUTING.md, "SPACE flows") run in order against the in-memory SPACE
 * 9123ae2 of src/lib/space-sandbox: each step must answer with the status the page states, and with the answer the
 * page shows where it shows one. The reader and the comparison are tested first, with answers that are wrong.
 */
import {mkdtempSync, rmSync, writeFileSync} from 'node:fs';
import {tmpdir} from 'node:os';
import {createRequire} from 'node:module';
import {join} from 'node:path';
import {pathToFileURL} from 'node:url';
import ts from 'typescript';
// space-node-client's own HTTP client (its dependency, the same module instance): its requests go to the sandbox.
import axios, {AxiosError, AxiosHeaders, type AxiosResponse, type InternalAxiosRequestConfig} from 'axios';
import {describe, expect, it} from 'vitest';

import {
  SANDBOX_ADMIN_API_KEY,
  createSpaceSandbox,
  type SandboxRequest,
  type SandboxResponse,
  type SpaceSandbox,
} from '@sphere-docs/lib/space-sandbox';
import {compilingLoader} from '@sphere-docs/lib/pricing2yaml/validators';
import {allCodeBlocks, type CodeBlock} from '../utils/codeBlocks';
import {readSchema} from '../utils/pricing2yaml';
import {answerDifferences, collectFlows, shellCommands, stepRequests, type FlowStep} from '../utils/spaceFlows';

const loadValidator = compilingLoader(async (v) => readSchema(v));
/** Shell variables of the pages: the key is the sandbox's seeded administrator's. */
const VARS = new Map([['SPACE_API_KEY', SANDBOX_ADMIN_API_KEY]]);

/**
 * State that a page states in prose rather than with a request, set up before the step it belongs to. Keep this
 * short: anything a page shows as a request belongs on the page.
 */
const SETUP: Record<string, Record<number, SandboxRequest[]>> = {
  provision: {
    // space-node-client.mdx, "scripts/provision.ts" signs user-123 up for NoteHive 2025-1
    10: [
      {
        method: 'POST',
        path: '/api/v1/services',
        headers: {'x-api-key': SANDBOX_ADMIN_API_KEY},
        body: {pricing: 'notehive-2025-1.yml'},
      },
    ],
  },
  notehive: {
    // evaluation.mdx, "user-123: PRO with one extraSummaries pack, 7 summaries used"
    50: [
      {
        method: 'PUT',
        path: '/api/v1/contracts/user-123/usageLevels',
        headers: {'x-api-key': SANDBOX_ADMIN_API_KEY},
        body: {notehive: {aiSummariesPerMonth: 7}},
      },
    ],
  },
};

const blocks = allCodeBlocks(['docs']);

/** The text of the yaml block with `example="valid"` and that title in docs/ (what `-F pricing=@<title>` uploads). */
function pricingFile(name: string): string {
  const found = blocks.filter((b) => b.lang === 'yaml' && b.attrs.example === 'valid' && b.attrs.title === name);
  if (found.length !== 1) throw new Error(`${found.length} yaml blocks with example="valid" and title="${name}"`);
  return found[0].code;
}

type Answered = {request: SandboxRequest; got: SandboxResponse}[];

async function sequence(requests: readonly SandboxRequest[], space: SpaceSandbox): Promise<Answered> {
  const answered: Answered = [];
  for (const request of requests) answered.push({request, got: await space.handle(request)});
  return answered;
}

/**
 * Runs a complete module that uses space-node-client, with the client's HTTP requests answered by the sandbox; its
 * socket (to a port nothing listens on) and `process.exit` stay idle. Returns the requests the client made.
 */
async function runClientModule(code: string, space: SpaceSandbox): Promise<Answered> {
  const answered: Answered = [];
  const previous = axios.defaults.adapter;
  axios.defaults.adapter = async (config: InternalAxiosRequestConfig): Promise<AxiosResponse> => {
    const headers = Object.fromEntries(
      Object.entries(AxiosHeaders.from(config.headers).toJSON()).map(([k, v]) => [k, String(v)]),
    );
    const request: SandboxRequest = {
      method: (config.method ?? 'get').toUpperCase(),
      path: new URL(config.url ?? '').pathname + new URL(config.url ?? '').search,
      headers,
      body: typeof config.data === 'string' ? (JSON.parse(config.data) as unknown) : config.data,
    };
    const got = await space.handle(request);
    answered.push({request, got});
    const response = {data: got.body, status: got.status, statusText: '', headers: got.headers, config, request: {}};
    if (got.status >= 300) {
      throw new AxiosError(`Request failed with status code ${got.status}`, 'ERR_BAD_RESPONSE', config, {}, response);
    }
    return response;
  };
  const dir = mkdtempSync(join(tmpdir(), 'space-flow-'));
  try {
    const client = pathToFileURL(createRequire(import.meta.url).resolve('space-node-client')).href;
    const js = ts.transpileModule(code, {
      compilerOptions: {module: ts.ModuleKind.ESNext, target: ts.ScriptTarget.ES2022},
    }).outputText;
    const keys = JSON.stringify({SPACE_API_KEY: SANDBOX_ADMIN_API_KEY, SPACE_MANAGER_KEY: SANDBOX_ADMIN_API_KEY});
    const file = join(dir, 'example.mjs');
    writeFileSync(
      file,
      `const process = {env: ${keys}, exit: () => undefined};\n` +
        js.replace(/from 'space-node-client'/g, `from ${JSON.stringify(client)}`),
    );
    await import(/* @vite-ignore */ pathToFileURL(file).href);
  } finally {
    axios.defaults.adapter = previous;
    rmSync(dir, {recursive: true, force: true});
  }
  return answered;
}

/** Runs a flow; returns one line per difference between the pages and the sandbox. */
async function runFlow(flow: string, steps: readonly FlowStep[]): Promise<string[]> {
  const space = createSpaceSandbox({loadValidator, start: Date.parse('2025-07-01T10:00:00.000Z')});
  const problems: string[] = [];
  for (const step of steps) {
    for (const request of SETUP[flow]?.[step.step] ?? []) {
      const body = request.body as {pricing?: string} | undefined;
      const setup = await space.handle(
        body?.pricing ? {...request, body: {pricing: pricingFile(body.pricing)}} : request,
      );
      if (setup.status >= 300)
        problems.push(`setup of step ${step.step}: ${setup.status} ${JSON.stringify(setup.body)}`);
    }
    const where = `${flow} step ${step.step} (${step.request.file}:${step.request.line})`;
    const expected = step.answer?.attrs.status ?? step.request.attrs.status;
    const answered =
      step.request.lang === 'ts'
        ? await runClientModule(step.request.code, space)
        : await sequence(stepRequests(step.request.code, VARS, pricingFile), space);
    for (const [i, {request, got}] of answered.entries()) {
      const last = i === answered.length - 1;
      const call = `${request.method} ${request.path}`;
      if (last && expected !== undefined ? got.status !== Number(expected) : got.status >= 300) {
        problems.push(
          `${where}: ${call} answered ${got.status} ${JSON.stringify(got.body)}, page: ${expected ?? '2xx'}`,
        );
        continue;
      }
      if (last && step.answer) {
        const shown: unknown = JSON.parse(step.answer.code);
        for (const d of answerDifferences(shown, got.body)) {
          problems.push(`${where}: ${call}, answer at ${step.answer.file}:${step.answer.line}: ${d}`);
        }
      }
    }
  }
  return problems;
}

const block = (lang: string, attrs: Record<string, string>, code: string, line = 1): CodeBlock => ({
  file: 'page.mdx',
  line,
  lang,
  meta: '',
  attrs,
  code,
});

describe('reading flows from the pages', () => {
  it('splits shell text into commands, with quotes, continuations and comments', () => {
    const commands = shellCommands(
      [
        '# a comment',
        'curl -X PUT "http://h/api/v1/x?a=1&b=2" \\',
        `  -d '{"a":`,
        `  1}'`,
        'curl http://h/api/v1/y # trailing',
      ].join('\n'),
    );
    expect(commands).toEqual([
      ['curl', '-X', 'PUT', 'http://h/api/v1/x?a=1&b=2', '-d', '{"a":\n  1}'],
      ['curl', 'http://h/api/v1/y'],
    ]);
  });

  it('turns curl commands into sandbox requests', () => {
    const requests = stepRequests(
      [
        'curl -X POST http://localhost:5403/api/v1/services -H "x-api-key: $SPACE_API_KEY" -F "pricing=@p.yml"',
        `curl -s "http://localhost:5403/api/v1/contracts?limit=5" -H "x-api-key: $SPACE_API_KEY"`,
        `curl http://localhost:5403/api/v1/features/u -d '{"a-b": 1}'`,
      ].join('\n'),
      new Map([['SPACE_API_KEY', 'k']]),
      (name) => `text of ${name}`,
    );
    expect(requests).toEqual([
      {method: 'POST', path: '/api/v1/services', headers: {'x-api-key': 'k'}, body: {pricing: 'text of p.yml'}},
      {method: 'GET', path: '/api/v1/contracts?limit=5', headers: {'x-api-key': 'k'}, body: undefined},
      {method: 'POST', path: '/api/v1/features/u', headers: {}, body: {'a-b': 1}},
    ]);
    expect(() => stepRequests('curl http://h/$NOPE', new Map(), String)).toThrow(/unknown shell variable/);
    expect(() => stepRequests('jq .x', new Map(), String)).toThrow(/curl commands only/);
  });

  it('pairs requests with answers and orders the steps', () => {
    const flows = collectFlows([
      block('json', {flow: 'f', step: '2', status: '200'}, '{}', 9),
      block('bash', {flow: 'f', step: '2'}, 'curl http://h/api/v1/b', 8),
      block('bash', {flow: 'f', step: '1'}, 'curl http://h/api/v1/a', 1),
    ]);
    expect(flows.get('f')!.map((s) => [s.step, s.answer?.line])).toEqual([
      [1, undefined],
      [2, 9],
    ]);
    expect(() => collectFlows([block('json', {flow: 'f', step: '1'}, '{}')])).toThrow(/status=/);
    expect(() => collectFlows([block('json', {flow: 'f', step: '1', status: '200'}, '{}')])).toThrow(
      /without a request/,
    );
    expect(() => collectFlows([block('bash', {flow: 'f'}, '')])).toThrow(/step=/);
    const twice = block('bash', {flow: 'f', step: '1'}, '');
    expect(() => collectFlows([twice, twice])).toThrow(/already at/);
  });
});

describe('comparing a shown answer', () => {
  const actual = {
    name: 'NoteHive',
    id: '6863c1f2a4b8e90d2f1c0a57',
    createdAt: '2026-01-10T12:00:00.001Z',
    apiKey: 'f00dfeed',
    history: [],
    extra: 1,
  };

  it('compares only the keys shown, and takes dates, ids and elided text as wildcards', () => {
    expect(
      answerDifferences(
        {
          name: 'NoteHive',
          id: '000000000000000000000000',
          createdAt: '2025-07-01T09:12:44.120Z',
          apiKey: '8d1b...07c2',
        },
        actual,
      ),
    ).toEqual([]);
  });

  it('reports a changed value, a missing key, a wrong kind and a different array', () => {
    expect(answerDifferences({name: 'Notehive'}, actual)).toEqual(['$.name: shown "Notehive", got "NoteHive"']);
    expect(answerDifferences({disabled: false}, actual)).toEqual(['$.disabled: missing from the answer']);
    expect(answerDifferences({apiKey: '2025-07-01T09:12:44.120Z'}, actual)).toHaveLength(1);
    expect(answerDifferences({history: [{}]}, actual)).toHaveLength(1);
    expect(answerDifferences({apiKey: 'f00...', name: 'Note...'}, actual)).toEqual([]);
    expect(answerDifferences({apiKey: 'f00...g', name: 'Notes...'}, actual)).toHaveLength(2);
    expect(answerDifferences({eval: true}, {eval: false})).toHaveLength(1);
    expect(answerDifferences({used: null}, {used: {a: 1}})).toHaveLength(1);
  });
});

describe('the flows of the pages', () => {
  const flows = collectFlows(blocks);

  it('finds the provisioning script of the node client page', () => {
    expect(flows.get('provision')?.map((s) => [s.request.file, s.request.lang])).toEqual([
      ['docs/api/space/SDKs/space-node-client.mdx', 'ts'],
    ]);
  });

  it('finds the NoteHive walkthrough, from the user guide to the evaluation page', () => {
    const files = new Set(flows.get('notehive')?.map((s) => s.request.file));
    expect([...files].sort()).toEqual([
      'docs/api/space/evaluation.mdx',
      'docs/api/space/user-guide/create-contract.mdx',
      'docs/api/space/user-guide/create-service.mdx',
      'docs/api/space/user-guide/create-user.mdx',
      'docs/api/space/user-guide/create-version.mdx',
      'docs/api/space/user-guide/manage-contracts.mdx',
      'docs/api/space/user-guide/manage-pricings-availability.mdx',
    ]);
  });

  for (const [flow, steps] of flows) {
    it(`${flow}: every step answers as its page shows`, async () => {
      expect(await runFlow(flow, steps)).toEqual([]);
    });
  }
});
