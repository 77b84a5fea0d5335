/**
 * The built site as the server reads it: a folder laid out like build/ (the production build, or the copy of its
 * parts that the packed package carries in data/). Nothing is read until a tool needs it, and each part is read once:
 * - `local-search/index.<hash>.json`, the search index of the site's own search (plugins/local-search);
 * - `<page>.md`, the Markdown twin of every doc page, and `llms.txt` per docs version (plugins/markdown-twins);
 * - `schemas/pricing2yaml/v<version>.json`, the JSON Schemas the playground validates with;
 * - `openapi/space-api.yaml`, the SPACE API document.
 */
import {existsSync, readdirSync, readFileSync, statSync} from 'node:fs';
import {join, normalize, sep} from 'node:path';
import {parse as parseYaml} from 'yaml';
import {LocalSearchIndex} from '@sphere-docs/lib/search/engine';
import {unpack, type PackedIndex} from '@sphere-docs/lib/search/format';
import type {ValidatorLoader} from '@sphere-docs/lib/pricing2yaml/analyze';
import {compilingLoader} from '@sphere-docs/lib/pricing2yaml/validators';
import type {SpaceApiDocument} from '@sphere-docs/lib/spaceOpenApi';
import {parseLlmsTxt, type LlmsList} from './llms';
import {tarballUrl} from '@sphere-docs/lib/mcpConnect';
import {articleHeadingIds} from './sections';

/** What the package step writes next to the data it copies (mcp/build.mjs): the build the package carries. */
export const BUILD_INFO_FILE = 'build.json';
/** The heading ids of every page with a twin, by site path, that the package carries instead of the HTML pages. */
export const ANCHORS_FILE = 'anchors.json';

export interface BuildInfo {
  docsVersion: string;
  builtAt: string;
  origin: string;
  package?: string;
  tarball: string;
}

/** What is missing from a folder for it to serve every tool, as sentences (empty when nothing is). */
export function missingParts(root: string): string[] {
  const missing: string[] = [];
  if (!existsSync(join(root, 'llms.txt'))) missing.push('llms.txt (plugins/markdown-twins)');
  const indexDir = join(root, 'local-search');
  if (!existsSync(indexDir) || !readdirSync(indexDir).some((f) => /^index\.[\w-]+\.json$/.test(f))) {
    missing.push('local-search/index.<hash>.json (plugins/local-search; a build without ALGOLIA_* variables)');
  }
  if (!existsSync(join(root, 'schemas', 'pricing2yaml'))) missing.push('schemas/pricing2yaml/');
  if (!existsSync(join(root, 'openapi', 'space-api.yaml'))) missing.push('openapi/space-api.yaml');
  return missing;
}

/** Newest first: 2.0.1 before 2.0.0 before 1.4.0. */
const newestFirst = (a: string, b: string) => b.localeCompare(a, 'en', {numeric: true});

/**
 * The docs versions a build holds and the current one, read from the build itself (the llms.txt of the site and of
 * each version, which plugins/markdown-twins writes), so a packed copy reports the versions it carries.
 */
export function builtVersions(root: string): [current: string, all: string[]] {
  const current = /docs version ([^\s,]+), the current one/.exec(readFileSync(join(root, 'llms.txt'), 'utf8'))?.[1];
  if (!current) throw new Error(`${join(root, 'llms.txt')} does not name the current docs version.`);
  const docs = join(root, 'docs');
  const others = existsSync(docs)
    ? readdirSync(docs).filter((v) => v !== current && existsSync(join(docs, v, 'llms.txt')))
    : [];
  return [current, [current, ...others.sort(newestFirst)]];
}

export class Site {
  readonly root: string;
  /** Docs versions the build carries, newest (the current one) first. */
  readonly versions: readonly string[];
  /** The current docs version, as the build's llms.txt names it. */
  readonly currentVersion: string;
  private index?: LocalSearchIndex;
  private lists = new Map<string, LlmsList>();
  private api?: SpaceApiDocument;
  private siteOrigin?: string;
  private buildInfo?: BuildInfo;
  private anchors?: Record<string, string[]> | null;
  readonly loadValidator: ValidatorLoader;

