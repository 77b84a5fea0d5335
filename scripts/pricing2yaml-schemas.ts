/**
 * Source of the Pricing2Yaml JSON Schemas published under static/schemas/pricing2yaml/.
 *
 * One function builds the schema of every syntax version, so that the five files share their wording and only differ
 * where the language changed. The descriptions written here are the single place where each field is documented: the
 * specification pages render their field tables from the generated files (src/components/SchemaFields).
 *
 * Regenerate after an edit with `npx tsx scripts/pricing2yaml-schemas.ts`; tests/unit/pricing2yaml-schemas.test.ts
 * fails when the committed files and this source disagree.
 *
 * Facts come from pricing4ts (v0.9.5 for syntax <= 2.1, v0.10.4 for 3.0: src/main/utils/pricing-validators.ts,
 * pricing-parser.ts and the version updaters) and Pricing4Java v5.5.2 (services/parsing/*, services/updaters/*).
 */
import {writeFileSync, mkdirSync} from 'node:fs';
import {join} from 'node:path';
import {codes as currencyCodes} from 'currency-codes';
import {SYNTAX_VERSIONS, type SyntaxVersion} from '@sphere-docs/lib/pricing2yaml/upgrade';

type Schema = Record<string, unknown>;

const rank = (v: SyntaxVersion): number => SYNTAX_VERSIONS.indexOf(v);
const since = (v: SyntaxVersion, first: SyntaxVersion): boolean => rank(v) >= rank(first);

/** ISO 4217 codes accepted by pricing4ts: the list of the `currency-codes` package it checks `currency` with. */
export const CURRENCY_CODES: readonly string[] = currencyCodes();

export const VALUE_TYPES = ['BOOLEAN', 'NUMERIC', 'TEXT'];
export const FEATURE_TYPES = [
  'INFORMATION',
  'INTEGRATION',
  'DOMAIN',
  'AUTOMATION',
  'MANAGEMENT',
  'GUARANTEE',
  'SUPPORT',
  'PAYMENT',
];
export const INTEGRATION_TYPES = [
  'API',
  'EXTENSION',
  'IDENTITY_PROVIDER',
  'WEB_SAAS',
  'MARKETPLACE',
  'EXTERNAL_DEVICE',
];
export const AUTOMATION_TYPES = ['BOT', 'FILTERING', 'TRACKING', 'TASK_AUTOMATION'];
export const PAYMENT_TYPES = ['CARD', 'GATEWAY', 'INVOICE', 'ACH', 'WIRE_TRANSFER', 'OTHER'];
export const PERIOD_UNITS = ['SEC', 'MIN', 'HOUR', 'DAY', 'MONTH', 'YEAR'];
export const RENDER_MODES = ['auto', 'enabled', 'disabled', 'AUTO', 'ENABLED', 'DISABLED'];
/** Maximum length of `saasName`: Pricing4Java 5.5's limit (pricing4ts allows 255), the stricter of the two. */
export const SAAS_NAME_MAX = 50;
export const UNLIMITED = 100_000_000;

const URL_PATTERN = '^[Hh][Tt][Tt][Pp][Ss]?://[^\\s/$.?#].[^\\s]*$';

function usageLimitTypes(v: SyntaxVersion): string[] {
  return since(v, '3.0')
    ? ['RENEWABLE', 'NON_RENEWABLE']
    : ['NON_RENEWABLE', 'RENEWABLE', 'RESPONSE_DRIVEN', 'TIME_DRIVEN'];
}

function contexts(v: SyntaxVersion): string {
  return since(v, '3.0')
    ? "`pricingContext` (the feature and usage-limit values of the subscription) and `subscriptionContext` (what the user has consumed, one count per usage limit under the limit's name: `subscriptionContext['maxExports']`)"
    : "`planContext` (the feature and usage-limit values of the subscription) and `userContext` (what the user has consumed, as the application reports it; name each count after its usage limit: `userContext['maxExports']`)";
}

function nullable(type: string | string[]): string[] {
  return [...(Array.isArray(type) ? type : [type]), 'null'];
}

/** A value for a feature or usage limit; which JSON type applies depends on the declared valueType. */
function valueOf(description: string): Schema {
  return {
    description,
    type: ['boolean', 'number', 'string', 'array'],
    items: {enum: PAYMENT_TYPES},
  };
}

