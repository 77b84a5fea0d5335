/**
 * Wraps the stock Mermaid component so the Mermaid runtime (~150 KB gzip, and
 * the longest main-thread task of a page that has a diagram) is fetched only
 * when a diagram comes near the viewport. The stock MDX components import
 * `@theme/Mermaid` statically, which would put Mermaid in every page's first
 * load; config cannot change that.
 *
 * The server renders an empty slot (the stock component renders nothing
 * there, diagrams being drawn in the browser), which holds some room until the
 * diagram arrives so the text below moves less, and which a reader without
 * JavaScript never sees (see the noscript style in docusaurus.config.ts).
 */
import {lazy, Suspense, useEffect, useRef, useState, type ReactNode} from 'react';
import type MermaidType from '@theme/Mermaid';
import type {WrapperProps} from '@docusaurus/types';

type Props = WrapperProps<typeof MermaidType>;

const OriginalMermaid = lazy(() => import('@theme-original/Mermaid'));

/** How far outside the viewport a diagram starts loading: about a scroll flick ahead. */
const AHEAD = '200px 0px';

export default function Mermaid(props: Props): ReactNode {
  const slot = useRef<HTMLDivElement>(null);
  const [near, setNear] = useState(false);

  useEffect(() => {
    const element = slot.current;
    if (!element || typeof IntersectionObserver === 'undefined') {
      setNear(true);
      return undefined;
    }
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) {
          setNear(true);
          observer.disconnect();
        }
      },
      {rootMargin: AHEAD},
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, []);

  return (
    <div ref={slot} className="mermaid-slot" data-mermaid-diagram="">
      {near && (
        <Suspense fallback={null}>
          <OriginalMermaid {...props} />
        </Suspense>
      )}
    </div>
  );
}