  constructor(root: string) {
    const missing = missingParts(root);
    if (missing.length > 0) {
      throw new Error(
        `${root} is not a build of the docs site: it lacks ${missing.join(', ')}. Run "npm run build" first.`,
      );
    }
    this.root = root;
    [this.currentVersion, this.versions] = builtVersions(root);
    this.loadValidator = compilingLoader(async (version) => this.schema(version) as object);
  }

  /** The site's search engine over the built index. */
  searchIndex(): LocalSearchIndex {
    if (!this.index) {
      const dir = join(this.root, 'local-search');
      const file = readdirSync(dir).find((f) => /^index\.[\w-]+\.json$/.test(f))!;
      this.index = new LocalSearchIndex(unpack(JSON.parse(readFileSync(join(dir, file), 'utf8')) as PackedIndex));
    }
    return this.index;
  }

  /** The origin the site was built for, as its URLs carry it (`https://isa-group.github.io`). */
  origin(): string {
    this.siteOrigin ??= /\]\((https?:\/\/[^/)]+)/.exec(readFileSync(join(this.root, 'llms.txt'), 'utf8'))?.[1] ?? '';
    return this.siteOrigin;
  }

  /**
   * The docs build the server answers from: what the package step recorded, or, on a build folder, when its llms.txt
   * was written. An assistant compares the date with the site's to tell a stale copy.
   */
  build(): BuildInfo {
    if (!this.buildInfo) {
      const recorded = this.file(`/${BUILD_INFO_FILE}`);
      const info = recorded ? (JSON.parse(recorded) as Partial<BuildInfo>) : {};
      const origin = info.origin ?? this.origin();
      this.buildInfo = {
        docsVersion: info.docsVersion ?? this.currentVersion,
        builtAt: info.builtAt ?? statSync(join(this.root, 'llms.txt')).mtime.toISOString(),
        origin,
        ...(info.package ? {package: info.package} : {}),
        tarball: tarballUrl(origin),
      };
    }
    return this.buildInfo;
  }

  /** The ids of a page's headings (h2 to h6 of its article, in order): from the package's list, or its HTML. */
  headingIds(path: string): string[] | undefined {
    if (this.anchors === undefined) {
      const list = this.file(`/${ANCHORS_FILE}`);
      this.anchors = list === null ? null : (JSON.parse(list) as Record<string, string[]>);
    }
    if (this.anchors) return this.anchors[path];
    const html = this.file(`${path}/index.html`);
    return html === null ? undefined : articleHeadingIds(html);
  }

  /** The llms.txt of a docs version, as data. */
  list(version: string): LlmsList {
    let list = this.lists.get(version);
    if (!list) {
      const file =
        version === this.currentVersion ? join(this.root, 'llms.txt') : join(this.root, 'docs', version, 'llms.txt');
      list = parseLlmsTxt(readFileSync(file, 'utf8'));
      this.lists.set(version, list);
    }
    return list;
  }

  /** The text of a file of the site by its path under the root (`/schemas/pricing2yaml/v3.0.json`), or null. */
  file(path: string): string | null {
    const relative = normalize(decodeURIComponent(path)).replace(/^[/\\]+/, '');
    if (relative.startsWith('..') || relative.split(sep).includes('..')) return null;
    const file = join(this.root, relative);
    if (!existsSync(file) || !statSync(file).isFile()) return null;
    return readFileSync(file, 'utf8');
  }

  schema(version: string): unknown {
    const text = this.file(`/schemas/pricing2yaml/v${version}.json`);
    if (text === null) throw new Error(`The build has no JSON Schema for Pricing2Yaml ${version}.`);
    return JSON.parse(text);
  }

  schemaVersions(): string[] {
    return readdirSync(join(this.root, 'schemas', 'pricing2yaml'))
      .map((f) => /^v(\d+\.\d+)\.json$/.exec(f)?.[1])
      .filter((v): v is string => v !== undefined)
      .sort();
  }

  openApiText(): string {
    return this.file('/openapi/space-api.yaml')!;
  }

  openApi(): SpaceApiDocument {
    this.api ??= parseYaml(this.openApiText()) as SpaceApiDocument;
    return this.api;
  }
}
