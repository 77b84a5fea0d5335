/**
 * The remark step of plugins/code-on-demand: pages with a fenced code block import the code-block component, the others do not.
 */
import {compile} from '@mdx-js/mdx';
import {describe, expect, it} from 'vitest';
import remarkCodeOnDemand, {REGISTER_MODULE} from './remark';

const compiled = async (mdx: string) => String(await compile(mdx, {remarkPlugins: [remarkCodeOnDemand]}));
const imports = (js: string) => js.includes(`import ${JSON.stringify(REGISTER_MODULE)};`);

describe('code on demand', () => {
  it('makes a page with a fenced code block import the code-block component, once', async () => {
    const js = await compiled(
      '# Install\n\n```bash\nnpm i pricing4ts\n```\n\nThen:\n\n```ts\nimport {x} from "y";\n```\n',
    );
    expect(imports(js)).toBe(true);
    expect(js.split(REGISTER_MODULE)).toHaveLength(2);
  });

  it('finds a code block nested in JSX (tabs, details)', async () => {
    const js = await compiled('<details>\n<summary>More</summary>\n\n```yaml\nsaasName: X\n```\n\n</details>\n');
    expect(imports(js)).toBe(true);
  });

  it('leaves a page with inline code only, or no code, as it was', async () => {
    for (const page of ['# Terms\n\nA `plan` has `features`.\n', '# Intro\n\nText only.\n']) {
      const js = await compiled(page);
      expect(imports(js)).toBe(false);
      expect(js).toBe(String(await compile(page)));
    }
  });
});
