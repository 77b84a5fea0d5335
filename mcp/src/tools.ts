/**
 * The tools the server offers, one entry each in TOOLS: name, description, input schema (zod, which the SDK turns
 * into the JSON Schema clients see) and what it does. To add a tool, add an entry: server.ts registers them all.
 * A tool reports bad input by throwing an Error whose message says what was wrong and what to pass instead; the SDK
 * answers it as a tool error (`isError: true`), and the server goes on.
 */
import type {CallToolResult} from '@modelcontextprotocol/sdk/types.js';
import {z} from 'zod/v4';
import {findApiOperation, operationMarkdown} from './api';
import {evaluateDocument} from './evaluate';
import {compactPages, listPages, readPage, searchHits} from './pages';
import {MAX_SANDBOX_CALLS, runSandbox} from './sandbox';
import {MAX_QUERY} from './search';
import type {Site} from './site';
import {evaluateOutput, listOutput, sandboxOutput, searchOutput, validateOutput} from './schemas';
import {UNREADABLE, validatePricing} from './validate';

export interface ToolDefinition<Shape extends z.ZodRawShape = z.ZodRawShape> {
  name: string;
  title: string;
  description: string;
  input: Shape;
  /** The shape of the answer's structuredContent, declared to clients as the tool's outputSchema. */
  output?: z.ZodRawShape;
  run(site: Site, args: z.infer<z.ZodObject<Shape>>): CallToolResult | Promise<CallToolResult>;
}

/** Keeps each definition's argument types while TOOLS holds them all. */
export function defineTool<Shape extends z.ZodRawShape>(tool: ToolDefinition<Shape>): ToolDefinition {
  return tool as unknown as ToolDefinition;
}

const text = (value: string) => ({type: 'text' as const, text: value});

/**
 * An answer with structured content: the content itself and, as the MCP specification asks for clients that hand the
 * model only text, the same content serialized as JSON in one text block. Nothing else: no second rendering.
 */
export function structured(data: Record<string, unknown>, isError = false): CallToolResult {
  return {
    content: [text(JSON.stringify(data))],
    structuredContent: data,
    ...(isError ? {isError} : {}),
  };
}

/** The docs version argument shared by the tools that take one. */
const version = (site: string) => z.string().optional().describe(`Docs version, such as 2.0.1; ${site}`);

export const searchDocsTool = defineTool({
  name: 'search_docs',
  title: 'Search the SPHERE docs',
  description:
    'Start here for any question on Pricing2Yaml, Pricing4Java/React/TS or SPACE: ranked hits, the first with ' +
    'their section text, each with the URL get_page reads.',
  input: {
    query: z.string().max(MAX_QUERY).describe('Identifiers or a few plain words.'),
    version: version('default: every version, the current one first.'),
    limit: z.number().int().min(1).max(20).optional().describe('Hits to return (default 10).'),
  },
  output: searchOutput,
  run(site, {query, version, limit}) {
    return structured({hits: searchHits(site, query, version, limit ?? 10)});
  },
});

export const getPageTool = defineTool({
  name: 'get_page',
  title: 'Read a docs page as Markdown',
  description:
    "Reads a docs page as Markdown, a section at a time (a hit's URL). Without section: the outline " +
    'and first section.',
  input: {
    url_or_path: z
      .string()
      .max(2000)
      .describe('Page URL or site path; a path without a version means the current one.'),
    section: z.string().max(300).optional().describe('Heading or anchor of one section.'),
    outline: z.boolean().optional().describe('Only the outline, with anchors and sizes.'),
    whole: z.boolean().optional().describe('The whole page or section, however long.'),
  },
  run(site, {url_or_path, section, outline, whole}) {
    return {content: [text(readPage(site, url_or_path, {section, outline, whole}))]};
  },
});

export const listPagesTool = defineTool({
  name: 'list_pages',
  title: 'List the docs pages',
  description:
    'Lists the pages of a docs version by sidebar section, one line each; for browsing when search does not find a ' +
    'page.',
  input: {
    version: version('default: the current one.'),
    section: z.string().optional().describe('Only this sidebar section, by title.'),
    prefix: z.string().max(300).optional().describe('Only pages whose path starts with this, e.g. "/api/space".'),
    detail: z.boolean().optional().describe('Pages as {title, url, description}.'),
  },
  output: listOutput,
  run(site, {version, section, prefix, detail}) {
    const list = detail ? listPages(site, version, section, prefix) : compactPages(site, version, section, prefix);
    return structured({...list, build: site.build()});
  },
});

