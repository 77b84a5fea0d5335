/**
 * The SPACE API reference, in one folder: the OpenAPI 3.1 document it is rendered from, this plugin, and the theme
 * components the pages draw it with.
 *
 * - `static/openapi/space-api.yaml`: the document. The site lists `STATIC_DIR` in its `staticDirectories`, so
 *   `docusaurus build` copies it and `docusaurus start` serves it at /openapi/space-api.yaml for client generators.
 * - `theme/`: the components, given to the site as theme components (`getThemePath`): the pages import
 *   `@theme/SpaceApiReference`, `@theme/SpaceApiReference/PermissionMatrix` and `@theme/SpaceInstance`
 *   (declared for TypeScript in ./theme-space-openapi.d.ts).
 *
 * When the site loads, this plugin reads the document with the `yaml` package and checks it (./document.ts); any
 * problem fails the build, each named by the JSON pointer and line of the node at fault. It then writes, under
 * `.docusaurus/space-openapi/`:
 * - `reference.json`: what the reference page (theme/SpaceApiReference) shows of the document, its Markdown
 *   descriptions rendered to HTML (./markdown.ts), imported as `@generated/space-openapi/reference.json`;
 * - `routes.json`: method, path, tag and roles of each operation, all the roles page needs;
 * - `validators.js`: the compiled JSON Schema validators of each operation's request body and answers, for the
 *   reference's "Try it" console (./validators.ts), which loads them when a reader first opens it;
 * - `defaults.json`: what the instance panel, the samples and the console take from the document without carrying
 *   it (`instanceDefaults`): the default server URL and the API key header, and the mock command's parts.
 *
 * After a build it writes the mock-ready copy of the document (./mock.ts) to `MOCK_DOCUMENT_PATH`, which Prism
 * serves from that URL: `npx -y @stoplight/prism-cli@<version> mock -p 3000 <site>/openapi/space-api-mock.yaml`.
 */
import {mkdirSync, readFileSync, writeFileSync} from 'node:fs';
import {dirname, join, resolve} from 'node:path';
import type {LoadContext, Plugin} from '@docusaurus/types';
import {
  allowedRoles,
  apiKeyHeader,
  basePath,
  defaultServerUrl,
  isPublic,
  operations,
  type Role,
  type SpaceApiDocument,
} from '@sphere-docs/lib/spaceOpenApi';
import {checkSpaceApiDocument, formatProblems} from './document';
import {withHtmlDescriptions} from './markdown';
import {MOCK_DOCUMENT_PATH, prismVersion, underBasePath} from './mock';
import {validatorsModule} from './validators';

export {MOCK_DOCUMENT_PATH, prismVersion, underBasePath};

export const OUT_DIR = 'space-openapi';

/** The folder the site adds to its `staticDirectories`: what it holds is served from the site's root. */
export const STATIC_DIR = join(__dirname, 'static');

/** The document the site publishes at /openapi/space-api.yaml. */
export const DOCUMENT = join(STATIC_DIR, 'openapi', 'space-api.yaml');

const THEME_DIR = join(__dirname, 'theme');

export interface SpaceOpenApiOptions {
  /** Another document to render, relative to the site directory (the tests build with a broken one). */
  document?: string;
}

/** The contents of `@generated/space-openapi/defaults.json`. */
export interface InstanceDefaults {
  /** The document's first server with its variables at their defaults: `http://localhost:3000/api/v1`. */
  baseUrl: string;
  /** The header of the API key scheme: `x-api-key`. */
  keyHeader: string;
  /** The site path of the mock-ready document and the Prism release that serves it. */
  mock: {path: string; prism: string};
}

export function instanceDefaults(document: SpaceApiDocument, siteDir: string): InstanceDefaults {
  return {
    baseUrl: defaultServerUrl(document),
    keyHeader: apiKeyHeader(document),
    mock: {path: MOCK_DOCUMENT_PATH, prism: prismVersion(siteDir)},
  };
}

export interface RouteSummary {
  method: string;
  path: string;
  tag: string;
  public: boolean;
  roles: readonly Role[];
}

/**
 * The parts of the document the reference page shows. The page carries this data to the browser, so the rest
 * (licence, server variables other than the base path, the default security requirement) stays out.
 */
function shown({info, externalDocs, servers, tags, paths, components}: SpaceApiDocument): SpaceApiDocument {
  const {title, description} = info;
  const upstream = (info as {'x-upstream-differs'?: string})['x-upstream-differs'];
  const base = servers?.[0]?.variables?.basePath;
  return {
    openapi: '3.1.0',
    info: {title, version: info.version, description, ...(upstream ? {'x-upstream-differs': upstream} : {})},
    servers: base ? [{url: '{basePath}', variables: {basePath: {default: base.default}}}] : [],
    externalDocs,
    tags,
    // Components first: the operations that refer to them follow, within reach of gzip's window.
    components,
    paths,
  } as SpaceApiDocument;
}

export default function spaceOpenApi(context: LoadContext, rawOptions: unknown): Plugin {
  const options = (rawOptions ?? {}) as SpaceOpenApiOptions;
  const file = resolve(context.siteDir, options.document ?? DOCUMENT);
  const dir = join(context.generatedFilesDir, OUT_DIR);
  return {
    name: 'space-openapi',
    getThemePath: () => THEME_DIR,
    getTypeScriptThemePath: () => THEME_DIR,
    getPathsToWatch: () => [file],
    async loadContent() {
      const {document, problems} = await checkSpaceApiDocument(file);
      if (!document || problems.length > 0) {
        throw new Error(
          `The SPACE API document has ${problems.length} problem${problems.length === 1 ? '' : 's'}:\n` +
            formatProblems(file, problems, context.siteDir),
        );
      }
      const routes: RouteSummary[] = operations(document).map(({method, path, operation}) => ({
        method: method.toUpperCase(),
        path,
        tag: operation.tags?.[0] ?? '',
        public: isPublic(operation),
        roles: allowedRoles(operation),
      }));
      mkdirSync(dir, {recursive: true});
      writeFileSync(join(dir, 'reference.json'), JSON.stringify(withHtmlDescriptions(shown(document))));
      writeFileSync(join(dir, 'routes.json'), JSON.stringify(routes));
      writeFileSync(join(dir, 'validators.js'), validatorsModule(document));
      writeFileSync(join(dir, 'defaults.json'), JSON.stringify(instanceDefaults(document, context.siteDir)));
      return {basePath: basePath(document)};
    },
    async postBuild({outDir, content}) {
      const target = join(outDir, ...MOCK_DOCUMENT_PATH.split('/').filter(Boolean));
      mkdirSync(dirname(target), {recursive: true});
      writeFileSync(target, underBasePath(readFileSync(file, 'utf8'), (content as {basePath: string}).basePath));
    },
  };
}
