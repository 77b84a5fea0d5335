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
 */
import {spawnSync} from 'node:child_process';
import {mkdtempSync, readdirSync, readFileSync, rmSync, statSync} from 'node:fs';
import {cpus, loadavg, tmpdir} from 'node:os';
import {join} from 'node:path';
import {Client} from '@modelcontextprotocol/sdk/client/index.js';
import {StdioClientTransport} from '@modelcontextprotocol/sdk/client/stdio.js';
import type {CallToolResult} from '@modelcontextprotocol/sdk/types.js';
import {JUDGMENTS} from '../search/relevance-judgments';
import {type BudgetLine, kb, median, ms, percentile, printBudgets} from './lib/bench';
import {newestRealPricings} from '../tests/fixtures/pricings/corpus';
import {WORKED_EXAMPLE} from '../mcp/workedExample';
import {SESSION_BUDGETS, describeCall, replaySession} from './lib/mcpSession';
import {parse as parseYaml} from 'yaml';

/** The first plan a pricing names, to evaluate a subscription to it. */
function firstPlan(yaml: string): string | undefined {
  const plans = (parseYaml(yaml) as {plans?: Record<string, unknown> | null}).plans;
  return plans ? Object.keys(plans)[0] : undefined;
}

/** Budgets of the server (milliseconds): start to first answer, search and validation p95 round trips. */
export const MCP_BUDGETS = {
  startMs: 1000,
  searchP95Ms: 10,
  validateP95Ms: 50,
  evaluateP95Ms: 60,
  tarballBytes: 1024 * 1024,
};

const ROOT = join(__dirname, '..');
const BUILD = join(ROOT, 'build');
const STARTS = 5;
const SEARCH_ROUNDS = 3;
const VALIDATE_ROUNDS = 10;

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

