/** How long a request may take before the console gives up on it (./request.ts, and the e2e test that waits it out). */
export const TIMEOUT_SECONDS = 30;
