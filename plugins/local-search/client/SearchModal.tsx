/**
 * DocSearch's modal, as the navbar's SearchBar (../theme/SearchBar) shows it once the reader asks for search; this
 * module and `@docsearch/react` load only then. `@docsearch/react` is the copy with the fixes of ../docsearchFixes.ts
 * (the plugin's alias, ../index.ts).
 *
 * Embedded mode: the modal carries its own Algolia client, so the embedded one reaches it through the documented
 * `transformSearchClient` prop, and `insights` is off (it would fetch a script from a CDN). Hosted mode: the modal
 * talks to Algolia. Either client names Docusaurus among its agents, as the search theme's SearchBar has it do.
 */
import React, {useCallback, type ReactNode} from 'react';
import {DocSearchModal, type DocSearchModalProps} from '@docsearch/react';
import useDocusaurusContext from '@docusaurus/useDocusaurusContext';
import {createSearchClient} from './searchClient';
import {indexSource, isEmbedded} from './indexSource';

type TransformSearchClient = NonNullable<DocSearchModalProps['transformSearchClient']>;
type AlgoliaClient = Parameters<TransformSearchClient>[0];

/**
 * DocSearch 4's modal also requires `onAskAiToggle`, for an Ask AI mode the site does not configure (no `askAi` key), so
 * it is never called; DocSearch 3.9.0 has no such prop. The modal takes the props without it on either version.
 */
type Props = Omit<DocSearchModalProps, 'onAskAiToggle'>;
const noAskAi = {onAskAiToggle: () => undefined};

export function SearchModal(props: Props): ReactNode {
  const {appId, apiKey} = props;
  const {docusaurusVersion} = useDocusaurusContext().siteMetadata;
  const embedded = isEmbedded();
  const transformSearchClient = useCallback<TransformSearchClient>(
    (hostedClient) => {
      const client = embedded
        ? (createSearchClient(appId, apiKey, indexSource) as unknown as AlgoliaClient)
        : hostedClient;
      client.addAlgoliaAgent('docusaurus', docusaurusVersion);
      return client;
    },
    [embedded, appId, apiKey, docusaurusVersion],
  );
  return (
    <DocSearchModal
      {...({...noAskAi, ...props} as DocSearchModalProps)}
      insights={embedded ? false : props.insights}
      transformSearchClient={transformSearchClient}
    />
  );
}
