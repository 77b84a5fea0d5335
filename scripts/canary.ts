/**
 * The site on the next Docusaurus: copies the committed tree to a temporary folder, moves every `@docusaurus/*`
 * package to the newest 3.x on the registry and `@docsearch/react` to the newest version that release's search theme
 * accepts, installs them on top of the committed lock file (only those packages move; everything else stays as locked),
 * then runs every stage of the site's checks there: type check, unit tests, production build, build log check, build
 * checks and end-to-end tests. The site itself keeps its pins: this only tells what the next upgrade would meet.
 *
 * Output: the full log of every stage goes to `canary.log` in the checkout it is run from (and in the copy); one line
 * per run (date, versions, each stage's result and time) is added at the top of `architecture/canary-result.txt`,
 * which keeps the newest RESULT_LINES runs and is committed (architecture/touchpoints.md links to it).
 *
 *   npm run canary                       the newest 3.x
 *   npm run canary -- --version=3.9.2    a given release
 *   npm run canary -- --docsearch=3.9.0  a DocSearch the release accepts other than its newest
 *   npm run canary -- --no-e2e[=reason]  stop after the build checks (recorded as not run, with the reason)
 *   npm run canary -- --only=install,unit   run only the stages named (install, typecheck, unit, build,
 *                                        build-log, build-checks, e2e; the others are recorded as not run)
 *   npm run canary -- --log=<file>       the log's file (relative to the checkout), to run stages of one copy side by
 *                                        side with --only (the build does not need the unit tests)
 *   npm run canary -- --dir=<folder>     reuse a copy made by an earlier run: the committed tree is extracted over it
 *                                        again and the install is skipped when it already holds the versions asked for
 *
 * E2E_PORT sets the end-to-end tests' port. Needs the npm registry and a few GB of disk; takes about as long as
 * `npm test`.
 */
import {execFileSync, spawnSync} from 'node:child_process';
import {appendFileSync, existsSync, mkdtempSync, readFileSync, writeFileSync} from 'node:fs';
import {tmpdir} from 'node:os';
import {join} from 'node:path';

const ROOT = join(__dirname, '..');
const RESULTS = join(ROOT, 'architecture', 'canary-result.txt');
const RESULT_LINES = 5;
const args = process.argv.slice(2);
const option = (name: string) => args.find((a) => a.startsWith(`--${name}=`))?.split('=')[1];

function npmJson(...query: string[]): unknown {
  return JSON.parse(execFileSync('npm', ['view', ...query, '--json'], {encoding: 'utf8'}));
}

/** The newest release of `3.x` (no pre-releases). */
function newest3(): string {
  const versions = npmJson('@docusaurus/core', 'versions') as string[];
  const stable = versions.filter((v) => /^3\.\d+\.\d+$/.test(v));
  const key = (v: string) => v.split('.').map(Number);
  stable.sort((a, b) => {
    const [x, y] = [key(a), key(b)];
    return x[0] - y[0] || x[1] - y[1] || x[2] - y[2];
  });
  return stable.at(-1)!;
}

/** The newest `@docsearch/react` that the given release's search theme accepts (its dependency range). */
function docsearchFor(docusaurus: string): string {
  const deps = npmJson(`@docusaurus/theme-search-algolia@${docusaurus}`, 'dependencies') as Record<string, string>;
  const range = deps['@docsearch/react'];
  const matching = npmJson(`@docsearch/react@${range}`, 'version');
  return Array.isArray(matching) ? (matching.at(-1) as string) : (matching as string);
}

/** The version of a package installed in the copy, or undefined. */
function installed(dir: string, name: string): string | undefined {
  const file = join(dir, 'node_modules', ...name.split('/'), 'package.json');
  return existsSync(file) ? (JSON.parse(readFileSync(file, 'utf8')) as {version: string}).version : undefined;
}

const docusaurus = option('version') ?? newest3();
const docsearch = option('docsearch') ?? docsearchFor(docusaurus);
const reuse = option('dir');
const dir = reuse ?? join(mkdtempSync(join(tmpdir(), 'canary-')), 'site');
const log = join(ROOT, option('log') ?? 'canary.log');
const started = new Date();
writeFileSync(
  log,
  `Canary ${started.toISOString()}: Docusaurus ${docusaurus}, @docsearch/react ${docsearch}, in ${dir}\n`,
);
console.log(`Canary: Docusaurus ${docusaurus}, @docsearch/react ${docsearch}, in ${dir}; log: ${log}`);

