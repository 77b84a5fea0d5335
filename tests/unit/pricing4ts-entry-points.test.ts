/**
 * Runs the installed pricing4ts (0.9.5) through the cases the 2.0.1 pages warn about, so the warnings cannot drift
 * from the library, and checks that the pages that need a warning carry it:
 * - an upgrade through a file (retrievePricingFromPath) drops plan and add-on overrides whose value is false or 0, in
 *   the rewritten file and in the returned Pricing; a document already at the newest syntax keeps them;
 * - retrievePricingFromPath refuses a 3.0 document, retrievePricingFromYaml parses it with the 2.1 rules.
 * pricing4ts 0.10.x is not on the registry these docs use; its serializer (pricing-serializer.ts) and the write in
 * version-manager.ts are unchanged from 0.9.5, which the pages say.
 */
import {copyFileSync, mkdtempSync, readFileSync, rmSync, writeFileSync} from 'node:fs';
import {tmpdir} from 'node:os';
import {join} from 'node:path';
import {afterAll, describe, expect, it} from 'vitest';
import {parse as parseYaml} from 'yaml';
import {retrievePricingFromYaml} from 'pricing4ts';
import {retrievePricingFromPath} from 'pricing4ts/server';
import {ROOT} from '../utils/codeBlocks';

const scratch = mkdtempSync(join(tmpdir(), 'pricing4ts-entry-points-'));
afterAll(() => rmSync(scratch, {recursive: true, force: true}));

const read = (page: string) => readFileSync(join(ROOT, page), 'utf8');

/** The overrides under test: a default-on feature switched off and a limit set to 0. */
const FALSY_OVERRIDES = `    features:
      notes:
        value: false
    usageLimits:
      maxNotes:
        value: 0
`;

/** A pricing whose LOCKED plan and archive add-on carry FALSY_OVERRIDES. */
function document(versionLine: string, archiveExtra = ''): string {
  return `${versionLine}
saasName: DemoNotes
createdAt: "2024-06-01"
currency: EUR
features:
  notes:
    valueType: BOOLEAN
    defaultValue: true
    type: DOMAIN
usageLimits:
  maxNotes:
    valueType: NUMERIC
    defaultValue: 10
    unit: note
    type: NON_RENEWABLE
    linkedFeatures:
      - notes
plans:
  FREE:
    price: 0
    features: null
  LOCKED:
    price: 0
${FALSY_OVERRIDES}addOns:
  archive:
    price: 2
${FALSY_OVERRIDES}${archiveExtra}`;
}

const EXTENSION = `    usageLimitsExtensions:
      maxNotes:
        value: 5
`;

/** Writes a document to a fresh file and returns its path (retrievePricingFromPath rewrites what it reads). */
function fileWith(name: string, text: string): string {
  const source = join(scratch, `${name}.src.yml`);
  const copy = join(scratch, `${name}.yml`);
  writeFileSync(source, text);
  copyFileSync(source, copy);
  return copy;
}

describe('false and 0 overrides through the pricing4ts entry points', () => {
  it('an upgrade through a file drops them from the returned pricing', () => {
    const pricing = retrievePricingFromPath(fileWith('upgraded', document('version: "2.0"', EXTENSION)));
    expect(pricing.syntaxVersion).toBe('2.1');
    const locked = pricing.plans!.LOCKED;
    expect(locked.features.notes.value).toBeUndefined();
    expect(locked.usageLimits!.maxNotes.value).toBeUndefined();
    // Undefined means the default applies: the plan that was meant to withhold the feature grants it.
    expect(locked.features.notes.defaultValue).toBe(true);
    const archive = pricing.addOns!.archive;
    expect(archive.features?.notes?.value).toBeUndefined();
    expect(archive.usageLimits?.maxNotes?.value).toBeUndefined();
    expect(archive.usageLimitsExtensions?.maxNotes?.value).toBe(5);
  });

  it('an upgrade through a file drops them from the rewritten file', () => {
    const path = fileWith('rewritten', document('version: "2.0"', EXTENSION));
    retrievePricingFromPath(path);
    const written = parseYaml(readFileSync(path, 'utf8')) as {
      syntaxVersion: string;
      plans: Record<string, {features: unknown; usageLimits?: unknown}>;
    };
    expect(written.syntaxVersion).toBe('2.1');
    expect(written.plans.LOCKED.features).toBeNull();
    expect(written.plans.LOCKED.usageLimits).toBeNull();
  });

  it('an add-on made only of such overrides ends up empty and the load fails', () => {
    expect(() => retrievePricingFromPath(fileWith('empty-addon', document('version: "2.0"')))).toThrow(
      'An add-on cannot be empty',
    );
    // The same add-on is accepted when nothing is upgraded.
    expect(() => retrievePricingFromYaml(document('syntaxVersion: "2.1"'))).not.toThrow();
  });

  it('a document at the newest syntax keeps them, through either entry point', () => {
    const text = document('syntaxVersion: "2.1"', EXTENSION);
    const path = fileWith('latest', text);
    for (const pricing of [retrievePricingFromPath(path), retrievePricingFromYaml(text)]) {
      expect(pricing.plans!.LOCKED.features.notes.value).toBe(false);
      expect(pricing.plans!.LOCKED.usageLimits!.maxNotes.value).toBe(0);
      expect(pricing.addOns!.archive.features?.notes?.value).toBe(false);
    }
    // Nothing was upgraded, so nothing was written.
    expect(readFileSync(path, 'utf8')).toBe(text);
  });
});

