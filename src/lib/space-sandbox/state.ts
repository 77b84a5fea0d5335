/**
 * What an in-memory SPACE holds: its clock, its Redis stand-in, and the records MongoDB would keep (users, services
 * with their stored pricings, contracts, daily analytics). Dates are kept as ISO strings, as SPACE's answers show them.
 *
 * Pure TypeScript without DOM or Node APIs beyond `globalThis.crypto` (browsers and Node 20 both have it).
 */
import type {Pricing} from '../pricing2yaml/upgrade';

/** A role of SPACE (api/src/main/types/models/User.ts 9). */
export type Role = 'ADMIN' | 'MANAGER' | 'EVALUATOR';

export interface User {
  username: string;
  password: string;
  apiKey: string;
  role: Role;
  createdAt: string;
  updatedAt: string;
}

/** Where a version is kept: SPACE stores `{id}` for a file upload, `{url}` for a URL (types/models/Service.ts). */
export interface PricingLocator {
  id?: string;
  url?: string;
  /** The locator is a Mongoose embedded document with an id of its own (models/ServiceMongoose.ts 3-11). */
  _id: string;
}

export interface Service {
  id: string;
  name: string;
  disabled: boolean;
  activePricings: Record<string, PricingLocator>;
  /** Absent until a version is first archived: the model gives the map no default (models/ServiceMongoose.ts 18). */
  archivedPricings?: Record<string, PricingLocator>;
}

/** A stored pricing: what SPACE answers for it, and the 3.0 document the lib's evaluator reads. */
export interface StoredPricing {
  id: string;
  serviceName: string;
  /** SPACE's form (utils/pricing-yaml2json.ts 6-23), version label escaped (`.` as `_`). */
  view: Record<string, unknown>;
  /** The 3.0 document as the site's checker upgraded it. */
  document: Pricing;
}

export interface UsageLevel {
  consumed: number;
  resetTimeStamp?: string;
}

export interface BillingPeriod {
  startDate: string;
  endDate: string;
  autoRenew: boolean;
  renewalDays: number;
}

export interface HistoryEntry {
  /** Each entry is a Mongoose embedded document: `_id`, and `id` from the virtuals of toJSON (models/ContractMongoose.ts). */
  _id?: string;
  id?: string;
  startDate: string;
  endDate: string;
  contractedServices: Record<string, string>;
  subscriptionPlans: Record<string, string>;
  subscriptionAddOns: Record<string, Record<string, number>>;
}

export interface Contract {
  id: string;
  userContact: {userId: string; username: string; [field: string]: unknown};
  billingPeriod: BillingPeriod;
  usageLevels: Record<string, Record<string, UsageLevel>>;
  /** Versions as stored, escaped (`2025_1` for `2025.1`). */
  contractedServices: Record<string, string>;
  subscriptionPlans: Record<string, string>;
  subscriptionAddOns: Record<string, Record<string, number>>;
  history: HistoryEntry[];
}

// ---------------------------------------------------------------------------------------------------------------
// Clock

/**
 * The sandbox's time. It starts at `start` and moves 1 ms forward with every request, so that two requests never
 * share a millisecond (SPACE keys its revert snapshots by `Date.getTime()`, ContractService.ts 354-358, and two
 * snapshots in the same millisecond would clash in the cache). `advance` moves it by any amount.
 */
export class Clock {
  private ms: number;
  constructor(start: number) {
    this.ms = start;
  }
  now(): number {
    return this.ms;
  }
  date(): Date {
    return new Date(this.ms);
  }
  iso(): string {
    return new Date(this.ms).toISOString();
  }
  advance(ms: number): void {
    this.ms += ms;
  }
}

// ---------------------------------------------------------------------------------------------------------------
// Cache: a stand-in for SPACE's Redis, used through SPACE's CacheService rules (services/CacheService.ts).

/** A Redis `KEYS` glob as a regular expression: `*`, `?` and nothing else, case-sensitive as Redis is. */
function globToRegExp(glob: string): RegExp {
  const body = glob
    .replace(/[.+^${}()|[\]\\]/g, '\\$&')
    .replace(/\*/g, '.*')
    .replace(/\?/g, '.');
  return new RegExp(`^${body}$`);
}

export class Cache {
  private entries = new Map<string, {value: string; expires: number}>();
  constructor(private clock: Clock) {}

  private live(key: string): string | undefined {
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    if (entry.expires <= this.clock.now()) {
      this.entries.delete(key);
      return undefined;
    }
    return entry.value;
  }