export const validatePricingTool = defineTool({
  name: 'validate_pricing',
  title: 'Validate a Pricing2Yaml document',
  description:
    'Checks a Pricing2Yaml document as the playground does, and whether SPACE stores it: use it on every pricing ' +
    'you write. Older syntaxes also come back as corrected 3.0.',
  input: {
    yaml: z.string().describe('The whole document.'),
  },
  output: validateOutput,
  async run(site, {yaml}) {
    const validation = await validatePricing(site, yaml);
    return structured({...validation}, UNREADABLE.includes(validation.status));
  },
});

/** Names of plans, add-ons and usage limits: short strings. */
const itemName = z.string().min(1).max(200);

export const evaluatePricingTool = defineTool({
  name: 'evaluate_pricing',
  title: 'Evaluate a pricing for a subscription',
  description:
    'What a subscription (plan, add-ons, usage) gets from a Pricing2Yaml document, decided as SPACE does: each ' +
    "limit, each feature with SPACE's answer, and what SPACE would refuse.",
  input: {
    yaml: z.string().describe('The whole document.'),
    plan: itemName.optional().describe('Plan subscribed to.'),
    addOns: z
      .record(itemName, z.number().int().min(0).max(1_000_000_000))
      .optional()
      .describe('Add-on name to quantity bought.'),
    usage: z.record(itemName, z.number().min(0)).optional().describe('Usage-limit name to amount used.'),
    server: z.boolean().optional().describe('Use serverExpression where a feature has one.'),
  },
  output: evaluateOutput,
  async run(site, args) {
    const answer = await evaluateDocument(site, args);
    // A document that cannot be evaluated gets its verdict as text: its shape is not an evaluation's.
    if (answer.isError) return {content: [text(answer.text)], isError: true};
    return structured(answer.structured);
  },
});

export const getApiOperationTool = defineTool({
  name: 'get_api_operation',
  title: 'Describe a SPACE API operation',
  description: 'One SPACE REST operation as Markdown: roles, parameters, body, responses with examples, schemas.',
  input: {
    operationId: z.string().max(200).optional().describe('Such as createContract or evaluateFeature.'),
    method: z.string().max(10).optional().describe('HTTP method, with path.'),
    path: z.string().max(2000).optional().describe('Path template or concrete path; /api/v1 optional.'),
    known: z
      .array(z.string().max(100))
      .max(100)
      .optional()
      .describe('Schema and shared-response names you already have: named, not sent again.'),
  },
  run(site, {operationId, method, path, known}) {
    const entry = findApiOperation(site.openApi(), {operationId, method, path});
    return {content: [text(operationMarkdown(site, entry, known))]};
  },
});

export const spaceSandboxTool = defineTool({
  name: 'space_sandbox',
  title: 'Call an in-memory SPACE',
  description:
    "Runs SPACE API calls in order on a fresh in-memory SPACE 9123ae2: each call's status and body as SPACE " +
    "answers. A call without apiKey uses the seeded admin's.",
  input: {
    calls: z
      .array(
        z.object({
          method: z.enum(['GET', 'POST', 'PUT', 'DELETE']),
          path: z.string().max(2000).describe('Such as /features/user-1?details=true.'),
          body: z.unknown().optional().describe('Uploads: {"pricing": "<YAML>"}.'),
          apiKey: z.string().max(200).optional().describe('"" sends none.'),
          advanceDays: z.number().min(0).optional().describe('Days the clock moves on first.'),
        }),
      )
      .min(1)
      .max(MAX_SANDBOX_CALLS)
      .describe('Run in order.'),
  },
  output: sandboxOutput,
  async run(site, {calls}) {
    return structured(await runSandbox(site, calls));
  },
});

export const TOOLS: readonly ToolDefinition[] = [
  searchDocsTool,
  getPageTool,
  listPagesTool,
  validatePricingTool,
  evaluatePricingTool,
  getApiOperationTool,
  spaceSandboxTool,
];
