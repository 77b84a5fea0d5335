import {describe, expect, it} from 'vitest';
import {keyByImportRequest, type ClientManifest} from '../../plugins/route-chunks';

/** A manifest as react-loadable-ssr-addon writes it for Rspack: keyed by chunk name, never by import request. */
const manifest: ClientManifest = {
  entrypoints: ['main'],
  origins: {main: ['runtime', 'main'], '17896441': ['1990', '106'], '4c678320': ['1990', '1209'], styles: ['4014']},
  assets: {},
};

describe('keyByImportRequest', () => {
  it('adds each import request of a named chunk group as a key, with the files of that group', () => {
    const keyed = keyByImportRequest(manifest, [
      {name: '17896441', requests: ['@theme/DocItem']},
      {name: '4c678320', requests: ['@site/src/pages/markdown-page.mdx']},
    ]);
    expect(keyed.origins['@theme/DocItem']).toEqual(['1990', '106']);
    expect(keyed.origins['@site/src/pages/markdown-page.mdx']).toEqual(['1990', '1209']);
    // What was there stays.
    expect(keyed.origins['17896441']).toEqual(['1990', '106']);
    expect(keyed.entrypoints).toEqual(['main']);
  });

  it('leaves out groups the manifest does not know and the entry point, and does not change its input', () => {
    const before = structuredClone(manifest);
    const keyed = keyByImportRequest(manifest, [
      {name: '17896441', requests: ['@theme/DocItem']},
      {name: 'unknown', requests: ['@theme/Nothing']},
      {name: 'main', requests: ['./clientEntry.js']},
    ]);
    expect(Object.keys(keyed.origins).sort()).toEqual([...Object.keys(manifest.origins), '@theme/DocItem'].sort());
    expect(manifest).toEqual(before);
  });

  it('merges the files when two groups are created by the same request', () => {
    const keyed = keyByImportRequest(manifest, [
      {name: '17896441', requests: ['@site/shared.json']},
      {name: '4c678320', requests: ['@site/shared.json']},
    ]);
    expect(keyed.origins['@site/shared.json']).toEqual(['1990', '106', '1209']);
  });

  it('fails, naming itself, when none of the imports is in the manifest', () => {
    expect(() => keyByImportRequest(manifest, [])).toThrow(/^route-chunks: no named chunk/);
    expect(() => keyByImportRequest(manifest, [{name: 'other', requests: ['@theme/X']}])).toThrow(/route-chunks/);
  });
});
