/**
 * Adds a suffix to the version of the bundler's persistent cache, so that a build whose inputs outside the module
 * graph differ (a switch, a folder of generated files) never reuses modules compiled for other inputs.
 */
import type {Plugin} from '@docusaurus/types';

/** The bundler configuration a plugin's configureWebpack receives. */
type Configuration = Parameters<NonNullable<Plugin['configureWebpack']>>[0];

export function recordInCacheKey(config: Configuration, suffix: string): void {
  // webpack: cache.version; Rspack: experiments.cache.version.
  const cache = config.cache as {version?: string} | boolean | undefined;
  if (cache && typeof cache === 'object') cache.version = `${cache.version ?? ''}${suffix}`;
  const experiments = config.experiments as {cache?: {version?: string} | boolean} | undefined;
  if (experiments?.cache && typeof experiments.cache === 'object') {
    experiments.cache.version = `${experiments.cache.version ?? ''}${suffix}`;
  }
}
