/**
 * "Sandbox in this page": the in-memory SPACE of `@sphere-docs/lib/space-sandbox`, created the first time a console
 * sends to it and kept in this module for as long as the tab keeps the page's scripts. A reload, or Reset, starts a
 * new one with only the seeded administrator. Its code (the sandbox, the Pricing2Yaml checker and evaluator it runs
 * uploads and evaluations through, and the compiled schemas) comes in chunks of its own, imported here on demand: a
 * first visit of the reference loads none of it.
 */
import {useSyncExternalStore} from 'react';
import type {SandboxRequest, SandboxResponse, SpaceSandbox} from '@sphere-docs/lib/space-sandbox';

export {SANDBOX_ADMIN_API_KEY} from '@sphere-docs/lib/space-sandbox/admin';

let current: Promise<SpaceSandbox> | undefined;
/** How many times the sandbox was reset in this tab. */
let resets = 0;
const listeners = new Set<() => void>();

function sandbox(): Promise<SpaceSandbox> {
  current ??= Promise.all([
    import(/* webpackChunkName: "space-sandbox" */ '@sphere-docs/lib/space-sandbox'),
    import('@site/src/components/Playground/validators'),
  ]).then(
    ([lib, validators]) => lib.createSpaceSandbox({loadValidator: validators.loadValidator}),
    (error: unknown) => {
      // A chunk that failed to load (offline) is tried again on the next request.
      current = undefined;
      throw error;
    },
  );
  return current;
}

/** Sends a request to the sandbox, loading it first if this is the first one. */
export async function sendToSandbox(request: SandboxRequest): Promise<SandboxResponse> {
  return (await sandbox()).handle(request);
}

/** Drops everything the sandbox holds: the next request meets a new one, with only the seeded administrator. */
export function resetSandbox(): void {
  current = undefined;
  resets += 1;
  listeners.forEach((listener) => listener());
}

/** The number of resets so far: a console clears the answers it shows when it changes. */
export function useSandboxResets(): number {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => resets,
    () => 0,
  );
}
