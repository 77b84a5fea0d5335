/**
 * The navbar's search, in both search modes: a theme component of the local-search plugin. The site lists its plugins
 * after the preset's themes, so this `SearchBar` is the one `@theme/SearchBar` resolves to, in place of
 * theme-search-algolia's (as plugins/code-on-demand's `CodeBlock` takes the classic theme's place).
 *
 * - The button and the shortcuts are the site's (../../client/SearchButton.tsx): the page carries nothing of
 *   `@docsearch/react`, going for search starts the index download too, and keys typed before the field is ready are
 *   kept.
 * - DocSearch's modal (../../client/SearchModal.tsx) and its stylesheet load the first time the reader hovers,
 *   focuses or touches the button, or asks for search, and render in a container of their own at the top of `<body>`.
 * - Results are the site's links (client-side navigation), their URLs go through the search theme's URL processor, and
 *   the modal's footer leads to the `/search` page when the site has one.
 * - Only the hosted mode asks the browser to open a connection to Algolia ahead of the first query: an embedded
 *   build talks to its own origin alone.
 */
import React, {useCallback, useMemo, useRef, useState, type ReactNode} from 'react';
import {createPortal} from 'react-dom';
import type {
  DocSearchButtonProps,
  DocSearchModalProps,
  InternalDocSearchHit,
  StoredDocSearchHit,
} from '@docsearch/react';
import Head from '@docusaurus/Head';
import Link from '@docusaurus/Link';
import {useHistory} from '@docusaurus/router';
import {isRegexpStringMatch, useSearchLinkCreator} from '@docusaurus/theme-common';
import {useAlgoliaContextualFacetFilters, useSearchResultUrlProcessor} from '@docusaurus/theme-search-algolia/client';
import Translate from '@docusaurus/Translate';
import useDocusaurusContext from '@docusaurus/useDocusaurusContext';
import defaultTranslations from '@theme/SearchTranslations';
import {DocSearchButton, useDocSearchKeyboardEvents} from '../../client/SearchButton';
import {isEmbedded} from '../../client/indexSource';
import type {SearchModal as SearchModalType} from '../../client/SearchModal';

/** What this component reads of `themeConfig.algolia` (the search theme validates the whole of it). */
interface AlgoliaOptions {
  appId: string;
  apiKey: string;
  indexName: string;
  contextualSearch?: boolean;
  externalUrlRegex?: string;
  searchPagePath?: string | false | null;
  searchParameters?: DocSearchModalProps['searchParameters'];
  insights?: boolean;
  translations?: {button?: DocSearchButtonProps['translations']; modal?: DocSearchModalProps['translations']};
}

type FacetFilters = NonNullable<NonNullable<DocSearchModalProps['searchParameters']>['facetFilters']>;

/** Set once the modal's code has arrived; the same for every page of the visit. */
let SearchModal: typeof SearchModalType | null = null;
let modalLoad: Promise<void> | null = null;
/** Where the modal renders: a `<div>` first in `<body>`, made when search is first asked for. */
let modalRoot: HTMLElement | null = null;

/** Fetches the modal, DocSearch's stylesheet and the site's settings for it (after DocSearch's, so they win), once. */
function loadModal(): Promise<void> {
  modalLoad ??= Promise.all([
    import('../../client/SearchModal'),
    import('@docsearch/react/style'),
    import('./styles.css'),
  ]).then(([module]) => {
    SearchModal = module.SearchModal;
  });
  return modalLoad;
}

function ResultLink({hit, children}: {hit: InternalDocSearchHit | StoredDocSearchHit; children: ReactNode}) {
  return <Link to={hit.url}>{children}</Link>;
}

function AllResultsLink({query, hits, onClose}: {query: string; hits: number; onClose: () => void}) {
  const searchLink = useSearchLinkCreator();
  return (
    <Link to={searchLink(query)} onClick={onClose}>
      <Translate id="theme.SearchBar.seeAll" values={{count: hits}}>
        {'See all {count} results'}
      </Translate>
    </Link>
  );
}

