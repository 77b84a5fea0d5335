/**
 * The MCP server of the docs: the tools of ./tools.ts, and as resources the Pricing2Yaml JSON Schemas and the SPACE
 * OpenAPI document of the build, under the URLs the site serves them at.
 */
import {McpServer} from '@modelcontextprotocol/sdk/server/mcp.js';
import type {Site} from './site';
import {TOOLS, type ToolDefinition} from './tools';

export const SERVER_NAME = 'sphere-docs';
export const SERVER_VERSION = '0.1.0';

const INSTRUCTIONS =
  'Offline tools over the SPHERE documentation site (Pricing2Yaml, Pricing4Java, Pricing4React, Pricing4TS, SPACE). ' +
  'Answers are sized for your context, so take the cheap path: search_docs first (the first hits carry their ' +
  "section's text, often enough), then get_page with a hit's path and anchor as section to read one section; " +
  'get_page without section gives the outline and first section, and whole: true only when you need a page entire. ' +
  'list_pages lists pages one line each (prefix filters them). Check every Pricing2Yaml file you write with ' +
  'validate_pricing, work out what a subscription gets with evaluate_pricing, and look up SPACE REST calls with ' +
  'get_api_operation.';

/**
 * The server's version with the docs build it carries as build metadata (`0.1.0+docs.2.0.1.20261127T0456Z`), so a
 * client that shows versions shows which copy of the docs it talks to.
 */
export function serverVersion(site: Site): string {
  const {docsVersion, builtAt} = site.build();
  const stamp = builtAt
    .replace(/[-:]/g, '')
    .replace(/\.\d+/, '')
    .replace(/(T\d{4})\d{2}/, '$1');
  return `${SERVER_VERSION}+docs.${docsVersion}.${stamp}`;
}

/** What the server tells clients first: its tools, and the build it carries, so that a stale copy can be told. */
export function instructions(site: Site): string {
  const {docsVersion, builtAt, origin, tarball} = site.build();
  return (
    `${INSTRUCTIONS} This copy answers from the docs build of ${builtAt} (current docs version ${docsVersion}) of ` +
    `${origin}; list_pages reports the same. The site serves its newest build of this server at ${tarball}.`
  );
}

export function createServer(site: Site, tools: readonly ToolDefinition[] = TOOLS): McpServer {
  const server = new McpServer({name: SERVER_NAME, version: serverVersion(site)}, {instructions: instructions(site)});
  for (const tool of tools) {
    server.registerTool(
      tool.name,
      {
        title: tool.title,
        description: tool.description,
        inputSchema: tool.input,
        ...(tool.output ? {outputSchema: tool.output} : {}),
        // idempotentHint is left out: clients read it only for tools that are not read-only.
        annotations: {readOnlyHint: true, openWorldHint: false},
      },
      (args: Record<string, unknown>) => tool.run(site, args),
    );
  }

  const origin = site.origin();
  for (const version of site.schemaVersions()) {
    const path = `/schemas/pricing2yaml/v${version}.json`;
    server.registerResource(
      `pricing2yaml-schema-v${version}`,
      `${origin}${path}`,
      {
        title: `Pricing2Yaml ${version} JSON Schema`,
        description: `JSON Schema (draft 2020-12) of a Pricing2Yaml ${version} document, as validate_pricing uses it.`,
        mimeType: 'application/schema+json',
      },
      (uri) => ({contents: [{uri: uri.href, mimeType: 'application/schema+json', text: site.file(path)!}]}),
    );
  }
  server.registerResource(
    'space-openapi',
    `${origin}/openapi/space-api.yaml`,
    {
      title: 'SPACE API (OpenAPI 3.1)',
      description: 'Every operation of the SPACE REST API, its schemas, examples and roles (x-roles).',
      mimeType: 'application/yaml',
    },
    (uri) => ({contents: [{uri: uri.href, mimeType: 'application/yaml', text: site.openApiText()}]}),
  );
  return server;
}
