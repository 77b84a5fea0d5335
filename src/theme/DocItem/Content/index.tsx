/**
 * Why this wrapper exists: the page actions ("Copy page" and its menu, plugins/markdown-twins) sit beside the title,
 * above the article, which the classic theme's component renders (`@theme-original`).
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
