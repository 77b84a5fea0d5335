/**
 * Runs the scripts of the core-concepts and tutorial pages with tsx against the documents on the same pages, as a
 * reader would, and compares what they print with the output the pages show. The tutorial's "break the design"
 * paragraph is replayed too: each edit must produce the message the page quotes.
 */
import {spawnSync} from 'node:child_process';
import {mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync} from 'node:fs';
import {tmpdir} from 'node:os';
import {join} from 'node:path';
import {afterAll, describe, expect, it} from 'vitest';
import {ROOT, codeBlocks, type CodeBlock} from '../utils/codeBlocks';

const scratch = mkdtempSync(join(tmpdir(), 'script-outputs-'));
symlinkSync(join(ROOT, 'node_modules'), join(scratch, 'node_modules'), 'dir');
afterAll(() => rmSync(scratch, {recursive: true, force: true}));

const TSX = join(ROOT, 'node_modules', '.bin', 'tsx');

function blocksOf(page: string): CodeBlock[] {
  return codeBlocks(join(ROOT, page));
}

function titled(blocks: CodeBlock[], title: string): CodeBlock {
  const block = blocks.find((b) => b.attrs.title === title);
  if (!block) throw new Error(`no block titled ${title}`);
  return block;
}

/** The first `text` block after the given block: the output the page prints for it. */
function outputAfter(blocks: CodeBlock[], block: CodeBlock): string {
  const output = blocks.find((b) => b.line > block.line && b.lang === 'text');
  if (!output) throw new Error(`no output block after line ${block.line}`);
  return output.code.trimEnd();
}

/** Writes the files into the scratch folder and runs the script there. */
function run(script: string, files: Record<string, string>, args: string[] = []) {
  for (const [name, content] of Object.entries(files)) writeFileSync(join(scratch, name), content);
  const result = spawnSync(TSX, [script, ...args], {cwd: scratch, encoding: 'utf8', timeout: 60_000});
  return {status: result.status, out: `${result.stdout}${result.stderr}`.trimEnd()};
}

/** Replaces one exact passage of a document, failing loudly when the passage is not there. */
function edit(document: string, from: string, to: string): string {
  expect(document).toContain(from);
  return document.replace(from, to);
}

describe('iPricing: summary.ts prints what the page shows', () => {
  it('runs against the photo-storage pricing of the Pricing page', () => {
    const pricing = titled(blocksOf('docs/api/core-concepts/Pricing.mdx'), 'photovault.yml');
    const blocks = blocksOf('docs/api/core-concepts/iPricing.mdx');
    const script = titled(blocks, 'summary.ts');
    const {status, out} = run('summary.ts', {'summary.ts': script.code, 'photovault.yml': pricing.code});
    expect(status).toBe(0);
    expect(out).toBe(outputAfter(blocks, script));
  });
});

describe('pricing design tutorial: check-pricing.ts', () => {
  const blocks = blocksOf('docs/docs/tutorials/pricing-design.mdx');
  const script = titled(blocks, 'check-pricing.ts');
  const formpilot = titled(blocks, 'formpilot.yml').code;
  const prose = readFileSync(join(ROOT, 'docs/docs/tutorials/pricing-design.mdx'), 'utf8');
  const check = (document: string) =>
    run('check-pricing.ts', {'check-pricing.ts': script.code, 'formpilot.yml': document}, ['formpilot.yml']);

  it('prints the output shown for the complete file and exits 0', () => {
    const {status, out} = check(formpilot);
    expect(status).toBe(0);
    expect(out).toBe(outputAfter(blocks, script));
  });

  it('reports brandingKit when it is only available for EDUCATION', () => {
    const {status, out} = check(
      edit(formpilot, 'availableFor:\n      - STARTER\n    price: 8', 'availableFor:\n      - EDUCATION\n    price: 8'),
    );
    expect(status).toBe(1);
    expect(out).toContain('brandingKit is only available for private plans');
    expect(prose).toContain('`brandingKit is only available for private plans`');
  });

  it('reports the shrinking storage when TEAM loses its fileStorage override', () => {
    const team = formpilot.slice(formpilot.indexOf('  TEAM:'), formpilot.indexOf('  ENTERPRISE:'));
    const {status, out} = check(formpilot.replace(team, edit(team, '      fileStorage:\n        value: 10\n', '')));
    expect(status).toBe(1);
    expect(out).toContain('fileStorage drops from 1 in STARTER to 0 in TEAM');
    expect(prose).toContain('`fileStorage` drops from 1 in STARTER to 0 in TEAM');
  });

  it('reports aiSummaries when it is offered where analyticsPack is not', () => {
    const {status, out} = check(
      edit(
        formpilot,
        '      - STARTER\n      - TEAM\n    dependsOn:',
        '      - STARTER\n      - TEAM\n      - ENTERPRISE\n    dependsOn:',
      ),
    );
    expect(status).toBe(1);
    const message = 'aiSummaries needs analyticsPack, which is not sold with ENTERPRISE';
    expect(out).toContain(message);
    expect(prose).toContain(`\`${message}\``);
  });
});
