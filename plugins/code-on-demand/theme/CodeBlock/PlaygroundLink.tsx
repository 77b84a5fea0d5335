/**
 * "Open in playground" under a complete Pricing2Yaml example: the link carries the document to /playground in its
 * hash. The encoding (src/components/Playground/share.ts) travels in the `playground-link` chunk, which the playground
 * page shares (../../chunks.ts).
 */
import type {ReactNode} from 'react';
import Link from '@docusaurus/Link';
import {playgroundUrl} from '@site/src/components/Playground/share';
import styles from './styles.module.css';

export default function PlaygroundLink({document, name}: {document: string; name?: string}): ReactNode {
  return (
    // The hash carries the document, not an anchor: skip the broken-anchor check (the e2e suite follows it).
    <Link
      data-noBrokenLinkCheck
      className={styles.open}
      to={playgroundUrl(document)}
      aria-label={name ? `Open in playground: ${name}` : undefined}
    >
      Open in playground
    </Link>
  );
}
