/**
 * Benchmark of the docs MCP server (mcp/), as an assistant meets it: the package `npm pack` makes in mcp/ (from the
 * production build in build/: run `npm run build` first), unpacked outside the repository and started with Node, driven
 * by the SDK's client over stdio. Prints the packed size, server start to first answer (spawn to the answer to
 * `initialize`, and to the first search_docs answer, which loads the index), and the round-trip latency p50/p95 of
 * search_docs over the judged queries of search/relevance-judgments.ts and of validate_pricing over the real pricings
 * of the newest real pricing of each SaaS in tests/fixtures/pricings/, and the bytes the server sends in the recorded
 * integration session of tests/fixtures/mcp/integration-session.json (per tool, in total and the largest answer), then
 * a PASS/FAIL line per budget. `npm run bench` runs it too, after the pages.
 *
 *   npm run bench:mcp
 *   npm run bench:mcp -- --compare=<dir>    also the server of another checkout (say, main's), with its build/
 *
 * The tarball's size is judged absolutely. Timings depend on the machine, so they are judged only against the compared
 * checkout's server, packed the same way and driven in turn with this one, round by round: start to first answer and
 * each tool's p95 round trip may be worse than its by no more than the run's scatter (the spread between repeated
 * rounds of one server, lib/bench.ts judgeInTurn). Alone, the timings are information.
 */
import {spawnSync} from 'node:child_process';
import {mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync} from 'node:fs';
import {cpus, loadavg, tmpdir} from 'node:os';
import {join} from 'node:path';
import {Client} from '@modelcontextprotocol/sdk/client/index.js';
import {StdioClientTransport} from '@modelcontextprotocol/sdk/client/stdio.js';
import type {CallToolResult} from '@modelcontextprotocol/sdk/types.js';
import {JUDGMENTS} from '../search/relevance-judgments';
import {
  type BudgetLine,
  comparedTree,
  info,
  inTurn,
  judgeInTurn,
  kb,
  median,
  ms,
  percentile,
  printBudgets,
} from './lib/bench';
import {newestRealPricings} from '../tests/fixtures/pricings/corpus';
import {WORKED_EXAMPLE} from '@sphere-docs/lib/mcpWorkedExample';
import {SESSION_BUDGETS, describeCall, replaySession} from './lib/mcpSession';
import {parse as parseYaml} from 'yaml';

/** The first plan a pricing names, to evaluate a subscription to it. */
function firstPlan(yaml: string): string | undefined {
  const plans = (parseYaml(yaml) as {plans?: Record<string, unknown> | null}).plans;
  return plans ? Object.keys(plans)[0] : undefined;
}

/** The packed package's size budget (bytes); its timings are judged against a compared server (see above). */
export const MCP_TARBALL_BYTES = 1024 * 1024;

const ROOT = join(__dirname, '..');
const BUILD = join(ROOT, 'build');
const STARTS = 5;
const ROUNDS = 10;

async function timed<T>(f: () => Promise<T>): Promise<[T, number]> {
  const t0 = performance.now();
  const value = await f();
  return [value, performance.now() - t0];
}

function sizeOf(dir: string): number {
  return readdirSync(dir, {recursive: true, encoding: 'utf8'})
    .map((f) => statSync(join(dir, f)))
    .filter((s) => s.isFile())
    .reduce((sum, s) => sum + s.size, 0);
}

/** Packs the server of the checkout at `root` over its build, into `dir`, and unpacks it there. */
function packServer(root: string, build: string, dir: string) {
  if (!readdirSync(build).includes('llms.txt'))
    throw new Error(`No production build in ${build}: run "npm run build".`);
  mkdirSync(dir, {recursive: true});
  const pack = spawnSync('npm', ['pack', '--json', '--pack-destination', dir], {
    cwd: join(root, 'mcp'),
    encoding: 'utf8',
    env: {...process.env, MCP_BUILD_DIR: build},
  });
  if (pack.status !== 0) throw new Error(`npm pack failed in ${root}:\n${pack.stderr}`);
  const [{filename, size, unpackedSize, entryCount}] = JSON.parse(pack.stdout.slice(pack.stdout.indexOf('['))) as {
    filename: string;
    size: number;
    unpackedSize: number;
    entryCount: number;
  }[];
  spawnSync('tar', ['xzf', join(dir, filename), '-C', dir]);
  const server = join(dir, 'package', 'dist', 'server.cjs');
  return {
    server,
    size,
    unpackedSize,
    entryCount,
    bundle: statSync(server).size,
    data: sizeOf(join(dir, 'package', 'data')),
  };
}

async function connect(server: string, cwd: string) {
  const client = new Client({name: 'bench', version: '1.0.0'});
  await client.connect(new StdioClientTransport({command: process.execPath, args: [server], cwd, stderr: 'ignore'}));
  return client;
}
const search = (client: Client, query: string) =>
  client.callTool({name: 'search_docs', arguments: {query, limit: 10}}) as Promise<CallToolResult>;

