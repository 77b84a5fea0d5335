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
