/**
 * "Generate a client" on the SPACE API reference: openapi-typescript turns the published document into types, and the
 * openapi-fetch sample of the page (the block titled src/space.ts) type-checks against them, as it would in a
 * reader's project. A sample that calls a wrong path or sends a wrong body fails.
 */
import {pathToFileURL} from 'node:url';
import openapiTS, {astToString} from 'openapi-typescript';
import {describe, expect, it} from 'vitest';
import {codeBlocks, type CodeBlock} from '../utils/codeBlocks';
import {SPACE_API_FILE} from '../utils/spaceApi';
import {typeCheckExamples} from '../utils/tsExamples';
import {ROOT} from '../utils/codeBlocks';
import {join} from 'node:path';

const PAGE = join(ROOT, 'docs', 'api', 'space', 'space-api.mdx');

describe('a TypeScript client generated from the SPACE API document', {timeout: 120_000}, () => {
  it('type-checks the openapi-fetch sample of the reference page, and refuses a wrong call', async () => {
    const types = astToString(await openapiTS(pathToFileURL(SPACE_API_FILE)));
    expect(types).toContain('"/features/{userId}/{featureId}"');

    const sample = codeBlocks(PAGE).find((b) => b.attrs.title === 'src/space.ts');
    expect(sample?.code).toContain("from 'openapi-fetch'");
    const generated: CodeBlock = {
      file: sample!.file,
      line: 0,
      lang: 'ts',
      meta: 'title="src/space-api.d.ts"',
      attrs: {title: 'src/space-api.d.ts', example: 'complete'},
      code: types,
    };
    const asChecked = (code: string): CodeBlock => ({...sample!, code, attrs: {...sample!.attrs, example: 'complete'}});

    expect(typeCheckExamples([generated, asChecked(sample!.code)])).toEqual([]);

    const wrongPath = sample!.code.replace("'/features/{userId}/{featureId}'", "'/feature/{userId}/{featureId}'");
    const wrongBody = sample!.code.replace(
      "{'notehive-aiSummariesPerMonth': 1}",
      "{'notehive-aiSummariesPerMonth': 'one'}",
    );
    for (const broken of [wrongPath, wrongBody]) {
      expect(broken).not.toBe(sample!.code);
      expect(typeCheckExamples([generated, asChecked(broken)]).length).toBeGreaterThan(0);
    }
  });
});