/** if/then rules that tie defaultValue to valueType (and to the PAYMENT feature type). */
function defaultValueRules(v: SyntaxVersion, withPayment: boolean): Schema[] {
  const rules: Schema[] = [
    {
      if: {required: ['valueType'], properties: {valueType: {const: 'NUMERIC'}}},
      then: {properties: {defaultValue: {type: 'number'}}},
    },
    {
      if: {required: ['valueType'], properties: {valueType: {const: 'BOOLEAN'}}},
      then: {properties: {defaultValue: {type: 'boolean'}}},
    },
  ];
  if (withPayment) {
    rules.push(
      {
        if: {required: ['valueType', 'type'], properties: {valueType: {const: 'TEXT'}, type: {const: 'PAYMENT'}}},
        then: {
          properties: {
            defaultValue: {type: 'array', items: {enum: PAYMENT_TYPES}, ...(since(v, '3.0') ? {} : {minItems: 1})},
          },
        },
      },
      {
        if: {
          required: ['valueType'],
          properties: {valueType: {const: 'TEXT'}, type: {not: {const: 'PAYMENT'}}},
        },
        then: {properties: {defaultValue: {type: 'string'}}},
      },
      {
        if: {required: ['type'], properties: {type: {const: 'INTEGRATION'}}},
        then: {required: ['integrationType'], properties: {integrationType: {enum: INTEGRATION_TYPES}}},
      },
      {
        if: {required: ['type'], properties: {type: {const: 'AUTOMATION'}}},
        then: {required: ['automationType'], properties: {automationType: {enum: AUTOMATION_TYPES}}},
      },
    );
  } else {
    rules.push({
      if: {required: ['valueType'], properties: {valueType: {const: 'TEXT'}}},
      then: {properties: {defaultValue: {type: 'string'}}},
    });
  }
  return rules;
}

function feature(v: SyntaxVersion): Schema {
  const expressionType = since(v, '3.0') ? nullable(['string', 'boolean']) : nullable('string');
  const properties: Schema = {
    description: {
      type: nullable('string'),
      description: 'Human-readable explanation of what the feature gives the user.',
    },
    valueType: {
      description:
        'Kind of value the feature takes. BOOLEAN for on/off features, NUMERIC for quantities, TEXT for labels (and for the list of payment methods of a PAYMENT feature).',
      enum: VALUE_TYPES,
    },
    defaultValue: valueOf(
      'Value the feature has in every plan that does not override it. Its JSON type must match `valueType`: true/false for BOOLEAN, a number for NUMERIC (`.inf` means unlimited; pricing4ts caps numbers at 100,000,000), a string for TEXT, and ' +
        (since(v, '3.0')
          ? 'a list of payment methods for a PAYMENT feature (pricing4ts 0.10 accepts an empty list).'
          : 'a non-empty list of payment methods for a PAYMENT feature.'),
    ),
    expression: {
      type: expressionType,
      pattern: '\\S',
      description: `Condition that decides whether a user may use the feature. It is evaluated on the client (and on the server unless \`serverExpression\` is given) against ${contexts(v)}. Must not be blank; omit it or write null instead.${since(v, '3.0') ? ' pricing4ts also accepts a literal true/false.' : ''}`,
    },
    serverExpression: {
      type: expressionType,
      pattern: '\\S',
      description: `Condition evaluated only on the server, for when the back end must check differently from the user interface. Same contexts as \`expression\`.${since(v, '1.1') ? ' When omitted, the server evaluates `expression`.' : ''}${
        since(v, '3.0')
          ? ' SPACE evaluates it (with `?server=true`) before it records the consumption of the request, so a quota check compares with `<`, as in `expression`.'
          : " Pricing4Java's `@PricingPlanAware` evaluates it after the annotated method ran, when the count already includes the new item, so a quota check there compares with `<=`."
      }`,
    },
    type: {
      description:
        'Category of the feature. INTEGRATION requires `integrationType`, AUTOMATION requires `automationType`, PAYMENT takes a list of payment methods as value.',
      enum: FEATURE_TYPES,
    },
    integrationType: {
      description:
        'Kind of integration. Required when `type` is INTEGRATION; pricing4ts still checks the value when it appears on another type. null counts as absent.',
      enum: [...INTEGRATION_TYPES, null],
    },
    automationType: {
      description:
        'Kind of automation. Required when `type` is AUTOMATION; pricing4ts still checks the value when it appears on another type. null counts as absent.',
      enum: [...AUTOMATION_TYPES, null],
    },
    pricingUrls: {
      type: nullable('array'),
      items: {type: 'string', pattern: URL_PATTERN},
      description:
        'Pricing pages of the integrated third-party service (http or https URLs). Only meaningful for type INTEGRATION with integrationType WEB_SAAS; elsewhere pricing4ts prints a warning and drops it. null counts as absent.',
    },
    docUrl: {
      type: nullable('string'),
      pattern: URL_PATTERN,
      description:
        'Link (http or https) to the document that states the guarantee. Only meaningful for type GUARANTEE; elsewhere pricing4ts prints a warning and drops it. null counts as absent.',
    },
  };
  if (since(v, '2.0')) {
    properties.render = {
      description:
        'Whether pricing renderers show the feature: `auto` (default) decides from its values, `enabled` always shows it, `disabled` hides it. Case is ignored; null counts as absent. Pricing4Java does not read it.',
      enum: [...RENDER_MODES, null],
      default: 'auto',
    };
    properties.tag = {
      type: nullable('string'),
      description:
        'Group the feature belongs to in pricing tables. Must be one of the root `tags` (checked by the cross-reference checker and both parsers); null counts as absent.',
    };
  }
  return {
    type: 'object',
    description: 'A feature: a capability of the product that plans and add-ons enable, disable or parameterise.',
    required: ['valueType', 'defaultValue', 'type'],
    additionalProperties: false,
    properties,
    allOf: defaultValueRules(v, true),
  };
}

