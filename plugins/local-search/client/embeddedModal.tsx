/**
 * DocSearch's modal answering from the embedded index: what the SearchBar's `import('@docsearch/react/modal')`
 * (the theme's) gets in embedded mode, through a webpack alias (../index.ts). It renders DocSearch's own modal
 * unchanged, but hands it the embedded search client through the
 * `transformSearchClient` prop (the modal bundles its own Algolia client, which
 * no alias can reach) and turns `insights` off, which would load a script from
 * a CDN. The search button starts fetching the index as this module loads
 * (./SearchButton.tsx).
 */
import React, {useCallback} from 'react';
// `@docsearch/react` itself, not `/modal`: that is the alias leading here. Both are the same module.
import {DocSearchModal as OriginalDocSearchModal, type DocSearchModalProps} from '@docsearch/react';
import {createSearchClient} from './searchClient';
import {indexSource} from './indexSource';

type Transform = NonNullable<DocSearchModalProps['transformSearchClient']>;

export function DocSearchModal(props: DocSearchModalProps) {
  const {appId, apiKey, transformSearchClient} = props;
  const transform = useCallback<Transform>(() => {
    const client = createSearchClient(appId, apiKey, indexSource) as unknown as Parameters<Transform>[0];
    return transformSearchClient ? transformSearchClient(client) : client;
  }, [appId, apiKey, transformSearchClient]);
  return <OriginalDocSearchModal {...props} insights={false} transformSearchClient={transform} />;
}
