/**
 * The vendored Pricing2Yaml corpus (tests/fixtures/pricings/, see its README for sources and licences): the files
 * Pricing4Java 5.5.2 and Pricing4TS 0.10.4 test themselves with. Its `full/` set of Pricing4TS holds the real SaaS
 * pricings (Zoom, Box, GitHub, Slack … over the years, and its PetClinic) that tests and benchmarks use.
 */
import {readdirSync, statSync} from 'node:fs';
import {basename, join} from 'node:path';

import {ROOT} from './codeBlocks';

export const CORPUS_DIR = join(ROOT, 'tests', 'fixtures', 'pricings');
export const REAL_PRICINGS_DIR = join(CORPUS_DIR, 'pricing4ts', 'tests', 'resources', 'pricing', 'full');

/** Every YAML file below `dir`, as absolute paths, in a stable order. */
export function yamlFilesUnder(dir: string = CORPUS_DIR): string[] {
  return readdirSync(dir)
    .sort()
    .flatMap((name) => {
      const p = join(dir, name);
      return statSync(p).isDirectory() ? yamlFilesUnder(p) : /\.ya?ml$/.test(name) ? [p] : [];
    });
}

/** Every real pricing, as absolute paths, in a stable order. */
export const realPricings = (): string[] => yamlFilesUnder(REAL_PRICINGS_DIR);

/** The newest pricing of each SaaS (its folder's last year), plus the loose files such as petclinic.yml. */
export function newestRealPricings(): string[] {
  const newest = new Map<string, string>();
  for (const file of realPricings()) {
    const saas = basename(join(file, '..')) === 'full' ? file : join(file, '..');
    newest.set(saas, file);
  }
  return [...newest.values()];
}

/** One real pricing by its path under full/, e.g. `petclinic.yml` or `box/2025.yml`. */
export const realPricing = (path: string) => join(REAL_PRICINGS_DIR, path);
