import type {SidebarsConfig} from '@docusaurus/plugin-content-docs';

/**
 * Sidebars of the current version (2.0.1). Older versions keep theirs in
 * `versioned_sidebars/`. This file is the only place that orders pages:
 * don't use `sidebar_position` in front matter.
 *
 * Every category gets a generated index page at /docs/<version>/category/<slug>.
 */
const sidebars: SidebarsConfig = {
  docsSidebar: [
    'docs/Introduction',
    {
      type: 'category',
      label: 'Getting Started',
      collapsed: false,
      link: {
        type: 'generated-index',
        slug: '/category/getting-started',
        description: 'Install the libraries and wire a pricing into a Spring Boot and React application.',
      },
      items: ['docs/getting-started/instalation', 'docs/getting-started/configuration'],
    },
  ],

  apiSidebar: ['api/introduction'],

  contribSidebar: ['contrib/introduction'],

  commonErrorsSidebar: ['commonErrors/introduction'],
};

export default sidebars;
