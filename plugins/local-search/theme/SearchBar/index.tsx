/**
 * The navbar's search: the site's own theme component, which shadows the SearchBar of
 * @docusaurus/theme-search-algolia (this plugin is registered after the preset's themes, so its theme path wins over
 * the theme's; `@theme-init/SearchBar` is still the theme's). Only src/theme would rank above it.
 *
 * It is the theme's SearchBar of @docusaurus/theme-search-algolia 3.8.1 (MIT, Copyright (c) Facebook, Inc. and its
 * affiliates) with three differences:
 * - the button and keyboard shortcuts are the site's own (../../client/SearchButton.tsx), not DocSearch's: importing
 *   them from `@docsearch/react` put the whole package, modal included, in every page's main bundle, and they also
 *   start loading the index and keep the keys typed before the modal is ready;
 * - the `<link rel="preconnect">` to Algolia is rendered in hosted mode only: the embedded build never contacts a
 *   third-party host;
 * - `@docsearch/react/modal` is what the plugin points it at (../../index.ts): the modal with the embedded search
 *   client, or DocSearch's bundle with the fixes of ../../docsearchFixes.ts.
 * Everything else (navigation, contextual facet filters, the "See all results" footer, translations) is the theme's.
 */
/// <reference types="@docusaurus/theme-search-algolia" />
import React, {useCallback, useMemo, useRef, useState, type ReactNode} from 'react';
// @ts-expect-error -- react-dom ships no types and @types/react-dom is not a dependency; it is React's own createPortal.
import {createPortal} from 'react-dom';
import Head from '@docusaurus/Head';
import Link from '@docusaurus/Link';
import {useHistory} from '@docusaurus/router';
import {isRegexpStringMatch, useSearchLinkCreator} from '@docusaurus/theme-common';
import {useAlgoliaContextualFacetFilters, useSearchResultUrlProcessor} from '@docusaurus/theme-search-algolia/client';
import Translate from '@docusaurus/Translate';
import useDocusaurusContext from '@docusaurus/useDocusaurusContext';
import {usePluginData} from '@docusaurus/useGlobalData';
import translations from '@theme/SearchTranslations';
import type {
  DocSearchHit,
  DocSearchModal as DocSearchModalType,
  DocSearchModalProps,
  DocSearchTransformClient,
  InternalDocSearchHit,
  StoredDocSearchHit,
} from '@docsearch/react';
import {DocSearchButton, useDocSearchKeyboardEvents} from '../../client/SearchButton';
import {PLUGIN_NAME, type LocalSearchGlobalData} from '../../types';

type FacetFilters = string | (string | string[])[];

type DocSearchProps = Omit<DocSearchModalProps, 'onClose' | 'initialScrollY'> & {
  contextualSearch?: string;
  externalUrlRegex?: string;
  searchPagePath: boolean | string;
};

let DocSearchModal: typeof DocSearchModalType | null = null;

function importDocSearchModalIfNeeded(): Promise<void> {
  if (DocSearchModal) return Promise.resolve();
  return Promise.all([import('@docsearch/react/modal'), import('@docsearch/react/style'), import('./styles.css')]).then(
    ([{DocSearchModal: Modal}]) => {
      DocSearchModal = Modal;
    },
  );
}

function useNavigator(externalUrlRegex: string | undefined): DocSearchModalProps['navigator'] {
  const history = useHistory();
  const [navigator] = useState<DocSearchModalProps['navigator']>(() => ({
    navigate({itemUrl}) {
      // A hit of another domain cannot go through the router.
      if (isRegexpStringMatch(externalUrlRegex, itemUrl)) window.location.href = itemUrl;
      else history.push(itemUrl);
    },
  }));
  return navigator;
}

function useTransformSearchClient(): DocSearchModalProps['transformSearchClient'] {
  const {
    siteMetadata: {docusaurusVersion},
  } = useDocusaurusContext();
  return useCallback(
    (searchClient: DocSearchTransformClient) => {
      searchClient.addAlgoliaAgent('docusaurus', docusaurusVersion);
      return searchClient;
    },
    [docusaurusVersion],
  );
}

function useTransformItems(transform: DocSearchProps['transformItems']): DocSearchModalProps['transformItems'] {
  const processSearchResultUrl = useSearchResultUrlProcessor();
  const [transformItems] = useState<DocSearchModalProps['transformItems']>(
    () => (items: DocSearchHit[]) =>
      transform ? transform(items) : items.map((item) => ({...item, url: processSearchResultUrl(item.url)})),
  );
  return transformItems;
}

function Hit({hit, children}: {hit: InternalDocSearchHit | StoredDocSearchHit; children: ReactNode}) {
  return <Link to={hit.url}>{children}</Link>;
}

