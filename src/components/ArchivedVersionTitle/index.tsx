/**
 * On a page of an older docs version, sets the <title> (and og:title) to the page title followed by the version, so
 * that no two pages of the site share a title. Renders nothing in the current version. Place it after the component
 * that sets the plain title: the last title rendered wins.
 */
import type {ReactNode} from 'react';
import {PageMetadata} from '@docusaurus/theme-common';
import {useDocsVersion} from '@docusaurus/plugin-content-docs/client';

export default function ArchivedVersionTitle({title}: {title: string}): ReactNode {
  const version = useDocsVersion();
  if (version.isLast) return null;
  return <PageMetadata title={`${title} (${version.label})`} />;
}