function usageLimit(v: SyntaxVersion): Schema {
  const types = usageLimitTypes(v);
  const properties: Schema = {
    description: {type: nullable('string'), description: 'Human-readable explanation of what the limit restricts.'},
    valueType: {
      description: 'Kind of value of the limit. NUMERIC is by far the most common; BOOLEAN and TEXT are allowed.',
      enum: VALUE_TYPES,
    },
    defaultValue: valueOf(
      'Limit applied in every plan that does not override it. Its JSON type must match `valueType`. Write `.inf` for "no limit"; pricing4ts caps numbers at 100,000,000.',
    ),
    unit: {
      type: nullable('string'),
      default: '',
      description:
        'What the limit counts, in singular (for example `project`, `GB`, `call/month`). Defaults to an empty string.',
    },
    type: {
      description: since(v, '3.0')
        ? 'RENEWABLE limits reset at the end of every `period`; NON_RENEWABLE limits never reset (and may be `trackable`). The 2.1 types TIME_DRIVEN and RESPONSE_DRIVEN are gone.'
        : 'How the limit behaves over time: NON_RENEWABLE (a stock that never resets, such as storage), RENEWABLE (a quota that resets each billing cycle), TIME_DRIVEN (a quota over a time window, such as calls per minute) or RESPONSE_DRIVEN (consumed by each request the user makes).',
      enum: types,
    },
    linkedFeatures: {
      type: nullable('array'),
      items: {type: 'string'},
      description:
        'Names of the features this limit restricts. Every name must be a feature declared in the root `features` map.',
    },
  };
  if (since(v, '2.0')) {
    properties.render = {
      description:
        'Whether pricing renderers show the limit: `auto` (default), `enabled` or `disabled`. Case is ignored; null counts as absent. Pricing4Java does not read it.',
      enum: [...RENDER_MODES, null],
      default: 'auto',
    };
  }
  if (since(v, '3.0')) {
    properties.period = {
      type: 'object',
      additionalProperties: false,
      description:
        'How often a RENEWABLE limit resets. Both keys are optional; a RENEWABLE limit without `period` resets every month. Leave it out of NON_RENEWABLE limits: pricing4ts does not check it there, and SPACE would start tracking their usage.',
      properties: {
        value: {
          type: 'number',
          exclusiveMinimum: 0,
          default: 1,
          description: 'Number of units in one period. Must be greater than 0.',
        },
        unit: {
          enum: PERIOD_UNITS,
          default: 'MONTH',
          description: 'Time unit of the period.',
        },
      },
    };
    properties.trackable = {
      type: 'boolean',
      default: false,
      description:
        'For NON_RENEWABLE limits: true makes SPACE keep a usage counter for the limit; false (the default) leaves counting to the application, and `subscriptionContext` then has no entry for it. Has no effect on RENEWABLE limits: pricing4ts reads it only on NON_RENEWABLE ones, and every RENEWABLE limit gets a `period`, which alone makes SPACE track it.',
    };
  }
  return {
    type: 'object',
    description: 'A usage limit: a bound on how much of a feature the user may consume.',
    required: ['valueType', 'defaultValue', 'type'],
    additionalProperties: false,
    properties,
    allOf: defaultValueRules(v, false),
  };
}

