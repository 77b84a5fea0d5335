/**
 * The worked example of the page "Use these docs from your assistant", as the calls an assistant makes: the built
 * tests run them through the server and check the page shows them, and `npm run bench:mcp` counts their bytes. Data
 * of the site's tests and benchmarks, kept in the lib beside the other pieces of the server the site shares.
 */
export const WORKED_EXAMPLE = (notehive: string): [tool: string, args: Record<string, unknown>][] => [
  ['search_docs', {query: 'evaluate one feature consume usage', limit: 3}],
  ['get_api_operation', {operationId: 'evaluateFeature'}],
  ['evaluate_pricing', {yaml: notehive, plan: 'PRO', addOns: {extraSummaries: 1}, usage: {aiSummariesPerMonth: 149}}],
];
