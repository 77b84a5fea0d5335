/**
 * A mistake in what this site's own plugins read must fail the build with a message that names the culprit (a
 * mistake in a key Docusaurus validates, such as a navbar item or a version name, is Docusaurus's to report). Each
 * case builds the real site (current version only, for speed) from a broken variant of docusaurus.config.ts in
 * tests/fixtures/bad-config/: diagrams not drawn for their current source, and a SPACE API document with an example
 * that does not match its schema, named by file, line and JSON pointer.
 */
import {spawn} from 'node:child_process';
import {mkdtempSync, rmSync} from 'node:fs';
import {tmpdir} from 'node:os';
import {join} from 'node:path';
import {describe, expect, it} from 'vitest';
import {ROOT} from '../utils/codeBlocks';

/**
 * Runs the build asynchronously: a synchronous spawn would block the test
 * worker's event loop for the whole build and starve Vitest's own messages.
 */
async function buildWith(fixture: string): Promise<{status: number | null; output: string}> {
  const outDir = mkdtempSync(join(tmpdir(), 'bad-config-'));
  try {
    return await new Promise((resolve, reject) => {
      const child = spawn(
        'npx',
        ['docusaurus', 'build', '--config', `tests/fixtures/bad-config/${fixture}.config.ts`, '--out-dir', outDir],
        {
          cwd: ROOT,
          env: {...process.env, DOCS_VERSIONS: 'current', DOCUSAURUS_NO_PERSISTENT_CACHE: '1', NO_UPDATE_NOTIFIER: '1'},
        },
      );
      let output = '';
      child.stdout.on('data', (d) => (output += d));
      child.stderr.on('data', (d) => (output += d));
      child.on('error', reject);
      child.on('close', (status) => resolve({status, output}));
    });
  } finally {
    rmSync(outDir, {recursive: true, force: true});
  }
}

describe('a wrong config fails the build and names the culprit', {timeout: 240_000}, () => {
  it.each([
    ['undrawn-diagrams', 'has not been drawn for Mermaid'],
    [
      'broken-openapi',
      'tests/fixtures/space-api/broken.yaml:32 #/paths/~1users~1{username}/get/responses/200/content/application~1json/example: example does not match its schema',
    ],
  ])('%s', async (fixture, message) => {
    const {status, output} = await buildWith(fixture);
    expect(status).not.toBe(0);
    expect(output).toContain(message);
  });
});
