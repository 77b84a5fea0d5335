/**
 * Every constant the site shares between its config, its pages and its tests.
 * Version names and repository URLs live here and nowhere else: the older docs
 * versions come from `versions.json` (written by `docusaurus docs:version`),
 * the current one is declared below.
 */
import olderVersions from '../versions.json';

/** The version the `docs/` folder holds; it is served at `/docs/<CURRENT_VERSION>`. */
export const CURRENT_VERSION = '2.0.1';

/** Frozen versions, newest first, as `docusaurus docs:version` records them. */
export const ARCHIVED_VERSIONS: readonly string[] = olderVersions;

/** All docs versions, newest first. */
export const ALL_VERSIONS: readonly string[] = [CURRENT_VERSION, ...ARCHIVED_VERSIONS];

export const SITE = {
  title: 'SPHERE',
  tagline: 'A new way to manage your SaaS pricing',
  /** Production origin; `SITE_URL` overrides it at build time (see docusaurus.config.ts). */
  url: 'https://isa-group.github.io',
  baseUrl: '/',
  organizationName: 'isa-group',
  projectName: 'sphere-docs',
} as const;

const gh = (repo: string) => `https://github.com/${repo}`;

/** Source repositories of the toolkit and of this site. */
export const REPOS = {
  docs: gh('isa-group/sphere-docs'),
  pricing4java: gh('isa-group/Pricing4Java'),
  pricing4react: gh('isa-group/Pricing4React'),
  pricing4ts: gh('Alex-GF/Pricing4TS'),
  saasAnalysis: gh('isa-group/SaaS-analysis'),
  space: gh('isa-group/space'),
  sphere: gh('Alex-GF/SPHERE'),
  spaceNodeClient: gh('Alex-GF/space-node-client'),
  spaceReactClient: gh('Alex-GF/space-react-client'),
} as const;

/** The SPACE revision the 2.0.1 docs describe (pre-1.0, no release tag). */
export const SPACE_COMMIT = '9123ae209b75429d524c17d9511f5f92b672a750';

/** Path of a page of the current docs version, e.g. `docPath('docs/Introduction')`. */
export function docPath(docId: string, version: string = CURRENT_VERSION): string {
  return `/docs/${version}/${docId}`;
}

/** The announcement bar. Change `id` whenever `content` changes so dismissed readers see it again. */
export const ANNOUNCEMENT = {
  id: 'pricing2yaml-3-0',
  backgroundColor: '#1d3a6e',
  textColor: '#ffffff',
  content: `Pricing2Yaml 3.0 is out, with renewable usage limits and add-on quantities. <a href="${docPath(
    'api/Pricing2Yaml/migrating-30',
  )}">Read the migration guide</a>.`,
} as const;
