/**
 * The SPACE API reference is rendered from one OpenAPI 3.1 document, static/openapi/space-api.yaml, which the site
 * also serves as is at /openapi/space-api.yaml for client generators.
 *
 * When the site loads, this plugin reads the document with the `yaml` package and checks it (./document.ts); any
 * problem fails the build, each named by the JSON pointer and line of the node at fault. It then writes, under
 * `.docusaurus/space-openapi/`:
 * - `reference.json`: what the reference page (src/components/SpaceApiReference) shows of the document, its Markdown
 *   descriptions rendered to HTML (./markdown.ts), imported as `@generated/space-openapi/reference.json`;
 * - `routes.json`: method, path, tag and roles of each operation, all the roles page needs;
 * - `validators.js`: the compiled JSON Schema validators of each operation's request body and answers, for the
 *   reference's "Try it" console (./validators.ts), which loads them when a reader first opens it.
 */
import {mkdirSync, writeFileSync} from 'node:fs';
import {join, resolve} from 'node:path';
import type {LoadContext, Plugin} from '@docusaurus/types';
import {allowedRoles, isPublic, operations, type Role, type SpaceApiDocument} from '../../src/lib/spaceOpenApi';
import {checkSpaceApiDocument, formatProblems} from './document';
import {withHtmlDescriptions} from './markdown';
import {validatorsModule} from './validators';

export const OUT_DIR = 'space-openapi';

/** The document the site publishes, relative to the site directory. */
export const DOCUMENT = 'static/openapi/space-api.yaml';

export interface SpaceOpenApiOptions {
  /** Another document to render, relative to the site directory (the tests build with a broken one). */
  document?: string;
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
    },
  };
}
