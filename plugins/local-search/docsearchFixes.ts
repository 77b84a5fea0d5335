/**
 * Fixes to @docsearch/react 3.9.0 (and 4.7.1, which the newest Docusaurus 3.x accepts: FIXES_4), applied at build
 * time to a copy of its bundle (`dist/esm/index.js`) that the bundler uses instead of the original, in both search
 * modes (./index.ts aliases `@docsearch/react` to it). Nothing in node_modules is modified, so there is no postinstall
 * step to forget. Each fix replaces one exact piece of the minified bundle; the build fails, naming the fix, if the
 * installed version has no fixes written for it (FIXES_BY_VERSION) or a piece is not found exactly once, so an upgrade
 * can never drop a fix silently.
 *
 * Each fix says what upstream change retires it. Checked against the DocSearch repository up to 5.0.0: only the list
 * ids are fixed there (4.0.0, which Docusaurus 3.8.1's theme does not accept); none is fixed in 3.9.0.
 */
import {createRequire} from 'node:module';
import {existsSync, readFileSync} from 'node:fs';
import {dirname, join} from 'node:path';

export const DOCSEARCH_VERSION = '3.9.0';

type Fix = {readonly name: string; readonly find: string; readonly replace: string};

export const FIXES = [
  {
    // 1. The error screen. On a failed search DocSearch sets the status to "error", but the bundled
    // @algolia/autocomplete-core 1.17.9 resets it to "idle" in a `finally` of the same task; React batches both
    // updates, so "Unable to fetch results" never appears and readers see "No results for …". The fix keeps "error"
    // until the next query, which sets "loading" and, once the index or Algolia answers again, "idle".
    // Retired by: autocomplete-core's `onInput` leaving a status a source set during the request (no upstream issue
    // found; upstream DocSearch 5.0.0 still sets "error" and rethrows, on autocomplete-core 1.19.2).
    name: 'keep the error status after a failed search',
    find: '.finally((function(){p("idle"),lt&&o.environment.clearTimeout(lt)}))',
    replace: '.finally((function(){"error"!==c.getState().status&&p("idle"),lt&&o.environment.clearTimeout(lt)}))',
  },
  {
    // 2. Escaping stored searches. Recent and favorite searches are stored without their highlight and snippet
    // fields, and DocSearch then renders the raw record text as HTML: a heading showing `<script>` or `<Feature>`
    // would inject markup. The fix escapes that fallback.
    // Retired by: DocSearch's Snippet component escaping the attribute it falls back to (no upstream issue found;
    // its `Snippet.tsx` still falls back to the raw value in 5.0.0).
    name: 'escape the raw text of stored searches',
    find: '__html:fr(t,"_snippetResult.".concat(r,".value"))||fr(t,r)',
    replace:
      '__html:fr(t,"_snippetResult.".concat(r,".value"))||(function(v){return null==v?v:String(v).replace(/[&<>"\']/g,function(c){return"&#"+c.charCodeAt(0)+";"})})(fr(t,r))',
  },
  {
    // 3. No uncaught rejection. DocSearch rethrows the failure it shows as the error screen (a `RetryError`: no host
    // answered, or the index could not be loaded), and autocomplete-core hands that promise to nobody, so every failed
    // keystroke ended in an "Uncaught (in promise)" page error. The fix logs that error once it is on screen; any
    // other error still propagates.
    // Retired by: autocomplete-core handling the rejection of the request it adds to `pendingRequests`, or DocSearch
    // not rethrowing the RetryError it shows (neither in 5.0.0; no upstream issue found).
    name: 'handle the failure shown as the error screen',
    find: 'return c.pendingRequests.add(g)}',
    replace:
      'return c.pendingRequests.add(g.catch((function(e){if(!e||"RetryError"!==e.name)throw e;console.error(e)})))}',
  },
  {
    // 4. The modal is a dialog. Its container claimed `role="button"` (focusable, with the whole modal nested inside
    // it) and combobox attributes; it is now `role="dialog"` with `aria-modal="true"`, named by the search field's
    // label.
    // Retired by: algolia/docsearch#1370 (the container's role; still `role="button"` in 5.0.0's ModalShell).
    name: 'make the modal a dialog',
    find: 're({"aria-expanded":!0}),{className:["DocSearch","DocSearch-Container","stalled"===H.status&&"DocSearch-Container--Stalled","error"===H.status&&"DocSearch-Container--Errored"].filter(Boolean).join(" "),role:"button",tabIndex:0,',
    replace:
      '{className:["DocSearch","DocSearch-Container","stalled"===H.status&&"DocSearch-Container--Stalled","error"===H.status&&"DocSearch-Container--Errored"].filter(Boolean).join(" "),role:"dialog","aria-modal":"true","aria-labelledby":"docsearch-label",',
  },
  {
    // 5a. No second banner landmark: the modal's search bar was a top-level <header>, which duplicates the page's.
    // Retired by: DocSearch rendering its search bar in a non-landmark element (still a <header> in 5.0.0; no upstream
    // issue found).
    name: 'no banner landmark in the modal',
    find: 'e.createElement("header",{className:"DocSearch-SearchBar",',
    replace: 'e.createElement("div",{className:"DocSearch-SearchBar",',
  },
  {
    // 5b. No second contentinfo landmark: the modal's footer was a top-level <footer>.
    // Retired by: as 5a (still a <footer> in 5.0.0).
    name: 'no contentinfo landmark in the modal',
    find: 'e.createElement("footer",{className:"DocSearch-Footer"}',
    replace: 'e.createElement("div",{className:"DocSearch-Footer"}',
  },
  {
    // 6. Result lists carry the ids the search field's `aria-controls` names: every list was rendered with one shared
    // id, `docsearch-list`, while the field pointed at `docsearch-hits0-list`, `docsearch-hits1-list`…
    // Retired by: algolia/docsearch#2485, released in @docsearch/react 4.0.0 (which needs a Docusaurus whose
    // theme-search-algolia uses DocSearch 4).
    name: 'give each result list the id aria-controls names',
    find: 'e.createElement("ul",t.getListProps(),',
    replace: 'e.createElement("ul",t.getListProps({source:t.collection.source}),',
  },
] as const;

