// Subpath modules of @docsearch/react that the SearchBar (./theme/SearchBar) imports and the package ships without
// type declarations: the modal (the package's own code, or ./client/embeddedModal.tsx in embedded mode) and its
// stylesheet.
declare module '@docsearch/react/modal' {
  export * from '@docsearch/react';
}
declare module '@docsearch/react/style';
