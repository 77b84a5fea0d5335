/**
 * The SPACE reference's instance store. On the first visit (nothing stored, or only the defaults) the browser's
 * snapshot must be the very object the server rendered with: React compares them by identity after hydrating, and a
 * different object makes it render every sample of the reference again in one task.
 */
import {afterEach, beforeEach, describe, expect, test} from 'vitest';
import {
  DEFAULT_BASE_URL,
  DEFAULT_INSTANCE,
  KEY_HEADER,
  STORAGE_KEY,
  readInstance,
} from '../../plugins/space-openapi/theme/SpaceInstance/store';
import {apiKeyHeader, defaultServerUrl} from '@sphere-docs/lib/spaceOpenApi';
import {spaceApiDocument} from '../utils/spaceApi';

class MemoryStorage {
  private items = new Map<string, string>();
  getItem(key: string): string | null {
    return this.items.get(key) ?? null;
  }
  setItem(key: string, value: string): void {
    this.items.set(key, String(value));
  }
  removeItem(key: string): void {
    this.items.delete(key);
  }
}

test('the defaults are those of the document: its server, its API key header', () => {
  expect(DEFAULT_BASE_URL).toBe(defaultServerUrl(spaceApiDocument));
  expect(DEFAULT_INSTANCE.baseUrl).toBe('http://localhost:3000/api/v1');
  expect(KEY_HEADER).toBe(apiKeyHeader(spaceApiDocument));
  expect(KEY_HEADER).toBe('x-api-key');
});

describe('readInstance', () => {
  beforeEach(() => {
    (globalThis as {sessionStorage?: unknown}).sessionStorage = new MemoryStorage();
  });
  afterEach(() => {
    delete (globalThis as {sessionStorage?: unknown}).sessionStorage;
  });

  test('with nothing stored, it is the server snapshot itself', () => {
    expect(readInstance()).toBe(DEFAULT_INSTANCE);
  });

  test('with the defaults stored (a reader who typed them back), it is the server snapshot itself', () => {
    sessionStorage.setItem(STORAGE_KEY, JSON.stringify({...DEFAULT_INSTANCE}));
    expect(readInstance()).toBe(DEFAULT_INSTANCE);
  });

  test('with garbled storage, or none at all, it falls back to the server snapshot', () => {
    sessionStorage.setItem(STORAGE_KEY, '{not json');
    expect(readInstance()).toBe(DEFAULT_INSTANCE);
    delete (globalThis as {sessionStorage?: unknown}).sessionStorage;
    expect(readInstance()).toBe(DEFAULT_INSTANCE);
  });

  test('stored values win, field by field, and unknown sample forms fall back to curl', () => {
    sessionStorage.setItem(
      STORAGE_KEY,
      JSON.stringify({baseUrl: 'https://space.example.org/api/v1', apiKey: 'k-123', samples: 'cobol'}),
    );
    expect(readInstance()).toEqual({
      baseUrl: 'https://space.example.org/api/v1',
      apiKey: 'k-123',
      samples: 'curl',
      target: 'url',
    });
    sessionStorage.setItem(STORAGE_KEY, JSON.stringify({samples: 'fetch'}));
    const instance = readInstance();
    expect(instance).toEqual({...DEFAULT_INSTANCE, samples: 'fetch'});
    expect(instance).not.toBe(DEFAULT_INSTANCE);
  });

  test('the consoles send to the sandbox until the reader sets an instance, or chooses one', () => {
    expect(DEFAULT_INSTANCE.target).toBe('sandbox');
    sessionStorage.setItem(STORAGE_KEY, JSON.stringify({samples: 'fetch'}));
    expect(readInstance().target).toBe('sandbox');
    // Stored before the choice existed: a key, or another base URL, is an instance set.
    sessionStorage.setItem(STORAGE_KEY, JSON.stringify({apiKey: 'k-123'}));
    expect(readInstance().target).toBe('url');
    sessionStorage.setItem(STORAGE_KEY, JSON.stringify({baseUrl: 'https://space.example.org/api/v1'}));
    expect(readInstance().target).toBe('url');
    sessionStorage.setItem(STORAGE_KEY, JSON.stringify({apiKey: 'k-123', target: 'sandbox'}));
    expect(readInstance().target).toBe('sandbox');
    sessionStorage.setItem(STORAGE_KEY, JSON.stringify({...DEFAULT_INSTANCE, target: 'url'}));
    expect(readInstance()).toEqual({...DEFAULT_INSTANCE, target: 'url'});
    sessionStorage.setItem(STORAGE_KEY, JSON.stringify({target: 'moon'}));
    expect(readInstance()).toBe(DEFAULT_INSTANCE);
  });
});
