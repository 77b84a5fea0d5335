/**
 * Checks the examples of the SPACE user guide and the SPHERE page (2.0.1):
 * - every yaml/ts/tsx/java fence carries an `example` marker;
 * - the NoteHive Pricing2Yaml files validate with pricing4ts and stay
 *   consistent with each other (the guide's running example);
 * - complete TypeScript examples type-check against space-node-client;
 * - every curl command calls a route that SPACE serves at commit 9123ae2.
 */
import {mkdtempSync, rmSync, symlinkSync, writeFileSync} from 'node:fs';
import {tmpdir} from 'node:os';
import {join} from 'node:path';
import ts from 'typescript';
import {retrievePricingFromYaml} from 'pricing4ts';
import {describe, expect, it} from 'vitest';
import {allCodeBlocks, ROOT, type CodeBlock} from '../utils/codeBlocks';

const PAGES = ['docs/api/space/user-guide', 'docs/api/sphere'];
const blocks: CodeBlock[] = allCodeBlocks(PAGES);

/** Routes registered by api/src/main/routes/*.ts at isa-group/space@9123ae2 (base path /api/v1). */
const SPACE_ROUTES: ReadonlyArray<readonly [string, string]> = [
  ['GET', '/analytics/api-calls'],
  ['GET', '/analytics/evaluations'],
  ['GET', '/cache/get'],
  ['POST', '/cache/set'],
  ['GET', '/contracts'],
  ['POST', '/contracts'],
  ['DELETE', '/contracts'],
  ['GET', '/contracts/:userId'],
  ['PUT', '/contracts/:userId'],
  ['DELETE', '/contracts/:userId'],
  ['PUT', '/contracts/:userId/usageLevels'],
  ['PUT', '/contracts/:userId/userContact'],
  ['PUT', '/contracts/:userId/billingPeriod'],
  ['GET', '/events/status'],
  ['POST', '/events/test-event'],
  ['GET', '/events/client'],
  ['GET', '/features'],
  ['POST', '/features/:userId'],
  ['POST', '/features/:userId/pricing-token'],
  ['POST', '/features/:userId/:featureId'],
  ['GET', '/healthcheck'],
  ['GET', '/services'],
  ['POST', '/services'],
  ['DELETE', '/services'],
  ['GET', '/services/:serviceName'],
  ['PUT', '/services/:serviceName'],
  ['DELETE', '/services/:serviceName'],
  ['GET', '/services/:serviceName/pricings'],
  ['POST', '/services/:serviceName/pricings'],
  ['GET', '/services/:serviceName/pricings/:pricingVersion'],
  ['PUT', '/services/:serviceName/pricings/:pricingVersion'],
  ['DELETE', '/services/:serviceName/pricings/:pricingVersion'],
  ['POST', '/users/authenticate'],
  ['GET', '/users'],
  ['POST', '/users'],
  ['GET', '/users/:username'],
  ['PUT', '/users/:username'],
  ['DELETE', '/users/:username'],
  ['PUT', '/users/:username/api-key'],
  ['PUT', '/users/:username/role'],
];

function routeMatches(method: string, path: string): boolean {
  const parts = path.split('/');
  return SPACE_ROUTES.some(([m, template]) => {
    if (m !== method) return false;
    const t = template.split('/');
    return t.length === parts.length && t.every((seg, i) => seg.startsWith(':') || seg === parts[i]);
  });
}