  /** CacheService.ts 14-22: the key is lower-cased, the value parsed from JSON, a missing key reads null. */
  get(key: string): unknown {
    const value = this.live(key.toLowerCase());
    return value ? JSON.parse(value) : null;
  }

  /**
   * CacheService.ts 24-37: a key that holds a different value is refused unless `replaceIfExists`; the value is kept
   * as JSON (so Infinity becomes null and dates strings), for `expirationInSeconds` (300 by default).
   */
  set(key: string, value: unknown, expirationInSeconds = 300, replaceIfExists = false): void {
    const k = key.toLowerCase();
    const previous = this.live(k);
    const json = JSON.stringify(value);
    if (previous && previous !== json && !replaceIfExists) {
      throw new Error('Value already exists in cache, please use a different key.');
    }
    // Redis refuses SET with an EX that is not a positive integer; the client reports it as an error.
    if (!Number.isInteger(expirationInSeconds) || expirationInSeconds <= 0) {
      throw new Error('ERR invalid expire time in set');
    }
    if (json === undefined) return;
    this.entries.set(k, {value: json, expires: this.clock.now() + expirationInSeconds * 1000});
  }

  /** CacheService.ts 39-48: Redis `KEYS` with the pattern as given (not lower-cased). */
  match(pattern: string): string[] {
    const re = globToRegExp(pattern);
    return [...this.entries.keys()].filter((k) => this.live(k) !== undefined && re.test(k));
  }

  /** CacheService.ts 50-64: a key ending in `.*` deletes every key that starts with what comes before. */
  del(key: string): void {
    if (key.endsWith('.*')) {
      const prefix = key.toLowerCase().slice(0, -2);
      for (const k of [...this.entries.keys()]) if (k.startsWith(prefix)) this.entries.delete(k);
    } else {
      this.entries.delete(key.toLowerCase());
    }
  }
}

// ---------------------------------------------------------------------------------------------------------------
// Ids and keys

/** 64 hex characters, as SPACE's `crypto.randomBytes(32).toString('hex')` (utils/users/helpers.ts 4-7). */
export function randomApiKey(): string {
  const bytes = new Uint8Array(32);
  globalThis.crypto.getRandomValues(bytes);
  return [...bytes].map((b) => b.toString(16).padStart(2, '0')).join('');
}

/** A 24-hex id shaped like a MongoDB ObjectId: seconds since the epoch, then a counter. */
export function objectIdFactory(clock: Clock): () => string {
  let counter = 0;
  return () =>
    Math.floor(clock.now() / 1000)
      .toString(16)
      .padStart(8, '0')
      .slice(-8) + (++counter).toString(16).padStart(16, '0');
}

// ---------------------------------------------------------------------------------------------------------------
// Dates, as SPACE computes them with date-fns (utils/helpers.ts 45-73)

export function addDays(iso: string, days: number): string {
  return new Date(Date.parse(iso) + days * 86_400_000).toISOString();
}

/** date-fns `addMonths`: the same day of the month, or the last day of a shorter month. */
function addMonths(date: Date, months: number): Date {
  const day = date.getUTCDate();
  const out = new Date(date.getTime());
  out.setUTCDate(1);
  out.setUTCMonth(out.getUTCMonth() + months);
  const last = new Date(Date.UTC(out.getUTCFullYear(), out.getUTCMonth() + 1, 0)).getUTCDate();
  out.setUTCDate(Math.min(day, last));
  return out;
}

/** utils/helpers.ts 45-73: a period of SEC, MIN, HOUR, DAY, MONTH or YEAR added to a date. */
export function addPeriod(iso: string, period: {value: number; unit: string}): string {
  const date = new Date(iso);
  const n = period.value;
  switch (String(period.unit).toLowerCase()) {
    case 'sec':
      return new Date(date.getTime() + n * 1000).toISOString();
    case 'min':
      return new Date(date.getTime() + n * 60_000).toISOString();
    case 'hour':
      return new Date(date.getTime() + n * 3_600_000).toISOString();
    case 'day':
      return addDays(iso, n);
    case 'month':
      return addMonths(date, n).toISOString();
    case 'year':
      return addMonths(date, 12 * n).toISOString();
    default:
      throw new Error(`Invalid period unit: ${period.unit}`);
  }
}

/** utils/helpers.ts 75-81. */
export const escapeVersion = (version: string) => version.replace(/\./g, '_');
export const resetEscapeVersion = (version: string) => version.replace(/_/g, '.');