function ResultsFooter({query, nbHits, onClose}: {query: string; nbHits: unknown; onClose: () => void}) {
  const createSearchLink = useSearchLinkCreator();
  return (
    <Link to={createSearchLink(query)} onClick={onClose}>
      <Translate id="theme.SearchBar.seeAll" values={{count: nbHits as number}}>
        {'See all {count} results'}
      </Translate>
    </Link>
  );
}

function useSearchParameters({
  contextualSearch,
  searchParameters,
}: Pick<DocSearchProps, 'contextualSearch' | 'searchParameters'>): DocSearchProps['searchParameters'] {
  const normalize = (f: FacetFilters): FacetFilters => (typeof f === 'string' ? [f] : f);
  const contextual = useAlgoliaContextualFacetFilters() as FacetFilters;
  const configured = (searchParameters?.facetFilters ?? []) as FacetFilters;
  // Contextual search adds the current version's and language's filters to the configured ones.
  const facetFilters = contextualSearch ? [...normalize(contextual), ...normalize(configured)] : configured;
  return {...searchParameters, facetFilters} as DocSearchProps['searchParameters'];
}

function DocSearch({externalUrlRegex, ...props}: DocSearchProps) {
  const hosted = (usePluginData(PLUGIN_NAME) as LocalSearchGlobalData | undefined)?.mode === 'hosted';
  const navigator = useNavigator(externalUrlRegex);
  const searchParameters = useSearchParameters(props);
  const transformItems = useTransformItems(props.transformItems);
  const transformSearchClient = useTransformSearchClient();

  const searchContainer = useRef<HTMLDivElement | null>(null);
  const searchButtonRef = useRef<HTMLButtonElement>(null);
  const [isOpen, setIsOpen] = useState(false);
  const [initialQuery, setInitialQuery] = useState<string | undefined>(undefined);

  const prepareSearchContainer = useCallback(() => {
    if (!searchContainer.current) {
      const div = document.createElement('div');
      searchContainer.current = div;
      document.body.insertBefore(div, document.body.firstChild);
    }
  }, []);

  const openModal = useCallback(() => {
    prepareSearchContainer();
    importDocSearchModalIfNeeded().then(() => setIsOpen(true));
  }, [prepareSearchContainer]);

  const closeModal = useCallback(() => {
    setIsOpen(false);
    searchButtonRef.current?.focus();
    setInitialQuery(undefined);
  }, []);

  const handleInput = useCallback(
    (event: KeyboardEvent) => {
      // The browser's own Ctrl/Cmd+F.
      if (event.key === 'f' && (event.metaKey || event.ctrlKey)) return;
      // The key becomes the modal's initial query; without this it would be typed twice.
      event.preventDefault();
      setInitialQuery(event.key);
      openModal();
    },
    [openModal],
  );

  const resultsFooterComponent = useMemo<DocSearchProps['resultsFooterComponent']>(
    () =>
      ({state}) => <ResultsFooter query={state.query} nbHits={state.context.nbHits} onClose={closeModal} />,
    [closeModal],
  );

  useDocSearchKeyboardEvents({
    isOpen,
    onOpen: openModal,
    onClose: closeModal,
    onInput: handleInput,
    searchButtonRef: searchButtonRef as React.RefObject<HTMLButtonElement>,
  });

  return (
    <>
      {hosted ? (
        <Head>
          {/* The first query reaches Algolia sooner, notably on mobile. */}
          <link rel="preconnect" href={`https://${props.appId}-dsn.algolia.net`} crossOrigin="anonymous" />
        </Head>
      ) : null}

      <DocSearchButton
        onTouchStart={importDocSearchModalIfNeeded}
        onFocus={importDocSearchModalIfNeeded}
        onMouseOver={importDocSearchModalIfNeeded}
        onClick={openModal}
        ref={searchButtonRef}
        translations={props.translations?.button ?? translations.button}
      />

      {isOpen &&
        DocSearchModal &&
        searchContainer.current &&
        createPortal(
          <DocSearchModal
            onClose={closeModal}
            initialScrollY={window.scrollY}
            initialQuery={initialQuery}
            navigator={navigator}
            transformItems={transformItems}
            hitComponent={Hit}
            transformSearchClient={transformSearchClient}
            {...(props.searchPagePath && {resultsFooterComponent})}
            placeholder={translations.placeholder}
            {...props}
            translations={props.translations?.modal ?? translations.modal}
            searchParameters={searchParameters}
          />,
          searchContainer.current,
        )}
    </>
  );
}

export default function SearchBar(): ReactNode {
  const {siteConfig} = useDocusaurusContext();
  return <DocSearch {...(siteConfig.themeConfig.algolia as DocSearchProps)} />;
}
