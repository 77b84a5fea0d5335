/**
 * Publishes the docs MCP server with the site: at postBuild, once the Markdown twins, llms.txt files and search index
 * are written (plugins/buildSteps.ts), it packs mcp/ from the build being made, as `npm pack` in mcp/ does (its
 * build.mjs bundles the server and copies the parts of the build it reads), and puts the tarball at
 * MCP_TARBALL_PATH (mcp/connect.ts), a stable URL: `npx -y <site>/mcp/sphere-docs-mcp.tgz` runs it with Node alone.
 * The package is staged in a temporary folder, so a build never writes into mcp/. With hosted search (no index in the
 * build) there is nothing to pack, and the step says so.
 */
import {spawn} from 'node:child_process';
import {copyFileSync, mkdirSync, mkdtempSync, rmSync, statSync} from 'node:fs';
import {tmpdir} from 'node:os';
import {dirname, join} from 'node:path';
import type {Plugin} from '@docusaurus/types';
import {MCP_TARBALL_PATH} from '@sphere-docs/lib/mcpConnect';
import {afterSteps} from '../buildSteps';

export interface McpPackageOptions {
  /** Whether the build holds the embedded search index the server needs (search mode "embedded"). */
  enabled: boolean;
}

const MCP_DIR = join(__dirname, '..', '..', 'mcp');

function run(command: string, args: string[], cwd: string, env: NodeJS.ProcessEnv): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, {cwd, env: {...process.env, ...env}, stdio: ['ignore', 'pipe', 'pipe']});
    let out = '';
    let err = '';
    child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString('utf8')));
    child.stderr.on('data', (chunk: Buffer) => (err += chunk.toString('utf8')));
    child.on('error', reject);
    child.on('close', (code) =>
      code === 0 ? resolve(out) : reject(new Error(`${command} ${args.join(' ')} failed (${code}):\n${err}${out}`)),
    );
  });
}

/** Packs the server with the build in `outDir` and writes the tarball to `<outDir>/mcp/sphere-docs-mcp.tgz`. */
export async function packServer(outDir: string): Promise<{file: string; bytes: number}> {
  const stage = mkdtempSync(join(tmpdir(), 'sphere-docs-mcp-'));
  try {
    for (const file of ['package.json', 'README.md']) copyFileSync(join(MCP_DIR, file), join(stage, file));
    await run(process.execPath, [join(MCP_DIR, 'build.mjs')], MCP_DIR, {
      MCP_BUILD_DIR: outDir,
      MCP_PACKAGE_DIR: stage,
    });
    const packed = await run('npm', ['pack', '--json', '--ignore-scripts', '--pack-destination', stage], stage, {
      npm_config_update_notifier: 'false',
      npm_config_fund: 'false',
    });
    const [{filename}] = JSON.parse(packed.slice(packed.indexOf('['))) as {filename: string}[];
    const file = join(outDir, ...MCP_TARBALL_PATH.split('/').filter(Boolean));
    mkdirSync(dirname(file), {recursive: true});
    // A copy, not a rename: the temporary folder may be on another file system.
    copyFileSync(join(stage, filename), file);
    return {file, bytes: statSync(file).size};
  } finally {
    rmSync(stage, {recursive: true, force: true});
  }
}

export default function mcpPackage(_context: unknown, rawOptions: unknown): Plugin {
  const options = rawOptions as McpPackageOptions;
  return {
    name: 'mcp-package',
    async postBuild({outDir}) {
      if (!options.enabled) {
        console.log('[INFO] MCP package: not made, the build has hosted search and no index for the server.');
        return;
      }
      await afterSteps(outDir, ['markdown-twins', 'local-search']);
      const started = performance.now();
      const {bytes} = await packServer(outDir);
      const seconds = ((performance.now() - started) / 1000).toFixed(1);
      console.log(`[INFO] MCP package: ${MCP_TARBALL_PATH}, ${Math.round(bytes / 1024)} KB, in ${seconds} s.`);
    },
  };
}
