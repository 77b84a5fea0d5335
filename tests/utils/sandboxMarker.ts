/**
 * A string only the in-memory SPACE's code holds (src/lib/space-sandbox/index.ts parses each request's path against
 * this placeholder origin): a script that contains it carries the sandbox.
 */
export const SANDBOX_MARKER = 'sandbox.invalid';
