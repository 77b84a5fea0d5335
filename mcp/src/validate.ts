/**
 * validate_pricing: the playground's checker (src/lib/pricing2yaml/analyze.ts) with the JSON Schemas of the build,
 * compiled once in Node with the options the tests and the build-time validators use (src/lib/pricing2yaml/validators.ts).
 */
import {MAX_CHARS, analyze, type Analysis, type Status} from '@sphere-docs/lib/pricing2yaml/analyze';
import {readQuickly} from '@sphere-docs/lib/pricing2yaml/readYaml';
import type {Site} from './site';

export interface Problem {
  line: number;
  /** Dotted field path, such as `plans.PRO.features.darkMode`; empty for the document itself. */
  path: string;
  message: string;
  source: 'yaml' | 'schema' | 'cross-reference';
}

export interface Validation {
  status: Status;
  summary: string;
  /** The syntax version the document declares, as written. */
  declaredVersion?: string;
  /** The syntax version it was checked against. */
  syntaxVersion?: string;
  problems: Problem[];
  /**
   * For a valid document: whether SPACE (the revision the docs describe) stores it when uploaded as a file, and what
   * it then does that the file does not say; the same verdict the playground shows.
   */
  space?: {
    stores: boolean;
    summary: string;
    findings: {line: number; path: string; message: string; effect: string}[];
  };
  /**
   * For a document of an older syntax: the same pricing in Pricing2Yaml 3.0, corrected (every context reference
   * renamed), which is not what SPACE makes of the older file; `about` says so, and `spaceBreaks` lists the expressions
   * SPACE's own upgrade of the file would break.
   */
  upgrade?: {
    from: string;
    notes: string[];
    yaml?: string;
    about?: string;
    spaceBreaks?: {line: number; path: string; message: string}[];
    error?: string;
  };
}

/** Statuses for which the text could not be read as a pricing document at all: the tool answers them as errors. */
export const UNREADABLE: readonly Status[] = ['empty', 'too-large', 'not-yaml', 'not-pricing'];

export function toValidation(analysis: Analysis): Validation {
  const out: Validation = {
    status: analysis.status,
    summary: analysis.summary,
    problems: analysis.diagnostics.map(({line, path, message, source}) => ({line, path, message, source})),
  };
  if (analysis.declared !== undefined) out.declaredVersion = analysis.declared;
  if (analysis.version !== undefined) out.syntaxVersion = analysis.version;
  if (analysis.space) {
    const {stores, summary, findings} = analysis.space;
    out.space = {
      stores,
      summary,
      findings: findings.map(({line, path, message, effect}) => ({line, path, message, effect})),
    };
  }
  if (analysis.upgrade) {
    const {from, notes, yaml, about, spaceBreaks, error} = analysis.upgrade;
    out.upgrade = {from, notes};
    if (yaml !== undefined) out.upgrade.yaml = yaml;
    if (about !== undefined) out.upgrade.about = about;
    if (spaceBreaks) out.upgrade.spaceBreaks = spaceBreaks.map(({line, path, message}) => ({line, path, message}));
    if (error !== undefined) out.upgrade.error = error;
  }
  return out;
}

/**
 * The checker's verdict, and the analysis it came from (none for an empty or oversized text). `pricingOnly` skips the
 * printed 3.0 form and SPACE's verdict of a valid document, which an evaluation does not show.
 */
export async function checkPricing(
  site: Site,
  yaml: string,
  pricingOnly = false,
): Promise<{validation: Validation; analysis?: Analysis}> {
  if (yaml.trim() === '') {
    return {validation: {status: 'empty', summary: 'The text is empty: pass a Pricing2Yaml document.', problems: []}};
  }
  if (yaml.length > MAX_CHARS) {
    const kb = (n: number) => `${Math.round(n / 1024)} KB`;
    return {
      validation: {
        status: 'too-large',
        summary:
          `The document is ${kb(yaml.length)}; the server checks documents up to ${kb(MAX_CHARS)}, as the ` +
          'playground does. Real pricings are a few kilobytes: is this the right file?',
        problems: [],
      },
    };
  }
  // No diff to show here, so the original is not printed again (the playground prints it for its diff). The quick
  // reader (js-yaml, positions from the text's lines) spares most documents the positional parse: the same answer in
  // about a third of the time.
  const analysis = await analyze(yaml, site.loadValidator, new Date(), {
    original: false,
    pricingOnly,
    readValue: readQuickly,
  });
  return {validation: toValidation(analysis), analysis};
}

export async function validatePricing(site: Site, yaml: string): Promise<Validation> {
  return (await checkPricing(site, yaml)).validation;
}

export function validationText(v: Validation): string {
  const lines = [`${v.status}: ${v.summary}`];
  for (const p of v.problems) lines.push(`- line ${p.line}${p.path ? `, ${p.path}` : ''}: ${p.message} (${p.source})`);
  if (v.space) {
    lines.push('', `SPACE: ${v.space.summary}`);
    for (const f of v.space.findings)
      lines.push(`- line ${f.line}${f.path ? `, ${f.path}` : ''}: ${f.message} (${f.effect})`);
  }
  if (v.upgrade?.yaml) {
    lines.push('', `The corrected Pricing2Yaml 3.0 form of this ${v.upgrade.from} document:`, '');
    if (v.upgrade.about) lines.push(v.upgrade.about, '');
    if (v.upgrade.spaceBreaks?.length) {
      lines.push(`Expressions SPACE's own upgrade of the ${v.upgrade.from} file would break:`);
      for (const b of v.upgrade.spaceBreaks) lines.push(`- line ${b.line}, ${b.path}: ${b.message}`);
      lines.push('', 'What the upgrade to 3.0 changed:');
    }
    lines.push(...v.upgrade.notes.map((n) => `- ${n}`));
    lines.push('', '```yaml', v.upgrade.yaml.trimEnd(), '```');
  }
  return lines.join('\n');
}