// The committed tree only, lock file included: what a clean clone would have.
// A reused copy keeps the lock file its earlier install wrote (the committed one with the new versions resolved).
const keepLock = existsSync(join(dir, 'node_modules')) && existsSync(join(dir, 'package-lock.json'));
execFileSync('bash', [
  '-c',
  `mkdir -p "${dir}" && git -C "${ROOT}" archive HEAD | tar -x -C "${dir}" ${keepLock ? '--exclude=package-lock.json' : ''}`,
]);
const manifestPath = join(dir, 'package.json');
const manifest = JSON.parse(readFileSync(manifestPath, 'utf8')) as {
  dependencies: Record<string, string>;
  devDependencies: Record<string, string>;
  overrides: Record<string, unknown>;
};
// The pins move to the new versions (in the dependencies and in `overrides`, so every transitive copy follows); the
// committed lock keeps everything else where it is, and npm resolves only what the new versions ask for.
const moved = (name: string) =>
  name.startsWith('@docusaurus/') ? docusaurus : name === '@docsearch/react' ? docsearch : undefined;
for (const deps of [manifest.dependencies, manifest.devDependencies, manifest.overrides]) {
  for (const name of Object.keys(deps)) deps[name] = moved(name) ?? deps[name];
}
writeFileSync(manifestPath, JSON.stringify(manifest, null, 2) + '\n');

const upToDate = installed(dir, '@docusaurus/core') === docusaurus && installed(dir, '@docsearch/react') === docsearch;
const port = process.env.E2E_PORT ?? '4191';
const stages: [string, string | undefined][] = [
  ['install', upToDate ? undefined : 'npm install --no-audit --no-fund'],
  ['typecheck', 'npx tsc --noEmit'],
  ['unit', 'npx vitest run tests/unit plugins'],
  ['build', 'npx docusaurus build 2>&1 | tee build.log'],
  ['build-log', 'npx tsx scripts/check-build-log.ts build.log'],
  ['build-checks', 'npx vitest run -c vitest.build.config.ts'],
  ['e2e', 'bash scripts/ensure-chromium.sh && npx playwright test'],
];
const only = option('only')?.split(',');
const noE2e = args.find((a) => a === '--no-e2e' || a.startsWith('--no-e2e='));
const skipped = (name: string) => ((only && !only.includes(name)) || (name === 'e2e' && noE2e) ? true : false);
const results: string[] = [];
let failed = false;
for (const [name, command] of stages) {
  if (command === undefined) {
    results.push(`${name} reused`);
    continue;
  }
  if (skipped(name)) {
    const reason = name === 'e2e' && noE2e?.includes('=') ? ` (${noE2e.slice(noE2e.indexOf('=') + 1)})` : '';
    results.push(`${name} not run${reason}`);
    continue;
  }
  if (failed) {
    // A stage runs on what the earlier ones made (the build on the install, the checks on the build), but the type
    // check and unit tests do not need each other: only a failed install or build stops the rest.
    results.push(`${name} skipped`);
    continue;
  }
  appendFileSync(log, `\n== ${name}: ${command}\n`);
  const begun = Date.now();
  const run = spawnSync('bash', ['-c', `set -o pipefail; { ${command} ; } 2>&1 | tee -a "${log}"`], {
    cwd: dir,
    stdio: 'inherit',
    env: {...process.env, CI: '', E2E_PORT: port, FORCE_COLOR: '0', NO_COLOR: '1'},
  });
  const seconds = Math.round((Date.now() - begun) / 1000);
  const passed = run.status === 0;
  if (!passed && ['install', 'build'].includes(name)) failed = true;
  if (!passed) process.exitCode = 1;
  results.push(`${name} ${passed ? 'pass' : 'FAIL'} ${seconds} s`);
  appendFileSync(log, `== ${name}: ${passed ? 'pass' : 'FAIL'} (${seconds} s)\n`);
}
const line = `${started.toISOString().slice(0, 10)} Docusaurus ${docusaurus}, @docsearch/react ${docsearch}: ${results.join('; ')}`;
const earlier = existsSync(RESULTS) ? readFileSync(RESULTS, 'utf8').split('\n').filter(Boolean) : [];
writeFileSync(RESULTS, [line, ...earlier].slice(0, RESULT_LINES).join('\n') + '\n');
appendFileSync(log, `\n${line}\n`);
console.log(`\n${line}\n(log: ${log}; results: ${RESULTS}; copy: ${dir})`);
