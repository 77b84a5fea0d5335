/**
 * How long the playground's checker takes per file, over the Pricing2Yaml files of the reference parsers' own test
 * suites (tests/fixtures/pricings/, 493 files from 0.3 to 60 KB), in the configuration of the playground's worker:
 * the validators are ajv's standalone modules that plugins/pricing2yaml-validators writes at build time (no compiler
 * at run time), and the worker's line diff of the 3.0 form is computed too. Each file is checked RUNS times after
 * one warm-up pass over the corpus; a file's time is the median of its runs, in CPU time of this process.
 *
 *   npm run bench:checker          (also part of `npm run bench`)
 */
import {mkdirSync, readFileSync, rmSync, writeFileSync} from 'node:fs';
import {createRequire} from 'node:module';
import {join} from 'node:path';
import type {ValidateFunction} from 'ajv';

import {analyze, type ValidatorLoader} from '@sphere-docs/lib/pricing2yaml/analyze';
import {lineDiff} from '@sphere-docs/lib/lineDiff';
import {SYNTAX_VERSIONS, type SyntaxVersion} from '@sphere-docs/lib/pricing2yaml/upgrade';
import {standaloneValidator} from '@sphere-docs/lib/pricing2yaml/validators';
import {CORPUS_DIR} from '../tests/fixtures/pricings/corpus';

const ROOT = join(__dirname, '..');
const FIXTURES = CORPUS_DIR;
const RUNS = 5;

/**
 * Budgets per file, CPU time: the median keeps feedback while typing immediate; the p95, set by the 30 to 60 KB
 * pricings, stays under the 100 ms after which a delay is noticed (the worker is stopped after 2.5 s).
 */
export const CHECKER_BUDGET = {medianMs: 10, p95Ms: 100};

const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
};

/** The standalone validators, written inside the repository so that they resolve ajv's runtime from node_modules. */
function standaloneLoader(): {load: ValidatorLoader; cleanUp: () => void} {
  const dir = join(ROOT, '.tmp', 'bench-checker');
  mkdirSync(dir, {recursive: true});
  const requireHere = createRequire(join(dir, 'index.js'));
  const validators = new Map<SyntaxVersion, ValidateFunction>();
  for (const v of SYNTAX_VERSIONS) {
    const schema = JSON.parse(readFileSync(join(ROOT, 'static', 'schemas', 'pricing2yaml', `v${v}.json`), 'utf8'));
    writeFileSync(join(dir, `v${v}.js`), standaloneValidator(schema));
    validators.set(v, requireHere(join(dir, `v${v}.js`)) as ValidateFunction);
  }
  return {
    load: async (v) => validators.get(v)!,
    cleanUp: () => rmSync(dir, {recursive: true, force: true}),
  };
}

/** What the worker does for one text: the analysis, then the diff of the document and its 3.0 form. */
async function check(text: string, load: ValidatorLoader): Promise<void> {
  const analysis = await analyze(text, load);
  const up = analysis.upgrade;
  if (up?.original && up.yaml) lineDiff(up.original, up.yaml);
}

function cpuMs(start: NodeJS.CpuUsage): number {
  const used = process.cpuUsage(start);
  return (used.user + used.system) / 1000;
}

export interface CheckerFigures {
  files: number;
  medianMs: number;
  p95Ms: number;
  maxMs: number;
  pass: boolean;
}

export async function benchChecker(): Promise<CheckerFigures> {
  const verdicts = JSON.parse(readFileSync(join(FIXTURES, 'expected-verdicts.json'), 'utf8')) as object;
  const texts = Object.keys(verdicts).map((file) => readFileSync(join(FIXTURES, file), 'utf8'));
  const {load, cleanUp} = standaloneLoader();
  try {
    for (const text of texts) await check(text, load);
    const perFile: number[] = [];
    for (const text of texts) {
      const runs: number[] = [];
      for (let i = 0; i < RUNS; i++) {
        const start = process.cpuUsage();
        await check(text, load);
        runs.push(cpuMs(start));
      }
      perFile.push(percentile(runs, 50));
    }
    const medianMs = percentile(perFile, 50);
    const p95Ms = percentile(perFile, 95);
    return {
      files: texts.length,
      medianMs,
      p95Ms,
      maxMs: Math.max(...perFile),
      pass: medianMs <= CHECKER_BUDGET.medianMs && p95Ms <= CHECKER_BUDGET.p95Ms,
    };
  } finally {
    cleanUp();
  }
}

export function checkerLines(f: CheckerFigures): string[] {
  return [
    `Checker, per file (${f.files} files of tests/fixtures/pricings, worker configuration, CPU time, median of ${RUNS} runs each)`,
    `  median ${f.medianMs.toFixed(2)} ms, p95 ${f.p95Ms.toFixed(2)} ms, slowest ${f.maxMs.toFixed(2)} ms`,
    `${f.pass ? 'PASS' : 'FAIL'}  checker median ≤ ${CHECKER_BUDGET.medianMs} ms and p95 ≤ ${CHECKER_BUDGET.p95Ms} ms per file`,
  ];
}

if (process.argv[1] && /bench-checker\.ts$/.test(process.argv[1])) {
  benchChecker()
    .then((f) => {
      console.log(checkerLines(f).join('\n'));
      if (!f.pass) process.exitCode = 1;
    })
    .catch((error: unknown) => {
      console.error(error instanceof Error ? (error.stack ?? error.message) : error);
      process.exit(1);
    });
}
