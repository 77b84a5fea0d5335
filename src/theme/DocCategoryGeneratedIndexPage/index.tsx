/**
 * Category index pages of an older docs version get the version in their <title>, like its docs
 * (see src/theme/DocItem/Metadata).
 */
import type {ReactNode} from 'react';
import DocCategoryGeneratedIndexPage from '@theme-original/DocCategoryGeneratedIndexPage';
import type DocCategoryGeneratedIndexPageType from '@theme/DocCategoryGeneratedIndexPage';
import type {WrapperProps} from '@docusaurus/types';
import ArchivedVersionTitle from '@site/src/components/ArchivedVersionTitle';

type Props = WrapperProps<typeof DocCategoryGeneratedIndexPageType>;

export default function DocCategoryGeneratedIndexPageWrapper(props: Props): ReactNode {
  return (
    <>
      <DocCategoryGeneratedIndexPage {...props} />
      <ArchivedVersionTitle title={props.categoryGeneratedIndex.title} />
    </>
  );
}
