/**
 * Pages of an older docs version share their titles with the same pages of the current one, which makes them
 * indistinguishable in search results, bookmarks and tabs. This wrapper adds the version to their <title>
 * ("Installation (1.4.0) | SPHERE"); the current version keeps the plain title. The heading is unchanged.
 */
import type {ReactNode} from 'react';
import Metadata from '@theme-original/DocItem/Metadata';
import type MetadataType from '@theme/DocItem/Metadata';
import type {WrapperProps} from '@docusaurus/types';
import {useDoc} from '@docusaurus/plugin-content-docs/client';
import ArchivedVersionTitle from '@site/src/components/ArchivedVersionTitle';

type Props = WrapperProps<typeof MetadataType>;

export default function MetadataWrapper(props: Props): ReactNode {
  const {metadata} = useDoc();
  return (
    <>
      <Metadata {...props} />
      <ArchivedVersionTitle title={metadata.title} />
    </>
  );
}