function overrideMap(kind: 'feature' | 'usage limit', where: string, extension = false): Schema {
  return {
    type: nullable('object'),
    description: extension
      ? `Amounts this add-on adds on top of the limits of the plan. Keys must be usage limits declared at the root; each entry holds the extra amount in \`value\`.`
      : `Values of ${kind === 'feature' ? 'features' : 'usage limits'} that differ from their \`defaultValue\` in this ${where}. Keys must be declared in the root \`${kind === 'feature' ? 'features' : 'usageLimits'}\` map; list only what changes.`,
    additionalProperties: {
      type: 'object',
      description: `Override of one ${kind}.`,
      required: ['value'],
      additionalProperties: false,
      properties: {
        value: valueOf(
          extension
            ? 'Amount added to the limit for each unit of the add-on. Must match the valueType of the limit.'
            : `New value of the ${kind} in this ${where}. Its type must match the valueType declared at the root (checked by the cross-reference checker).`,
        ),
      },
    },
  };
}

function priceProps(v: SyntaxVersion, where: 'plan' | 'add-on'): Schema {
  if (since(v, '2.0')) {
    return {
      price: {
        type: ['number', 'string'],
        minimum: 0,
        description: `Price of the ${where} for the base billing period, in the root \`currency\`. A number (0 or more), a formula such as \`"#seat * 5"\` that uses root \`variables\` (each \`#name\` must be declared), or free text such as "Contact sales".`,
      },
    };
  }
  const common =
    'A number (0 or more) in the root `currency`, or free text such as "Contact sales" when it is the only price field. When both monthlyPrice and annualPrice are given, both must be numbers; null counts as absent (at least one of them must be set).';
  return {
    monthlyPrice: {
      type: ['number', 'string', 'null'],
      minimum: 0,
      description: `Price when billed monthly. ${common} The 2.0 upgrade turns it into \`price\`.`,
    },
    annualPrice: {
      type: ['number', 'string', 'null'],
      minimum: 0,
      description: `Price per month when billed annually. ${common} The 2.0 upgrade derives \`billing.annual\` from annualPrice / monthlyPrice.`,
    },
    ...(where === 'add-on'
      ? {
          price: {
            type: ['number', 'string', 'null'],
            minimum: 0,
            description:
              'Single price of the add-on, used instead of monthlyPrice/annualPrice. Kept as is by the 2.0 upgrade.',
          },
        }
      : {}),
  };
}

/**
 * Before 2.0, a container with both monthlyPrice and annualPrice must give two numbers: the 2.0 upgrade divides one by
 * the other (Pricing4Java fails on text; pricing4ts fails on a number mixed with text).
 */
const BOTH_PRICES_NUMERIC: Schema = {
  if: {
    required: ['monthlyPrice', 'annualPrice'],
    properties: {monthlyPrice: {not: {type: 'null'}}, annualPrice: {not: {type: 'null'}}},
  },
  then: {properties: {monthlyPrice: {type: 'number'}, annualPrice: {type: 'number'}}},
};

/** Before 2.0: a price key that is present and not null (null counts as absent, as in the parsers). */
const priceSet = (key: string): Schema => ({required: [key], properties: {[key]: {type: ['number', 'string']}}});

function plan(v: SyntaxVersion): Schema {
  const properties: Schema = {
    description: {type: nullable('string'), description: 'Short text shown with the plan.'},
    ...priceProps(v, 'plan'),
    unit: {
      type: nullable('string'),
      default: '',
      description: 'What the price is charged per, for example `user/month`. Defaults to an empty string.',
    },
  };
  if (since(v, '2.0')) {
    properties.private = {
      type: nullable('boolean'),
      default: false,
      description: 'True for plans that exist but are not advertised (for example negotiated enterprise deals).',
    };
  }
  properties.features = {
    ...overrideMap('feature', 'plan'),
    description:
      'Feature values that differ from their `defaultValue` in this plan. The key is REQUIRED even when nothing changes: write `features: null`, otherwise pricing4ts rejects the plan. Keys must be root features.',
  };
  properties.usageLimits = overrideMap('usage limit', 'plan');
  const schema: Schema = {
    type: 'object',
    description: 'A plan: a bundle of feature values and usage limits sold at one price.',
    required: since(v, '2.0') ? ['price', 'features'] : ['features'],
    additionalProperties: false,
    properties,
  };
  if (!since(v, '2.0')) {
    schema.anyOf = [priceSet('monthlyPrice'), priceSet('annualPrice')];
    schema.allOf = [BOTH_PRICES_NUMERIC];
  }
  return schema;
}

