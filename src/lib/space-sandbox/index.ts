/**
 * An in-memory SPACE at commit 9123ae2 (isa-group/space), for pages and tools that want SPACE's answers without a
 * server: `handle({method, path, headers, body})` answers with SPACE's status and JSON body for every operation of
 * the site's OpenAPI document (plugins/space-openapi/static/openapi/space-api.yaml). It runs wherever the site's
 * code runs (browser, Web Worker, Node): no MongoDB, no Redis, no Node APIs; Web Crypto signs the pricing token.
 *
 * How it differs from a real SPACE:
 * - Uploads (`POST /services`, `POST /services/{serviceName}/pricings`) take `{"pricing": "<YAML text>"}` as the
 *   JSON body, standing for the uploaded file (SPACE takes it as multipart field `pricing`, or a URL to download).
 *   The site's checker reads it (pricing2yaml/analyze.ts, with SPACE's upload verdict of pricing2yaml/space.ts);
 *   a refusal that pricing4ts would throw is worded by the checker.
 * - Bodies arrive already parsed: Express's HTML answers for a malformed (400) or oversized (413) body do not occur.
 * - The answer carries `x-sandbox-divergence` where SPACE's answer may differ: timing between MongoDB and Redis,
 *   events that SPACE would broadcast on its socket, wording from the checker or the evaluator.
 * - Time is the sandbox's own clock (`advanceClock`), moving 1 ms per request; dates follow UTC.
 */
import type {ValidatorLoader} from '../pricing2yaml/analyze';
import {SANDBOX_ADMIN, SANDBOX_ADMIN_API_KEY} from './admin';
import {authorize} from './auth';
import {contracts, countRequest, features, misc, services, users, type Answer, type Call, type Store} from './routes';
import {Cache, Clock, objectIdFactory, randomApiKey, type User} from './state';

export {SANDBOX_JWT_SALT, SANDBOX_JWT_SECRET, TOKEN_LIFETIME_SECONDS} from './token';

export {SANDBOX_ADMIN, SANDBOX_ADMIN_API_KEY} from './admin';

export const BASE_PATH = '/api/v1';

export interface SandboxRequest {
  method: string;
  /** A path of the OpenAPI document, with or without `/api/v1`, with an optional query string. */
  path: string;
  headers?: Record<string, string | undefined>;
  /** The JSON body, parsed. */
  body?: unknown;
}

export interface SandboxResponse {
  status: number;
  headers: Record<string, string>;
  /** Parsed JSON (`undefined` for 204); a string for the two HTML answers. */
  body: unknown;
}

export interface SandboxOptions {
  /** Loads the Pricing2Yaml schema validators (the playground's standalone modules, or `compilingLoader` in Node). */
  loadValidator: ValidatorLoader;
  /** Start of the clock, in ms since the epoch (now by default). */
  start?: number;
}

type Handler = (store: Store, call: Call) => Answer | Promise<Answer>;

/**
 * The routes in the order Express registers them (routes/index.ts loads the files alphabetically): the first pattern
 * that matches the path wins, as `/features/:userId/pricing-token` wins over `/features/:userId/:featureId`.
 */
const ROUTES: [string, string, Handler][] = [
  ['GET', '/analytics/api-calls', misc.apiCalls],
  ['GET', '/analytics/evaluations', misc.evaluations],
  ['GET', '/cache/get', misc.cacheGet],
  ['POST', '/cache/set', misc.cacheSet],
  ['GET', '/contracts', contracts.list],
  ['POST', '/contracts', contracts.create],
  ['DELETE', '/contracts', contracts.prune],
  ['GET', '/contracts/:userId', contracts.show],
  ['PUT', '/contracts/:userId', contracts.novate],
  ['DELETE', '/contracts/:userId', contracts.destroy],
  ['PUT', '/contracts/:userId/usageLevels', contracts.usageLevels],
  ['PUT', '/contracts/:userId/userContact', contracts.userContact],
  ['PUT', '/contracts/:userId/billingPeriod', contracts.billingPeriod],
  ['GET', '/events/status', misc.eventStatus],
  ['POST', '/events/test-event', misc.testEvent],
  ['GET', '/features', features.list],
  ['POST', '/features/:userId', features.evaluateAll],
  ['POST', '/features/:userId/pricing-token', features.pricingToken],
  ['POST', '/features/:userId/:featureId', features.evaluateOne],
  ['GET', '/healthcheck', misc.healthcheck],
  ['GET', '/services', services.list],
  ['POST', '/services', services.create],
  ['DELETE', '/services', services.prune],
  ['GET', '/services/:serviceName', services.show],
  ['PUT', '/services/:serviceName', services.update],
  ['DELETE', '/services/:serviceName', services.disable],
  ['GET', '/services/:serviceName/pricings', services.listPricings],
  ['POST', '/services/:serviceName/pricings', services.addPricing],
  ['GET', '/services/:serviceName/pricings/:pricingVersion', services.showPricing],
  ['PUT', '/services/:serviceName/pricings/:pricingVersion', services.setAvailability],
  ['DELETE', '/services/:serviceName/pricings/:pricingVersion', services.destroyPricing],
  ['POST', '/users/authenticate', users.authenticate],
  ['GET', '/users', users.list],
  ['POST', '/users', users.create],
  ['GET', '/users/:username', users.show],
  ['PUT', '/users/:username', users.update],
  ['DELETE', '/users/:username', users.destroy],
  ['PUT', '/users/:username/api-key', users.regenerateApiKey],
  ['PUT', '/users/:username/role', users.changeRole],
];

