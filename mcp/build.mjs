/**
 * Makes the publishable package (run by `npm pack` in mcp/, as prepack; or `node mcp/build.mjs`):
 * - dist/server.cjs: the server and everything it imports (the SDK, zod, the site's search engine, checker and
 *   OpenAPI helpers, yaml, ajv) bundled into one CommonJS file that runs with Node alone;
 * - data/: the parts of a production build the tools read (Markdown twins, llms.txt files, search index, JSON
 *   Schemas, OpenAPI document), copied from ../build, or from the folder named by MCP_BUILD_DIR.
 *   with `anchors.json` (the heading ids of every page with a twin, read from its HTML, which is not copied) and
 *   `build.json` (the docs build carried: current docs version, build date, site origin, package version).
 * Fails if the build is missing or lacks a part, so a package never ships without its data. MCP_PACKAGE_DIR names
 * another folder to write dist/ and data/ into (plugins/mcp-package stages the package there).
 */
import {copyFileSync, existsSync, mkdirSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync} from 'node:fs';
import {createRequire} from 'node:module';
import {dirname, join, relative, sep} from 'node:path';
import {fileURLToPath} from 'node:url';
import {build} from 'esbuild';

const here = dirname(fileURLToPath(import.meta.url));
const source = process.env.MCP_BUILD_DIR ?? join(here, '..', 'build');
const out = process.env.MCP_PACKAGE_DIR ?? here;
const data = join(out, 'data');

/** Paths under the build that the server reads: twins, llms.txt (not llms-full.txt), index, schemas, OpenAPI. */
const wanted = (path) =>
  (path.endsWith('.md') && !path.startsWith(`local-search${sep}`)) ||
  path === 'llms.txt' ||
  /^docs[\\/][^\\/]+[\\/]llms\.txt$/.test(path) ||
  /^local-search[\\/]index\.[\w-]+\.json$/.test(path) ||
  /^schemas[\\/]pricing2yaml[\\/]v\d+\.\d+\.json$/.test(path) ||
  path === join('openapi', 'space-api.yaml');

if (!existsSync(join(source, 'llms.txt'))) {
  console.error(`No production build at ${source}: run "npm run build" in the repository first.`);
  process.exit(1);
}
rmSync(data, {recursive: true, force: true});
let files = 0;
/** The ids of the h2 to h6 headings of a page's article, in order (mcp/src/sections.ts reads them the same way). */
const headingIds = (html) => {
  const start = html.indexOf('<article');
  const article = start === -1 ? html : html.slice(start, html.lastIndexOf('</article>'));
  return [...article.matchAll(/<h[2-6]\b[^>]*?\sid=(?:"([^"]+)"|([^\s>"]+))/g)].map((m) => m[1] ?? m[2]);
};
const anchors = {};
for (const path of readdirSync(source, {recursive: true, encoding: 'utf8'})) {
  if (!wanted(path) || !statSync(join(source, path)).isFile()) continue;
  mkdirSync(dirname(join(data, path)), {recursive: true});
  copyFileSync(join(source, path), join(data, path));
  files++;
  const page = join(source, path.replace(/\.md$/, ''), 'index.html');
  if (path.endsWith('.md') && existsSync(page)) {
    anchors[`/${path.split(sep).join('/').replace(/\.md$/, '')}`] = headingIds(readFileSync(page, 'utf8'));
  }
}
writeFileSync(join(data, 'anchors.json'), JSON.stringify(anchors));
const origin = /\]\((https?:\/\/[^/)]+)/.exec(readFileSync(join(source, 'llms.txt'), 'utf8'))?.[1] ?? '';
const version = /docs version ([^\s,]+), the current one/.exec(readFileSync(join(source, 'llms.txt'), 'utf8'))?.[1];
const pkg = JSON.parse(readFileSync(join(here, 'package.json'), 'utf8'));
writeFileSync(
  join(data, 'build.json'),
  JSON.stringify({docsVersion: version, builtAt: new Date().toISOString(), origin, package: pkg.version}),
);
for (const part of ['llms.txt', 'local-search', join('schemas', 'pricing2yaml'), join('openapi', 'space-api.yaml')]) {
  if (!existsSync(join(data, part))) {
    console.error(`The build at ${source} has no ${part}: is it a production build without ALGOLIA_* variables?`);
    process.exit(1);
  }
}

/**
 * The `yaml` package's browser build instead of its Node build: the same code, less two debugging hooks that read
 * process.env (LOG_TOKENS once per token, LOG_STREAM once per document). Reading process.env asks the C++ side each
 * time; the positional parse of the real pricings takes about 0.7 of the time without it. Its warnings go to
 * console.warn (stderr, as process.emitWarning's do).
 */
const yamlBrowserBuild = {
  name: 'yaml-browser-build',
  setup(bundle) {
    const entry = join(dirname(createRequire(import.meta.url).resolve('yaml/package.json')), 'browser', 'index.js');
    bundle.onResolve({filter: /^yaml$/}, () => ({path: entry}));
  },
};

rmSync(join(out, 'dist'), {recursive: true, force: true});
await build({
  entryPoints: [join(here, 'src', 'cli.ts')],
  outfile: join(out, 'dist', 'server.cjs'),
  bundle: true,
  platform: 'node',
  format: 'cjs',
  target: 'node20',
  minify: true,
  legalComments: 'eof',
  banner: {js: '#!/usr/bin/env node'},
  logLevel: 'warning',
  plugins: [yamlBrowserBuild],
});
console.log(`mcp: dist/server.cjs bundled; ${files} files of ${relative(here, source) || '.'} copied to data/.`);
