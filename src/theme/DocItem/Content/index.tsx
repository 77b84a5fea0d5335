/**
 * Why this wrapper exists: it puts two plugins' parts of a doc page together. The page actions ("Copy page" and its
 * menu, plugins/markdown-twins) sit beside the title, above the article, which plugins/adopted-articles renders
 * (`@theme-original` names that plugin's wrapper of the classic theme's component).
 */
import type {ReactNode} from 'react';
import Content from '@theme-original/DocItem/Content';
import type ContentType from '@theme/DocItem/Content';
import type {WrapperProps} from '@docusaurus/types';
import PageActions from '@theme/PageActions';

type Props = WrapperProps<typeof ContentType>;

export default function ContentWrapper(props: Props): ReactNode {
  return (
    <>
      <PageActions />
      <Content {...props} />
    </>
  );
}
