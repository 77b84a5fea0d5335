/**
 * Wraps the stock Mermaid component so the Mermaid runtime (~150 KB gzip)
 * is fetched only by pages that draw a diagram. The stock MDX components
 * import `@theme/Mermaid` statically, which would put Mermaid in every
 * page's first load; config cannot change that.
 *
 * The stock component renders nothing on the server (diagrams are drawn in
 * the browser), so rendering nothing until the chunk arrives keeps
 * hydration identical.
 */
import {lazy, Suspense, type ReactNode} from 'react';
import useIsBrowser from '@docusaurus/useIsBrowser';
import type MermaidType from '@theme/Mermaid';
import type {WrapperProps} from '@docusaurus/types';

type Props = WrapperProps<typeof MermaidType>;

const OriginalMermaid = lazy(() => import('@theme-original/Mermaid'));

export default function Mermaid(props: Props): ReactNode {
  const isBrowser = useIsBrowser();
  if (!isBrowser) {
    return null;
  }
  return (
    <Suspense fallback={null}>
      <OriginalMermaid {...props} />
    </Suspense>
  );
}
