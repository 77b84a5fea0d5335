import {readFileSync} from 'node:fs';
import {relative} from 'node:path';
import {describe, expect, it} from 'vitest';
import {ROOT, parseSource, sourceFiles} from '../markdownSource';
import {adoption, blockingComponents, isAdoptable} from './adoptable';
import {metaModule} from './meta';

describe('adoptable pages', () => {
  it('lets Markdown, code, tabs, details and the build-time tables through', () => {
    const source = [
      "import Tabs from '@theme/Tabs';",
      "import TabItem from '@theme/TabItem';",
      '',
      '# Title',
      '',
      '<Tabs groupId="pm"><TabItem value="npm">',
      '',
      '```bash',
      'npm i pricing4ts',
      '```',
      '',
      '</TabItem></Tabs>',
      '',
      '<details><summary>More</summary>Text</details>',
      '',
      '<SchemaFields schema={schema} definition="Plan" />',
      '',
      '<div className="note">plain HTML</div>',
    ].join('\n');
    expect(blockingComponents(parseSource(source))).toEqual([]);
    expect(isAdoptable(source)).toBe(true);
  });

  it('names the components that need React of their own', () => {
    const source = '<SpaceInstancePanel />\n\nText with <Badge.Small>inline</Badge.Small> and <Chart data={x} />.\n';
    expect(blockingComponents(parseSource(source))).toEqual(['Badge.Small', 'Chart']);
    expect(isAdoptable(source)).toBe(false);
  });

  it('adopts every doc page, the SPACE API reference while no instance is saved (a page that stops being adoptable shows up here)', () => {
    const pages = sourceFiles(['docs', 'versioned_docs']).filter((file) => !/[\\/]_[^\\/]*$/.test(file));
    const conditions = Object.fromEntries(
      pages
        .map((file) => [relative(ROOT, file), adoption(readFileSync(file, 'utf8'))] as const)
        .filter(([, conditions]) => conditions === null || conditions.length > 0),
    );
    expect(conditions).toEqual({
      'docs/api/space/space-api.mdx': ['@site/src/components/SpaceInstance/adoption'],
      // Its connection snippets (src/components/McpConnect) carry the origin the site was built for, from the site
      // config: the page renders in React on a first visit until that component can be adopted.
      'docs/docs/getting-started/use-docs-from-assistant.mdx': null,
    });
  });
});

describe('the metadata module', () => {
  // The shape the docs plugin's MDX loader writes (@docusaurus/mdx-loader 3.8.1): its exports, then the compiled MDX.
  const compiled = [
    "export const frontMatter = {title: 'Installation', sidebar_position: 2};",
    'export const contentTitle = undefined;',
    "export {default as metadata} from '@site/.docusaurus/docusaurus-plugin-content-docs/default/site-docs-x.json';",
    'export const assets = {};',
    "import {jsx as _jsx, jsxs as _jsxs} from 'react/jsx-runtime';",
    "import {useMDXComponents as _provideComponents} from '@mdx-js/react';",
    "import Tabs from '@theme/Tabs';",
    "import {toc as partialToc} from './_partial.mdx';",
    "import '@site/plugins/code-on-demand/client/register';",
    "export const toc = [{value: 'Maven', id: 'maven', level: 2}, ...partialToc];",
    'function _createMdxContent(props) {',
    "  const _components = {p: 'p', ..._provideComponents(), ...props.components};",
    "  return _jsxs(Tabs, {children: [_jsx(_components.p, {children: 'A long paragraph of the article.'})]});",
    '}',
    'export default function MDXContent(props = {}) {',
    '  return _jsx(_createMdxContent, {...props});',
    '}',
  ].join('\n');

  it('keeps the five exports the doc layout reads, and the imports they read', () => {
    const meta = metaModule(compiled, 'x.mdx');
    expect(meta).toContain("export const frontMatter = {title: 'Installation', sidebar_position: 2};");
    expect(meta).toContain('export {default as metadata} from');
    expect(meta).toContain("import {toc as partialToc} from './_partial.mdx';");
    expect(meta).toContain('export const toc = [');
    for (const gone of ['MDXContent', 'A long paragraph', '@theme/Tabs', 'react/jsx-runtime', 'register']) {
      expect(meta).not.toContain(gone);
    }
  });

  it('names the file when the compiled page lacks one of them', () => {
    expect(() => metaModule(compiled.replace('export const toc', 'const toc'), 'docs/x.mdx')).toThrow(
      'docs/x.mdx: the compiled page has no toc export, which the doc layout reads.',
    );
  });
});
