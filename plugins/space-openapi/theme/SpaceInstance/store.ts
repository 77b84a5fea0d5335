/**
 * The reader's SPACE instance (base URL and API key) for the code samples and the "Try it" consoles of the API
 * reference, and where the consoles send: that instance, or the sandbox in this page (./sandbox.ts). Kept in sessionStorage only, so it lasts as long as the tab. The site's own server never receives it; a
 * console sends the key to the instance at the base URL, and only when the reader presses Send.
 */
import {useSyncExternalStore} from 'react';
import defaults from '@generated/space-openapi/defaults.json';

/** The forms the samples of the reference come in. */
export const SAMPLE_FORMS = ['curl', 'fetch', 'space-node-client'] as const;
export type SampleForm = (typeof SAMPLE_FORMS)[number];

/** Where the consoles send: the in-memory SPACE of this page, or the instance at the base URL. */
export const TARGETS = ['sandbox', 'url'] as const;
export type Target = (typeof TARGETS)[number];

export interface SpaceInstance {
  /** Base URL of the API, up to and including its base path. */
  baseUrl: string;
  /** API key of a SPACE user; empty until the reader gives one. */
  apiKey: string;
  /** How the reader wants the samples written. */
  samples: SampleForm;
  /** Where the consoles send; the sandbox until the reader sets an instance. */
  target: Target;
}

/**
 * The document's server with its variables at their defaults: the server started on its own on this machine (`pnpm
 * run dev`, or `npm start` in api/), `http://localhost:3000/api/v1`.
 */
export const DEFAULT_BASE_URL = defaults.baseUrl;

/** The header a request carries the API key in, from the document's security scheme (`x-api-key`). */
export const KEY_HEADER = defaults.keyHeader;

export const DEFAULT_INSTANCE: SpaceInstance = {
  baseUrl: DEFAULT_BASE_URL,
  apiKey: '',
  samples: 'curl',
  target: 'sandbox',
};

/** The sessionStorage entry; nothing else is stored. */
export const STORAGE_KEY = 'sphere-docs.space-instance';

const listeners = new Set<() => void>();
let current: SpaceInstance | undefined;

/**
 * The stored instance. When it holds the defaults (as on every first visit), it is the very object the server
 * rendered with: React then has no reason to render the samples again right after hydrating them, which on the API
 * reference means some 80 code blocks in one task.
 */
export function readInstance(): SpaceInstance {
  try {
    const saved = JSON.parse(sessionStorage.getItem(STORAGE_KEY) ?? 'null') as Partial<SpaceInstance> | null;
    const baseUrl = typeof saved?.baseUrl === 'string' ? saved.baseUrl : DEFAULT_BASE_URL;
    const apiKey = typeof saved?.apiKey === 'string' ? saved.apiKey : '';
    // Without a stored choice, an instance the reader set is where the consoles send.
    const set = baseUrl !== DEFAULT_BASE_URL || apiKey !== '';
    const instance: SpaceInstance = {
      baseUrl,
      apiKey,
      samples: SAMPLE_FORMS.find((form) => form === saved?.samples) ?? 'curl',
      target: TARGETS.find((target) => target === saved?.target) ?? (set ? 'url' : 'sandbox'),
    };
    return sameInstance(instance, DEFAULT_INSTANCE) ? DEFAULT_INSTANCE : instance;
  } catch {
    // Storage refused (privacy settings) or garbled: start from the defaults.
    return DEFAULT_INSTANCE;
  }
}

function sameInstance(a: SpaceInstance, b: SpaceInstance): boolean {
  return a.baseUrl === b.baseUrl && a.apiKey === b.apiKey && a.samples === b.samples && a.target === b.target;
}

function publish(next: SpaceInstance): void {
  current = next;
  listeners.forEach((listener) => listener());
}

/** Remembers the instance for this tab. */
export function saveInstance(next: SpaceInstance): void {
  try {
    sessionStorage.setItem(STORAGE_KEY, JSON.stringify(next));
  } catch {
    // Without storage the values still fill the samples until the page is left.
  }
  publish(next);
}

/** Drops the stored values; the samples go back to the defaults. */
export function forgetInstance(): void {
  try {
    sessionStorage.removeItem(STORAGE_KEY);
  } catch {
    // Nothing was stored.
  }
  publish(DEFAULT_INSTANCE);
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The instance; the defaults on the server and during hydration, the stored values right after. */
export function useSpaceInstance(): SpaceInstance {
  return useSyncExternalStore(
    subscribe,
    () => (current ??= readInstance()),
    () => DEFAULT_INSTANCE,
  );
}

/** The base URL samples use: trimmed, without a trailing slash, the default when left empty. */
export function sampleBaseUrl(instance: SpaceInstance): string {
  return instance.baseUrl.trim().replace(/\/+$/, '') || DEFAULT_BASE_URL;
}
