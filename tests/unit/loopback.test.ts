/**
 * The one definition of loopback (src/lib/loopback.ts), which the MCP server's --http check, the SPACE console's
 * mixed-content and local-network checks and the site's Content-Security-Policy all use.
 */
import {describe, expect, it} from 'vitest';
import {LOOPBACK_SOURCES, isLoopbackHost, isLoopbackUrl} from '@sphere-docs/lib/loopback';

describe('isLoopbackHost', () => {
  it('knows localhost, the names under it, 127.0.0.0/8 and ::1, bracketed or not', () => {
    for (const host of ['localhost', 'LocalHost', 'space.localhost', '127.0.0.1', '127.1.2.3', '127.255.255.255']) {
      expect(isLoopbackHost(host), host).toBe(true);
    }
    for (const host of ['::1', '[::1]']) expect(isLoopbackHost(host), host).toBe(true);
  });

  it('refuses every other host, and names that only start or end like one', () => {
    for (const host of [
      '0.0.0.0',
      '::',
      '[::]',
      '10.0.0.1',
      '128.0.0.1',
      '127.0.0',
      'example.org',
      '127.0.0.1.example.org',
      'localhost.example.org',
      'example-localhost',
      '::2',
    ]) {
      expect(isLoopbackHost(host), host).toBe(false);
    }
  });
});

describe('isLoopbackUrl', () => {
  it('reads the host of a URL, and says no to text that is no URL', () => {
    expect(isLoopbackUrl('http://localhost:5403/api/v1')).toBe(true);
    expect(isLoopbackUrl('http://[::1]:3000/x')).toBe(true);
    expect(isLoopbackUrl('https://127.0.0.2')).toBe(true);
    expect(isLoopbackUrl('http://localhost.evil.test/x')).toBe(false);
    expect(isLoopbackUrl('https://space.example.com')).toBe(false);
    expect(isLoopbackUrl('localhost:3000')).toBe(false);
    expect(isLoopbackUrl('not a url')).toBe(false);
    expect(isLoopbackUrl('http://127.0.0.256/')).toBe(false);
  });
});

describe('LOOPBACK_SOURCES', () => {
  it('are Content-Security-Policy sources of loopback hosts, any port', () => {
    expect(LOOPBACK_SOURCES.length).toBeGreaterThan(0);
    for (const source of LOOPBACK_SOURCES) {
      const m = /^http:\/\/([^:/]+):\*$/.exec(source);
      expect(m, source).not.toBeNull();
      expect(isLoopbackHost(m![1]), source).toBe(true);
    }
  });
});
