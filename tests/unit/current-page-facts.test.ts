/**
 * Mechanical facts of the 2.0.1 pages that a later edit could break:
 * - every `$schema=` modeline names a schema this site serves, by its full production URL;
 * - the warning about service names with capital letters comes before the steps that disable a service;
 * - pages that describe a change of contract composition do not promise the creation checks.
 */
import {existsSync, readFileSync} from 'node:fs';
import {join} from 'node:path';
import {describe, expect, it} from 'vitest';
import {SITE} from '../../src/constants';
import {ROOT, mdxFiles} from '../utils/codeBlocks';

const read = (page: string) => readFileSync(join(ROOT, page), 'utf8');

describe('schema modelines', () => {
  const all = mdxFiles(['docs']).flatMap((file) =>
    [...readFileSync(file, 'utf8').matchAll(/\$schema=([^\s`]+)/g)].map((m) => ({
      file: file.slice(ROOT.length + 1),
      url: m[1],
    })),
  );
  // The syntax page also shows a schema downloaded next to the pricing files (`$schema=./pricing2yaml-v2.1.json`).
  const modelines = all.filter(({url}) => !url.startsWith('./'));

  it('finds the modelines', () => expect(modelines.length).toBeGreaterThanOrEqual(4));

  it.each(modelines)('$file: $url is a full URL of a schema the site serves', ({url}) => {
    const prefix = `${SITE.url}${SITE.baseUrl}schemas/pricing2yaml/`;
    expect(url.startsWith(prefix)).toBe(true);
    expect(url.endsWith('.json')).toBe(true);
    expect(existsSync(join(ROOT, 'static', 'schemas', 'pricing2yaml', url.slice(prefix.length)))).toBe(true);
  });
});

describe('disable a service', () => {
  const text = read('docs/api/space/user-guide/disable-services.mdx');

  it('warns about names with capital letters before the interface and API steps', () => {
    const danger = text.indexOf(':::danger Names with capital letters');
    expect(danger).toBeGreaterThan(0);
    expect(danger).toBeLessThan(text.indexOf('## From the web interface'));
    expect(danger).toBeLessThan(text.indexOf('## From the API'));
  });
});

describe('changes of contract composition', () => {
  it('iSubscription does not say PUT /contracts/{userId} re-checks the rules, and points to manage-contracts', () => {
    const text = read('docs/api/core-concepts/iSubscription.mdx');
    const row = text.split('\n').find((line) => line.includes('| `PUT /contracts/{userId}` with'));
    expect(row).toBeDefined();
    expect(row).not.toMatch(/checked again|validated/);
    expect(text).toContain('../space/user-guide/manage-contracts.mdx#change-the-subscription');
  });

  it('manage-contracts keeps the warning the other pages link to', () => {
    const text = read('docs/api/space/user-guide/manage-contracts.mdx');
    const section = text.slice(
      text.indexOf('## Change the subscription'),
      text.indexOf('## Change the billing period'),
    );
    expect(section).toContain('only checks the shape of the body');
    expect(section).toContain('does not lower-case service keys');
  });
});

/**
 * Behaviours described on several pages: one page is the reference, the others summarise it and link to it. A link
 * that disappears leaves a summary that can drift, so each one is checked here. A reference can also be the SPACE API
 * document, which the API reference page renders (a schema of it is at `space-api.mdx#schema-<name>`). Lists a page
 * restates instead of summarising are compared with their home in cross-page-facts.test.ts.
 */
const REFERENCES: {behaviour: string; reference: string; heading: string; target: string; pages: string[]}[] = [
  {
    behaviour: 'changes of contract composition',
    reference: 'docs/api/space/user-guide/manage-contracts.mdx',
    heading: '## Change the subscription',
    target: 'manage-contracts.mdx',
    pages: [
      'docs/api/core-concepts/iSubscription.mdx',
      'docs/api/core-concepts/terminology.mdx',
      'docs/api/space/SDKs/space-node-client.mdx',
      'docs/api/space/user-guide/create-contract.mdx',
      'docs/api/space/evaluation.mdx',
    ],
  },
  {
    behaviour: 'pricing token renewal and storage keys (Pricing4Java and Pricing4React)',
    reference: 'docs/api/Pricing4SaaS/understanding/communication.mdx',
    heading: '## Headers and storage at a glance',
    target: 'communication.mdx',
    pages: [
      'docs/api/core-concepts/terminology.mdx',
      'docs/api/core-concepts/pricing-driven-devops.mdx',
      'docs/api/Pricing4SaaS/Pricing4React/search-and-update-interceptor.mdx',
      'docs/commonErrors/pricing4react/pricing-token-not-renewed.mdx',
    ],
  },
  {
    behaviour: 'evaluation caching in SPACE',
    reference: 'docs/api/space/evaluation.mdx',
    heading: '## Caching',
    target: 'evaluation.mdx#caching',
    pages: [
      'docs/api/space/user-guide/create-service.mdx',
      'docs/api/space/user-guide/manage-contracts.mdx',
      'docs/api/space/user-guide/delete-contract.mdx',
      'docs/api/space/user-guide/disable-services.mdx',
      'docs/api/space/user-guide/manage-pricings-availability.mdx',
    ],
  },
  {
    behaviour: 'pricing4ts entry points (upgrade, rewrite, lost overrides)',
    reference: 'docs/api/Pricing2Yaml/the-pricing2yaml-syntax.mdx',
    heading: '## Loading a file from code',
    target: 'the-pricing2yaml-syntax.mdx#loading-a-file-from-code',
    pages: [
      'docs/api/core-concepts/iPricing.mdx',
      'docs/api/Pricing2Yaml/good-practices.mdx',
      'docs/api/Pricing2Yaml/migrating-30.mdx',
      'docs/api/Pricing2Yaml/versions/pricing2yaml-v11-specification.mdx',
      'docs/api/space/user-guide/create-service.mdx',
      'docs/api/sphere/introduction.mdx',
      'docs/commonErrors/pricing2yaml/syntax-version-format.mdx',
      'docs/contrib/ts-contrib.mdx',
    ],
  },
  {
    behaviour: 'syntax versions each library reads',
    reference: 'docs/api/Pricing2Yaml/the-pricing2yaml-syntax.mdx',
    heading: '### What each library reads',
    target: 'the-pricing2yaml-syntax.mdx#what-each-library-reads',
    pages: [
      'docs/api/introduction.mdx',
      'docs/api/core-concepts/iPricing.mdx',
      'docs/api/Pricing2Yaml/versions/pricing2yaml-v30-specification.mdx',
      'docs/commonErrors/introduction.mdx',
      'docs/commonErrors/pricing2yaml/unsupported-version-30.mdx',
      'docs/contrib/introduction.mdx',
      'docs/docs/Introduction.mdx',
      'docs/docs/getting-started/configuration.mdx',
      'docs/docs/getting-started/instalation.mdx',
    ],
  },
  {
    behaviour: 'evaluation error codes and their causes (in the SPACE API document, rendered by the reference)',
    reference: 'plugins/space-openapi/static/openapi/space-api.yaml',
    heading: '    EvaluationError:',
    target: 'space-api.mdx#schema-evaluationerror',
    pages: [
      'docs/api/Pricing2Yaml/how-a-feature-is-decided.mdx',
      'docs/api/space/evaluation.mdx',
      'docs/api/space/SDKs/space-node-client.mdx',
    ],
  },
  {
    behaviour: 'the checks of contract creation, in order',
    reference: 'docs/api/space/user-guide/create-contract.mdx',
    heading: '## Rules SPACE checks',
    target: 'create-contract.mdx#rules-space-checks',
    pages: [
      'docs/api/core-concepts/iSubscription.mdx',
      'docs/api/Pricing2Yaml/how-a-feature-is-decided.mdx',
      'docs/api/space/user-guide/manage-pricings-availability.mdx',
    ],
  },
  {
    behaviour: 'what each part of the toolkit does with maxQuantity: .inf',
    reference: 'docs/api/space/user-guide/create-contract.mdx',
    heading: '### A maximum of `.inf`',
    target: 'create-contract.mdx#a-maximum-of-inf',
    pages: [
      'docs/api/core-concepts/iSubscription.mdx',
      'docs/api/Pricing2Yaml/how-a-feature-is-decided.mdx',
      'docs/api/Pricing2Yaml/versions/pricing2yaml-v30-specification.mdx',
      'docs/api/space/user-guide/create-service.mdx',
    ],
  },
  {
    behaviour: 'monthly and annual billing of a contract',
    reference: 'docs/api/space/user-guide/create-contract.mdx',
    heading: '### Monthly and annual billing',
    target: 'create-contract.mdx#monthly-and-annual-billing',
    pages: ['docs/api/core-concepts/iSubscription.mdx'],
  },
  {
    behaviour: 'the usage limits SPACE counts',
    reference: 'docs/api/Pricing2Yaml/how-a-feature-is-decided.mdx',
    heading: '## What trackable and period change',
    target: 'how-a-feature-is-decided.mdx#what-trackable-and-period-change',
    pages: ['docs/api/core-concepts/iSubscription.mdx', 'docs/api/space/evaluation.mdx'],
  },
];

describe.each(REFERENCES)('one reference for $behaviour', ({reference, heading, target, pages}) => {
  it(`${reference} has the section`, () => {
    expect(read(reference).split('\n')).toContain(heading);
  });

  it.each(pages)('%s links to it', (page) => {
    const targets = [...read(page).matchAll(/\]\(([^)\s]+)\)/g)].map((m) => m[1]);
    expect(targets.some((t) => t.endsWith(target) || t.includes(`${target}#`))).toBe(true);
  });
});
