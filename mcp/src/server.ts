/**
 * The MCP server of the docs: the tools of ./tools.ts, and as resources the Pricing2Yaml JSON Schemas and the SPACE
 * OpenAPI document of the build, under the URLs the site serves them at.
 */
import {McpServer} from '@modelcontextprotocol/sdk/server/mcp.js';
import {ListToolsRequestSchema, type Tool} from '@modelcontextprotocol/sdk/types.js';
import {z} from 'zod/v4';
import type {Site} from './site';
import {TOOLS, type ToolDefinition} from './tools';

export const SERVER_NAME = 'sphere-docs';
export const SERVER_VERSION = '0.1.0';

const INSTRUCTIONS =
  'Offline tools over the SPHERE documentation site (Pricing2Yaml, Pricing4Java, Pricing4React, Pricing4TS, SPACE). ' +
  'Answers are sized for your context, so take the cheap path: search_docs first (the first hits carry their ' +
  "section's text, often enough), then get_page with a hit's URL (its #anchor names the section) to read one section; " +
  'get_page without section gives the outline and first section, and whole: true only when you need a page entire. ' +
  'list_pages lists pages one line each (prefix filters them). Check every Pricing2Yaml file you write with ' +
  'validate_pricing, work out what a subscription gets with evaluate_pricing, look up SPACE REST calls with ' +
  'get_api_operation and try them on an in-memory SPACE with space_sandbox.';

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

// idempotentHint is left out: clients read it only for tools that are not read-only.
const ANNOTATIONS = {readOnlyHint: true, openWorldHint: false};

/** Removes `additionalProperties: false` at every level (what an answer leaves out concerns the server alone). */
function openObjects(value: unknown): void {
  if (!value || typeof value !== 'object') return;
  const record = value as Record<string, unknown>;
  if (record.additionalProperties === false) delete record.additionalProperties;
  for (const child of Object.values(record)) openObjects(child);
}

/**
 * A zod shape as the JSON Schema the SDK makes of it, less `$schema`, which tells a model nothing, and, in an output
 * schema, the `additionalProperties: false` of each object.
 */
function jsonSchema(shape: z.ZodRawShape, io: 'input' | 'output'): Tool['inputSchema'] {
  const {$schema: _, ...schema} = z.toJSONSchema(z.object(shape), {target: 'draft-7', io});
  if (io === 'output') openObjects(schema);
  return schema as Tool['inputSchema'];
}

/**
 * A tool as `tools/list` shows it: what the SDK lists, less each schema's `$schema` URL and the default
 * `execution: {taskSupport: "forbidden"}` and the closed objects of the output schemas (about 150 bytes a tool,
 * which the 10 KB the list may take cannot spare).
 * tests/unit/mcp.test.ts holds it to the SDK's own listing.
 */
export function listedTool(tool: ToolDefinition): Tool {
  return {
    name: tool.name,
    title: tool.title,
    description: tool.description,
    inputSchema: jsonSchema(tool.input, 'input'),
    ...(tool.output ? {outputSchema: jsonSchema(tool.output, 'output')} : {}),
    annotations: ANNOTATIONS,
  };
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
        annotations: ANNOTATIONS,
      },
      (args: Record<string, unknown>) => tool.run(site, args),
    );
  }
  // Replaces the SDK's tools/list (the SDK still checks arguments and answers against the zod shapes).
  const listed = tools.map(listedTool);
  server.server.setRequestHandler(ListToolsRequestSchema, () => ({tools: listed}));

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
