/**
 * The output schemas the tools declare (zod shapes; the SDK turns them into the JSON Schemas of `tools/list` and checks
 * every answer against them before sending it). Each describes the `structuredContent` of a tool, which the answer
 * also carries as a JSON text block for clients that hand the model only text.
 *
 * Written with zod 4 (`zod/v4`, shipped inside the zod 3.25 package; the SDK accepts either): the SDK checks each
 * answer with an async parse, which for the evaluation of a large pricing (Webflow's, 56 KB of JSON) takes about 2 ms
 * with zod 4 against about 35 ms with zod 3, most of evaluate_pricing's time.
 */
import {z} from 'zod/v4';

/**
 * Values of features and usage limits (number, string, boolean, list of strings, or null for NaN and Infinity, which
 * JSON cannot write; absent when the subscription gives none), and the parts of an answer declared loosely: any JSON,
 * so that the tool list stays short.
 */
const repeated = z.unknown();

const errorObject = z.object({code: z.string(), message: z.string()});

export const buildShape = z
  .object({docsVersion: z.string(), builtAt: z.string(), origin: z.string(), tarball: z.string()})
  .catchall(repeated)
  .describe('The docs build answered from.');

export const searchOutput = {
  hits: z.array(
    z.object({
      title: z.string(),
      section: z.string().optional(),
      url: z.string().describe("get_page's url_or_path: its #anchor is the section."),
      version: z.string().nullable(),
      snippet: z.string().optional(),
      sectionText: z.string().optional().describe("The section's Markdown, cut short; first hits only."),
      sectionBytes: z.number().optional(),
    }),
  ),
};

export const listOutput = {
  version: z.string(),
  current: z.boolean(),
  sections: z.array(
    z.object({
      title: z.string(),
      pages: z.array(repeated).describe('Lines "path | title | summary"; with detail, {title, url, description}.'),
    }),
  ),
  build: buildShape,
};

const problem = z.object({
  line: z.number(),
  path: z.string().describe('Dotted field path; empty for the document.'),
  message: z.string(),
  source: z.enum(['yaml', 'schema', 'cross-reference']),
});

export const validationShape = z.object({
  status: z.enum([
    'empty',
    'too-large',
    'not-yaml',
    'not-pricing',
    'no-version',
    'unknown-version',
    'invalid',
    'valid',
  ]),
  summary: z.string(),
  declaredVersion: z.string().optional(),
  syntaxVersion: z.string().optional(),
  problems: z.array(problem),
  space: z
    .object({
      stores: z.boolean(),
      summary: z.string(),
      findings: z.array(
        z.object({
          line: z.number(),
          path: z.string(),
          message: z.string(),
          effect: z.enum(['refused', 'contracts', 'evaluation', 'changed']),
        }),
      ),
    })
    .optional()
    .describe('For a valid document, what SPACE does with it when uploaded.'),
  upgrade: z
    .object({
      from: z.string(),
      yaml: z.string().optional().describe('The corrected 3.0 form to upload (not what SPACE makes of the file).'),
    })
    .catchall(repeated)
    .optional()
    .describe("An older syntax: also notes, about, spaceBreaks (what SPACE's own upgrade breaks) or error."),
});

export const validateOutput = validationShape.shape;

export const evaluateOutput = {
  syntaxVersion: z.string(),
  problems: z
    .array(z.object({code: z.string(), message: z.string()}))
    .describe('What SPACE would refuse in the subscription.'),
  subscription: z.object({plan: z.string().optional(), addOns: z.record(z.string(), z.number())}),
  pricingContext: z.object({features: repeated, usageLimits: repeated}),
  subscriptionContext: z.record(z.string(), z.number()),
  // Each limit and feature also has valueType and steps (the `kind` of each step, with its value, plan, addOn,
  // perUnit or quantity), and each feature its expression, side, used, limit and notes: declared loosely, so that
  // the tool list stays short.
  limits: z.array(
    z
      .object({
        name: z.string(),
        value: repeated,
        how: z.string(),
        tracked: z.boolean(),
        used: z.number().optional(),
        unlimited: z.boolean(),
      })
      .catchall(repeated),
  ),
  features: z.array(
    z
      .object({
        name: z.string(),
        value: repeated,
        eval: z.boolean(),
        error: errorObject.nullable(),
        explained: z.string().optional(),
      })
      .catchall(repeated),
  ),
  space: z.record(z.string(), repeated).describe("SPACE's answer per feature; SPACE's keys are service-name first."),
};

export const sandboxOutput = {
  calls: z.array(
    z.object({call: z.string(), status: z.number(), body: repeated.optional(), divergence: z.string().optional()}),
  ),
  clock: z.string(),
};
