/**
 * "Generate a client" on the SPACE API reference, run as a reader would run it:
 * - the openapi-typescript command of the page runs on the published document (the CLI installed here stands in for
 *   `npx`), with exactly the arguments the page gives;
 * - the page pins the TypeScript major that openapi-typescript accepts, which is also the one installed here, and
 *   its variant for projects on another TypeScript runs the same generator with the same arguments;
 * - the openapi-fetch sample of the page (the block titled src/space.ts) type-checks against the generated types,
 *   and a wrong path or a wrong body does not;
 * - `--default-non-nullable false` is what lets a contract be created with only one of the billing fields that have
 *   a default.
 */
import {execFileSync} from 'node:child_process';
import {copyFileSync, mkdtempSync, readFileSync, rmSync} from 'node:fs';
import {createRequire} from 'node:module';
import {tmpdir} from 'node:os';
import {join} from 'node:path';
import {pathToFileURL} from 'node:url';
import openapiTS, {astToString} from 'openapi-typescript';
import {afterAll, describe, expect, it} from 'vitest';
import {ROOT, codeBlocks, type CodeBlock} from '../utils/codeBlocks';
import {SPACE_API_FILE} from '../utils/spaceApi';
import {typeCheckExamples} from '../utils/tsExamples';

const PAGE = join(ROOT, 'docs', 'api', 'space', 'space-api.mdx');
const require = createRequire(import.meta.url);
const CLI = join(ROOT, 'node_modules', 'openapi-typescript', 'bin', 'cli.js');

const blocks = codeBlocks(PAGE);
const shellLines = blocks
  .filter((b) => b.lang === 'bash')
  .flatMap((b) => b.code.split('\n').map((line) => line.trim()))
  .filter(Boolean);
/** Words of the one line of the page that starts with `prefix`. */
function commandLine(prefix: string): string[] {
  const lines = shellLines.filter((line) => line.startsWith(prefix));
  expect(lines, prefix).toHaveLength(1);
  return lines[0].split(/\s+/);
}

const generator = commandLine('npx openapi-typescript ');
const generatorArgs = generator.slice(2);
const workDir = mkdtempSync(join(tmpdir(), 'space-client-'));
afterAll(() => rmSync(workDir, {recursive: true, force: true}));

/** The types the page's command writes, read back from its --output file. */
function generatedByThePage(): string {
  copyFileSync(SPACE_API_FILE, join(workDir, 'space-api.yaml'));
  execFileSync(process.execPath, [CLI, ...generatorArgs], {cwd: workDir, stdio: 'pipe'});
  return readFileSync(join(workDir, generatorArgs[generatorArgs.indexOf('--output') + 1]), 'utf8');
}

const sample = blocks.find((b) => b.attrs.title === 'src/space.ts');
const typesBlock = (code: string): CodeBlock => ({
  ...sample!,
  code,
  meta: 'title="src/space-api.d.ts"',
  attrs: {title: 'src/space-api.d.ts', example: 'complete'},
});

/**
 * Type-checks several modules next to one set of generated types, in one TypeScript program, and answers the
 * problems of each module by name. Each module gets its own range of line numbers to tell its problems apart.
 */
function typeCheck(types: string, modules: Record<string, string>): Record<string, string[]> {
  const names = Object.keys(modules);
  const range = 10_000;
  const checked = names.map((name, i): CodeBlock => ({
    ...sample!,
    line: (i + 1) * range,
    code: modules[name],
    meta: `title="src/${name}.ts"`,
    attrs: {title: `src/${name}.ts`, example: 'complete'},
  }));
  const found: Record<string, string[]> = Object.fromEntries(names.map((name) => [name, []]));
  for (const problem of typeCheckExamples([typesBlock(types), ...checked])) {
    const line = Number(problem.location.split(':').pop());
    const name = names[Math.floor(line / range) - 1];
    if (name === undefined) throw new Error(`${problem.location}: ${problem.message}`);
    found[name].push(problem.message);
  }
  return found;
}

