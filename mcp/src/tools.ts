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
import {hitSection, listPages, readPage} from './pages';
import {MAX_QUERY, searchDocs} from './search';
import type {Site} from './site';
import {evaluateOutput, listOutput, searchOutput, validateOutput} from './schemas';
import {UNREADABLE, validatePricing, validationText} from './validate';

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
 * An answer with structured content: the readable text first, then, as the MCP specification advises for clients
 * that hand the model only text, the same structured content serialized as JSON in a second text block.
 */
export function structured(readable: string, data: Record<string, unknown>, isError = false): CallToolResult {
  return {
    content: [text(readable), text(JSON.stringify(data))],
    structuredContent: data,
    ...(isError ? {isError} : {}),
  };
}

/** The docs version argument shared by the tools that take one. */
const version = (site: string) =>
  z.string().optional().describe(`Docs version, as the site's URLs write it (/docs/<version>/…); ${site}`);

export const searchDocsTool = defineTool({
  name: 'search_docs',
  title: 'Search the SPHERE docs',
  description:
    "Searches the SPHERE documentation (Pricing2Yaml, Pricing4Java, Pricing4React, Pricing4TS, SPACE) with the site's " +
    'own search engine and ranking, the same hits in the same order as the search box of the site. Each hit has the ' +
    'page title, the section heading, the URL (pass it to get_page to read that section), the docs version, a short ' +
    'snippet and the Markdown of the section it is in (sectionText, up to about 1 KB; sectionBytes gives its whole ' +
    'size), often enough to answer without another call. Use identifiers (PricingContext, @PricingPlanAware, ' +
    'usageLimits) or a few plain words.',
  input: {
    query: z.string().max(MAX_QUERY).describe('Words to look for, e.g. "renew token filter" or "create contract".'),
    version: version('leave it out to search every version, the current one ranked first.'),
    limit: z.number().int().min(1).max(20).optional().describe('How many hits to return, 1 to 20 (default 10).'),
  },
  output: searchOutput,
  run(site, {query, version, limit}) {
    const hits = searchDocs(site, query, version, limit ?? 10).map((h) => ({
      ...h,
      ...hitSection(site, h.url, h.section),
    }));
    const lines = hits.map(
      (h, i) =>
        `${i + 1}. ${h.title}${h.section ? ` › ${h.section}` : ''} (${h.version ?? 'site'})\n   ${h.url}\n   ${h.snippet}`,
    );
    if (hits.length > 0) lines.push('', "Each hit's section text (sectionText, up to 1 KB) is in the JSON below.");
    return structured(hits.length > 0 ? lines.join('\n') : `No page matches "${query.trim()}".`, {hits});
  },
});

export const getPageTool = defineTool({
  name: 'get_page',
  title: 'Read a docs page as Markdown',
  description:
    'Returns the Markdown twin of a page of the SPHERE docs, of any docs version: its text with code examples, ' +
    'tables and links. Accepts the HTML URL, the .md URL or a site path (/docs/<version>/api/space/space-api); a path ' +
    'without a version means the current one. Give section (a heading or its anchor; a URL with #anchor, as ' +
    'search_docs returns, does the same) for one section with its subsections, or outline: true for the list of ' +
    'sections with anchors and sizes. A page or section over 20 KB comes back as its opening and outline unless ' +
    'whole: true is given.',
  input: {
    url_or_path: z
      .string()
      .max(2000)
      .describe(
        'Page URL or site path, e.g. "/docs/<version>/docs/Introduction", or the same path without the version.',
      ),
    section: z
      .string()
      .max(300)
      .optional()
      .describe('One section: its heading text (e.g. "Conventions") or anchor (e.g. "conventions" or "#conventions").'),
    outline: z.boolean().optional().describe('true for the outline only: each section with its anchor and size.'),
    whole: z.boolean().optional().describe('true to get the whole page (or section) even when it is over 20 KB.'),
  },
  run(site, {url_or_path, section, outline, whole}) {
    return {content: [text(readPage(site, url_or_path, {section, outline, whole}))]};
  },
});

export const listPagesTool = defineTool({
  name: 'list_pages',
  title: 'List the docs pages',
  description:
    "Lists the pages of a docs version as the site's llms.txt does, by sidebar section in sidebar order: title, URL " +
    'of the Markdown twin and a one-line description. The last section, "Optional", lists the JSON Schemas, the ' +
    'OpenAPI document, the playground and the other versions.',
  input: {
    version: version('default: the current one.'),
    section: z
      .string()
      .optional()
      .describe('Only this section, by its title (case-insensitive), e.g. "Getting Started" or "SPACE".'),
  },
  output: listOutput,
  run(site, {version, section}) {
    const list = listPages(site, version, section);
    const build = site.build();
    const lines = [
      `Docs version ${list.version}${list.current ? ' (current)' : ''}; docs build of ${build.builtAt} for ${build.origin}`,
    ];
    for (const s of list.sections) {
      lines.push('', `## ${s.title}`, '');
      for (const p of s.pages) lines.push(`- [${p.title}](${p.url})${p.description ? `: ${p.description}` : ''}`);
    }
    return structured(lines.join('\n'), {...list, build});
  },
});

