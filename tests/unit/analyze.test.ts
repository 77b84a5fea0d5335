/**
 * What the playground reports for a text (src/lib/pricing2yaml/analyze.ts): a status for every kind of bad input,
 * diagnostics on the right line with a field path, and the 3.0 form of valid documents.
 */
import {describe, expect, it} from 'vitest';

import {MAX_CHARS, analyze, formatPath, locate} from '@sphere-docs/lib/pricing2yaml/analyze';
import {lineDiff} from '@sphere-docs/lib/lineDiff';
import {parseDocument} from 'yaml';
import {compilingLoader} from '@sphere-docs/lib/pricing2yaml/validators';
import {readSchema} from '../utils/pricing2yaml';

const load = compilingLoader(async (v) => readSchema(v));
const run = (text: string) => analyze(text, load, new Date('2025-12-31'));

const VALID = `syntaxVersion: "3.0"
saasName: Sheetbird
createdAt: "2025-05-20"
currency: EUR
features:
  export:
    valueType: BOOLEAN
    defaultValue: false
    type: DOMAIN
plans:
  FREE:
    price: 0
    features: null
  PRO:
    price: 9
    features:
      export:
        value: true
`;

describe('analyze', () => {
  it('accepts a valid document and gives its pricing', async () => {
    const a = await run(VALID);
    expect(a.status).toBe('valid');
    expect(a.version).toBe('3.0');
    expect(a.diagnostics).toEqual([]);
    expect(Object.keys(a.pricing?.plans as object)).toEqual(['FREE', 'PRO']);
    expect(a.upgrade).toBeUndefined();
  });

  it('puts a schema error on the line of the offending value, with its path and a plain message', async () => {
    const a = await run(VALID.replace('valueType: BOOLEAN', 'valueType: BOOLEANS'));
    expect(a.status).toBe('invalid');
    const d = a.diagnostics.find((x) => x.path === 'features.export.valueType');
    expect(d, JSON.stringify(a.diagnostics)).toBeDefined();
    expect(d!.line).toBe(7);
    expect(d!.message).toContain('use one of BOOLEAN, NUMERIC, TEXT');
    expect(a.pricing).toBeUndefined();
  });

  it('marks an unknown key itself, and a missing one at its parent', async () => {
    const a = await run(VALID.replace('    price: 9\n', '    price: 9\n    cost: 3\n').replace('currency: EUR\n', ''));
    const unknown = a.diagnostics.find((x) => x.path === 'plans.PRO.cost');
    expect(unknown?.line).toBe(15);
    expect(unknown?.message).toBe('"cost" is not a field Pricing2Yaml 3.0 allows here.');
    expect(a.diagnostics.some((x) => x.message === 'Missing required field "currency".' && x.line === 1)).toBe(true);
  });

  it('reports cross-reference problems at the name that does not resolve', async () => {
    const a = await run(VALID.replace('      export:\n        value: true', '      exports:\n        value: true'));
    const d = a.diagnostics.find((x) => x.source === 'cross-reference');
    expect(d?.path).toBe('plans.PRO.features.exports');
    expect(d?.line).toBe(17);
  });

  it('asks for quotes around a numeric syntaxVersion', async () => {
    const a = await run(VALID.replace('"3.0"', '3.0'));
    expect(a.diagnostics[0]).toMatchObject({
      line: 1,
      path: 'syntaxVersion',
      message: 'Must be the quoted string "3.0".',
    });
  });

  it('shows the 3.0 form of an older document', async () => {
    const a = await run(VALID.replace('"3.0"', '"2.1"'));
    expect(a.status).toBe('valid');
    expect(a.upgrade?.from).toBe('2.1');
    expect(a.upgrade?.yaml).toContain('syntaxVersion: "3.0"');
    const diff = lineDiff(a.upgrade!.original!, a.upgrade!.yaml!)!;
    expect(diff.filter((l) => l.kind !== 'same')).toEqual([
      {kind: 'removed', text: 'syntaxVersion: "2.1"'},
      {kind: 'added', text: 'syntaxVersion: "3.0"'},
    ]);
    // Without a diff to draw, the original is not printed; the rest of the answer is the same.
    const lean = await analyze(VALID.replace('"3.0"', '"2.1"'), load, new Date('2025-12-31'), {original: false});
    expect(lean.upgrade?.original).toBeUndefined();
    expect({...lean, upgrade: {...lean.upgrade, original: a.upgrade?.original}}).toEqual(a);
  });

  it('says the 3.0 form is a corrected file, and lists each expression SPACE would upgrade into a refusal', async () => {
    const text = `syntaxVersion: "2.1"
saasName: Quillpad
createdAt: "2025-05-20"
currency: EUR
features:
  drafts:
    valueType: BOOLEAN
    defaultValue: true
    type: DOMAIN
    expression: planContext['features']['drafts']
  sharing:
    valueType: BOOLEAN
    defaultValue: false
    type: DOMAIN
    expression: planContext['features']['sharing'] && planContext['features']['drafts']
    serverExpression: userContext['shares'] < planContext['usageLimits']['shares'] && userContext['links'] < planContext['usageLimits']['links']
usageLimits:
  shares:
    valueType: NUMERIC
    defaultValue: 5
    type: NON_RENEWABLE
    linkedFeatures: [sharing]
  links:
    valueType: NUMERIC
    defaultValue: 5
    type: NON_RENEWABLE
    linkedFeatures: [sharing]
plans:
  BASIC:
    price: 0
    features: null
`;
    const a = await run(text);
    expect(a.status).toBe('valid');
    // The 3.0 form renames every reference; SPACE's upgrade (pricing4ts 0.10.3) renames the first of each only.
    expect(a.upgrade?.yaml).not.toMatch(/planContext|userContext/);
    expect(a.upgrade?.spaceBreaks?.map(({line, path}) => ({line, path}))).toEqual([
      {line: 15, path: 'features.sharing.expression'},
      {line: 16, path: 'features.sharing.serverExpression'},
    ]);
    expect(a.upgrade?.spaceBreaks?.[0].message).toContain(
      "leaves 1 more under the 2.x name (pricingContext['features']['sharing'] && planContext['features']['drafts'])",
    );
    expect(a.upgrade?.spaceBreaks?.[1].message).toContain('leaves 2 more');
    expect(a.upgrade?.about).toMatch(/^This 3\.0 form is a corrected file, not the pricing SPACE would store/);
    expect(a.upgrade?.about).toContain('2 expressions broken (lines 15, 16)');
    expect(a.upgrade?.about).toMatch(/Upload this corrected 3\.0 form instead of the 2\.1 file\.$/);
    // SPACE's verdict refuses the upload for the same expressions.
    expect(a.space?.stores).toBe(false);
    expect(a.space?.findings.filter((f) => f.effect === 'refused').map((f) => f.line)).toEqual([15, 16]);

    // A single reference per context is renamed by SPACE too: nothing to list, the label stays.
    const clean = await run(VALID.replace('"3.0"', '"2.1"'));
    expect(clean.upgrade?.spaceBreaks).toEqual([]);
    expect(clean.upgrade?.about).toMatch(/^This 3\.0 form is a corrected file, not the pricing SPACE would store/);
    expect(clean.upgrade?.about).toMatch(/Upload this 3\.0 form to get exactly the pricing shown here\.$/);
  });

  it('skips the printed 3.0 form and the SPACE verdict when asked for the pricing only', async () => {
    const older = VALID.replace('"3.0"', '"2.1"');
    const full = await run(older);
    const lean = await analyze(older, load, new Date('2025-12-31'), {pricingOnly: true});
    expect(lean.upgrade).toEqual({from: '2.1', notes: full.upgrade?.notes});
    expect(lean.space).toBeUndefined();
    expect({...lean, upgrade: full.upgrade, space: full.space}).toEqual(full);
  });

  it.each([
    ['empty', '  \n', 'empty', /empty/],
    ['not YAML', 'a: [1, 2\nb: }', 'not-yaml', /not valid YAML/],
    ['binary garbage', '\u0000\u0001\u00ff\u00fe: : -\t"\u0007', 'not-yaml', /U\+0000 on line 1.*binary file/],
    ['a plain string', 'hello world', 'not-pricing', /top level must be a map/],
    ['no version', 'saasName: X\ncurrency: EUR\n', 'no-version', /add syntaxVersion/],
    ['unknown version', 'syntaxVersion: "4.2"\nsaasName: X\n', 'unknown-version', /Unknown syntaxVersion "4.2"/],
    ['too large', 'a: b\n'.repeat(MAX_CHARS / 4), 'too-large', /up to 128 KB/],
    ['deep nesting', 'a: ' + '['.repeat(200) + ']'.repeat(200), 'not-pricing', /nested more than/],
  ])('gives a clear status for %s', async (_name, text, status, summary) => {
    const a = await run(text);
    expect(a.status).toBe(status);
    expect(a.summary).toMatch(summary);
  });

  it('stops a billion-laughs alias bomb', async () => {
    let bomb = 'a: &a ["lol","lol","lol","lol","lol","lol","lol","lol","lol"]\n';
    for (let i = 0; i < 9; i++) {
      const [prev, next] = [String.fromCharCode(97 + i), String.fromCharCode(98 + i)];
      bomb += `${next}: &${next} [${Array(9)
        .fill('*' + prev)
        .join(',')}]\n`;
    }
    const a = await run(bomb);
    expect(a.status).toBe('not-yaml');
    expect(a.summary).toMatch(/too many aliases/);
  });

  it('reports a YAML syntax error on its line', async () => {
    const a = await run('syntaxVersion: "3.0"\nsaasName: X\nfeatures:\n  a: [1,\n');
    expect(a.status).toBe('not-yaml');
    expect(a.diagnostics[0].line).toBeGreaterThanOrEqual(4);
  });
});

