/**
 * space_sandbox: a scenario of SPACE API calls answered by the site's in-memory SPACE at commit 9123ae2
 * (`@sphere-docs/lib/space-sandbox`, src/lib/space-sandbox/): each call gets SPACE's status and body, in order, in
 * one fresh sandbox that lives only for the call of the tool. Nothing is kept between tool calls.
 */
import {SANDBOX_ADMIN_API_KEY, createSpaceSandbox} from '@sphere-docs/lib/space-sandbox';
import type {Site} from './site';

const DAY_MS = 24 * 60 * 60 * 1000;

/** The most calls one scenario takes. */
export const MAX_SANDBOX_CALLS = 50;

export interface SandboxCall {
  method: string;
  path: string;
  body?: unknown;
  /** The `x-api-key` header; absent means the seeded admin's key, an empty string sends no key. */
  apiKey?: string;
  /** Days (fractions allowed) the sandbox's clock moves forward before this call. */
  advanceDays?: number;
}

export interface SandboxAnswer {
  /** `METHOD path`, as sent. */
  call: string;
  status: number;
  /** The JSON body (a string for Express's HTML pages); absent for 204. */
  body?: unknown;
  /** The sandbox's `x-sandbox-divergence` header: where a real SPACE's answer may differ. */
  divergence?: string;
}

/** Runs the calls in order in a fresh sandbox whose clock starts at `start` (now by default). */
export async function runSandbox(
  site: Site,
  calls: readonly SandboxCall[],
  start?: number,
): Promise<{calls: SandboxAnswer[]; clock: string}> {
  if (calls.length === 0) throw new Error('Give at least one call, such as {"method": "GET", "path": "/services"}.');
  const sandbox = createSpaceSandbox({loadValidator: site.loadValidator, start});
  const answers: SandboxAnswer[] = [];
  for (const call of calls) {
    if (call.advanceDays) sandbox.advanceClock(Math.round(call.advanceDays * DAY_MS));
    const apiKey = call.apiKey ?? SANDBOX_ADMIN_API_KEY;
    const response = await sandbox.handle({
      method: call.method,
      path: call.path,
      headers: apiKey === '' ? {} : {'x-api-key': apiKey},
      body: call.body,
    });
    const divergence = response.headers['x-sandbox-divergence'];
    answers.push({
      call: `${call.method.toUpperCase()} ${call.path}`,
      status: response.status,
      ...(response.body !== undefined ? {body: response.body} : {}),
      ...(divergence ? {divergence} : {}),
    });
  }
  return {calls: answers, clock: sandbox.now().toISOString()};
}