export async function benchMcp(): Promise<BudgetLine[]> {
  if (!readdirSync(BUILD).includes('llms.txt')) throw new Error('No production build in build/: run "npm run build".');
  const dir = mkdtempSync(join(tmpdir(), 'bench-mcp-'));
  try {
    const pack = spawnSync('npm', ['pack', '--json', '--pack-destination', dir], {
      cwd: join(ROOT, 'mcp'),
      encoding: 'utf8',
      env: {...process.env, MCP_BUILD_DIR: BUILD},
    });
    if (pack.status !== 0) throw new Error(`npm pack failed:\n${pack.stderr}`);
    const [{filename, size, unpackedSize, entryCount}] = JSON.parse(pack.stdout.slice(pack.stdout.indexOf('['))) as {
      filename: string;
      size: number;
      unpackedSize: number;
      entryCount: number;
    }[];
    spawnSync('tar', ['xzf', join(dir, filename), '-C', dir]);
    const server = join(dir, 'package', 'dist', 'server.cjs');
    const bundle = statSync(server).size;
    const data = sizeOf(join(dir, 'package', 'data'));

    console.log('Docs MCP server benchmark (the packed package, Node alone, stdio)');
    console.log(
      `machine load                 ${loadavg()
        .map((l) => l.toFixed(1))
        .join(', ')} (1, 5, 15 min) on ${cpus().length} cores`,
    );
    console.log(`packed size                  ${kb(size)} tarball, ${kb(unpackedSize)} unpacked, ${entryCount} files`);
    console.log(`  of which                   ${kb(bundle)} bundled server, ${kb(data)} data`);

    const connect = async () => {
      const client = new Client({name: 'bench', version: '1.0.0'});
      await client.connect(
        new StdioClientTransport({command: process.execPath, args: [server], cwd: dir, stderr: 'ignore'}),
      );
      return client;
    };
    const search = (client: Client, query: string) =>
      client.callTool({name: 'search_docs', arguments: {query, limit: 10}}) as Promise<CallToolResult>;

    // 1. Start: spawn to the answer to initialize (connect() waits for it), and to the first search's answer.
    const starts: number[] = [];
    const firstSearches: number[] = [];
    for (let i = 0; i < STARTS; i++) {
      const t0 = performance.now();
      const client = await connect();
      starts.push(performance.now() - t0);
      await search(client, 'usage limit');
      firstSearches.push(performance.now() - t0);
      await client.close();
    }
    console.log(
      `start to first answer        ${ms(median(starts))} median of ${STARTS} (initialize); ` +
        `${ms(median(firstSearches))} to the first search_docs answer (index loaded)`,
    );

    // For comparison, `npm run mcp` in the repository: tsx compiles the sources as they load.
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

    const client = await connect();
    try {
      // 2. search_docs over the judged queries, after one warm-up round.
      const queries = JUDGMENTS.map((j) => j.query);
      for (const q of queries) await search(client, q);
      const searches: number[] = [];
      for (let round = 0; round < SEARCH_ROUNDS; round++) {
        for (const q of queries) {
          const [result, t] = await timed(() => search(client, q));
          if (result.isError) throw new Error(`search_docs failed on "${q}": ${JSON.stringify(result.content)}`);
          searches.push(t);
        }
      }
      console.log(
        `search_docs round trip       p50 ${ms(percentile(searches, 50))}, p95 ${ms(percentile(searches, 95))} ` +
          `(${queries.length} judged queries x ${SEARCH_ROUNDS})`,
      );

      // 3. validate_pricing over the real pricings, after one warm-up round (which compiles the schemas).
      const pricings = newestRealPricings().map((f) => readFileSync(f, 'utf8'));
      const validate = (yaml: string) =>
        client.callTool({name: 'validate_pricing', arguments: {yaml}}) as Promise<CallToolResult>;
      const [, firstValidation] = await timed(() => validate(pricings[0]));
      for (const yaml of pricings) await validate(yaml);
      const validations: number[] = [];
      for (let round = 0; round < VALIDATE_ROUNDS; round++) {
        for (const yaml of pricings) validations.push((await timed(() => validate(yaml)))[1]);
      }
      console.log(
        `validate_pricing round trip  p50 ${ms(percentile(validations, 50))}, p95 ${ms(percentile(validations, 95))} ` +
          `(${pricings.length} real pricings, ${kb(Math.min(...pricings.map((p) => p.length)))} to ` +
          `${kb(Math.max(...pricings.map((p) => p.length)))}, x ${VALIDATE_ROUNDS}; the first call, compiling its ` +
          `schema, ${ms(firstValidation)})`,
      );

      // 4. evaluate_pricing over the same pricings (PRO-less: the first plan of each, no add-ons), after a warm-up.
      // The plans are read before the clock starts: the client's own YAML parse is no part of the round trip.
      const plans = new Map(pricings.map((yaml) => [yaml, firstPlan(yaml)]));
      const evaluate = (yaml: string) =>
        client.callTool({
          name: 'evaluate_pricing',
          arguments: {yaml, plan: plans.get(yaml)},
        }) as Promise<CallToolResult>;
      for (const yaml of pricings) await evaluate(yaml);
      const evaluations: number[] = [];
      for (let round = 0; round < VALIDATE_ROUNDS; round++) {
        for (const yaml of pricings) evaluations.push((await timed(() => evaluate(yaml)))[1]);
      }
      console.log(
        `evaluate_pricing round trip  p50 ${ms(percentile(evaluations, 50))}, p95 ${ms(percentile(evaluations, 95))} ` +
          `(${pricings.length} real pricings x ${VALIDATE_ROUNDS}, each with its first plan)`,
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
      const fresh = await connect();
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

      const evaluateP95 = percentile(evaluations, 95);
      const start = median(starts);
      const searchP95 = percentile(searches, 95);
      const validateP95 = percentile(validations, 95);
      return [
        {
          budget: `MCP start to first answer ≤ ${MCP_BUDGETS.startMs} ms`,
          actual: ms(start),
          pass: start <= MCP_BUDGETS.startMs,
        },
        {
          budget: `MCP search_docs p95 ≤ ${MCP_BUDGETS.searchP95Ms} ms`,
          actual: ms(searchP95),
          pass: searchP95 <= MCP_BUDGETS.searchP95Ms,
        },
        {
          budget: `MCP validate_pricing p95 ≤ ${MCP_BUDGETS.validateP95Ms} ms`,
          actual: ms(validateP95),
          pass: validateP95 <= MCP_BUDGETS.validateP95Ms,
        },
        {
          budget: `MCP evaluate_pricing p95 ≤ ${MCP_BUDGETS.evaluateP95Ms} ms`,
          actual: ms(evaluateP95),
          pass: evaluateP95 <= MCP_BUDGETS.evaluateP95Ms,
        },
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
          budget: `MCP tarball ≤ ${kb(MCP_BUDGETS.tarballBytes)}`,
          actual: kb(size),
          pass: size <= MCP_BUDGETS.tarballBytes,
        },
      ];
    } finally {
      await client.close();
    }
  } finally {
    rmSync(dir, {recursive: true, force: true});
  }
}

if (require.main === module) {
  benchMcp()
    .then((results) => {
      process.exitCode = printBudgets(results) ? 1 : 0;
    })
    .catch((error: unknown) => {
      console.error(error instanceof Error ? (error.stack ?? error.message) : error);
      process.exit(1);
    });
}
