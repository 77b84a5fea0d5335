/**
 * `@docusaurus/Head` as seen by the theme's SearchBar in embedded mode only
 * (a webpack rule scoped to that one module, see ../index.ts): it drops the
 * `<link rel="preconnect">` to Algolia, so the default build never contacts a
 * third-party host. Every other module gets the real `@docusaurus/Head`.
 */
import React, {Children, isValidElement, type ComponentProps} from 'react';
import Head from '@docusaurus/Head';

function isAlgoliaPreconnect(child: unknown): boolean {
  if (!isValidElement(child) || child.type !== 'link') return false;
  const {rel, href} = child.props as {rel?: string; href?: string};
  return rel === 'preconnect' && /algolia(net)?\.(net|com)/.test(href ?? '');
}

export default function HeadWithoutPreconnect({children, ...props}: ComponentProps<typeof Head>) {
  const kept = Children.toArray(children).filter((child) => !isAlgoliaPreconnect(child));
  return kept.length > 0 ? <Head {...props}>{kept}</Head> : null;
}
