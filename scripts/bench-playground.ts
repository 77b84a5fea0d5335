/**
 * Figures for the Pricing2Yaml playground: how long the analysis takes on good and hostile inputs (in Node, the
 * same code the browser runs in its worker), and what a doc page and the playground load from the build.
 *
 *   npx tsx scripts/bench-playground.ts        (run `npm run build` first for the transfer figures)
 */
import {existsSync, readFileSync, statSync} from 'node:fs';
import {join} from 'node:path';
import {gzipSync} from 'node:zlib';

import {analyze} from '@sphere-docs/lib/pricing2yaml/analyze';
import {compilingLoader} from '@sphere-docs/lib/pricing2yaml/validators';
import type {SyntaxVersion} from '@sphere-docs/lib/pricing2yaml/upgrade';
import {DEFAULT_EXAMPLE} from '../src/components/Playground/example';
import {docPath} from '../src/constants';

const ROOT = join(__dirname, '..');
const loadValidator = compilingLoader(async (v: SyntaxVersion) =>
  JSON.parse(readFileSync(join(ROOT, 'static', 'schemas', 'pricing2yaml', `v${v}.json`), 'utf8')),
);

function features(size: number): string {
  let text = 'syntaxVersion: "3.0"\nsaasName: Bench\ncreatedAt: "2025-01-01"\ncurrency: EUR\nfeatures:\n';
  for (let i = 0; text.length < size; i++) {
    text += `  feature${i}:\n    valueType: BOOLEAN\n    defaultValue: true\n    type: DOMAIN\n`;
  }
  return text;
}

function bomb(): string {
  let text = 'a: &a ["lol","lol","lol","lol","lol","lol","lol","lol","lol"]\n';
  for (let i = 0; i < 9; i++) {
    const [prev, next] = [String.fromCharCode(97 + i), String.fromCharCode(98 + i)];
    text += `${next}: &${next} [${Array(9)
      .fill('*' + prev)
      .join(',')}]\n`;
  }
  return text;
}

const inputs: [string, string][] = [
  ['default example', DEFAULT_EXAMPLE],
  ['valid document, 120 KB', features(120 * 1024)],
  [
    'binary garbage, 64 KB',
    new TextDecoder().decode(Buffer.from(Array.from({length: 65536}, (_, i) => (i * 7919 + 13) % 256))),
  ],
  ['YAML, 2 MB', features(2 * 1024 * 1024)],
  ['billion-laughs alias bomb', bomb()],
  ['nesting 200 deep', 'a: ' + '['.repeat(200) + ']'.repeat(200)],
  ['nesting 50,000 deep', 'a: ' + '['.repeat(50_000) + ']'.repeat(50_000)],
];

async function main() {
  await analyze(DEFAULT_EXAMPLE, loadValidator); // compile the schema once (the worker loads it precompiled)
  console.log('Analysis time (median of 5 runs, ms):');
  for (const [name, text] of inputs) {
    const times: number[] = [];
    let status = '';
    for (let i = 0; i < 5; i++) {
      const t = performance.now();
      status = (await analyze(text, loadValidator)).status;
      times.push(performance.now() - t);
    }
    times.sort((a, b) => a - b);
    console.log(`  ${name.padEnd(28)} ${times[2].toFixed(1).padStart(8)}  -> ${status}`);
  }

  const build = join(ROOT, 'build');
  if (!existsSync(build)) return console.log('\nNo build/ folder: run `npm run build` for the transfer figures.');
  const scriptsOf = (page: string) =>
    [...readFileSync(join(build, page, 'index.html'), 'utf8').matchAll(/<script src="?([^"\s>]+\.js)/g)].map(
      (m) => m[1],
    );
  const size = (src: string) => {
    const body = readFileSync(join(build, src));
    return {raw: statSync(join(build, src)).size, gzip: gzipSync(body).length, text: body.toString()};
  };
  console.log('\nFirst-load JavaScript (the scripts in the HTML, before route chunks):');
  for (const page of [docPath('api/Pricing2Yaml/migrating-30').slice(1), 'playground']) {
    const files = scriptsOf(page).map(size);
    const raw = files.reduce((n, f) => n + f.raw, 0);
    const gzip = files.reduce((n, f) => n + f.gzip, 0);
    const editor = files.some((f) => f.text.includes('cm-content'));
    const ajv = files.some((f) => f.text.includes('must have required property'));
    console.log(
      `  /${page}: ${(raw / 1024).toFixed(0)} KB (${(gzip / 1024).toFixed(0)} KB gzip), CodeMirror ${editor}, ajv ${ajv}`,
    );
  }
}

void main();