/** Round trips of one round of each tool over its inputs, on one connected server. */
interface ToolRound {
  search: number[];
  validate: number[];
  evaluate: number[];
}

export async function benchMcp(compared?: {root: string; build: string}): Promise<BudgetLine[]> {
  const dir = mkdtempSync(join(tmpdir(), 'bench-mcp-'));
  try {
    const ours = packServer(ROOT, BUILD, join(dir, 'ours'));
    const theirs = compared ? packServer(compared.root, compared.build, join(dir, 'compared')) : undefined;
    const {size, unpackedSize, entryCount, bundle, data} = ours;

    console.log('Docs MCP server benchmark (the packed package, Node alone, stdio)');
    console.log(
      `machine load                 ${loadavg()
        .map((l) => l.toFixed(1))
        .join(', ')} (1, 5, 15 min) on ${cpus().length} cores`,
    );
    console.log(`packed size                  ${kb(size)} tarball, ${kb(unpackedSize)} unpacked, ${entryCount} files`);
    console.log(`  of which                   ${kb(bundle)} bundled server, ${kb(data)} data`);
    if (theirs) console.log(`  compared server            ${kb(theirs.size)} tarball (${compared!.root})`);

    // 1. Start: spawn to the answer to initialize (connect() waits for it), and to the first search's answer.
    const startOf = async (packed: typeof ours) => {
      const t0 = performance.now();
      const client = await connect(packed.server, join(packed.server, '..', '..', '..'));
      const start = performance.now() - t0;
      await search(client, 'usage limit');
      const firstSearch = performance.now() - t0;
      await client.close();
      return {start, firstSearch};
    };
    const starts = await inTurn(
      STARTS,
      () => startOf(ours),
      async () => (theirs ? startOf(theirs) : undefined),
    );
    console.log(
      `start to first answer        ${ms(median(starts.ours.map((s) => s.start)))} median of ${STARTS} (initialize); ` +
        `${ms(median(starts.ours.map((s) => s.firstSearch)))} to the first search_docs answer (index loaded)`,
    );

    // For information, `npm run mcp` in the repository: tsx compiles the sources as they load.
    const fromSources: number[] = [];
    for (let i = 0; i < 3; i++) {
      const t0 = performance.now();
      const repo = new Client({name: 'bench', version: '1.0.0'});
      await repo.connect(
        new StdioClientTransport({command: 'npm', args: ['run', '--silent', 'mcp'], cwd: ROOT, stderr: 'ignore'}),
      );
      fromSources.push(performance.now() - t0);
      await repo.close();
    }
    console.log(`  npm run mcp (sources, tsx) ${ms(median(fromSources))} median of 3 to the answer to initialize`);

    const client = await connect(ours.server, join(dir, 'ours'));
    const other = theirs ? await connect(theirs.server, join(dir, 'compared')) : undefined;
    try {
      const queries = JUDGMENTS.map((j) => j.query);
      const pricings = newestRealPricings().map((f) => readFileSync(f, 'utf8'));
      // evaluate_pricing with the first plan of each, no add-ons. The plans are read before the clock starts: the
      // client's own YAML parse is no part of the round trip.
      const plans = new Map(pricings.map((yaml) => [yaml, firstPlan(yaml)]));
      const validate = (c: Client, yaml: string) =>
        c.callTool({name: 'validate_pricing', arguments: {yaml}}) as Promise<CallToolResult>;
      const evaluate = (c: Client, yaml: string) =>
        c.callTool({name: 'evaluate_pricing', arguments: {yaml, plan: plans.get(yaml)}}) as Promise<CallToolResult>;
      const [, firstValidation] = await timed(() => validate(client, pricings[0]));

      /** One round: every judged query searched, every real pricing validated and evaluated, once each. */
      const toolRound = async (c: Client): Promise<ToolRound> => {
        const r: ToolRound = {search: [], validate: [], evaluate: []};
        for (const q of queries) {
          const [result, t] = await timed(() => search(c, q));
          if (result.isError) throw new Error(`search_docs failed on "${q}": ${JSON.stringify(result.content)}`);
          r.search.push(t);
        }
        for (const yaml of pricings) r.validate.push((await timed(() => validate(c, yaml)))[1]);
        for (const yaml of pricings) r.evaluate.push((await timed(() => evaluate(c, yaml)))[1]);
        return r;
      };
      // A warm-up round on each (it compiles the schemas), then the rounds in turn.
      await toolRound(client);
      if (other) await toolRound(other);
      const rounds = await inTurn(
        ROUNDS,
        () => toolRound(client),
        async () => (other ? toolRound(other) : undefined),
      );
      const all = (tool: keyof ToolRound) => rounds.ours.flatMap((r) => r[tool]);
      const searches = all('search');
      console.log(
        `search_docs round trip       p50 ${ms(percentile(searches, 50))}, p95 ${ms(percentile(searches, 95))} ` +
          `(${queries.length} judged queries x ${ROUNDS})`,
      );
      const validations = all('validate');
      console.log(
        `validate_pricing round trip  p50 ${ms(percentile(validations, 50))}, p95 ${ms(percentile(validations, 95))} ` +
          `(${pricings.length} real pricings, ${kb(Math.min(...pricings.map((p) => p.length)))} to ` +
          `${kb(Math.max(...pricings.map((p) => p.length)))}, x ${ROUNDS}; the first call, compiling its ` +
          `schema, ${ms(firstValidation)})`,
      );
      const evaluations = all('evaluate');
      console.log(
        `evaluate_pricing round trip  p50 ${ms(percentile(evaluations, 50))}, p95 ${ms(percentile(evaluations, 95))} ` +
          `(${pricings.length} real pricings x ${ROUNDS}, each with its first plan)`,
      );

      // 5. The worked example of the page "Use these docs from your assistant": calls and bytes of their results.
      const notehive = /```yaml title="notehive-2025-1.yml" example="valid"\n([\s\S]*?)```/.exec(
        readFileSync(join(ROOT, 'docs', 'api', 'space', 'user-guide', 'introduction.mdx'), 'utf8'),
      )![1];
      let exampleBytes = 0;
      const example = WORKED_EXAMPLE(notehive);
      for (const [name, args] of example) {
        exampleBytes += Buffer.byteLength(JSON.stringify(await client.callTool({name, arguments: args})));
      }
      console.log(`worked example               ${example.length} calls, ${kb(exampleBytes)} of results`);

      // 6. The recorded integration session, on a fresh connection: what an assistant wiring an app to SPACE is sent.
      const fresh = await connect(ours.server, join(dir, 'ours'));
      const session = await replaySession(fresh).finally(() => fresh.close());
      const failed = session.answers.filter((a) => a.isError);
      if (failed.length > 0) throw new Error(`Session calls failed: ${failed.map(describeCall).join('; ')}`);
      console.log(
        `integration session          ${session.answers.length - 2} calls, ${kb(session.total)} sent ` +
          `(with initialize and the tool list); largest answer ${kb(session.largest.bytes)}, ${describeCall(session.largest)}`,
      );
      for (const row of session.byTool) {
        console.log(
          `  ${row.tool.padEnd(27)}${String(row.calls).padStart(3)} × ${kb(row.bytes).padStart(9)} (largest ${kb(row.largest)})`,
        );
      }

      const timings: [string, number[], number[]][] = [
        ['MCP start to first answer', starts.ours.map((s) => s.start), starts.theirs.map((s) => s?.start ?? NaN)],
        ...(['search', 'validate', 'evaluate'] as const).map((tool): [string, number[], number[]] => [
          `MCP ${tool === 'search' ? 'search_docs' : `${tool}_pricing`} round trip p95 (each round's)`,
          rounds.ours.map((r) => percentile(r[tool], 95)),
          rounds.theirs.map((r) => (r ? percentile(r[tool], 95) : NaN)),
        ]),
      ];
      return [
        ...timings.map(([figure, o, t]) =>
          theirs ? judgeInTurn(figure, {ours: o, theirs: t}, {unit: ms}) : info(figure, ms(median(o))),
        ),
        {
          budget: `MCP integration session ≤ ${kb(SESSION_BUDGETS.totalBytes)} sent`,
          actual: kb(session.total),
          pass: session.total <= SESSION_BUDGETS.totalBytes,
        },
        {
          budget: `MCP largest answer of the session ≤ ${kb(SESSION_BUDGETS.answerBytes)}`,
          actual: `${kb(session.largest.bytes)} (${session.largest.tool})`,
          pass: session.largest.bytes <= SESSION_BUDGETS.answerBytes,
        },
        {
          budget: `MCP tarball ≤ ${kb(MCP_TARBALL_BYTES)}`,
          actual: kb(size),
          pass: size <= MCP_TARBALL_BYTES,
        },
      ];
    } finally {
      await client.close();
      await other?.close();
    }
  } finally {
    rmSync(dir, {recursive: true, force: true});
  }
}

if (require.main === module) {
  const tree = comparedTree(process.argv.slice(2));
  if (tree && !tree.root) throw new Error('--compare needs a checkout (with its build/) to pack its server');
  benchMcp(tree && {root: tree.root!, build: tree.build})
    .then((results) => {
      process.exitCode = printBudgets(results) ? 1 : 0;
    })
    .catch((error: unknown) => {
      console.error(error instanceof Error ? (error.stack ?? error.message) : error);
      process.exit(1);
    });
}
