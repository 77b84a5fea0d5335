/**
 * `npm ci` installs exactly what package-lock.json lists and refuses a lock that
 * lacks a package npm would resolve. Native packages (@swc/core, @swc/html,
 * rollup, esbuild, lightningcss, …) list one optional package per platform; if
 * the lock misses one, `npm ci` reports the lock out of sync on every machine
 * and `npm install` rewrites it. This test fails naming each missing entry.
 */
import {readFileSync} from 'node:fs';
import {join} from 'node:path';
import {describe, expect, it} from 'vitest';

const ROOT = join(__dirname, '..', '..');

interface LockEntry {
  version?: string;
  dependencies?: Record<string, string>;
  optionalDependencies?: Record<string, string>;
  peerDependencies?: Record<string, string>;
  peerDependenciesMeta?: Record<string, {optional?: boolean}>;
  link?: boolean;
}

interface Lock {
  lockfileVersion: number;
  packages: Record<string, LockEntry>;
}

const lock = JSON.parse(readFileSync(join(ROOT, 'package-lock.json'), 'utf8')) as Lock;

/**
 * Where Node's resolution would find `name` when required from the package at
 * `from` (a lock key such as `node_modules/a/node_modules/b`): the nearest
 * `node_modules/<name>` walking up, as npm lays the tree out.
 */
function resolveInLock(packages: Lock['packages'], from: string, name: string): string | undefined {
  let dir = from;
  for (;;) {
    const candidate = `${dir ? `${dir}/` : ''}node_modules/${name}`;
    if (packages[candidate]) return candidate;
    if (!dir) return undefined;
    const cut = dir.lastIndexOf('/node_modules/');
    dir = cut < 0 ? '' : dir.slice(0, cut);
  }
}

/** `from -> name@range` for every optional dependency the lock does not hold. */
function missingOptionalDependencies(packages: Lock['packages']): string[] {
  const missing: string[] = [];
  for (const [key, entry] of Object.entries(packages)) {
    for (const [name, range] of Object.entries(entry.optionalDependencies ?? {})) {
      if (!resolveInLock(packages, key, name)) missing.push(`${key || '(root)'} -> ${name}@${range}`);
    }
  }
  return missing;
}

describe('package-lock.json', () => {
  it('is a v3 lock', () => {
    expect(lock.lockfileVersion).toBe(3);
  });

  it('holds every optional (platform) dependency of every locked package, so `npm ci` works on any platform', () => {
    expect(missingOptionalDependencies(lock.packages)).toEqual([]);
  });

  it('the check finds a platform package removed from the lock', () => {
    const packages = {...lock.packages};
    const platform = Object.keys(packages).find((k) => k.endsWith('node_modules/@swc/core-darwin-arm64'));
    expect(platform, 'the lock lists @swc/core-darwin-arm64').toBeDefined();
    delete packages[platform!];
    expect(missingOptionalDependencies(packages)).toEqual([
      expect.stringMatching(/^node_modules\/@swc\/core -> @swc\/core-darwin-arm64@/),
    ]);
  });

  it('holds every dependency of every locked package', () => {
    const missing: string[] = [];
    for (const [key, entry] of Object.entries(lock.packages)) {
      if (entry.link) continue;
      for (const [name, range] of Object.entries(entry.dependencies ?? {})) {
        if (!resolveInLock(lock.packages, key, name)) missing.push(`${key || '(root)'} -> ${name}@${range}`);
      }
    }
    expect(missing).toEqual([]);
  });
});
