/**
 * Puts the page actions ("Copy page" and its menu, ../../PageActions) beside the title of every doc page, and names
 * the page's Markdown twin (plugins/markdown-twins) in the <head> for tools that look for one. Wraps the classic
 * theme's component (`@theme-init`: `@theme-original` would name this very module).
 */
import type {ReactNode} from 'react';
import Content from '@theme-init/DocItem/Content';
import type ContentType from '@theme/DocItem/Content';
import type {WrapperProps} from '@docusaurus/types';
import Head from '@docusaurus/Head';
import {useDoc} from '@docusaurus/plugin-content-docs/client';
import PageActions from '@theme/PageActions';
import {twinPath} from '../../../twin';

type Props = WrapperProps<typeof ContentType>;

export default function ContentWrapper(props: Props): ReactNode {
  const {metadata} = useDoc();
  return (
    <>
      <Head>
        <link rel="alternate" type="text/markdown" href={twinPath(metadata.permalink)} />
      </Head>
      <PageActions />
      <Content {...props} />
    </>
  );
}