function addOn(v: SyntaxVersion): Schema {
  const properties: Schema = {
    description: {type: nullable('string'), description: 'Short text shown with the add-on.'},
    availableFor: {
      type: nullable('array'),
      items: {type: 'string'},
      description:
        'Plans with which the add-on can be bought. Every name must be a declared plan. Omit it (or write null) to make the add-on available for every plan.',
    },
  };
  if (since(v, '1.1')) {
    properties.dependsOn = {
      type: nullable('array'),
      items: {type: 'string'},
      description:
        'Add-ons that must already be contracted before this one can be bought. Every name must be a declared add-on. An empty list, `null` and leaving the key out all mean the add-on depends on nothing.' +
        (v === '1.1'
          ? ' The Pricing4Java changelog introduces this key in 2.0; both parsers accept it in 1.1 documents because they validate after upgrading.'
          : ''),
    };
  }
  if (since(v, '2.0')) {
    properties.excludes = {
      type: nullable('array'),
      items: {type: 'string'},
      description:
        'Add-ons that cannot be contracted together with this one. Every name must be a declared add-on. An empty list, `null` and leaving the key out all mean it excludes nothing.',
    };
  }
  Object.assign(properties, priceProps(v, 'add-on'), {
    unit: {
      type: nullable('string'),
      default: '',
      description:
        'What the price is charged per, for example `user/month` or `100 GB/month`. Defaults to an empty string.',
    },
  });
  if (since(v, '2.0')) {
    properties.private = {
      type: nullable('boolean'),
      default: false,
      description: 'True for add-ons that are sold but not advertised.',
    };
  }
  properties.features = overrideMap('feature', 'add-on');
  properties.usageLimits = {
    ...overrideMap('usage limit', 'add-on'),
    description:
      'New values of usage limits while the add-on is contracted (they replace the plan value). Keys must be root usage limits; each entry needs `value`.',
  };
  properties.usageLimitsExtensions = overrideMap('usage limit', 'add-on', true);
  if (since(v, '3.0')) {
    properties.subscriptionConstraints = {
      type: 'object',
      additionalProperties: false,
      description:
        'How many units of the add-on one subscription may hold. pricing4ts validates it fully and fills the defaults only on add-ons that only extend usage limits; SPACE checks contracted quantities against it for every add-on, and allows exactly 1 unit of an add-on without it.',
      properties: {
        minQuantity: {type: 'number', minimum: 0, default: 1, description: 'Smallest quantity that can be contracted.'},
        maxQuantity: {
          type: 'number',
          minimum: 0,
          default: UNLIMITED,
          description:
            'Largest quantity that can be contracted; must not be below minQuantity. `.inf` means no maximum to the ' +
            'schema and pricing4ts, but SPACE sells one unit of such an add-on (the SPACE guide to creating a ' +
            'contract says why): write the real maximum.',
        },
        quantityStep: {
          type: 'number',
          exclusiveMinimum: 0,
          default: 1,
          description: 'Quantities go up in steps of this size; it must divide minQuantity exactly.',
        },
      },
    };
  }
  const carries = (key: string): Schema => ({required: [key], properties: {[key]: {type: 'object', minProperties: 1}}});
  const schema: Schema = {
    type: 'object',
    description:
      'An add-on: an extra that users buy on top of a plan. It must change at least one feature or usage limit, or extend a usage limit.',
    required: since(v, '2.0') ? ['price'] : [],
    additionalProperties: false,
    properties,
    anyOf: [carries('features'), carries('usageLimits'), carries('usageLimitsExtensions')],
  };
  if (!since(v, '2.0')) {
    schema.allOf = [
      {anyOf: [priceSet('price'), priceSet('monthlyPrice'), priceSet('annualPrice')]},
      BOTH_PRICES_NUMERIC,
    ];
  }
  if ((schema.required as string[]).length === 0) delete schema.required;
  return schema;
}

