/**
 * Real SaaS pricings for the tests and benchmarks: the `full/` pricings Pricing4TS 0.10.4 tests itself with (Zoom,
 * Box, GitHub, Slack … over the years, and its PetClinic), vendored with their licence in tests/fixtures/pricings/.
 */
import {readdirSync, statSync} from 'node:fs';
import {basename, join} from 'node:path';

import {ROOT} from './codeBlocks';

export const REAL_PRICINGS_DIR = join(
  ROOT,
  'tests',
  'fixtures',
  'pricings',
  'pricing4ts',
  'tests',
  'resources',
  'pricing',
  'full',
);

/** Every real pricing, as absolute paths, in a stable order. */
export function realPricings(): string[] {
  const walk = (dir: string): string[] =>
    readdirSync(dir)
      .sort()
      .flatMap((name) => {
        const p = join(dir, name);
        return statSync(p).isDirectory() ? walk(p) : name.endsWith('.yml') ? [p] : [];
      });
  return walk(REAL_PRICINGS_DIR);
}

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
