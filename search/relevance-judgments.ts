/**
 * The search relevance judgment list: queries readers type, each with the 2.0.1 pages that answer it (paths under
 * /docs/2.0.1/). `npm run bench:search` runs every query through the search modal and reports how often a right page
 * is among the first three hits shown (success@3) and the mean reciprocal rank of the first right hit (MRR@10).
 *
 * Kinds: the 20 reported by readers, then identifiers, tasks, error messages and misspellings.
 */
export interface Judgment {
  query: string;
  /** Paths under /docs/2.0.1/; a hit on any section of one of them is right. */
  pages: string[];
  kind: 'reported' | 'identifier' | 'task' | 'error' | 'misspelling';
}

const J4 = 'api/Pricing4SaaS/Pricing4Java';
const R4 = 'api/Pricing4SaaS/Pricing4React';
const GUIDE = 'api/space/user-guide';

export const JUDGMENTS: Judgment[] = [
  // Reported by readers.
  {query: 'renew token filter', pages: [`${J4}/renew-token-filter`], kind: 'reported'},
  {query: 'install pricing4java maven', pages: ['docs/getting-started/instalation'], kind: 'reported'},
  {
    query: 'usage limit',
    pages: [`${J4}/classes-to-manage-pricing/usage-limit`, 'api/Pricing2Yaml/the-pricing2yaml-syntax'],
    kind: 'reported',
  },
  {query: 'PricingContext', pages: [`${J4}/pricing-context`], kind: 'reported'},
  {query: 'feature toggle react', pages: [`${R4}/feature-component`, `${R4}/useGenericFeature`], kind: 'reported'},
  {query: 'upgrade to 3.0', pages: ['api/Pricing2Yaml/migrating-30'], kind: 'reported'},
  {query: 'api key', pages: [`${GUIDE}/retrieve-api-key`], kind: 'reported'},
  {query: 'create contract', pages: [`${GUIDE}/create-contract`], kind: 'reported'},
  {query: 'docker run space', pages: [`${GUIDE}/run-space-instance`], kind: 'reported'},
  {query: 'openfeature provider', pages: [`${R4}/integration-with-open-feature`], kind: 'reported'},
  {query: '@PricingPlanAware', pages: [`${J4}/pricingplan-aware`], kind: 'reported'},
  {query: 'space node client', pages: ['api/space/SDKs/space-node-client'], kind: 'reported'},
  {
    query: 'jwt secret placeholder',
    pages: ['commonErrors/pricing4java/renew-token-filter-jwt-secret'],
    kind: 'reported',
  },
  {query: 'syntax 2.1', pages: ['api/Pricing2Yaml/versions/pricing2yaml-v21-specification'], kind: 'reported'},
  {query: 'roles permissions', pages: ['api/space/space-roles'], kind: 'reported'},
  {
    query: 'getting started',
    pages: [
      'docs/getting-started/configuration',
      'docs/getting-started/instalation',
      'docs/Introduction',
      'category/getting-started',
    ],
    kind: 'reported',
  },
  {query: 'yaml validator test', pages: [`${J4}/yaml-utils`], kind: 'reported'},
  {query: 'unlimited', pages: ['commonErrors/pricing2yaml/unlimited-usage-limits'], kind: 'reported'},
  {
    query: 'billing periods',
    pages: ['api/core-concepts/Pricing', 'api/Pricing2Yaml/the-pricing2yaml-syntax', 'api/core-concepts/terminology'],
    kind: 'reported',
  },
  {query: 'pricing design tutorial', pages: ['docs/tutorials/pricing-design'], kind: 'reported'},

  // Identifiers.
  {query: 'useGenericFeature', pages: [`${R4}/useGenericFeature`], kind: 'identifier'},
  {query: 'PricingEvaluatorUtil', pages: [`${J4}/pricing-evaluator-util`], kind: 'identifier'},
  {query: 'generateUserToken', pages: [`${J4}/pricing-evaluator-util`], kind: 'identifier'},
  {query: 'retrieveManagerFromYaml', pages: [`${J4}/yaml-utils`], kind: 'identifier'},
  {query: 'PricingManager', pages: [`${J4}/classes-to-manage-pricing/pricing-manager`], kind: 'identifier'},
  {query: 'SpaceProvider', pages: ['api/space/SDKs/space-react-client'], kind: 'identifier'},
  {query: 'iSubscription', pages: ['api/core-concepts/iSubscription'], kind: 'identifier'},
  {query: 'pricing manager', pages: [`${J4}/classes-to-manage-pricing/pricing-manager`], kind: 'identifier'},
  {query: 'generic feature hook', pages: [`${R4}/useGenericFeature`], kind: 'identifier'},

  // Tasks.
  {query: 'archive a pricing version', pages: [`${GUIDE}/manage-pricings-availability`], kind: 'task'},
  {query: 'delete contract', pages: [`${GUIDE}/delete-contract`], kind: 'task'},
  {
    query: 'change the plan of a contract',
    pages: [`${GUIDE}/manage-contracts`, 'api/core-concepts/iSubscription'],
    kind: 'task',
  },
  {query: 'contribute to pricing4ts', pages: ['contrib/ts-contrib'], kind: 'task'},
  {query: 'add a syntax version to pricing4java', pages: ['contrib/java-contrib'], kind: 'task'},
  {query: 'space environment variables', pages: ['api/space/space-config'], kind: 'task'},
  {query: 'evaluate a feature in space', pages: ['api/space/evaluation'], kind: 'task'},
  {query: 'create a user', pages: [`${GUIDE}/create-user`], kind: 'task'},
  {query: 'run space on kubernetes', pages: [`${GUIDE}/run-space-instance`], kind: 'task'},
  {query: 'binary operators', pages: [`${R4}/binary-operators`], kind: 'task'},

  // Error messages.
  {query: 'Unsupported version: 3.0', pages: ['commonErrors/pricing2yaml/unsupported-version-30'], kind: 'error'},
  {
    query: 'ClassNotFoundException javax.servlet.ServletResponse',
    pages: ['commonErrors/pricing4java/servlet-class-not-found'],
    kind: 'error',
  },
  {
    query: 'feature name must have at least 3 characters',
    pages: ['commonErrors/pricing2yaml/feature-name-too-short'],
    kind: 'error',
  },
  {
    query: 'syntaxVersion must be a quoted string',
    pages: ['commonErrors/pricing2yaml/syntax-version-format'],
    kind: 'error',
  },
  {
    query: 'pricing token never renewed',
    pages: ['commonErrors/pricing4react/pricing-token-not-renewed'],
    kind: 'error',
  },

  // Misspellings.
  {query: 'instalation pricing4react', pages: ['docs/getting-started/instalation'], kind: 'misspelling'},
  {query: 'pricng context', pages: [`${J4}/pricing-context`], kind: 'misspelling'},
  {query: 'termnology', pages: ['api/core-concepts/terminology'], kind: 'misspelling'},
  {query: 'open feature', pages: [`${R4}/integration-with-open-feature`], kind: 'misspelling'},
];
