/** DocSearch's stylesheet, which the SearchBar (./theme/SearchBar) loads with the modal. */
declare module '@docsearch/react/style';

/** The one function of `react-dom` the SearchBar uses (the site installs no `@types/react-dom`). */
declare module 'react-dom' {
  import type {ReactNode, ReactPortal} from 'react';

  export function createPortal(children: ReactNode, container: Element | DocumentFragment): ReactPortal;
}