describe('the Yaml4SaaS check of the 1.4.0 and 2.0.0 validator pages', () => {
  // Those pages load a Yaml4SaaS file through retrievePricingFromPath after adding `version: "1.0"`.
  const yaml4saas = document('version: "1.0"', EXTENSION)
    .replace('createdAt: "2024-06-01"\n', 'day: 1\nmonth: 6\nyear: 2024\n')
    .replaceAll('price: 0\n', 'monthlyPrice: 0\n    annualPrice: 0\n')
    .replace('price: 2\n', 'monthlyPrice: 2\n');

  it('sees a plan that switches a default-on feature off with the default', () => {
    const pricing = retrievePricingFromPath(fileWith('yaml4saas', yaml4saas));
    expect(pricing.plans!.LOCKED.features.notes.value).toBeUndefined();
    expect(pricing.plans!.LOCKED.features.notes.defaultValue).toBe(true);
  });

  it.each(['1.4.0', '2.0.0'])('%s: the validator page says so', (version) => {
    const text = read(`versioned_docs/version-${version}/api/Yaml4SaaS/yaml4saas-validator.mdx`);
    expect(text).toContain('drops plan and add-on values that are `false` or `0`');
  });
});

describe('a 3.0 document in pricing4ts 0.9.5', () => {
  // A 3.0 file that still uses a 2.1-only limit type and a 3.0-only key.
  const v30 = document('syntaxVersion: "3.0"', EXTENSION).replace(
    'type: NON_RENEWABLE\n',
    'type: TIME_DRIVEN\n    period:\n      value: 1\n      unit: HOUR\n',
  );

  it('is refused by retrievePricingFromPath', () => {
    expect(() => retrievePricingFromPath(fileWith('v30', v30))).toThrow('Unsupported version: 3.0');
  });

  it('is parsed with the 2.1 rules by retrievePricingFromYaml: a 2.1-only type passes', () => {
    const pricing = retrievePricingFromYaml(v30);
    expect(pricing.syntaxVersion).toBe('3.0');
    expect(pricing.usageLimits!.maxNotes.type).toBe('TIME_DRIVEN');
  });
});

describe('the pages say what the library does', () => {
  const syntax = read('docs/api/Pricing2Yaml/the-pricing2yaml-syntax.mdx');

  it('the reference section names all three entry points and the loss', () => {
    const section = syntax.slice(syntax.indexOf('## Loading a file from code'));
    expect(section).not.toBe(syntax);
    for (const name of ['retrievePricingFromYaml', 'retrievePricingFromPath', 'retrievePricingFromText']) {
      expect(section).toContain(`\`${name}(`);
    }
    expect(section).toContain('An add-on cannot be empty');
    expect(section).toContain('create-service.mdx#false-and-0-overrides-in-uploaded-files');
  });

  it('warns before the upload steps of create-service and create-version', () => {
    for (const page of ['create-service', 'create-version']) {
      const text = read(`docs/api/space/user-guide/${page}.mdx`);
      const warning = text.indexOf(':::warning Files older than 3.0 lose `false` and `0` overrides');
      expect(warning, page).toBeGreaterThan(0);
      expect(warning, page).toBeLessThan(text.indexOf('## From the web interface'));
    }
    expect(read('docs/api/space/user-guide/create-service.mdx')).toContain(
      '### `false` and `0` overrides in uploaded files',
    );
  });

  it('good practices and the migration guide link to the reference', () => {
    for (const page of ['good-practices', 'migrating-30']) {
      expect(read(`docs/api/Pricing2Yaml/${page}.mdx`), page).toContain(
        './the-pricing2yaml-syntax.mdx#loading-a-file-from-code',
      );
    }
    expect(read('docs/api/Pricing2Yaml/good-practices.mdx')).toContain(
      'create-service.mdx#false-and-0-overrides-in-uploaded-files',
    );
  });

  it('the migration guide says which 0.9 entry point refuses 3.0 and which lets it through', () => {
    const text = read('docs/api/Pricing2Yaml/migrating-30.mdx');
    const warning = text.slice(text.indexOf(':::warning Check who reads the file first'));
    const body = warning.slice(0, warning.indexOf('\n:::'));
    expect(body).toContain('`retrievePricingFromPath` refuses it ("Unsupported version: 3.0")');
    expect(body).toContain('`retrievePricingFromYaml`');
    expect(body).toContain('2.1 rules');
  });
});