/** A contract created with only `renewalDays` in its billing period: SPACE fills in `autoRenew`. */
const CREATE_CONTRACT = `import createClient from 'openapi-fetch';
import type {paths} from './space-api';

const space = createClient<paths>({baseUrl: 'http://localhost:3000/api/v1'});
await space.POST('/contracts', {
  body: {
    userContact: {userId: 'user-123', username: 'ada'},
    billingPeriod: {renewalDays: 365},
    contractedServices: {notehive: '2025-1'},
    subscriptionPlans: {notehive: 'PRO'},
    subscriptionAddOns: {notehive: {}},
  },
});
`;

describe('the TypeScript client generation of the SPACE API reference', {timeout: 120_000}, () => {
  it('installs the TypeScript major that openapi-typescript accepts, the one installed here', () => {
    const install = shellLines.find((line) => line.startsWith('npm install --save-dev openapi-typescript'));
    const pinned = install?.match(/\btypescript@(\d+)\b/)?.[1];
    expect(pinned, install).toBeDefined();
    const peer = (require('openapi-typescript/package.json') as {peerDependencies: Record<string, string>})
      .peerDependencies.typescript;
    expect(peer).toMatch(new RegExp(`^\\^${pinned}(\\.|$)`));
    expect((require('typescript/package.json') as {version: string}).version.split('.')[0]).toBe(pinned);
  });

  it('gives projects on another TypeScript the same generator, with the same arguments', () => {
    const words = commandLine('npx -p ');
    const packages = words.flatMap((word, i) => (words[i - 1] === '-p' ? [word] : []));
    const rest = words.filter((word, i) => i > 0 && word !== '-p' && words[i - 1] !== '-p');
    const major = (require('openapi-typescript/package.json') as {version: string}).version.split('.')[0];
    const pinned = shellLines.join('\n').match(/npm install --save-dev openapi-typescript typescript@(\d+)/)?.[1];
    expect(packages.sort()).toEqual([`openapi-typescript@${major}`, `typescript@${pinned}`]);
    expect(rest).toEqual(['openapi-typescript', ...generatorArgs]);
  });

  it("type-checks the page's openapi-fetch sample against the types of the page's command, and refuses a wrong call", () => {
    const types = generatedByThePage();
    expect(types).toContain('"/features/{userId}/{featureId}"');
    expect(sample?.code).toContain("from 'openapi-fetch'");
    const code = sample!.code;
    const broken = {
      wrongPath: code.replace("'/features/{userId}/{featureId}'", "'/feature/{userId}/{featureId}'"),
      wrongBody: code.replace("{'notehive-aiSummariesPerMonth': 1}", "{'notehive-aiSummariesPerMonth': 'one'}"),
      // Express's HTML error pages make `error` a string too: reading `.error` without narrowing does not compile.
      unnarrowed: code.replace(/typeof error === 'string' \? error : error\.error/, 'error.error'),
    };
    for (const variant of Object.values(broken)) expect(variant).not.toBe(code);

    const problems = typeCheck(types, {space: code, ...broken, contract: CREATE_CONTRACT});
    expect(problems.space).toEqual([]);
    expect(problems.contract).toEqual([]);
    for (const name of Object.keys(broken)) expect(problems[name], name).not.toEqual([]);
    expect(problems.unnarrowed.join('\n')).toContain("Property 'error' does not exist on type 'string'");
  });

  it('needs --default-non-nullable false to create a contract with some billing fields left to their defaults', async () => {
    expect(generatorArgs.join(' ')).toContain('--default-non-nullable false');
    const withDefaults = astToString(await openapiTS(pathToFileURL(SPACE_API_FILE)));
    const problems = typeCheck(withDefaults, {contract: CREATE_CONTRACT});
    expect(problems.contract.join('\n')).toContain("'autoRenew' is missing");
  });
});
