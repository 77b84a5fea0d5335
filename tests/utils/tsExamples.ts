/**
 * Type-checks the TypeScript/TSX examples of the documentation.
 *
 * Every block marked example="complete" is written to a temporary directory
 * (inside the repository, so that `node_modules` resolves as it would in a
 * reader's project) as its own module, one folder per page (a block whose
 * title is a source path such as `src/App.tsx` is written at that path, so
 * blocks of the same page may import each other), and all of them are checked together
 * in a single TypeScript program: strict mode, `jsx: react-jsx`,
 * `moduleResolution: bundler`, `skipLibCheck`.
 *
 * pricing4react is not installable from the npm registry the suite runs
 * against, so its API comes from local declaration files written from the
 * library source, one per docs version. Because each of them declares the
 * module 'pricing4react', the program renames them to
 * 'pricing4react@<library version>' and rewrites the import specifiers of the
 * blocks of that docs version accordingly; line numbers are unchanged, so
 * diagnostics still point at the right line of the page.
 */
import {existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync} from 'node:fs';
import {dirname, join, relative} from 'node:path';
import ts from 'typescript';
import {ROOT, type CodeBlock} from './codeBlocks';

export const TS_LANGS = new Set(['ts', 'tsx', 'typescript']);

const TYPES_DIR = join(ROOT, 'tests', 'types');
const DEFAULT_REACT_DECLARATION = 'pricing4react-2.2.0.d.ts';

/** Declarations of other packages the examples may import that are not installed. */
const EXTRA_DECLARATIONS = ['openfeature-react-sdk-0.4.11.d.ts'];

/** Which pricing4react declaration each docs version is checked against. */
const REACT_DECLARATION_BY_DOCS: Array<[prefix: string, declaration: string]> = [
  ['versioned_docs/version-2.0.0/', 'pricing4react-1.4.0.d.ts'],
  ['versioned_docs/version-1.4.0/', 'pricing4react-1.3.0.d.ts'],
  ['docs/', DEFAULT_REACT_DECLARATION],
];

/** The pricing4react declaration file (absolute path) used for a page. Falls back to 2.2.0 when missing. */
export function reactDeclarationFor(page: string): string {
  const normalized = page.split('\\').join('/');
  const match = REACT_DECLARATION_BY_DOCS.find(([prefix]) => normalized.startsWith(prefix));
  const wanted = join(TYPES_DIR, match ? match[1] : DEFAULT_REACT_DECLARATION);
  return existsSync(wanted) ? wanted : join(TYPES_DIR, DEFAULT_REACT_DECLARATION);
}

export interface ExampleProblem {
  /** `page.mdx:line`, the line of the page the problem is on. */
  location: string;
  message: string;
}

/** TypeScript fences without example="complete" or example="fragment". */
export function missingMarkers(blocks: readonly CodeBlock[]): ExampleProblem[] {
  return blocks
    .filter((b) => TS_LANGS.has(b.lang))
    .filter((b) => b.attrs.example !== 'complete' && b.attrs.example !== 'fragment')
    .map((b) => ({
      location: `${b.file}:${b.line}`,
      message:
        b.attrs.example === undefined
          ? `\`${b.lang}\` fence without an example marker (add example="complete" or example="fragment")`
          : `\`${b.lang}\` fence with example="${b.attrs.example}" (only "complete" or "fragment" apply to TypeScript)`,
    }));
}

const COMPILER_OPTIONS: ts.CompilerOptions = {
  strict: true,
  noEmit: true,
  skipLibCheck: true,
  target: ts.ScriptTarget.ES2022,
  module: ts.ModuleKind.ESNext,
  moduleResolution: ts.ModuleResolutionKind.Bundler,
  moduleDetection: ts.ModuleDetectionKind.Force,
  jsx: ts.JsxEmit.ReactJSX,
  lib: ['lib.es2022.d.ts', 'lib.dom.d.ts', 'lib.dom.iterable.d.ts'],
  types: ['node'],
  esModuleInterop: true,
  allowSyntheticDefaultImports: true,
  resolveJsonModule: true,
  isolatedModules: true,
};

