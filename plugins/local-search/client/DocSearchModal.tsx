/**
 * Stands in for `@docsearch/react/modal` in embedded mode (webpack alias
 * `@docsearch/react/modal$`, see ../index.ts). It renders DocSearch's own modal
 * unchanged, but hands it the embedded search client through the
 * `transformSearchClient` prop (the modal bundles its own Algolia client, which
 * no alias can reach) and turns `insights` off, which would load a script from
 * a CDN. This module loads when the reader hovers or focuses the search button
 * or starts typing, so it also starts fetching the index then.
 */
import React, {useCallback} from 'react';
// `@docsearch/react` itself, not `/modal`: that is the alias leading here. Both are the same module.
import {DocSearchModal as OriginalDocSearchModal, type DocSearchModalProps} from '@docsearch/react';
import {createSearchClient, loadIndex} from './searchClient';
import {indexSource} from './indexSource';

if (typeof window !== 'undefined') {
  const source = indexSource();
  // A failure here is not reported: the first search retries and shows the error screen.
  if (source.url) loadIndex(source).catch(() => undefined);
}

type Transform = NonNullable<DocSearchModalProps['transformSearchClient']>;

export function DocSearchModal(props: DocSearchModalProps) {
  const {appId, apiKey, transformSearchClient} = props;
  const transform = useCallback<Transform>(() => {
    const client = createSearchClient(appId, apiKey, indexSource) as unknown as Parameters<Transform>[0];
    return transformSearchClient ? transformSearchClient(client) : client;
  }, [appId, apiKey, transformSearchClient]);
  return <OriginalDocSearchModal {...props} insights={false} transformSearchClient={transform} />;
}