function match(pattern: string, path: string): Record<string, string> | undefined {
  const want = pattern.split('/');
  const got = path.split('/');
  if (want.length !== got.length) return undefined;
  const params: Record<string, string> = {};
  for (let i = 0; i < want.length; i++) {
    if (want[i].startsWith(':')) {
      if (got[i] === '') return undefined;
      params[want[i].slice(1)] = decodeURIComponent(got[i]);
    } else if (want[i] !== got[i]) {
      return undefined;
    }
  }
  return params;
}

/** Express's default HTML error page (finalhandler), as the server answers outside its routes. */
function htmlPage(text: string): string {
  return `<!DOCTYPE html>\n<html lang="en">\n<head>\n<meta charset="utf-8">\n<title>Error</title>\n</head>\n<body>\n<pre>${text}</pre>\n</body>\n</html>\n`;
}

export interface SpaceSandbox {
  handle(request: SandboxRequest): Promise<SandboxResponse>;
  /** Moves the sandbox's clock forward (renewals, usage resets, cache expiry). */
  advanceClock(ms: number): void;
  now(): Date;
}

export function createSpaceSandbox(options: SandboxOptions): SpaceSandbox {
  const clock = new Clock(options.start ?? Date.now());
  const now = clock.iso();
  const admin: User = {...SANDBOX_ADMIN, apiKey: SANDBOX_ADMIN_API_KEY, role: 'ADMIN', createdAt: now, updatedAt: now};
  const store: Store = {
    clock,
    cache: new Cache(clock),
    newId: objectIdFactory(clock),
    newApiKey: randomApiKey,
    loadValidator: options.loadValidator,
    users: [admin],
    services: [],
    pricings: new Map(),
    contracts: [],
    days: [],
  };

  async function handle(request: SandboxRequest): Promise<SandboxResponse> {
    clock.advance(1);
    const url = new URL(request.path, 'http://sandbox.invalid');
    const path = url.pathname.startsWith(BASE_PATH) ? url.pathname.slice(BASE_PATH.length) || '/' : url.pathname;
    const method = request.method.toUpperCase();
    const query: Record<string, string> = {};
    url.searchParams.forEach((v, k) => (query[k] ??= v));
    const headerKey = Object.entries(request.headers ?? {}).find(([k]) => k.toLowerCase() === 'x-api-key')?.[1];

    // GlobalMiddlewaresLoader.ts 34-37: OPTIONS answers 204 before any check.
    if (method === 'OPTIONS') return {status: 204, headers: {}, body: undefined};
    const auth = authorize(method, path, headerKey, (key) => store.users.find((u) => u.apiKey === key));
    if (!auth.ok)
      return {status: auth.status, headers: {'content-type': 'application/json'}, body: {error: auth.error}};
    // AnalyticsMiddleware.ts 4-14
    countRequest(store, path.startsWith('/features') && method === 'POST');

    for (const [verb, pattern, handler] of ROUTES) {
      if (verb !== method) continue;
      // Express routes are not strict: one trailing slash still matches.
      const params = match(pattern, path.length > 1 ? path.replace(/\/$/, '') : path);
      if (!params) continue;
      const answer = await handler(store, {method, params, query, body: request.body, user: auth.user});
      const headers: Record<string, string> = {};
      if (answer.body !== undefined && answer.status !== 204) headers['content-type'] = 'application/json';
      if (answer.divergence?.length) headers['x-sandbox-divergence'] = [...new Set(answer.divergence)].join('; ');
      return {
        status: answer.status,
        headers,
        // Through JSON, as Express sends it: undefined fields vanish, Infinity becomes null.
        body: answer.status === 204 || answer.body === undefined ? undefined : JSON.parse(JSON.stringify(answer.body)),
      };
    }
    if (method === 'GET' && path === '/events/client') {
      // routes/EventRoutes.ts 31-35: the file public/static/websocket-client.html is not in the repository.
      return {
        status: 404,
        headers: {
          'content-type': 'text/html; charset=utf-8',
          'x-sandbox-divergence': "Express shows the missing file's path and stack trace",
        },
        body: htmlPage('NotFoundError: Not Found'),
      };
    }
    return {
      status: 404,
      headers: {'content-type': 'text/html; charset=utf-8'},
      body: htmlPage(`Cannot ${method} ${BASE_PATH}${path}`),
    };
  }

  return {handle, advanceClock: (ms) => clock.advance(ms), now: () => clock.date()};
}