const asList = (filters: FacetFilters | string | undefined): FacetFilters =>
  filters === undefined ? [] : typeof filters === 'string' ? [filters] : filters;

export default function SearchBar(): ReactNode {
  const options = useDocusaurusContext().siteConfig.themeConfig.algolia as AlgoliaOptions;
  const history = useHistory();
  const processUrl = useSearchResultUrlProcessor();
  const contextualFilters = useAlgoliaContextualFacetFilters() as FacetFilters | string;
  const buttonRef = useRef<HTMLButtonElement>(null);
  const [isOpen, setIsOpen] = useState(false);
  const [initialQuery, setInitialQuery] = useState<string | undefined>();

  const open = useCallback(() => {
    if (!modalRoot) {
      modalRoot = document.createElement('div');
      document.body.prepend(modalRoot);
    }
    void loadModal().then(() => setIsOpen(true));
  }, []);
  const close = useCallback(() => {
    setIsOpen(false);
    setInitialQuery(undefined);
    buttonRef.current?.focus();
  }, []);
  // A letter typed at the focused button: it starts the query (and must not reach the modal's field a second time).
  const onInput = useCallback(
    (event: KeyboardEvent) => {
      if (event.key === 'f' && (event.ctrlKey || event.metaKey)) return; // the browser's find
      event.preventDefault();
      setInitialQuery(event.key);
      open();
    },
    [open],
  );
  useDocSearchKeyboardEvents({isOpen, onOpen: open, onClose: close, onInput, searchButtonRef: buttonRef});

  const navigator = useMemo<NonNullable<DocSearchModalProps['navigator']>>(
    () => ({
      navigate({itemUrl}) {
        // A hit on another site (the option's pattern) is a full page load; the site's own go through the router.
        if (isRegexpStringMatch(options.externalUrlRegex, itemUrl)) window.location.href = itemUrl;
        else history.push(itemUrl);
      },
    }),
    [options.externalUrlRegex, history],
  );
  const transformItems = useCallback<NonNullable<DocSearchModalProps['transformItems']>>(
    (items) => items.map((item) => ({...item, url: processUrl(item.url)})),
    [processUrl],
  );
  const searchParameters = useMemo(() => {
    const configured = asList(options.searchParameters?.facetFilters);
    return {
      ...options.searchParameters,
      facetFilters: options.contextualSearch ? [...asList(contextualFilters), ...configured] : configured,
    };
  }, [options.searchParameters, options.contextualSearch, contextualFilters]);
  const resultsFooterComponent = useCallback<NonNullable<DocSearchModalProps['resultsFooterComponent']>>(
    ({state}) => <AllResultsLink query={state.query} hits={Number(state.context.nbHits)} onClose={close} />,
    [close],
  );

  return (
    <>
      {isEmbedded() ? null : (
        <Head>
          {/* Saves the first hosted query the connection set-up to Algolia's host. */}
          <link rel="preconnect" href={`https://${options.appId}-dsn.algolia.net`} crossOrigin="anonymous" />
        </Head>
      )}
      <DocSearchButton
        ref={buttonRef}
        onMouseOver={loadModal}
        onFocus={loadModal}
        onTouchStart={loadModal}
        onClick={open}
        translations={options.translations?.button ?? defaultTranslations.button}
      />
      {isOpen && SearchModal && modalRoot
        ? createPortal(
            <SearchModal
              appId={options.appId}
              apiKey={options.apiKey}
              indexName={options.indexName}
              insights={options.insights}
              searchParameters={searchParameters}
              initialQuery={initialQuery}
              initialScrollY={window.scrollY}
              onClose={close}
              navigator={navigator}
              transformItems={transformItems}
              hitComponent={ResultLink}
              resultsFooterComponent={options.searchPagePath ? resultsFooterComponent : undefined}
              placeholder={defaultTranslations.placeholder}
              translations={options.translations?.modal ?? defaultTranslations.modal}
            />,
            modalRoot,
          )
        : null}
    </>
  );
}