/** A 1.1 document, for the rules about monthlyPrice/annualPrice. */
const V11 = `saasName: Sheetbird
version: "1.1"
createdAt: "2024-05-20"
currency: EUR
features:
  export:
    valueType: BOOLEAN
    defaultValue: false
    type: DOMAIN
plans:
  PRO:
    monthlyPrice: 10
    annualPrice: 8
    features: null
`;

describe('analyze: where the checker follows the parsers', () => {
  const errors = (a: Awaited<ReturnType<typeof run>>) => a.diagnostics.filter((d) => d.severity === 'error');

  it.each(['1.1', '2.0', '2.1', '3.0'])('reads null on an optional key as absent (%s)', async (version) => {
    const base = version === '1.1' ? V11 : VALID.replace('"3.0"', `"${version}"`);
    const text = base
      .replace(/^syntaxVersion: "2\.0"$/m, 'version: "2.0"')
      .replace(
        '    type: DOMAIN\n',
        '    type: DOMAIN\n    docUrl: null\n    pricingUrls: null\n    render: null\n    tag: null\n',
      )
      .replace(/\bautomationType: null\n/, '');
    const withOptional =
      version >= '2.0' ? text.replace('    features: null\n', '    private: null\n    features: null\n') : text;
    const cleaned = version < '2.0' ? withOptional.replace('    render: null\n    tag: null\n', '') : withOptional;
    const a = await run(cleaned);
    expect(errors(a), JSON.stringify(a.diagnostics)).toEqual([]);
  });

  it('accepts a 1.1 plan with a null monthlyPrice and an annualPrice, and upgrades it', async () => {
    const a = await run(V11.replace('monthlyPrice: 10', 'monthlyPrice: null'));
    expect(a.status).toBe('valid');
    expect(a.upgrade?.yaml).toMatch(/price: 8/);
  });

  it('gives one message for a 1.1 plan whose two prices are null', async () => {
    const a = await run(
      V11.replace('monthlyPrice: 10', 'monthlyPrice: null').replace('annualPrice: 8', 'annualPrice: null'),
    );
    expect(a.diagnostics.map((d) => [d.path, d.message])).toEqual([
      ['plans.PRO', 'Needs monthlyPrice or annualPrice (not null); neither is set.'],
    ]);
  });

  it('warns that no current tool loads a 1.0 file without version', async () => {
    const text = `saasName: Sheetbird\nday: 3\nmonth: 4\nyear: 2023\ncurrency: EUR\nfeatures:\n  export:\n    valueType: BOOLEAN\n    defaultValue: false\n    type: DOMAIN\nplans:\n  FREE:\n    monthlyPrice: 0\n    features: null\n`;
    const a = await run(text);
    expect(a.status).toBe('valid');
    expect(a.summary).toMatch(/1 warning/);
    expect(a.diagnostics).toMatchObject([{severity: 'warning', path: 'version'}]);
    expect(a.diagnostics[0].message).toMatch(/pricing4ts \(0\.9\.5 and 0\.10\.4\) and Pricing4Java 5\.5\.2 all reject/);
    expect((await run(`version: "1.0"\n${text}`)).diagnostics).toEqual([]);
  });

  it('rejects a price formula whose variable is text, once', async () => {
    const text = VALID.replace('    price: 9\n', '    price: "2*#x + #x"\n') + 'variables:\n  x: foo\n';
    const a = await run(text);
    expect(a.diagnostics.map((d) => d.path)).toEqual(['plans.PRO.price']);
    expect(a.diagnostics[0].message).toMatch(/#x, whose value "foo" is text/);
  });

  it('reports an undeclared variable used twice once', async () => {
    const a = await run(VALID.replace('    price: 9\n', '    price: "#seat * 2 + #seat"\n'));
    expect(a.diagnostics.map((d) => d.message)).toEqual([
      'The price of PRO uses #seat, which is not declared in variables.',
    ]);
  });

  it('rejects a 1.1 annualPrice above 12 times the monthly one, naming what each parser does', async () => {
    const a = await run(V11.replace('annualPrice: 8', 'annualPrice: 240'));
    expect(a.diagnostics).toMatchObject([{path: 'plans.PRO.annualPrice', line: 13}]);
    expect(a.diagnostics[0].message).toMatch(
      /pricing4ts derives an annual factor of 2 and rejects .*Pricing4Java caps the factor at 1/,
    );
    expect((await run(V11.replace('annualPrice: 8', 'annualPrice: 96'))).status).toBe('valid');
  });

  it('follows Pricing4Java on saasName (at most 50 characters) and on a pricing that sells nothing', async () => {
    const long = await run(VALID.replace('saasName: Sheetbird', `saasName: ${'x'.repeat(51)}`));
    expect(long.diagnostics.map((d) => d.message)).toEqual(['Must be at most 50 characters long (it has 51).']);
    const nothing = await run(VALID.slice(0, VALID.indexOf('plans:')));
    expect(nothing.diagnostics.map((d) => [d.path, d.message])).toEqual([
      ['', 'Needs plans or addOns (not null); neither is set.'],
    ]);
  });

  it('reads numbers with underscores as numbers, with a warning that says so', async () => {
    const a = await run(VALID.replace('    price: 9\n', '    price: 1_000\n'));
    expect(a.status).toBe('valid');
    expect((a.pricing?.plans as Record<string, {price: unknown}>).PRO.price).toBe(1000);
    expect(a.diagnostics).toMatchObject([{severity: 'warning', path: 'plans.PRO.price', line: 15}]);
    expect(a.diagnostics[0].message).toMatch(/1_000 was read as the number 1000.*YAML 1\.2.*text/);
  });
});

describe('analyze: messages', () => {
  it('says what an empty add-on lacks, not what an add-on is', async () => {
    const a = await run(VALID + 'addOns:\n  extra:\n    price: 3\n');
    expect(a.diagnostics.map((d) => [d.path, d.message])).toEqual([
      ['addOns.extra', 'Needs features, usageLimits or usageLimitsExtensions (not null); none is set.'],
    ]);
  });

  it('gives one grammatical message for an empty expression', async () => {
    const a = await run(VALID.replace('    type: DOMAIN\n', '    type: DOMAIN\n    expression: ""\n'));
    expect(a.diagnostics.map((d) => d.message)).toEqual([
      '"" must be text that is not blank (leave the key out or write null instead).',
    ]);
  });

  it.each([
    ['"1.0.0"', /^Version "1\.0\.0" has three parts/],
    ['100', /^Version is the number 100, not a syntax version/],
    ['true', /^Version is true, not a version/],
    ['"alpha"', /^Version "alpha" is not a version number/],
    ['9.999999999E9', /^Version is the number 9999999999, not a syntax version/],
  ])('points at a malformed version %s and says what is wrong', async (value, message) => {
    const a = await run(`saasName: Sheetbird\nversion: ${value}\ncurrency: EUR\n`);
    expect(a.status).toBe('no-version');
    expect(a.diagnostics).toHaveLength(1);
    expect(a.diagnostics[0]).toMatchObject({path: 'version', line: 2});
    expect(a.diagnostics[0].message).toMatch(message);
  });

  it('quotes names that hold a dot in paths', async () => {
    const a = await run(
      VALID.replace('  export:\n', '  cake.com:\n    pricingUrls: [nope]\n').replace(
        '      export:\n',
        '      cake.com:\n',
      ),
    );
    expect(a.diagnostics.map((d) => d.path)).toEqual(['features."cake.com".pricingUrls.0']);
    expect(formatPath(['features', 'a b', 'x'])).toBe('features."a b".x');
  });
});

describe('locate', () => {
  const doc = parseDocument('a:\n  b: 1\n  c:\n    - x\n    - y\n');
  it('finds scalars, list items and falls back to the closest ancestor', () => {
    expect(locate(doc, ['a', 'b'])).toEqual([8, 9]);
    expect(locate(doc, ['a', 'c', '1'])).toEqual([29, 30]);
    expect(locate(doc, ['a', 'c'])).toEqual([12, 13]);
    expect(locate(doc, ['a', 'zzz'])).toEqual([0, 1]);
  });
});

describe('lineDiff', () => {
  it('keeps common lines and marks the rest', () => {
    expect(lineDiff('a\nb\nc\n', 'a\nc\nd\n')).toEqual([
      {kind: 'same', text: 'a'},
      {kind: 'removed', text: 'b'},
      {kind: 'same', text: 'c'},
      {kind: 'added', text: 'd'},
    ]);
  });
});