function root(v: SyntaxVersion): {properties: Schema; required: string[]} {
  const p: Schema = {};
  const required: string[] = [];
  if (since(v, '2.1')) {
    p.syntaxVersion = {
      const: v,
      description: `Version of the Pricing2Yaml syntax the document follows, as a quoted string ("${v}"). An unquoted number is rejected by pricing4ts.`,
    };
    required.push('syntaxVersion');
  }
  p.saasName = {
    type: 'string',
    minLength: 3,
    maxLength: SAAS_NAME_MAX,
    description: `Name of the product being priced, 3 to ${SAAS_NAME_MAX} characters: Pricing4Java 5.5 rejects longer names (pricing4ts allows up to 255).`,
  };
  required.push('saasName');
  if (since(v, '2.1')) {
    p.version = {
      type: 'string',
      description:
        'Your own label for this edition of the pricing, such as "2025-01" or "v3". Optional in the syntax: when it is omitted, pricing4ts derives it from `createdAt` as year-month-day without leading zeros (`2025-9-1`) and Pricing4Java as `2025-09-01`. SPACE needs a label for every pricing version and rejects an empty one, so a file without `version` is stored under the derived date; write it yourself whenever the file goes to SPACE.',
    };
  } else {
    p.version = {
      const: v,
      description:
        v === '1.0'
          ? 'Syntax version, "1.0". Old Yaml4SaaS files have no version key at all; pricing4ts and Pricing4Java 5.x need it, so add `version: "1.0"` before parsing them.'
          : `Syntax version of the document, "${v}". Until 2.1 this key holds the syntax version, not a label of the pricing.`,
    };
    if (v !== '1.0') required.push('version');
  }
  if (since(v, '2.0')) {
    p.url = {
      type: nullable('string'),
      pattern: URL_PATTERN,
      description: 'Public pricing page the document was modelled from (http or https). null counts as absent.',
    };
  }
  if (v === '1.0') {
    p.day = {
      type: 'integer',
      minimum: 1,
      maximum: 31,
      description: 'Day of the month on which the pricing was modelled.',
    };
    p.month = {
      type: 'integer',
      minimum: 1,
      maximum: 12,
      description: 'Month (1 to 12) in which the pricing was modelled.',
    };
    p.year = {type: 'integer', minimum: 1970, description: 'Year in which the pricing was modelled.'};
    required.push('day', 'month', 'year');
  } else {
    p.createdAt = {
      type: 'string',
      format: 'date',
      pattern: '^\\d{4}-\\d{2}-\\d{2}$',
      description:
        'Date on which the pricing was modelled, as yyyy-mm-dd. It must not lie in the future (checked by the cross-reference checker and pricing4ts).',
    };
    required.push('createdAt');
  }
  if (v === '1.1') {
    const ts = '^\\d{4}-\\d{2}-\\d{2}([Tt ]\\d{1,2}:\\d{2}(:\\d{2}(\\.\\d+)?)?( ?([Zz]|[+-]\\d{1,2}(:\\d{2})?))?)?$';
    p.starts = {
      type: 'string',
      pattern: ts,
      description: 'Moment from which the pricing applies, as a YAML timestamp (2024-01-01 12:00:00). Removed in 2.0.',
    };
    p.ends = {
      type: 'string',
      pattern: ts,
      description: 'Moment after which the pricing no longer applies, as a YAML timestamp. Removed in 2.0.',
    };
  }
  p.currency = {
    enum: CURRENCY_CODES,
    description:
      'ISO 4217 code of the currency of every price, in capitals (EUR, USD, GBP...). pricing4ts checks it against the currency-codes list; Pricing4Java only checks it is a string.',
  };
  required.push('currency');
  if (!since(v, '2.0')) {
    p.hasAnnualPayment = {
      type: 'boolean',
      description: 'Whether the product can be paid yearly. Removed in 2.0, where `billing` replaces it.',
    };
  }
  if (since(v, '2.0')) {
    p.tags = {
      type: nullable('array'),
      items: {type: 'string'},
      description: 'Names of the groups features may belong to (see `features.<name>.tag`).',
    };
    p.billing = {
      type: nullable('object'),
      default: {monthly: 1},
      description:
        'Billing periods offered, each with the factor applied to prices, in (0, 1]: `{monthly: 1, annual: 0.8}` means paying yearly costs 80% per month. Defaults to `{monthly: 1}`.',
      additionalProperties: {
        type: 'number',
        exclusiveMinimum: 0,
        maximum: 1,
        description: 'Factor applied to prices for this billing period, greater than 0 and at most 1.',
      },
    };
    p.variables = {
      type: nullable('object'),
      default: {},
      description:
        'Named values that price formulas reference as `#name`. Names start with a letter and hold letters and digits (Pricing4Java rule); values are numbers, strings or booleans.',
      propertyNames: {pattern: '^[a-zA-Z][a-zA-Z0-9]*$'},
      additionalProperties: {
        type: ['number', 'string', 'boolean'],
        description: 'Value substituted for `#name` in price formulas.',
      },
    };
  }
  p.features = {
    type: 'object',
    description: 'Every feature of the product, by name. Required, and the only map that must not be null.',
    propertyNames: {$ref: '#/$defs/name'},
    additionalProperties: {$ref: '#/$defs/feature'},
  };
  required.push('features');
  p.usageLimits = {
    type: nullable('object'),
    description: 'Every usage limit, by name.',
    propertyNames: {$ref: '#/$defs/name'},
    additionalProperties: {$ref: '#/$defs/usageLimit'},
  };
  p.plans = {
    type: nullable('object'),
    description:
      'Plans offered, by name. A pricing needs plans or add-ons (or both): Pricing4Java rejects one with neither, pricing4ts accepts it.',
    propertyNames: {$ref: '#/$defs/name'},
    additionalProperties: {$ref: '#/$defs/plan'},
  };
  p.addOns = {
    type: nullable('object'),
    description: 'Add-ons offered, by name.',
    propertyNames: {$ref: '#/$defs/name'},
    additionalProperties: {$ref: '#/$defs/addOn'},
  };
  return {properties: p, required};
}

