/**
 * Fixes to @docsearch/react 3.9.0, applied at build time to a copy of its
 * bundle (`dist/esm/index.js`) that the bundler uses instead of the original,
 * in both search modes. Nothing in node_modules is modified, so there is no
 * postinstall step to forget, and a DocSearch upgrade that moves the code
 * fails the build with a clear message instead of silently dropping a fix.
 *
 * 1. The error screen. On a failed search DocSearch sets the status to
 *    "error", but the bundled autocomplete-core 1.17.9 resets it to "idle" in
 *    a `finally` of the same task; React batches both updates, so "Unable to
 *    fetch results" never appears and readers see "No results for …" instead.
 *    The fix keeps "error" until the next query, which sets "loading" and,
 *    once the index or Algolia answers again, "idle": the screen recovers.
 * 2. Escaping stored searches. Recent and favorite searches are stored
 *    without their highlight and snippet fields, and DocSearch then renders the
 *    raw record text as HTML. A heading showing `<script>` or `<Feature>`
 *    would inject markup; the fix escapes that fallback.
 * 3. No uncaught rejection. DocSearch rethrows the failure it shows as the
 *    error screen (a `RetryError`: no host answered, or the index could not be
 *    loaded), and autocomplete-core hands that promise to nobody, so every
 *    failed keystroke ended in an "Uncaught (in promise)" page error. The fix
 *    logs that error once it is on screen; any other error still propagates.
 * 4. The modal is a dialog. Its container claimed `role="button"` (focusable,
 *    with the whole modal nested inside it) and combobox attributes; it is now
 *    `role="dialog"` with `aria-modal="true"`, named by the search field's
 *    label (algolia/docsearch#1370).
 * 5. No second banner or footer landmark: the modal's search bar and footer
 *    were a top-level <header> and <footer>, which duplicate the page's own.
 * 6. Result lists carry the ids the search field's `aria-controls` names:
 *    every list was rendered with one shared id, `docsearch-list`, while the
 *    field pointed at `docsearch-hits0-list`, `docsearch-hits1-list`…
 */
import {createRequire} from 'node:module';
import {readFileSync} from 'node:fs';

export const DOCSEARCH_VERSION = '3.9.0';

export const FIXES = [
  {
    name: 'keep the error status after a failed search',
    find: '.finally((function(){p("idle"),lt&&o.environment.clearTimeout(lt)}))',
    replace: '.finally((function(){"error"!==c.getState().status&&p("idle"),lt&&o.environment.clearTimeout(lt)}))',
  },
  {
    name: 'escape the raw text of stored searches',
    find: '__html:fr(t,"_snippetResult.".concat(r,".value"))||fr(t,r)',
    replace:
      '__html:fr(t,"_snippetResult.".concat(r,".value"))||(function(v){return null==v?v:String(v).replace(/[&<>"\']/g,function(c){return"&#"+c.charCodeAt(0)+";"})})(fr(t,r))',
  },
  {
    name: 'handle the failure shown as the error screen',
    find: 'return c.pendingRequests.add(g)}',
    replace:
      'return c.pendingRequests.add(g.catch((function(e){if(!e||"RetryError"!==e.name)throw e;console.error(e)})))}',
  },
  {
    name: 'make the modal a dialog',
    find: 're({"aria-expanded":!0}),{className:["DocSearch","DocSearch-Container","stalled"===H.status&&"DocSearch-Container--Stalled","error"===H.status&&"DocSearch-Container--Errored"].filter(Boolean).join(" "),role:"button",tabIndex:0,',
    replace:
      '{className:["DocSearch","DocSearch-Container","stalled"===H.status&&"DocSearch-Container--Stalled","error"===H.status&&"DocSearch-Container--Errored"].filter(Boolean).join(" "),role:"dialog","aria-modal":"true","aria-labelledby":"docsearch-label",',
  },
  {
    name: 'no banner landmark in the modal',
    find: 'e.createElement("header",{className:"DocSearch-SearchBar",',
    replace: 'e.createElement("div",{className:"DocSearch-SearchBar",',
  },
  {
    name: 'no contentinfo landmark in the modal',
    find: 'e.createElement("footer",{className:"DocSearch-Footer"}',
    replace: 'e.createElement("div",{className:"DocSearch-Footer"}',
  },
  {
    name: 'give each result list the id aria-controls names',
    find: 'e.createElement("ul",t.getListProps(),',
    replace: 'e.createElement("ul",t.getListProps({source:t.collection.source}),',
  },
] as const;

/** Applies every fix; throws if one does not match exactly once. */
export function applyFixes(source: string): string {
  return FIXES.reduce((code, fix) => {
    const count = code.split(fix.find).length - 1;
    if (count !== 1) {
      throw new Error(
        `@docsearch/react fix "${fix.name}" expected its target once in dist/esm/index.js, found it ${count} times. ` +
          `The fixes are written for @docsearch/react ${DOCSEARCH_VERSION}; see plugins/local-search/docsearchFixes.ts.`,
      );
    }
    return code.replace(fix.find, fix.replace);
  }, source);
}

/** The fixed DocSearch bundle, from the installed package. */
export function fixedDocSearchBundle(siteDir: string): string {
  const require = createRequire(`${siteDir}/`);
  const pkg = require('@docsearch/react/package.json') as {version: string};
  if (pkg.version !== DOCSEARCH_VERSION) {
    throw new Error(
      `@docsearch/react ${pkg.version} is installed; the search fixes in plugins/local-search/docsearchFixes.ts ` +
        `are written for ${DOCSEARCH_VERSION} (pinned in package.json "overrides").`,
    );
  }
  return applyFixes(readFileSync(require.resolve('@docsearch/react/dist/esm/index.js'), 'utf8'));
}