/**
 * The same fixes, found in the bundle of @docsearch/react 4.7.1 (other minified names; the code around each is
 * unchanged), for the day the site moves to a Docusaurus whose search theme takes DocSearch 4. Fix 6 is not here:
 * 4.0.0 gives each list its own id (algolia/docsearch#2485).
 */
export const FIXES_4 = [
  {
    name: FIXES[0].name,
    find: '.finally(function(){p("idle"),pn&&u.environment.clearTimeout(pn)})',
    replace: '.finally(function(){"error"!==o.getState().status&&p("idle"),pn&&u.environment.clearTimeout(pn)})',
  },
  {
    name: FIXES[1].name,
    find: '__html:Yu(t,"_snippetResult.".concat(n,".value"))||Yu(t,n)',
    replace:
      '__html:Yu(t,"_snippetResult.".concat(n,".value"))||(function(v){return null==v?v:String(v).replace(/[&<>"\']/g,function(c){return"&#"+c.charCodeAt(0)+";"})})(Yu(t,n))',
  },
  {
    name: FIXES[2].name,
    find: 'return o.pendingRequests.add(y)}',
    replace:
      'return o.pendingRequests.add(y.catch((function(e){if(!e||"RetryError"!==e.name)throw e;console.error(e)})))}',
  },
  {
    name: FIXES[3].name,
    find: 'ht({"aria-expanded":!0}),{className:["DocSearch","DocSearch-Container","stalled"===fe.status&&"DocSearch-Container--Stalled","error"===fe.status&&"DocSearch-Container--Errored"].filter(Boolean).join(" "),role:"button",tabIndex:0,',
    replace:
      '{className:["DocSearch","DocSearch-Container","stalled"===fe.status&&"DocSearch-Container--Stalled","error"===fe.status&&"DocSearch-Container--Errored"].filter(Boolean).join(" "),role:"dialog","aria-modal":"true","aria-labelledby":"docsearch-label",',
  },
  {
    name: FIXES[4].name,
    find: 'n.createElement("header",{className:"DocSearch-SearchBar",',
    replace: 'n.createElement("div",{className:"DocSearch-SearchBar",',
  },
  {
    name: FIXES[5].name,
    find: 'n.createElement("footer",{className:"DocSearch-Footer"}',
    replace: 'n.createElement("div",{className:"DocSearch-Footer"}',
  },
] as const;

/** The fixes written for each version of @docsearch/react; any other version stops the build. */
export const FIXES_BY_VERSION: Readonly<Record<string, readonly Fix[]>> = {
  [DOCSEARCH_VERSION]: FIXES,
  '4.7.1': FIXES_4,
};

/** Applies every fix; throws if one does not match exactly once. */
export function applyFixes(source: string, fixes: readonly Fix[] = FIXES, version = DOCSEARCH_VERSION): string {
  return fixes.reduce((code, fix) => {
    const count = code.split(fix.find).length - 1;
    if (count !== 1) {
      throw new Error(
        `@docsearch/react fix "${fix.name}" expected its target once in dist/esm/index.js, found it ${count} times. ` +
          `These fixes are written for @docsearch/react ${version}; see plugins/local-search/docsearchFixes.ts ` +
          '(each fix says which upstream change retires it: drop the fixes upstream has, rewrite the others).',
      );
    }
    return code.replace(fix.find, fix.replace);
  }, source);
}

/** The fixed DocSearch bundle, from the installed package. */
export function fixedDocSearchBundle(siteDir: string): string {
  const require = createRequire(`${siteDir}/`);
  // Its manifest read from disk: DocSearch 4's `exports` no longer lists `./package.json`.
  const manifest = (require.resolve.paths('@docsearch/react') ?? [])
    .map((dir) => join(dir, '@docsearch', 'react', 'package.json'))
    .find((file) => existsSync(file));
  if (!manifest) throw new Error(`@docsearch/react is not installed (looked from ${siteDir})`);
  const pkg = JSON.parse(readFileSync(manifest, 'utf8')) as {version: string};
  const fixes = FIXES_BY_VERSION[pkg.version];
  if (!fixes) {
    throw new Error(
      `@docsearch/react ${pkg.version} is installed; the search fixes in plugins/local-search/docsearchFixes.ts ` +
        `are written for ${Object.keys(FIXES_BY_VERSION).join(' and ')} (${DOCSEARCH_VERSION} is pinned in ` +
        'package.json "overrides").',
    );
  }
  // The bundle's file, found from the manifest: DocSearch 4's `exports` does not list `./dist/esm/index.js`.
  const bundle = join(dirname(manifest), 'dist', 'esm', 'index.js');
  return applyFixes(readFileSync(bundle, 'utf8'), fixes, pkg.version);
}