/** One example value per field, keyed by `<object>.<field>`; rendered next to the description on the spec pages. */
const EXAMPLES: Record<string, unknown> = {
  'root.syntaxVersion': '2.1',
  'root.saasName': 'Cadence Chat',
  'root.url': 'https://example.com/pricing',
  'root.day': 21,
  'root.month': 11,
  'root.year': 2023,
  'root.createdAt': '2025-03-03',
  'root.starts': '2024-10-01 00:00:00',
  'root.ends': '2025-09-30 23:59:59',
  'root.currency': 'EUR',
  'root.hasAnnualPayment': true,
  'root.tags': ['Messaging', 'Administration'],
  'root.billing': {monthly: 1, annual: 0.8},
  'root.variables': {seatPrice: 7},
  'root.features': {pdfExport: {valueType: 'BOOLEAN', defaultValue: false, type: 'DOMAIN'}},
  'root.usageLimits': {maxProjects: {valueType: 'NUMERIC', defaultValue: 5, type: 'NON_RENEWABLE'}},
  'feature.description': 'Export any note as a PDF file.',
  'feature.valueType': 'BOOLEAN',
  'feature.defaultValue': false,
  'feature.expression': "planContext['features']['pdfExport']",
  'feature.serverExpression': "userContext['maxExports'] <= planContext['usageLimits']['maxExports']",
  'feature.type': 'DOMAIN',
  'feature.integrationType': 'WEB_SAAS',
  'feature.automationType': 'TASK_AUTOMATION',
  'feature.pricingUrls': ['https://example.org/pricing'],
  'feature.docUrl': 'https://example.com/sla',
  'feature.render': 'auto',
  'feature.tag': 'Messaging',
  'usageLimit.description': 'Projects a workspace can hold.',
  'usageLimit.valueType': 'NUMERIC',
  'usageLimit.defaultValue': 5,
  'usageLimit.unit': 'project',
  'usageLimit.type': 'NON_RENEWABLE',
  'usageLimit.linkedFeatures': ['projects'],
  'usageLimit.render': 'auto',
  'usageLimit.period': {value: 1, unit: 'MONTH'},
  'usageLimit.trackable': true,
  'period.value': 1,
  'period.unit': 'DAY',
  'plan.description': 'For growing teams.',
  'plan.price': 12.5,
  'plan.monthlyPrice': 15,
  'plan.annualPrice': 12,
  'plan.unit': 'user/month',
  'plan.private': false,
  'plan.features': {pdfExport: {value: true}},
  'plan.usageLimits': {maxProjects: {value: 50}},
  'addOn.description': '50 GB more storage per pack.',
  'addOn.availableFor': ['PRO', 'ENTERPRISE'],
  'addOn.dependsOn': ['compliance'],
  'addOn.excludes': ['legacyExport'],
  'addOn.price': '#seatPrice * 2',
  'addOn.monthlyPrice': 3,
  'addOn.annualPrice': 30,
  'addOn.unit': 'pack/month',
  'addOn.private': false,
  'addOn.features': {pdfExport: {value: true}},
  'addOn.usageLimits': {maxProjects: {value: 100}},
  'addOn.usageLimitsExtensions': {storageGb: {value: 50}},
  'addOn.subscriptionConstraints': {minQuantity: 1, maxQuantity: 10, quantityStep: 1},
  'subscriptionConstraints.minQuantity': 1,
  'subscriptionConstraints.maxQuantity': 10,
  'subscriptionConstraints.quantityStep': 1,
};

