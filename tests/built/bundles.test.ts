/**
 * What the main bundle, which every page downloads first, leaves to the pages that need it.
 */
import {readdirSync, readFileSync} from 'node:fs';
import {join} from 'node:path';
import {describe, expect, it} from 'vitest';
import {CHUNKS, PRISM_MARKER as PRISM, chunkFile} from '../../plugins/code-on-demand/chunks';
import {select, selectAll} from '../../plugins/hast';
import {BUILD, builtPages} from './site';
import {SANDBOX_MARKER} from '../utils/sandboxMarker';

const JS = join(BUILD, 'assets', 'js');
const scripts = readdirSync(JS).filter((f) => f.endsWith('.js'));
const main = scripts.find((f) => /^main\.[0-9a-f]+\.js$/.test(f));
const source = (file: string) => readFileSync(join(JS, file), 'utf8');

/** A grammar among `prism.additionalLanguages` that prism-react-renderer does not bundle. */
const JAVA = 'generics';

describe('the syntax highlighter (plugins/code-on-demand)', () => {
  it('is not in the main bundle', () => {
    expect(main, 'main.<hash>.js in build/assets/js').toBeDefined();
    expect(source(main!)).not.toContain(PRISM);
  });

  it('travels in a chunk of its own with the extra languages, apart from the code-block component', () => {
    const withPrism = scripts.filter((f) => source(f).includes(PRISM));
    expect(withPrism).toHaveLength(1);
    // Not the `common` chunk every page loads, nor the code-block chunk every page with code loads: code blocks adopt
    // their server-rendered lines, and load this chunk only to draw one in the browser (tests/e2e/chrome.spec.ts).
    expect(withPrism[0]).toMatch(chunkFile(CHUNKS.highlighter));
    expect(source(withPrism[0])).toContain(JAVA);
    const codeBlock = scripts.find((f) => chunkFile(CHUNKS.codeBlock).test(f));
    expect(codeBlock, 'the code-block chunk').toBeDefined();
  });

  it('still highlights code blocks in the server-rendered pages, extra languages included', () => {
    const page = builtPages().find((p) => select('.theme-code-block.language-java', p.tree));
    expect(page, 'a built page with a Java code block').toBeDefined();
    const tokens = selectAll('.theme-code-block.language-java .token', page!.tree).length;
    expect(tokens, `highlighted Java tokens in ${page!.file}`).toBeGreaterThan(10);
  });
});

/** A class only DocSearch's modal renders: the list of hits. */
const MODAL = 'DocSearch-Dropdown';

describe('the search modal (DocSearch)', () => {
  it('is not in the main bundle: the navbar holds the site’s own button and shortcuts', () => {
    // `@docsearch/react` is one module with the modal in it; importing the button from it brought the whole of it.
    expect(source(main!)).not.toContain(MODAL);
  });

  it('travels in a chunk of its own, loaded when a reader goes for search', () => {
    expect(scripts.filter((f) => source(f).includes(MODAL)).length).toBeGreaterThan(0);
  });
});

describe('the SPACE sandbox (plugins/space-openapi/theme/SpaceInstance/sandbox.ts)', () => {
  it('travels in a chunk of its own, which nothing but its dynamic import loads', () => {
    const withSandbox = scripts.filter((f) => source(f).includes(SANDBOX_MARKER));
    expect(withSandbox).toEqual([expect.stringMatching(chunkFile('space-sandbox'))]);
    // Not in the main bundle, nor in the runtime's list of what a page needs before it renders.
    expect(source(main!)).not.toContain(SANDBOX_MARKER);
  });
});
