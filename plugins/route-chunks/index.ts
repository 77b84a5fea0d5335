/**
 * Names each page's route chunks in its HTML, so the browser fetches them while it parses the page instead of one
 * round trip after `main.js` has run.
 *
 * While Docusaurus renders a page at build time it records the route modules the page used, as the registry
 * (`.docusaurus/registry.js`) imports them: `@site/docs/….mdx`, `@theme/DocItem`, `@generated/…/p/….json`. It then
 * asks the client manifest (`.docusaurus/client-manifest.json`, written by react-loadable-ssr-addon-v5-slorber) for
 * the files of those modules, and writes one `<script defer>` per file into the page. With webpack 5 and Rspack that
 * manifest is keyed by chunk name (`17896441`) instead of by import request, so nothing matches and every page names
 * only the runtime and `main.js`; the route chunks are requested by `main.js` once it runs, which delays hydration.
 *
 * This plugin adds the missing keys: once the client bundle is written, every chunk that the registry imports is
 * listed again under its import request, with the same files (the chunk and the shared chunks it needs). Docusaurus's
 * own template then writes the scripts. Nothing else changes: the same chunks load, in the same order (runtime, main,
 * then the route's), and the bundler's loader finds them already on the page.
 */
import {readFile, writeFile} from 'node:fs/promises';
import {join} from 'node:path';
import type {LoadContext, Plugin} from '@docusaurus/types';
import type {Compilation, Compiler} from 'webpack';

const NAME = 'route-chunks';

/** The part of the client manifest this plugin reads and extends: chunk keys to the chunk ids whose files they need. */
export interface ClientManifest {
  entrypoints: string[];
  origins: Record<string, (string | number)[]>;
  assets: Record<string, unknown>;
}

/** A chunk group of the client bundle: its name (`webpackChunkName`), and the import requests that create it. */
export interface NamedImport {
  name: string;
  requests: string[];
}

/**
 * The manifest with each import request of a named chunk group added as a key, next to the group's name it was keyed
 * by. Throws when no group is found, so a change in the bundler's output fails the build by name instead of quietly
 * dropping the scripts again.
 */
export function keyByImportRequest(manifest: ClientManifest, imports: NamedImport[]): ClientManifest {
  const origins = {...manifest.origins};
  let keyed = 0;
  for (const {name, requests} of imports) {
    const needs = manifest.origins[name];
    if (needs === undefined || manifest.entrypoints.includes(name)) continue;
    for (const request of requests) {
      origins[request] = [...new Set([...(origins[request] ?? []), ...needs])];
      keyed += 1;
    }
  }
  if (keyed === 0)
    throw new Error(`${NAME}: no named chunk of the client manifest was found among the bundle's imports`);
  return {...manifest, origins};
}

/** The chunk groups that the registry's `import()` calls create and name, one per route module. */
function registryImports(compilation: Compilation, registryPath: string): NamedImport[] {
  const imports: NamedImport[] = [];
  for (const group of compilation.chunkGroups) {
    if (!group.name) continue;
    const requests = group.origins
      .filter((origin) => origin.request && (origin.module as {resource?: string} | null)?.resource === registryPath)
      .map((origin) => origin.request);
    if (requests.length > 0) imports.push({name: group.name, requests});
  }
  return imports;
}

class KeyRouteChunks {
  constructor(
    private readonly manifestPath: string,
    private readonly registryPath: string,
  ) {}

  apply(compiler: Compiler) {
    // After every emit hook, so after react-loadable-ssr-addon has written the manifest, and before the pages render.
    compiler.hooks.afterEmit.tapPromise(NAME, async (compilation: Compilation) => {
      let manifest: ClientManifest;
      try {
        manifest = JSON.parse(await readFile(this.manifestPath, 'utf8')) as ClientManifest;
      } catch (error) {
        throw new Error(`${NAME}: cannot read the client manifest ${this.manifestPath}`, {cause: error});
      }
      const keyed = keyByImportRequest(manifest, registryImports(compilation, this.registryPath));
      await writeFile(this.manifestPath, JSON.stringify(keyed, null, 2));
    });
  }
}

export default function routeChunks(context: LoadContext): Plugin {
  const manifestPath = join(context.generatedFilesDir, 'client-manifest.json');
  const registryPath = join(context.generatedFilesDir, 'registry.js');
  return {
    name: NAME,
    // Only the production client bundle has a manifest; the dev server renders nothing ahead of time.
    configureWebpack: (_config, isServer) =>
      isServer || process.env.NODE_ENV !== 'production'
        ? {}
        : {plugins: [new KeyRouteChunks(manifestPath, registryPath)]},
  };
}