function withExamples(object: Schema, label: string, v: SyntaxVersion): Schema {
  const props = (object.properties ?? {}) as Record<string, Schema>;
  for (const [name, prop] of Object.entries(props)) {
    let example = EXAMPLES[`${label}.${name}`];
    if (label === 'root' && name === 'syntaxVersion') example = v;
    if (label === 'root' && name === 'version') example = since(v, '2.1') ? '2025-03' : v;
    const price = since(v, '2.0') ? 'price' : 'monthlyPrice';
    if (label === 'root' && name === 'plans') example = {FREE: {[price]: 0, features: null}};
    if (label === 'root' && name === 'addOns')
      example = {storage: {[price]: 4, usageLimitsExtensions: {storageGb: {value: 50}}}};
    if (label === 'feature' && since(v, '3.0') && typeof example === 'string') {
      example = example.replace(/planContext/g, 'pricingContext').replace(/userContext/g, 'subscriptionContext');
      // SPACE checks before the action is counted: its server check of a quota uses `<`, not Pricing4Java's `<=`.
      if (name === 'serverExpression')
        example =
          "pricingContext['features']['pdfExport'] && subscriptionContext['maxExports'] < pricingContext['usageLimits']['maxExports']";
    }
    if (example !== undefined) prop.examples = [example];
    if (name === 'period' || name === 'subscriptionConstraints') withExamples(prop, name, v);
  }
  return object;
}

export function buildSchema(v: SyntaxVersion): Schema {
  const {properties, required} = root(v);
  withExamples({properties}, 'root', v);
  const names: Record<SyntaxVersion, string> = {
    '1.0': 'Pricing2Yaml 1.0 (Yaml4SaaS)',
    '1.1': 'Pricing2Yaml 1.1',
    '2.0': 'Pricing2Yaml 2.0',
    '2.1': 'Pricing2Yaml 2.1',
    '3.0': 'Pricing2Yaml 3.0',
  };
  // Present and not null; a wrong type is reported by the property itself.
  const sells = (key: string): Schema => ({required: [key], properties: {[key]: {not: {type: 'null'}}}});
  return {
    $schema: 'https://json-schema.org/draft/2020-12/schema',
    $id: `/schemas/pricing2yaml/v${v}.json`,
    title: names[v],
    description: `A SaaS pricing written in ${names[v]}: features, usage limits, plans and add-ons. Cross-references (plans naming declared features, tags, add-on dependencies...) are checked separately by the cross-reference checker.`,
    type: 'object',
    required,
    additionalProperties: false,
    properties,
    // A pricing that sells nothing: Pricing4Java rejects it, pricing4ts accepts it; the schema follows the stricter.
    anyOf: [sells('plans'), sells('addOns')],
    $defs: {
      name: {
        type: 'string',
        minLength: 3,
        maxLength: 255,
        description: 'Name of a feature, usage limit, plan or add-on: 3 to 255 characters.',
      },
      feature: withExamples(feature(v), 'feature', v),
      usageLimit: withExamples(usageLimit(v), 'usageLimit', v),
      plan: withExamples(plan(v), 'plan', v),
      addOn: withExamples(addOn(v), 'addOn', v),
    },
  };
}

export function schemaFile(v: SyntaxVersion): string {
  return JSON.stringify(buildSchema(v), null, 2) + '\n';
}

export const SCHEMA_DIR = join(__dirname, '..', 'static', 'schemas', 'pricing2yaml');

if (process.argv[1] && /pricing2yaml-schemas\.ts$/.test(process.argv[1])) {
  mkdirSync(SCHEMA_DIR, {recursive: true});
  for (const v of SYNTAX_VERSIONS) writeFileSync(join(SCHEMA_DIR, `v${v}.json`), schemaFile(v));
  console.log(`wrote ${SYNTAX_VERSIONS.length} schemas to ${SCHEMA_DIR}`);
}
