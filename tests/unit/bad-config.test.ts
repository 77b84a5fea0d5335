/**
 * A config mistake must fail the build with a message that names the culprit.
 * Each case builds the real site (current version only, for speed) from a
 * broken variant of docusaurus.config.ts in tests/fixtures/bad-config/.
 */
import {spawnSync} from 'node:child_process';
import {mkdtempSync, rmSync} from 'node:fs';
import {tmpdir} from 'node:os';
import {join} from 'node:path';
import {describe, expect, it} from 'vitest';
import {ROOT} from '../utils/codeBlocks';

function buildWith(fixture: string): {status: number | null; output: string} {
  const outDir = mkdtempSync(join(tmpdir(), 'bad-config-'));
  try {
    const res = spawnSync(
      'npx',
      ['docusaurus', 'build', '--config', `tests/fixtures/bad-config/${fixture}.config.ts`, '--out-dir', outDir],
      {
        cwd: ROOT,
        encoding: 'utf8',
        env: {...process.env, DOCS_VERSIONS: 'current', DOCUSAURUS_NO_PERSISTENT_CACHE: '1', NO_UPDATE_NOTIFIER: '1'},
        timeout: 240_000,
      },
    );
    return {status: res.status, output: `${res.stdout}\n${res.stderr}`};
  } finally {
    rmSync(outDir, {recursive: true, force: true});
  }
}

describe('a wrong config fails the build and names the culprit', {timeout: 240_000}, () => {
  it.each([
    ['unknown-item-type', 'Bad navbar item type pricingTableDropdown'],
    ['unknown-version', "No docs version exist for name '9.9.9'"],
    ['unknown-sidebar', 'Can\'t find any sidebar with id "pricingSidebar"'],
    ['unknown-doc', 'Couldn\'t find any doc with id "docs/getting-started/quickstart"'],
  ])('%s', (fixture, message) => {
    const {status, output} = buildWith(fixture);
    expect(status).not.toBe(0);
    expect(output).toContain(message);
  });
});