export const validatePricingTool = defineTool({
  name: 'validate_pricing',
  title: 'Validate a Pricing2Yaml document',
  description:
    "Checks a Pricing2Yaml document as the site's playground does: YAML syntax, the declared syntaxVersion, the JSON " +
    'Schema of that version and the cross-references between features, usage limits, plans and add-ons. Answers the ' +
    'status (valid, invalid, no-version, unknown-version; an unreadable text is a tool error), the syntax version and ' +
    'every problem with its line, field path and message; an older document also comes back in a corrected 3.0 ' +
    "form (not what SPACE makes of the older file), with each expression SPACE's own upgrade of it would break. " +
    'A valid document also gets a second verdict, `space`: whether SPACE (the revision the docs describe, which ' +
    'parses with pricing4ts 0.10.3) stores it when uploaded as a file, with the line and reason when it refuses, and ' +
    'what it then does that the file does not say (contracts it refuses, evaluations that differ). The answer is ' +
    'readable text followed by the same result as JSON (see the output schema). Documents up to 128 KB.',
  input: {
    yaml: z.string().describe('The whole Pricing2Yaml document, as text.'),
  },
  output: validateOutput,
  async run(site, {yaml}) {
    const validation = await validatePricing(site, yaml);
    return structured(validationText(validation), {...validation}, UNREADABLE.includes(validation.status));
  },
});

/** Names of plans, add-ons and usage limits: short strings. */
const itemName = z.string().min(1).max(200);

export const evaluatePricingTool = defineTool({
  name: 'evaluate_pricing',
  title: 'Evaluate a pricing for a subscription',
  description:
    'Decides what a subscriber gets from a Pricing2Yaml document, as the SPACE server decides it: the value of every ' +
    'usage limit and how it was reached (plan, add-on, usageLimitsExtensions x quantity), and for every feature its ' +
    "value, whether its expression gives on or off (or SPACE's error code: FLAG_NOT_FOUND, PARSE_ERROR, " +
    'TYPE_MISMATCH, EVALUATION_ERROR), the expression with the values filled in, and the used/limit maps; `space` ' +
    'holds per feature the eval/used/limit/error object SPACE answers with. Also lists ' +
    'what SPACE would refuse in the subscription (unknown plan or add-on, add-on not available for the plan, missing ' +
    'dependsOn, excluded pair, quantity outside subscriptionConstraints). The document is checked first as ' +
    'validate_pricing does; syntax 2.1 and older is evaluated in its 3.0 form. Usage counters are keyed by usage-limit ' +
    'name; only RENEWABLE limits and trackable ones have a counter. The answer is Markdown tables followed by the ' +
    'whole result as JSON (see the output schema).',
  input: {
    yaml: z.string().describe('The whole Pricing2Yaml document, as text.'),
    plan: itemName.optional().describe('The plan subscribed to; leave it out only for a pricing without plans.'),
    addOns: z
      .record(itemName, z.number().int().min(0).max(1_000_000_000))
      .optional()
      .describe('Add-ons bought, name to quantity, e.g. {"extraSummaries": 2}. Leave out what is not bought.'),
    usage: z
      .record(itemName, z.number().min(0))
      .optional()
      .describe(
        'Amount consumed so far per usage limit, by its name, e.g. {"aiSummariesPerMonth": 149}; 0 if left out.',
      ),
    server: z
      .boolean()
      .optional()
      .describe('true to evaluate serverExpression where a feature has one, as SPACE does with ?server=true.'),
  },
  output: evaluateOutput,
  async run(site, args) {
    const answer = await evaluateDocument(site, args);
    // A document that cannot be evaluated gets its verdict as text: its shape is not an evaluation's.
    if (answer.isError) return {content: [text(answer.text)], isError: true};
    return structured(answer.text, answer.structured);
  },
});

export const getApiOperationTool = defineTool({
  name: 'get_api_operation',
  title: 'Describe a SPACE API operation',
  description:
    'Describes one operation of the SPACE REST API from its OpenAPI document, as Markdown: the roles whose API key ' +
    'may call it, its parameters, request body, responses with examples, and the schemas they use. Give operationId ' +
    '(e.g. "createContract", "evaluateFeature") or method and path (e.g. POST and /contracts, or a concrete path such ' +
    'as /api/v1/features/alice/petclinic-pets).',
  input: {
    operationId: z.string().max(200).optional().describe('The operationId, e.g. "listContracts".'),
    method: z.string().max(10).optional().describe('HTTP method, with path: GET, POST, PUT, PATCH or DELETE.'),
    path: z
      .string()
      .max(2000)
      .optional()
      .describe('Path template (/contracts/{userId}) or concrete path, with or without the /api/v1 base path.'),
  },
  run(site, {operationId, method, path}) {
    const entry = findApiOperation(site.openApi(), {operationId, method, path});
    return {content: [text(operationMarkdown(site, entry))]};
  },
});

export const TOOLS: readonly ToolDefinition[] = [
  searchDocsTool,
  getPageTool,
  listPagesTool,
  validatePricingTool,
  evaluatePricingTool,
  getApiOperationTool,
];