/** Splits shell blocks into commands (joining backslash continuations) and keeps the curl ones. */
function curlCommands(code: string): string[] {
  return code
    .replace(/\\\n/g, ' ')
    .split('\n')
    .map((l) => l.trim())
    .filter((l) => /^(export \w+=\$\()?curl /.test(l));
}

function curlRoute(command: string): {method: string; path: string} {
  const url = /http:\/\/localhost:5403\/api\/v1(\/[^\s"'?]*)/.exec(command);
  if (!url) throw new Error(`no SPACE URL in: ${command}`);
  const explicit = /-X\s+([A-Z]+)/.exec(command);
  const hasBody = /\s(-d|-F)\s/.test(command);
  return {method: explicit ? explicit[1] : hasBody ? 'POST' : 'GET', path: url[1]};
}

describe('SPACE user guide and SPHERE page examples', () => {
  it('finds the pages', () => {
    expect(new Set(blocks.map((b) => b.file)).size).toBeGreaterThanOrEqual(10);
  });

  it('marks every yaml, ts, tsx and java block', () => {
    const unmarked = blocks.filter((b) => ['yaml', 'ts', 'tsx', 'java'].includes(b.lang) && !b.attrs.example);
    expect(unmarked.map((b) => `${b.file}:${b.line}`)).toEqual([]);
  });

  describe('NoteHive pricings', () => {
    const valid = blocks.filter((b) => b.lang === 'yaml' && b.attrs.example === 'valid');

    it('are shown once per version', () => {
      expect(valid.map((b) => b.attrs.title).sort()).toEqual(['notehive-2025-1.yml', 'notehive-2025-2.yml']);
    });

    for (const block of valid) {
      it(`${block.file}:${block.line} validates with pricing4ts`, () => {
        const pricing = retrievePricingFromYaml(block.code);
        expect(pricing.saasName).toBe('NoteHive');
        expect(Object.keys(pricing.features).sort()).toEqual(['aiSummaries', 'exportPdf', 'notes']);
        expect(Object.keys(pricing.usageLimits ?? {}).sort()).toEqual(['aiSummariesPerMonth', 'maxNotes']);
        expect(Object.keys(pricing.plans ?? {})).toEqual(['BASIC', 'PRO', 'TEAM']);
        expect(Object.keys(pricing.addOns ?? {})).toEqual(['extraSummaries']);
      });

      it(`${block.file}:${block.line} survives the 2.1 to 3.0 context rename`, () => {
        // pricing4ts 0.10.x renames only the first planContext/userContext of each expression.
        const pricing = retrievePricingFromYaml(block.code);
        for (const feature of Object.values(pricing.features)) {
          const expression = feature.expression ?? '';
          expect(expression.split('planContext').length - 1).toBeLessThanOrEqual(1);
          expect(expression.split('userContext').length - 1).toBeLessThanOrEqual(1);
        }
      });
    }

    it('gives the second version a later creation date', () => {
      const [v1, v2] = ['notehive-2025-1.yml', 'notehive-2025-2.yml'].map((t) =>
        retrievePricingFromYaml(valid.find((b) => b.attrs.title === t)!.code),
      );
      expect([v1.version, v2.version]).toEqual(['2025-1', '2025-2']);
      expect(new Date(v2.createdAt).getTime()).toBeGreaterThan(new Date(v1.createdAt).getTime());
    });
  });

  it('type-checks the complete TypeScript examples against space-node-client', () => {
    const complete = blocks.filter((b) => (b.lang === 'ts' || b.lang === 'tsx') && b.attrs.example === 'complete');
    expect(complete.length).toBeGreaterThan(0);
    const dir = mkdtempSync(join(tmpdir(), 'space-guide-ts-'));
    try {
      symlinkSync(join(ROOT, 'node_modules'), join(dir, 'node_modules'), 'dir');
      const files = complete.map((b, i) => {
        const file = join(dir, `example${i}.${b.lang}`);
        writeFileSync(file, b.code);
        return file;
      });
      const program = ts.createProgram(files, {
        target: ts.ScriptTarget.ES2022,
        module: ts.ModuleKind.NodeNext,
        moduleResolution: ts.ModuleResolutionKind.NodeNext,
        strict: true,
        noEmit: true,
        noUnusedLocals: true,
        skipLibCheck: true,
        types: ['node'],
        jsx: ts.JsxEmit.ReactJSX,
      });
      const diagnostics = ts.getPreEmitDiagnostics(program).map((d) => {
        const where = d.file ? `${complete[files.indexOf(d.file.fileName)]?.file ?? d.file.fileName}` : '';
        return `${where}: ${ts.flattenDiagnosticMessageText(d.messageText, '\n')}`;
      });
      expect(diagnostics).toEqual([]);
    } finally {
      rmSync(dir, {recursive: true, force: true});
    }
  });

  it('only calls routes that SPACE serves at 9123ae2', () => {
    const commands = blocks
      .filter((b) => ['bash', 'sh', 'shell'].includes(b.lang))
      .flatMap((b) => curlCommands(b.code).map((c) => ({block: b, command: c})))
      .filter(({command}) => command.includes('localhost:5403/api/v1'));
    expect(commands.length).toBeGreaterThan(20);
    const unknown = commands
      .map(({block, command}) => ({where: `${block.file}:${block.line}`, ...curlRoute(command)}))
      .filter(({method, path}) => !routeMatches(method, path));
    expect(unknown).toEqual([]);
  });
});
