/**
 * What the llms.txt files say besides the list of pages: the summary of the toolkit and the `## Optional` section.
 * To list another file of the site there, add an entry to OPTIONAL_LINKS; the build fails if its path is not a file
 * of the build. The older docs versions' lists are added after these entries by the plugin.
 */
import {readFileSync} from 'node:fs';
import {join} from 'node:path';
import type {RootContent} from 'mdast';
import {clientConfigs} from '@sphere-docs/lib/mcpConnect';
import {SYNTAX_VERSIONS} from '@sphere-docs/lib/pricing2yaml/upgrade';

export interface OptionalLink {
  title: string;
  /** Site-relative path of a file of the build, e.g. `/schemas/pricing2yaml/v3.0.json` or `/playground`. */
  path: string;
  description: string;
}

export const SUMMARY =
  'SPHERE is a toolkit for pricing-driven SaaS development. Pricing2Yaml is a YAML language that describes the ' +
  'pricing of a SaaS product: its features, usage limits, plans and add-ons. Pricing4Java (Spring Boot) and ' +
  'Pricing4React evaluate that description to switch features on or off for the logged-in user, Pricing4TS parses, ' +
  'validates and upgrades Pricing2Yaml files, and SPACE is a self-hosted service with a REST API that stores pricings ' +
  'and subscription contracts and evaluates features for each user. Pricing4React reads the pricing tokens of ' +
  'Pricing4Java; a React app whose features SPACE evaluates uses space-react-client instead (and space-node-client ' +
  'on its server).';

const schemaTitle = (version: string): string => {
  const file = join(__dirname, '..', '..', 'static', 'schemas', 'pricing2yaml', `v${version}.json`);
  return (JSON.parse(readFileSync(file, 'utf8')) as {title: string}).title;
};

export const OPTIONAL_LINKS: readonly OptionalLink[] = [
  ...SYNTAX_VERSIONS.map((version) => ({
    title: `${schemaTitle(version)} JSON Schema`,
    path: `/schemas/pricing2yaml/v${version}.json`,
    description: `JSON Schema (draft 2020-12) of the structure of a Pricing2Yaml ${version} document; the references between plans, add-ons and features are checked apart from it`,
  })),
  {
    title: 'SPACE API (OpenAPI 3.1)',
    path: '/openapi/space-api.yaml',
    description:
      'every operation of the SPACE REST API with its parameters, request and response schemas, examples, roles and the x-api-key security scheme, for client generators and API tools',
  },
  {
    title: 'Pricing2Yaml playground',
    path: '/playground',
    description:
      'an editor in the browser that checks a Pricing2Yaml document against the schema of its syntax version and the cross-reference rules, and shows the pricing it describes',
  },
];

/**
 * The page on the docs' MCP server, by its route below the version (its doc id): every llms.txt names it in the
 * paragraph under the summary, so an assistant that reads llms.txt learns it can search, read and validate offline.
 * The line is left out of a build that lacks the page (a version cut before it, a test site).
 */
export const ASSISTANT_PAGE = 'docs/getting-started/use-docs-from-assistant';
export const ASSISTANT_LINE =
  '. An assistant can also search and read these docs, check Pricing2Yaml files and look up SPACE API operations ' +
  'offline through their MCP server: ';

/**
 * How to connect the MCP server from the tarball the build publishes at `url`, in one line per client: Claude Code's
 * command, then the `mcpServers` entry most clients read and VS Code's `servers` entry.
 */
export function connectBlocks(url: string): RootContent[] {
  const configs = clientConfigs(url);
  return [
    {
      type: 'paragraph',
      children: [
        {
          type: 'text',
          value: 'Connect the MCP server with Node.js 20.19 or newer and nothing else: npm fetches it from this site, ',
        },
        {type: 'link', url, children: [{type: 'text', value: url}]},
        {type: 'text', value: '. Claude Code:'},
      ],
    },
    {type: 'code', lang: 'bash', value: configs.claudeCode},
    {
      type: 'paragraph',
      children: [{type: 'text', value: 'An mcpServers entry (Claude Desktop, Cursor and most clients):'}],
    },
    {type: 'code', lang: 'json', value: configs.mcpServers},
    {type: 'paragraph', children: [{type: 'text', value: 'VS Code, in .vscode/mcp.json:'}]},
    {type: 'code', lang: 'json', value: configs.vscode},
  ];
}
