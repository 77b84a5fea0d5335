import type {SidebarsConfig} from '@docusaurus/plugin-content-docs';

/**
 * Sidebars of the current version (2.0.1). Older versions keep theirs in
 * `versioned_sidebars/`. This file is the only place that orders pages:
 * don't use `sidebar_position` in front matter.
 *
 * Every category gets a generated index page at /docs/<version>/category/<slug>.
 */
type Item = Extract<SidebarsConfig[string], unknown[]>[number];

/** `title` names the index page where the label alone would repeat another page's title. */
function category(label: string, slug: string, description: string, items: Item[], title?: string): Item {
  return {
    type: 'category',
    label,
    collapsed: false,
    link: {type: 'generated-index', slug: `/category/${slug}`, description, ...(title ? {title} : {})},
    items,
  };
}

const sidebars: SidebarsConfig = {
  docsSidebar: [
    'docs/Introduction',
    category(
      'Getting Started',
      'getting-started',
      'Install the libraries, wire a pricing into an application and write your first Pricing2Yaml file.',
      [
        'docs/getting-started/instalation',
        'docs/getting-started/configuration',
        'docs/getting-started/pricing2yaml-starter-guide',
        'docs/getting-started/use-docs-from-assistant',
      ],
    ),
    category('Tutorials', 'tutorials', 'Longer walkthroughs that build something from scratch.', [
      'docs/tutorials/pricing-design',
    ]),
  ],

  apiSidebar: [
    'api/introduction',
    category(
      'Core concepts',
      'core-concepts',
      'The ideas the toolkit is built on: pricings, subscriptions and pricing-driven DevOps.',
      [
        'api/core-concepts/Pricing',
        'api/core-concepts/iPricing',
        'api/core-concepts/iSubscription',
        'api/core-concepts/pricing-driven-devops',
        'api/core-concepts/terminology',
      ],
    ),
    category('Pricing2Yaml', 'pricing2yaml', 'The YAML language that describes a SaaS pricing.', [
      'api/Pricing2Yaml/the-pricing2yaml-syntax',
      'api/Pricing2Yaml/how-a-feature-is-decided',
      category(
        'Syntax versions',
        'pricing2yaml-versions',
        'The full specification of every Pricing2Yaml syntax version, newest first.',
        [
          'api/Pricing2Yaml/versions/pricing2yaml-v30-specification',
          'api/Pricing2Yaml/versions/pricing2yaml-v21-specification',
          'api/Pricing2Yaml/versions/pricing2yaml-v20-specification',
          'api/Pricing2Yaml/versions/pricing2yaml-v11-specification',
          'api/Pricing2Yaml/versions/pricing2yaml-v10-specification',
        ],
      ),
      'api/Pricing2Yaml/good-practices',
      'api/Pricing2Yaml/migrating-30',
    ]),
    category(
      'Pricing4SaaS',
      'pricing4saas',
      'Pricing-driven feature toggling with a Java backend and a React frontend.',
      [
        category('Understanding', 'understanding', 'How the backend and the frontend libraries work together.', [
          'api/Pricing4SaaS/understanding/architecture',
          'api/Pricing4SaaS/understanding/communication',
        ]),
        category('Pricing4Java', 'pricing4java', 'The Spring Boot library that evaluates pricings on the server.', [
          category(
            'Classes to manage pricing',
            'classes-to-manage-pricing',
            'The Java model of a pricing: manager, features, usage limits, plans and add-ons.',
            [
              'api/Pricing4SaaS/Pricing4Java/classes-to-manage-pricing/pricing-manager',
              'api/Pricing4SaaS/Pricing4Java/classes-to-manage-pricing/feature',
              'api/Pricing4SaaS/Pricing4Java/classes-to-manage-pricing/usage-limit',
              'api/Pricing4SaaS/Pricing4Java/classes-to-manage-pricing/plan',
              'api/Pricing4SaaS/Pricing4Java/classes-to-manage-pricing/add-on',
            ],
          ),
          'api/Pricing4SaaS/Pricing4Java/feature-evaluation',
          'api/Pricing4SaaS/Pricing4Java/pricing-context',
          'api/Pricing4SaaS/Pricing4Java/pricing-evaluator-util',
          'api/Pricing4SaaS/Pricing4Java/pricing-service',
          'api/Pricing4SaaS/Pricing4Java/pricingplan-aware',
          'api/Pricing4SaaS/Pricing4Java/renew-token-filter',
          'api/Pricing4SaaS/Pricing4Java/yaml-utils',
        ]),
        category('Pricing4React', 'pricing4react', 'The React library that toggles UI from a pricing token.', [
          'api/Pricing4SaaS/Pricing4React/feature-component',
          'api/Pricing4SaaS/Pricing4React/binary-operators',
          'api/Pricing4SaaS/Pricing4React/useGenericFeature',
          'api/Pricing4SaaS/Pricing4React/search-and-update-interceptor',
          'api/Pricing4SaaS/Pricing4React/integration-with-open-feature',
        ]),
      ],
    ),
    category(
      'SPACE',
      'space',
      'The Subscription and Pricing Access Control Engine: run it, call it, integrate it.',
      [
        'api/space/introduction',
        'api/space/evaluation',
        category('User guide', 'space-user-guide', 'Step-by-step tasks in the SPACE interface and API.', [
          'api/space/user-guide/introduction',
          'api/space/user-guide/run-space-instance',
          'api/space/user-guide/retrieve-api-key',
          'api/space/user-guide/create-user',
          'api/space/user-guide/manage-users',
          'api/space/user-guide/delete-users',
          'api/space/user-guide/create-service',
          'api/space/user-guide/create-version',
          'api/space/user-guide/manage-pricings-availability',
          'api/space/user-guide/disable-services',
          'api/space/user-guide/create-contract',
          'api/space/user-guide/manage-contracts',
          'api/space/user-guide/delete-contract',
        ]),
        'api/space/space-api',
        'api/space/space-config',
        'api/space/space-roles',
        category('SDKs', 'space-sdks', 'Client libraries for SPACE: a Node.js backend SDK and a React frontend SDK.', [
          'api/space/SDKs/space-node-client',
          'api/space/SDKs/space-react-client',
        ]),
      ],
      'SPACE pages',
    ),
    category(
      'SPHERE',
      'sphere',
      'The web platform to search, edit and analyse pricings.',
      ['api/sphere/introduction'],
      'SPHERE pages',
    ),
  ],

  contribSidebar: ['contrib/introduction', 'contrib/java-contrib', 'contrib/ts-contrib'],

  commonErrorsSidebar: [
    'commonErrors/introduction',
    category(
      'Pricing2Yaml files',
      'faq-pricing2yaml',
      'Errors pricing4ts and Pricing4Java report while loading a Pricing2Yaml file, and how to fix the file.',
      [
        'commonErrors/pricing2yaml/unlimited-usage-limits',
        'commonErrors/pricing2yaml/syntax-version-format',
        'commonErrors/pricing2yaml/plan-features-null',
        'commonErrors/pricing2yaml/feature-name-too-short',
        'commonErrors/pricing2yaml/unsupported-version-30',
      ],
    ),
    category(
      'Pricing4Java',
      'faq-pricing4java',
      'Startup, compile and configuration problems when adding Pricing4Java to a Spring Boot application.',
      [
        'commonErrors/pricing4java/servlet-class-not-found',
        'commonErrors/pricing4java/pricingplan-aware-feature-name',
        'commonErrors/pricing4java/renew-token-filter-jwt-secret',
      ],
      'Pricing4Java FAQs',
    ),
    category(
      'Pricing4React',
      'faq-pricing4react',
      'Why feature toggles in the browser stay in the wrong state, and how to fix the pricing token handling.',
      ['commonErrors/pricing4react/pricing-token-storage', 'commonErrors/pricing4react/pricing-token-not-renewed'],
      'Pricing4React FAQs',
    ),
  ],
};

export default sidebars;
