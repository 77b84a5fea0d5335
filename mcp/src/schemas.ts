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

/** A value of a feature or usage limit: JSON drops `undefined`, and writes NaN and Infinity as null. */
const value = z
  .union([z.number(), z.string(), z.boolean(), z.array(z.string()), z.null()])
  .optional()
  .describe('The value; absent when the subscription gives none.');

const step = z
  .object({
    kind: z.enum(['default', 'plan', 'add-on', 'extension']),
    value,
    plan: z.string().optional(),
    addOn: z.string().optional(),
    perUnit: z.number().optional(),
    quantity: z.number().optional(),
  })
  .describe('One step of how the value was reached: the default, the plan, an add-on, or an extension × quantity.');

const errorObject = z.object({code: z.string(), message: z.string()});

export const buildShape = z
  .object({
    docsVersion: z.string().describe('The current docs version the server carries.'),
    builtAt: z.string().describe('When the docs build the server carries was made (ISO 8601).'),
    origin: z.string().describe('The site the build was made for.'),
    package: z.string().optional().describe('The version of the server package.'),
    tarball: z.string().describe('Where the site serves this server as a package.'),
  })
  .describe('The docs build the server answers from: compare builtAt with the site to tell a stale copy.');

export const searchOutput = {
  hits: z.array(
    z.object({
      title: z.string(),
      section: z.string().optional().describe('Heading of the section the hit is in.'),
      url: z.string().describe('Page URL with the anchor of the section; pass it to get_page.'),
      version: z.string().nullable(),
      snippet: z.string(),
      sectionText: z
        .string()
        .optional()
        .describe('The Markdown of the section the hit is in, up to about 1 KB, cut at a line when longer.'),
      sectionBytes: z.number().int().optional().describe('Size of the whole section in bytes.'),
    }),
  ),
};

export const listOutput = {
  version: z.string(),
  current: z.boolean(),
  sections: z.array(
    z.object({
      title: z.string(),
      pages: z.array(z.object({title: z.string(), url: z.string(), description: z.string().optional()})),
    }),
  ),
  build: buildShape,
};

const problem = z.object({
  line: z.number().int().describe('1-based line in the document.'),
  path: z.string().describe('Dotted field path, such as plans.PRO.features.darkMode; empty for the document.'),
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
      stores: z.boolean().describe('False when SPACE answers the upload of the file with an error.'),
      summary: z.string(),
      findings: z.array(
        z.object({
          line: z.number().int(),
          path: z.string(),
          message: z.string(),
          effect: z
            .enum(['refused', 'contracts', 'evaluation', 'changed'])
            .describe(
              'What it does: refuses the upload, refuses contracts, evaluates differently, or stores it changed.',
            ),
        }),
      ),
    })
    .optional()
    .describe(
      'For a valid document: whether SPACE (the revision the docs describe) stores it when uploaded as a file.',
    ),
  upgrade: z
    .object({
      from: z.string(),
      notes: z.array(z.string()),
      yaml: z
        .string()
        .optional()
        .describe(
          'The same pricing in Pricing2Yaml 3.0, corrected: every planContext/userContext renamed. It is not what ' +
            'SPACE makes of the older file (see about): upload this form.',
        ),
      about: z
        .string()
        .optional()
        .describe(
          'With yaml: what that 3.0 form is, how SPACE would upgrade the older file instead, and what to upload.',
        ),
      spaceBreaks: z
        .array(
          z.object({
            line: z.number().int().describe('1-based line of the expression in the document.'),
            path: z.string().describe('Such as features.export.expression.'),
            message: z.string(),
          }),
        )
        .optional()
        .describe(
          "With yaml: each expression SPACE's own upgrade of the older file breaks (pricing4ts 0.10.3 renames only " +
            'the first planContext and userContext of each, then refuses the one left); empty when none.',
        ),
      error: z.string().optional(),
    })
    .optional()
    .describe('For a document of an older syntax: its corrected 3.0 form, or why it cannot be upgraded.'),
});

export const validateOutput = validationShape.shape;

export const evaluateOutput = {
  syntaxVersion: z.string(),
  problems: z
    .array(z.object({code: z.string(), message: z.string()}))
    .describe('What SPACE would refuse in the subscription (the contract), or PLAN_REQUIRED; empty when none.'),
  subscription: z.object({plan: z.string().optional(), addOns: z.record(z.string(), z.number())}),
  pricingContext: z.object({features: z.record(z.string(), value), usageLimits: z.record(z.string(), value)}),
  subscriptionContext: z
    .record(z.string(), z.number())
    .describe('Usage counters by usage-limit name (tracked limits only).'),
  limits: z.array(
    z.object({
      name: z.string(),
      valueType: z.string(),
      value,
      steps: z.array(step),
      tracked: z.boolean(),
      used: z.number().optional(),
      unlimited: z.boolean(),
    }),
  ),
  features: z.array(
    z.object({
      name: z.string(),
      valueType: z.string(),
      value,
      steps: z.array(step),
      expression: z.string().optional(),
      side: z.enum(['expression', 'serverExpression']),
      eval: z.boolean(),
      error: errorObject.nullable(),
      used: z.record(z.string(), z.number()).nullable(),
      limit: z.record(z.string(), value).nullable(),
      explained: z.string().optional(),
      notes: z.array(z.string()),
    }),
  ),
  space: z
    .record(
      z.string(),
      z.object({
        eval: z.boolean(),
        used: z.record(z.string(), z.number()).nullable(),
        limit: z.record(z.string(), value).nullable(),
        error: errorObject.nullable(),
      }),
    )
    .describe(
      'Per feature, the four fields SPACE answers an evaluation with. SPACE keys features and limits with the ' +
        'service name and a hyphen in front (notehive-aiSummaries); here they are keyed as in the pricing.',
    ),
};