/**
 * space-react-client 0.3.x ships a bundled declaration file that inlines React's
 * types with five `undefined<T>` syntax errors, which stop the whole program
 * from being checked. The examples see a copy with those five spots typed
 * `any` (a node_modules folder inside the temp directory shadows the real
 * package); every other type is the package's own.
 */
function shadowBrokenDeclarations(dir: string): void {
  const pkg = join(ROOT, 'node_modules', 'space-react-client');
  const original = readFileSync(join(pkg, 'dist', 'index.d.ts'), 'utf8');
  const target = join(dir, 'node_modules', 'space-react-client');
  mkdirSync(target, {recursive: true});
  writeFileSync(join(target, 'package.json'), JSON.stringify({name: 'space-react-client', types: 'index.d.ts'}));
  writeFileSync(join(target, 'index.d.ts'), original.replace(/\bundefined<[^<>]*>/g, 'any'));
}

function aliasFor(declaration: string): string {
  const version = /pricing4react-([\d.]+)\.d\.ts$/.exec(declaration)?.[1] ?? 'local';
  return `pricing4react@${version}`;
}

/**
 * Type-checks the given blocks (only those marked complete are considered)
 * and returns one problem per TypeScript diagnostic, located on the page.
 */
export function typeCheckExamples(blocks: readonly CodeBlock[]): ExampleProblem[] {
  const complete = blocks.filter((b) => TS_LANGS.has(b.lang) && b.attrs.example === 'complete');
  if (complete.length === 0) return [];

  const dir = mkdtempSync(join(ROOT, '.ts-examples-'));
  try {
    const sources = new Map<string, CodeBlock>();
    const declarations = new Map<string, string>();
    const pages = [...new Set(complete.map((b) => b.file))];
    complete.forEach((block, i) => {
      const declaration = reactDeclarationFor(block.file);
      const alias = aliasFor(declaration);
      declarations.set(declaration, alias);
      const code = block.code.replace(/(['"])pricing4react\1/g, `$1${alias}$1`);
      // Blocks of one page share a folder; a block titled like a source file is written at that path, so the
      // examples of a page can import each other with relative paths ('./flags/pricingFlags').
      const pageDir = join(dir, `page-${pages.indexOf(block.file)}`);
      const title = block.attrs.title ?? '';
      const titled = /^[\w-]+(\/[\w.-]+)*\.(ts|tsx|mts|cts)$/.test(title) && !title.includes('..');
      let name = titled ? join(pageDir, title) : '';
      if (!name || sources.has(name)) {
        name = join(pageDir, `example-${String(i).padStart(3, '0')}.${block.lang === 'tsx' ? 'tsx' : 'ts'}`);
      }
      mkdirSync(dirname(name), {recursive: true});
      writeFileSync(name, code);
      sources.set(name, block);
    });
    shadowBrokenDeclarations(dir);
    const roots = [...sources.keys()];
    for (const [declaration, alias] of declarations) {
      const text = readFileSync(declaration, 'utf8').replace(
        /declare\s+module\s+(['"])pricing4react\1/g,
        `declare module '${alias}'`,
      );
      const name = join(dir, `${alias.replace('@', '-')}.d.ts`);
      writeFileSync(name, text);
      roots.push(name);
    }
    for (const extra of EXTRA_DECLARATIONS) roots.push(join(TYPES_DIR, extra));

    const program = ts.createProgram({rootNames: roots, options: {...COMPILER_OPTIONS}});
    const problems: ExampleProblem[] = [];
    for (const d of ts.getPreEmitDiagnostics(program)) {
      const message = ts
        .flattenDiagnosticMessageText(d.messageText, '\n')
        .replace(/pricing4react@[\w.]+/g, 'pricing4react');
      const block = d.file ? (sources.get(d.file.fileName) ?? sources.get(join(d.file.fileName))) : undefined;
      if (d.file && block && d.start !== undefined) {
        const {line, character} = d.file.getLineAndCharacterOfPosition(d.start);
        problems.push({
          location: `${block.file}:${block.line + 1 + line}`,
          message: `TS${d.code} (col ${character + 1}): ${message}`,
        });
      } else {
        const where = d.file ? relative(ROOT, d.file.fileName) : 'compiler';
        problems.push({location: where, message: `TS${d.code}: ${message}`});
      }
    }
    return problems;
  } finally {
    rmSync(dir, {recursive: true, force: true});
  }
}
