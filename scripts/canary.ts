/**
 * The site on the next Docusaurus: copies the committed tree to a temporary folder, drops the `overrides` that pin
 * Docusaurus and DocSearch, moves every `@docusaurus/*` package to the newest 3.x on the registry and
 * `@docsearch/react` to the newest version that release's search theme accepts, installs, then runs the production
 * build, the build log check, the build checks and the end-to-end tests there. Prints what passed and what broke, and
 * writes it to `canary-result.txt` in the copy (its path is printed). The site itself keeps its pins: this only tells
 * what the next upgrade would meet (architecture/touchpoints.md records each run's outcome).
 *
 *   npm run canary                     the newest 3.x
 *   npm run canary -- --version=3.9.2  a given release
 *   npm run canary -- --docsearch=3.9.0  keep a DocSearch the release still accepts (the search fixes are written
 *                                      for one version: plugins/local-search/docsearchFixes.ts)
 *   npm run canary -- --no-e2e         stop after the build checks
 *
 * Needs the npm registry and a few GB of disk; takes about as long as `npm test`.
 */
import {execFileSync, spawnSync} from 'node:child_process';
import {mkdtempSync, readFileSync, writeFileSync} from 'node:fs';
import {tmpdir} from 'node:os';
import {join} from 'node:path';

const ROOT = join(__dirname, '..');
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

const docusaurus = option('version') ?? newest3();
const docsearch = option('docsearch') ?? docsearchFor(docusaurus);
const dir = join(mkdtempSync(join(tmpdir(), 'canary-')), 'site');
console.log(`Canary: Docusaurus ${docusaurus}, @docsearch/react ${docsearch}, in ${dir}`);

// The committed tree only: what a clean clone would have.
execFileSync('bash', ['-c', `mkdir -p "${dir}" && git -C "${ROOT}" archive HEAD | tar -x -C "${dir}"`]);
const manifestPath = join(dir, 'package.json');
const manifest = JSON.parse(readFileSync(manifestPath, 'utf8')) as {
  dependencies: Record<string, string>;
  devDependencies: Record<string, string>;
  overrides: Record<string, unknown>;
};
for (const deps of [manifest.dependencies, manifest.devDependencies]) {
  for (const name of Object.keys(deps)) {
    if (name.startsWith('@docusaurus/')) deps[name] = docusaurus;
    if (name === '@docsearch/react') deps[name] = docsearch;
  }
}
for (const name of Object.keys(manifest.overrides)) {
  if (name.startsWith('@docusaurus/') || name === '@docsearch/react') delete manifest.overrides[name];
}
writeFileSync(manifestPath, JSON.stringify(manifest, null, 2) + '\n');

const port = process.env.E2E_PORT ?? '4191';
const stages: [string, string][] = [
  ['install', 'rm -f package-lock.json && npm install --no-audit --no-fund'],
  ['production build', 'npx docusaurus build 2>&1 | tee build.log; test ${PIPESTATUS[0]} -eq 0'],
  ['build log check', 'npx tsx scripts/check-build-log.ts build.log'],
  ['build checks', 'npx vitest run -c vitest.build.config.ts'],
  ...(args.includes('--no-e2e')
    ? []
    : [['end-to-end tests', `E2E_PORT=${port} npx playwright test`] as [string, string]]),
];
const results: string[] = [`Docusaurus ${docusaurus}, @docsearch/react ${docsearch}`];
let failed = false;
for (const [name, command] of stages) {
  if (failed) {
    results.push(`SKIP  ${name}`);
    continue;
  }
  const started = Date.now();
  const run = spawnSync('bash', ['-c', command], {cwd: dir, stdio: 'inherit', env: {...process.env, CI: ''}});
  const seconds = Math.round((Date.now() - started) / 1000);
  failed = run.status !== 0;
  results.push(`${failed ? 'FAIL' : 'PASS'}  ${name} (${seconds} s)`);
}
writeFileSync(join(dir, 'canary-result.txt'), results.join('\n') + '\n');
console.log(`\n${results.join('\n')}\n(${join(dir, 'canary-result.txt')})`);
process.exitCode = failed ? 1 : 0;
