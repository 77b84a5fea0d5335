/**
 * How long the playground's checker takes per file, over the Pricing2Yaml files of the reference parsers' own test
 * suites (tests/fixtures/pricings/, 493 files from 0.3 to 60 KB), in the configuration of the playground's worker:
 * the validators are ajv's standalone modules that plugins/pricing2yaml-validators writes at build time (no compiler
 * at run time), and the worker's line diff of the 3.0 form is computed too. Each file is checked RUNS times after
 * one warm-up pass over the corpus; a file's time is the median of its runs, in CPU time of this process.
 *
 *   npm run bench:checker                   (also part of `npm run bench`)
 *   npm run bench:checker -- --compare=<dir>   also the checker of another checkout (say, main's), in turn with this one
 *
 * Timings depend on the machine, so the budget is judged only against a compared checkout's checker, run in turn on the
 * same files in the same run: the median and p95 per file may be worse than its by no more than the run's scatter (the
 * spread between repeated rounds of one checker, lib/bench.ts judgeInTurn). Alone, the figures are information.
 */
import {mkdirSync, readFileSync, rmSync, writeFileSync} from 'node:fs';
import {createRequire} from 'node:module';
import {join} from 'node:path';
import type {ValidateFunction} from 'ajv';

import type * as AnalyzeModule from '@sphere-docs/lib/pricing2yaml/analyze';
import type {ValidatorLoader} from '@sphere-docs/lib/pricing2yaml/analyze';
import type * as LineDiffModule from '@sphere-docs/lib/lineDiff';
import type * as UpgradeModule from '@sphere-docs/lib/pricing2yaml/upgrade';
import type {SyntaxVersion} from '@sphere-docs/lib/pricing2yaml/upgrade';
import type * as ValidatorsModule from '@sphere-docs/lib/pricing2yaml/validators';
import {CORPUS_DIR} from '../tests/fixtures/pricings/corpus';
import {type BudgetLine, comparedTree, info, inTurn, judgeInTurn, printBudgets} from './lib/bench';

const ROOT = join(__dirname, '..');
const FIXTURES = CORPUS_DIR;
const RUNS = 5;

const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
};

/** What the worker does for one text: the analysis, then the diff of the document and its 3.0 form. */
type Check = (text: string) => Promise<void>;

/**
 * The checker of the checkout at `root`, its code and schemas, with its standalone validators written inside this
 * repository (under `.tmp/bench-checker/<side>`) so that they resolve ajv's runtime from node_modules.
 */
async function checkerOf(root: string, side: string): Promise<{check: Check; cleanUp: () => void}> {
  const lib = join(root, 'src', 'lib');
  const {analyze} = (await import(join(lib, 'pricing2yaml', 'analyze'))) as typeof AnalyzeModule;
  const {lineDiff} = (await import(join(lib, 'lineDiff'))) as typeof LineDiffModule;
  const {SYNTAX_VERSIONS} = (await import(join(lib, 'pricing2yaml', 'upgrade'))) as typeof UpgradeModule;
  const {standaloneValidator} = (await import(join(lib, 'pricing2yaml', 'validators'))) as typeof ValidatorsModule;
  const dir = join(ROOT, '.tmp', 'bench-checker', side);
  mkdirSync(dir, {recursive: true});
  const requireHere = createRequire(join(dir, 'index.js'));
  const validators = new Map<SyntaxVersion, ValidateFunction>();
  for (const v of SYNTAX_VERSIONS) {
    const schema = JSON.parse(readFileSync(join(root, 'static', 'schemas', 'pricing2yaml', `v${v}.json`), 'utf8'));
    writeFileSync(join(dir, `v${v}.js`), standaloneValidator(schema));
    validators.set(v, requireHere(join(dir, `v${v}.js`)) as ValidateFunction);
  }
  const load: ValidatorLoader = async (v) => validators.get(v)!;
  return {
    check: async (text) => {
      const analysis = await analyze(text, load);
      const up = analysis.upgrade;
      if (up?.original && up.yaml) lineDiff(up.original, up.yaml);
    },
    cleanUp: () => rmSync(dir, {recursive: true, force: true}),
  };
}

function cpuMs(start: NodeJS.CpuUsage): number {
  const used = process.cpuUsage(start);
  return (used.user + used.system) / 1000;
}

/** One round: every file checked once, its CPU time; the median and p95 over the files. */
async function round(texts: string[], check: Check): Promise<{median: number; p95: number; perFile: number[]}> {
  const perFile: number[] = [];
  for (const text of texts) {
    const start = process.cpuUsage();
    await check(text);
    perFile.push(cpuMs(start));
  }
  return {median: percentile(perFile, 50), p95: percentile(perFile, 95), perFile};
}

const ms2 = (n: number) => `${n.toFixed(2)} ms`;

/**
 * Times the checker per file, RUNS rounds over the corpus after a warm-up round; with `compareRoot`, the checker of
 * that checkout too, round by round in turn with this one. Prints the figures; returns the budget lines.
 */
export async function benchChecker(compareRoot?: string): Promise<BudgetLine[]> {
  const verdicts = JSON.parse(readFileSync(join(FIXTURES, 'expected-verdicts.json'), 'utf8')) as object;
  const texts = Object.keys(verdicts).map((file) => readFileSync(join(FIXTURES, file), 'utf8'));
  const ours = await checkerOf(ROOT, 'ours');
  const theirs = compareRoot ? await checkerOf(compareRoot, 'compared') : undefined;
  try {
    for (const text of texts) await ours.check(text);
    for (const text of theirs ? texts : []) await theirs!.check(text);
    const rounds = await inTurn(
      RUNS,
      () => round(texts, ours.check),
      () => (theirs ? round(texts, theirs.check) : Promise.resolve(undefined)),
    );
    // A file's time: the median of its rounds.
    const perFile = texts.map((_, i) =>
      percentile(
        rounds.ours.map((r) => r.perFile[i]),
        50,
      ),
    );
    const [median, p95] = [percentile(perFile, 50), percentile(perFile, 95)];
    console.log(
      `Checker, per file (${texts.length} files of tests/fixtures/pricings, worker configuration, CPU time, median of ${RUNS} rounds)\n` +
        `  median ${ms2(median)}, p95 ${ms2(p95)}, slowest ${ms2(Math.max(...perFile))}`,
    );
    if (!theirs) {
      return [info('Pricing2Yaml checker per file (CPU)', `median ${ms2(median)}, p95 ${ms2(p95)}`)];
    }
    const compared = rounds.theirs.map((r) => r!);
    console.log(
      `  compared checkout (${compareRoot}): median ${ms2(
        percentile(
          compared.map((r) => r.median),
          50,
        ),
      )}, ` +
        `p95 ${ms2(
          percentile(
            compared.map((r) => r.p95),
            50,
          ),
        )} (medians of its rounds)`,
    );
    return (['median', 'p95'] as const).map((stat) =>
      judgeInTurn(
        `Pricing2Yaml checker per file (CPU), ${stat} over the files`,
        {ours: rounds.ours.map((r) => r[stat]), theirs: compared.map((r) => r[stat])},
        {unit: ms2},
      ),
    );
  } finally {
    ours.cleanUp();
    theirs?.cleanUp();
  }
}

if (process.argv[1] && /bench-checker\.ts$/.test(process.argv[1])) {
  benchChecker(comparedTree(process.argv.slice(2))?.root)
    .then((lines) => {
      if (printBudgets(lines)) process.exitCode = 1;
    })
    .catch((error: unknown) => {
      console.error(error instanceof Error ? (error.stack ?? error.message) : error);
      process.exit(1);
    });
}
