/**
 * The routes of SPACE 9123ae2, one handler per operation of the site's OpenAPI document, each written after the
 * controller and service it names (api/src/main/controllers/*.ts, services/*.ts). As in SPACE, services throw an
 * `Error` and each controller chooses the status from words in its message, so the answers keep SPACE's quirks
 * (a taken username answers 404, an unknown service on rename 500, ...).
 */
import {analyze, type ValidatorLoader} from '../pricing2yaml/analyze';
import {evaluatePricing, quantityBounds, type FeatureOutcome} from '../pricing2yaml/evaluate';
import {isObj, type Obj} from '../pricing2yaml/obj';
import {spaceVerdict} from '../pricing2yaml/space';
import {entries} from '../pricing2yaml/subscription';
import type {Pricing} from '../pricing2yaml/upgrade';
import {
  addDays,
  addPeriod,
  escapeVersion,
  resetEscapeVersion,
  type Cache,
  type Clock,
  type Contract,
  type PricingLocator,
  type Service,
  type StoredPricing,
  type UsageLevel,
  type User,
} from './state';
import {signPricingToken} from './token';

export interface Answer {
  status: number;
  body?: unknown;
  /** Why this answer may differ from SPACE's (the `x-sandbox-divergence` header). */
  divergence?: string[];
}

export interface Store {
  clock: Clock;
  cache: Cache;
  newId: () => string;
  newApiKey: () => string;
  loadValidator: ValidatorLoader;
  users: User[];
  services: Service[];
  pricings: Map<string, StoredPricing>;
  contracts: Contract[];
  /** Finished days: `yyyy-MM-dd` to counters (AnalyticsRepository's documents). */
  days: {date: string; apiCalls: number; evaluations: number}[];
}

export interface Call {
  method: string;
  params: Record<string, string>;
  query: Record<string, string>;
  body: unknown;
  user?: User;
}

const json = (status: number, body: unknown, divergence?: string[]): Answer => ({status, body, divergence});
const error = (status: number, message: string, divergence?: string[]): Answer =>
  json(status, {error: message}, divergence);
const has = (message: string, word: string) => message.toLowerCase().includes(word);
/** What `${err}` and `err.message` give for anything thrown. */
const messageOf = (e: unknown) => (e instanceof Error ? e.message : String(e));
/** A TypeError as V8 words it, for the places where SPACE reads a property of undefined. */
const readOfUndefined = (property: string) =>
  new TypeError(`Cannot read properties of undefined (reading '${property}')`);

// ---------------------------------------------------------------------------------------------------------------
// Users (controllers/UserController.ts, services/UserService.ts, controllers/validation/UserValidation.ts)

const ROLES = ['ADMIN', 'MANAGER', 'EVALUATOR'];

/** UserValidation.ts 3-25 (create) and 26-46 (update): the first failing message. */
function userBodyProblem(body: Obj, creating: boolean): string | undefined {
  const u = body.username;
  if (u === undefined && creating) return 'Username is required';
  if (u !== undefined) {
    if (typeof u !== 'string') return 'Username must be a string';
    if (u.length < 3 || u.length > 30) return 'Username must be between 3 and 30 characters';
  }
  const p = body.password;
  if (p === undefined && creating) return 'Password is required';
  if (p !== undefined) {
    if (typeof p !== 'string') return 'Password must be a string';
    if (p.length < 5) return 'Password must have at least 5 characters';
    if (/\s/.test(p)) return 'Password cannot contain whitespace';
  }
  if (body.role !== undefined && !ROLES.includes(body.role as string))
    return `Role must be one of: ${ROLES.join(', ')}`;
  return undefined;
}

/** UserMongoose's toJSON (models/UserMongoose.ts 30-36) drops the password. */
const userView = ({password: _password, ...rest}: User) => rest;

function adminsBesides(store: Store, username: string) {
  return store.users.filter((u) => u.role === 'ADMIN' && u.username !== username).length;
}

export const users = {
  /** UserController.ts authenticate; UserValidation.ts 47-57 (login). */
  authenticate(store: Store, {body}: Call): Answer {
    const b = isObj(body) ? body : {};
    if (b.username === undefined) return error(422, 'Username is required');
    if (typeof b.username !== 'string') return error(422, 'Username must be a string');
    if (b.password === undefined) return error(422, 'Password is required');
    if (typeof b.password !== 'string') return error(422, 'Password must be a string');
    const user = store.users.find((u) => u.username === b.username && u.password === b.password);
    if (!user) return error(401, 'Invalid credentials');
    return json(200, {username: user.username, apiKey: user.apiKey, role: user.role});
  },
  /** UserController.ts getAll. */
  list(store: Store): Answer {
    return json(200, store.users.map(userView));
  },
  /** UserController.ts create (20-36); UserService.ts create (29-46). */
  create(store: Store, {body, user}: Call): Answer {
    const b = isObj(body) ? {...body} : {};
    const problem = userBodyProblem(b, true);
    if (problem) return error(422, problem);
    const username = (b.username as string).trim();
    try {
      if (store.users.some((u) => u.username === username)) {
        throw new Error('There is already a user with the username that you are trying to set');
      }
      const role = (b.role as User['role'] | undefined) ?? 'EVALUATOR';
      if (!user) throw readOfUndefined('role');
      if (user.role !== 'ADMIN' && role === 'ADMIN') {
        throw new Error('Not enough permissions: Only admins can create other admins.');
      }
      const now = store.clock.iso();
      const created: User = {
        username,
        password: b.password as string,
        apiKey: store.newApiKey(),
        role,
        createdAt: now,
        updatedAt: now,
      };
      store.users.push(created);
      return json(201, userView(created));
    } catch (e) {
      return userError(e);
    }
  },
  /** UserController.ts getByUsername: any failure is 404. */
  show(store: Store, {params}: Call): Answer {
    const user = store.users.find((u) => u.username === params.username);
    return user ? json(200, userView(user)) : error(404, 'User not found');
  },
  /** UserController.ts update; UserService.ts update (48-84). */
  update(store: Store, {params, body, user}: Call): Answer {
    const b = isObj(body) ? {...body} : {};
    const problem = userBodyProblem(b, false);
    if (problem) return error(422, problem);
    try {
      if (!user) throw readOfUndefined('role');
      if (user.role !== 'ADMIN' && b.role === 'ADMIN') {
        throw new Error('Not enough permissions: Only admins can change roles to admin.');
      }
      const target = store.users.find((u) => u.username === params.username);
      if (!target) throw new Error('User not found');
      if (user.role !== 'ADMIN' && target.role === 'ADMIN') {
        throw new Error('Not enough permissions: Only admins can update admin users.');
      }
      if (target.role === 'ADMIN' && b.role && b.role !== 'ADMIN' && adminsBesides(store, target.username) < 1) {
        throw new Error('There must always be at least one ADMIN user in the system.');
      }
      if (b.username && store.users.some((u) => u.username === (b.username as string).trim())) {
        throw new Error('There is already a user with the username that you are trying to set');
      }
      if (typeof b.username === 'string') target.username = b.username.trim();
      if (typeof b.password === 'string') target.password = b.password;
      if (typeof b.role === 'string') target.role = b.role as User['role'];
      target.updatedAt = store.clock.iso();
      return json(200, userView(target));
    } catch (e) {
      return userError(e);
    }
  },
  /** UserController.ts destroy; UserService.ts destroy (135-155). */
  destroy(store: Store, {params}: Call): Answer {
    const target = store.users.find((u) => u.username === params.username);
    if (!target) return error(404, 'User not found');
    if (target.role === 'ADMIN' && adminsBesides(store, target.username) < 1) {
      return error(500, 'There must always be at least one ADMIN user in the system.');
    }
    store.users.splice(store.users.indexOf(target), 1);
    return {status: 204};
  },
  /** UserController.ts regenerateApiKey; UserRepository.ts 70-78 reads `.apiKey` of nothing for an unknown user. */
  regenerateApiKey(store: Store, {params}: Call): Answer {
    const target = store.users.find((u) => u.username === params.username);
    if (!target) return error(500, readOfUndefined('apiKey').message);
    target.apiKey = store.newApiKey();
    target.updatedAt = store.clock.iso();
    return json(200, {apiKey: target.apiKey});
  },
  /** UserController.ts changeRole; UserValidation.ts 58-64; UserService.ts changeRole (94-119). */
  changeRole(store: Store, {params, body, user}: Call): Answer {
    const role = isObj(body) ? body.role : undefined;
    if (role === undefined) return error(422, 'Role is required');
    if (!ROLES.includes(role as string)) return error(422, `Role must be one of: ${ROLES.join(', ')}`);
    try {
      if (!user) throw readOfUndefined('role');
      if (user.role !== 'ADMIN' && role === 'ADMIN') {
        throw new Error('Not enough permissions: Only admins can assign the role ADMIN.');
      }
      const target = store.users.find((u) => u.username === params.username);
      if (!target) throw new Error('User not found');
      if (user.role !== 'ADMIN' && target.role === 'ADMIN') {
        throw new Error('Not enough permissions: Only admins can update admin users.');
      }
      if (target.role === 'ADMIN' && role !== 'ADMIN' && adminsBesides(store, target.username) < 1) {
        throw new Error('There must always be at least one ADMIN user in the system.');
      }
      target.role = role as User['role'];
      target.updatedAt = store.clock.iso();
      return json(200, userView(target));
    } catch (e) {
      return userError(e);
    }
  },
};

/** UserController.ts 27-35: permissions → 403, already / not found → 404, else 500. */
function userError(e: unknown): Answer {
  const m = messageOf(e);
  if (has(m, 'permissions')) return error(403, m);
  if (has(m, 'already') || has(m, 'not found')) return error(404, m);
  return error(500, m);
}

// ---------------------------------------------------------------------------------------------------------------
// Services and pricings (controllers/ServiceController.ts, services/ServiceService.ts)

/**
 * ServiceRepository.ts 41-48: `{name: {$regex: name, $options: 'i'}}`, so the name is an unanchored,
 * case-insensitive regular expression; a pattern that does not compile fails the request.
 */
function findByName(store: Store, name: string, disabled = false): Service | undefined {
  const re = new RegExp(name, 'i');
  return store.services.find((s) => s.disabled === disabled && re.test(s.name));
}

/**
 * A service as answered: utils/services/helpers.ts 5-30 turns `_` in labels back into `.`; the model's transform is
 * declared for `toObject` only (models/ServiceMongoose.ts 20-29) while the repository calls `toJSON`, so `_id` and
 * `__v` stay and there is no `id`.
 */
function serviceView(service: Service, unescape = true): Obj {
  const relabel = (m: Record<string, unknown>) =>
    Object.fromEntries(Object.entries(m).map(([k, v]) => [unescape ? resetEscapeVersion(k) : k, v]));
  return {
    name: service.name,
    disabled: service.disabled,
    activePricings: relabel(service.activePricings),
    ...(service.archivedPricings ? {archivedPricings: relabel(service.archivedPricings)} : {}),
    _id: service.id,
    __v: 0,
  };
}

/** `service.archivedPricings[label]` where SPACE reads it without a guard: a TypeError while the map is absent. */
function archivedAt(service: Service, label: string) {
  if (!service.archivedPricings) throw readOfUndefined(label);
  return service.archivedPricings[label];
}

/** A stored pricing as answered: version label with `.` (ServiceController.ts 52-54, 88). */
function pricingView(p: StoredPricing): Obj {
  const view = JSON.parse(JSON.stringify(p.view)) as Obj;
  view.version = resetEscapeVersion(String(view.version));
  return view;
}

/**
 * SPACE's form of a pricing (utils/pricing-yaml2json.ts 6-99) from the 3.0 document: what pricing4ts 0.10.3's parser
 * fills in (pricing-parser.ts 137-138, 150-178, 188-213, 224-283 and the defaults of pricing-validators.ts: `render`
 * AUTO, `unit` '', `private` false, a RENEWABLE limit's period 1 MONTH, a NON_RENEWABLE limit's `trackable` false, an
 * add-on's `availableFor` every plan, `dependsOn` and `excludes` [], empty maps, and the constraints of an add-on that
 * only extends limits), then SPACE's flattening of plan and add-on values to `name: value`, a plan holding every
 * feature and limit (its own value or the default).
 */
function spaceForm(document: Pricing): Obj {
  // pricing-validators.ts 16, 180-182, 261-263: a number above 100,000,000 (.inf included) is stored as that.
  const UNLIMITED_QUANTITY = 100_000_000;
  const clamp = (v: unknown) => (typeof v === 'number' && v > UNLIMITED_QUANTITY ? UNLIMITED_QUANTITY : v);
  const values = (item: Obj) => ({
    ...item,
    ...('defaultValue' in item ? {defaultValue: clamp(item.defaultValue)} : {}),
    ...('value' in item ? {value: clamp(item.value)} : {}),
  });
  // pricing-validators.ts 131-137, 222-241, 434-440 and the like: an optional field given as null (or an expression
  // that is not text) is left out.
  const tidy = (item: Obj) =>
    Object.fromEntries(
      Object.entries(item).filter(
        ([k, v]) => v !== null && !((k === 'expression' || k === 'serverExpression') && typeof v !== 'string'),
      ),
    );
  const render = (v: unknown) => (typeof v === 'string' ? v.toUpperCase() : 'AUTO');
  const features = Object.fromEntries(
    entries(document.features).map(([name, f]) => [name, {...tidy(values(f)), name, render: render(f.render)}]),
  );
  const usageLimits = Object.fromEntries(
    entries(document.usageLimits).map(([name, l]) => {
      const period = isObj(l.period) ? l.period : {};
      return [
        name,
        {
          ...tidy(values(l)),
          name,
          unit: l.unit ?? '',
          ...(l.type === 'RENEWABLE'
            ? {period: {unit: String(period.unit ?? 'MONTH').toUpperCase(), value: period.value ?? 1}}
            : {trackable: l.trackable ?? false}),
          render: render(l.render),
        },
      ];
    }),
  );
  const flat = (map: unknown) => Object.fromEntries(entries(map).map(([k, v]) => [k, clamp(v.value)]));
  const planNames = Object.keys(isObj(document.plans) ? document.plans : {});
  const valueOf = (item: Obj, group: 'features' | 'usageLimits', key: string): unknown => {
    const own =
      isObj(item[group]) && isObj((item[group] as Obj)[key]) ? ((item[group] as Obj)[key] as Obj).value : undefined;
    return (
      clamp(own) ??
      clamp(
        isObj(document[group]) && isObj((document[group] as Obj)[key])
          ? ((document[group] as Obj)[key] as Obj).defaultValue
          : undefined,
      )
    );
  };
  const plans = Object.fromEntries(
    entries(document.plans).map(([name, plan]) => [
      name,
      {
        ...plan,
        name,
        unit: plan.unit ?? '',
        private: plan.private ?? false,
        features: Object.fromEntries(Object.keys(features).map((k) => [k, valueOf(plan, 'features', k)])),
        usageLimits: Object.fromEntries(Object.keys(usageLimits).map((k) => [k, valueOf(plan, 'usageLimits', k)])),
      },
    ]),
  );
  const addOns = Object.fromEntries(
    entries(document.addOns).map(([name, a]) => {
      const addOn: Obj = {
        ...a,
        name,
        availableFor: a.availableFor ?? planNames,
        dependsOn: a.dependsOn ?? [],
        excludes: a.excludes ?? [],
        unit: a.unit ?? '',
        private: a.private ?? false,
        features: flat(a.features),
        usageLimits: flat(a.usageLimits),
        usageLimitsExtensions: flat(a.usageLimitsExtensions),
      };
      const count = (k: string) => Object.keys(addOn[k] as Obj).length;
      if (count('features') === 0 && count('usageLimits') === 0 && count('usageLimitsExtensions') > 0) {
        const c = isObj(a.subscriptionConstraints) ? a.subscriptionConstraints : {};
        const min = c.minQuantity ?? 1;
        addOn.subscriptionConstraints = {
          minQuantity: min,
          maxQuantity: c.maxQuantity ?? UNLIMITED_QUANTITY,
          quantityStep: c.quantityStep ?? 1,
        };
      }
      return [name, addOn];
    }),
  );
  const createdAt = document.createdAt instanceof Date ? document.createdAt : new Date(String(document.createdAt));
  return {
    version: escapeVersion(String(document.version)),
    currency: document.currency,
    createdAt: createdAt.toISOString(),
    features,
    usageLimits,
    plans,
    addOns,
  };
}

const CHECKER_WORDING =
  "the refusal message is the site checker's own wording; SPACE words it as pricing4ts 0.10.3 throws it";

/**
 * The upload of a file (ServiceService.ts 221-441, `_createFromFile`). The YAML text stands for the file: the site's
 * checker (pricing2yaml/analyze.ts) reads it, upgrades it to 3.0 and gives SPACE's upload verdict (pricing2yaml/space.ts).
 */
async function uploadFile(store: Store, text: string, serviceName?: string): Promise<Answer> {
  // Step 1: pricing4ts parses the file (ServiceService.ts 226, 878-885): "Pricing parsing error: ...".
  const analysis = await analyze(text, store.loadValidator, store.clock.date(), {original: false});
  if (analysis.status !== 'valid' || !analysis.pricing) {
    const first = analysis.diagnostics.find((d) => d.severity === 'error');
    const reason = first ? `${first.message} (line ${first.line})` : analysis.summary;
    throw new UploadError(`Pricing parsing error: ${reason}`, [CHECKER_WORDING]);
  }
  // A number written with underscores is text to the js-yaml 4 that pricing4ts reads with; as a typed value it fails
  // pricing4ts's type check (pricing-validators.ts 163-190, 243-270). The checker reads it as a number and warns.
  const underscored = analysis.diagnostics.find(
    (d) =>
      d.severity === 'warning' && /read it as the text/.test(d.message) && /(^|\.)(defaultValue|value)$/.test(d.path),
  );
  if (underscored) {
    throw new UploadError(
      `Pricing parsing error: ${underscored.path} (line ${underscored.line}): ${underscored.message}`,
      [CHECKER_WORDING],
    );
  }
  const refusals = analysis.space?.findings.filter((f) => f.effect === 'refused') ?? [];
  const parserRefusal = refusals.find((f) => !f.message.includes('ServiceValidation.ts'));
  if (parserRefusal) {
    throw new UploadError(
      `Pricing parsing error: ${parserRefusal.message.replace(/^SPACE refuses the upload: /, '')}`,
      [CHECKER_WORDING],
    );
  }
  const document = analysis.pricing;
  const saasName = String(document.saasName);
  const version = String(document.version);
  const escaped = escapeVersion(version);
  let service: Service | undefined;
  // Step 1.1 (ServiceService.ts 229-248)
  if (serviceName !== undefined) {
    if (saasName !== serviceName) {
      throw new Error(
        `Invalid request: The service name in the pricing file (${saasName}) does not match the service name in the URL (${serviceName})`,
      );
    }
    service = findByName(store, serviceName);
    if (!service) throw new Error(`Service ${serviceName} not found`);
    if (service.activePricings[escaped] || service.archivedPricings?.[escaped]) {
      throw new Error(`Pricing version ${version} already exists for service ${serviceName}`);
    }
  }
  // parsePricingToSpacePricingObject (pricing-yaml2json.ts 9-12; ServiceValidation.ts 13-19)
  // The checker's findings carry printed paths; the verdict on the 3.0 form gives the map and the name.
  const illegal = spaceVerdict(document, document, '3.0').findings.find(
    (f) => f.effect === 'refused' && f.message.includes('ServiceValidation.ts'),
  );
  if (illegal) {
    throw new Error(
      `Invalid key in ${illegal.path[0]}: "${illegal.path[1]}". Keys must not contain "." or other invalid characters.`,
    );
  }
  const stored: StoredPricing = {id: store.newId(), serviceName: saasName, view: spaceForm(document), document};
  // validatePricingData (services/validation/PricingServiceValidation.ts 3-31)
  const missing = ['version', 'currency', 'createdAt', 'features'].filter((f) => !stored.view[f]);
  if (missing.length)
    throw new Error(`Validation errors: ${missing.map((f) => `Missing required field: ${f}`).join(', ')}`);

  if (!service) {
    // ServiceService.ts 267-343
    if (findByName(store, saasName, false)) throw new Error(`Invalid request: Service ${saasName} already exists`);
    const disabled = findByName(store, saasName, true);
    store.pricings.set(stored.id, stored);
    if (disabled) {
      reEnable(store, disabled, escaped, stored.id);
      service = disabled;
    } else {
      service = {
        id: store.newId(),
        name: saasName,
        disabled: false,
        activePricings: {[escaped]: {id: stored.id, _id: store.newId()}},
      };
      store.services.push(service);
    }
  } else {
    // ServiceService.ts 344-413
    store.pricings.set(stored.id, stored);
    if (service.disabled) reEnable(store, service, escaped, stored.id);
    else service.activePricings[escaped] = {id: stored.id, _id: store.newId()};
  }
  // ServiceService.ts 420: the PRICING_CREATED event goes to the socket, which the sandbox has not.
  return json(201, serviceView(service), [
    'SPACE emits a PRICING_CREATED event on its socket; the sandbox has no socket',
  ]);
}

/** ServiceService.ts 283-327: the new version alone is active, every older one archived (renamed on a clash). */
function reEnable(store: Store, service: Service, escaped: string, id: string) {
  const archived: Record<string, PricingLocator> = {...(service.archivedPricings ?? {})};
  const stamp = () => `_${store.clock.now()}`;
  if (archived[escaped]) {
    archived[escaped + stamp()] = archived[escaped];
    delete archived[escaped];
  }
  for (const [key, locator] of Object.entries(service.activePricings)) {
    archived[key === escaped || archived[key] ? key + stamp() : key] = locator;
  }
  service.disabled = false;
  service.activePricings = {[escaped]: {id, _id: store.newId()}};
  service.archivedPricings = archived;
}

class UploadError extends Error {
  constructor(
    message: string,
    readonly divergence: string[],
  ) {
    super(message);
  }
}

/** The stored pricing behind a locator (ServiceService.ts 137-185, `showPricing`). */
function showPricing(store: Store, serviceName: string, pricingVersion: string): StoredPricing {
  const service = findByName(store, serviceName);
  if (!service) throw new Error(`Service ${serviceName} not found`);
  const escaped = escapeVersion(pricingVersion);
  const locator = service.activePricings[escaped] || archivedAt(service, escaped);
  if (!locator) throw new Error(`Pricing version ${pricingVersion} not found for service ${serviceName}`);
  const pricing = locator.id ? store.pricings.get(locator.id) : undefined;
  if (!pricing) throw new Error(`Pricing version ${pricingVersion} not found for service ${serviceName}`);
  return pricing;
}

const serviceNotFound = (e: unknown) => {
  const m = messageOf(e);
  return has(m, 'not found') ? error(404, m) : error(500, m);
};

export const services = {
  /** ServiceController.ts index (26-36, 271-287); ServiceRepository.ts 17-29. */
  list(store: Store, {query}: Call): Answer {
    try {
      const page = parseInt(query.page) || 1;
      const offset = parseInt(query.offset) || 0;
      const limit = parseInt(query.limit) || 20;
      const order = query.order || 'asc';
      const re = query.name ? new RegExp(query.name, 'i') : undefined;
      const found = store.services
        .filter((s) => !s.disabled && (!re || re.test(s.name)))
        .sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0) * (order === 'asc' ? 1 : -1));
      const start = offset === 0 ? (page - 1) * limit : offset;
      return json(
        200,
        found.slice(start, start + limit).map((s) => serviceView(s)),
      );
    } catch (e) {
      return error(500, messageOf(e));
    }
  },
  /** ServiceController.ts create (100-128): parsing / already exists / invalid → 400, not found → 404. */
  async create(store: Store, {body}: Call): Promise<Answer> {
    const text = isObj(body) ? body.pricing : undefined;
    if (!text) return error(400, 'No file or URL provided');
    try {
      store.cache.del('features.*');
      return await uploadFile(store, String(text));
    } catch (e) {
      const m = messageOf(e);
      const d = e instanceof UploadError ? e.divergence : undefined;
      if (has(m, 'parsing') || has(m, 'already exists') || has(m, 'invalid')) return error(400, m, d);
      if (has(m, 'not found')) return error(404, m, d);
      return error(500, m, d);
    }
  },
  /** ServiceController.ts prune (215-222): Mongoose's deletedCount, `null` when there is nothing. */
  prune(store: Store): Answer {
    const n = store.services.length;
    store.services.length = 0;
    return json(
      200,
      {message: `Pruned ${n || null} services`},
      n ? undefined : ['the count of an empty prune is taken from the OpenAPI document'],
    );
  },
  /** ServiceController.ts show (66-79); ServiceService.ts show (121-135). */
  show(store: Store, {params}: Call): Answer {
    try {
      const service = findByName(store, params.serviceName);
      if (!service) throw new Error(`Service ${params.serviceName} not found`);
      return json(200, serviceView(service));
    } catch (e) {
      return serviceNotFound(e);
    }
  },
  /** ServiceController.ts update (164-175): any error 500; ServiceValidation.ts 3-11; the answer keeps stored labels. */
  update(store: Store, {params, body}: Call): Answer {
    const b = isObj(body) ? body : {};
    if (b.name !== undefined) {
      if (typeof b.name !== 'string') return error(422, 'The name field must be a string');
      if (b.name.length < 1 || b.name.length > 255)
        return error(422, 'The name must have between 1 and 255 characters long');
    }
    try {
      const service = findByName(store, params.serviceName);
      if (!service) throw new Error(`Service ${params.serviceName} not found`);
      if (typeof b.name === 'string') service.name = b.name.trim();
      return json(200, serviceView(service, false));
    } catch (e) {
      return error(500, messageOf(e));
    }
  },
  /** ServiceController.ts disable (224-241); ServiceService.ts disable (720-743) and _removeServiceFromContracts. */
  disable(store: Store, {params}: Call): Answer {
    try {
      const service = findByName(store, params.serviceName);
      if (!service) throw new Error(`Service ${params.serviceName} not found`);
      removeServiceFromContracts(store, service.name);
      // ServiceRepository.ts 86-117: active versions join the archived ones, a clashing label renamed.
      const archived: Record<string, PricingLocator> = {...(service.archivedPricings ?? {})};
      for (const [k, v] of Object.entries(service.activePricings))
        archived[archived[k] ? `${k}_${store.clock.now()}` : k] = v;
      service.archivedPricings = archived;
      service.activePricings = {};
      service.disabled = true;
      return {
        status: 204,
        divergence: ['SPACE emits a SERVICE_DISABLED event on its socket; the sandbox has no socket'],
      };
    } catch (e) {
      return serviceNotFound(e);
    }
  },
  /** ServiceController.ts indexPricings (38-64); ServiceService.ts indexPricings (57-119). */
  listPricings(store: Store, {params, query}: Call): Answer {
    const status = query.pricingStatus || 'active';
    if (status !== 'active' && status !== 'archived') return error(400, 'Invalid pricing status');
    try {
      return json(200, pricingsOf(store, params.serviceName, status).map(pricingView));
    } catch (e) {
      return serviceNotFound(e);
    }
  },
  /** ServiceController.ts addPricingToService (130-162): not found 404, exists / invalid 400, else 500. */
  async addPricing(store: Store, {params, body}: Call): Promise<Answer> {
    const text = isObj(body) ? body.pricing : undefined;
    if (!text) return error(400, 'No file or URL provided');
    try {
      store.cache.del('features.*');
      store.cache.del(`service.${params.serviceName}`);
      return await uploadFile(store, String(text), params.serviceName);
    } catch (e) {
      const m = messageOf(e);
      const d = e instanceof UploadError ? e.divergence : undefined;
      if (has(m, 'not found')) return error(404, m, d);
      if (has(m, 'exists') || has(m, 'invalid')) return error(400, m, d);
      return error(500, m, d);
    }
  },
  /** ServiceController.ts showPricing (81-98). */
  showPricing(store: Store, {params}: Call): Answer {
    try {
      return json(200, pricingView(showPricing(store, params.serviceName, params.pricingVersion)));
    } catch (e) {
      return serviceNotFound(e);
    }
  },
  /**
   * ServiceController.ts updatePricingAvailability (177-213); PricingValidation.ts; ServiceService.ts 619-713: the
   * version is archived before the fallback is checked, so a bad fallback fails with the version already archived.
   */
  setAvailability(store: Store, {params, query, body}: Call): Answer {
    const fallback = isObj(body) ? body : {};
    if (Object.keys(fallback).length > 0) {
      if (fallback.subscriptionPlan !== undefined && typeof fallback.subscriptionPlan !== 'string') {
        return error(422, 'The subscriptionPlan field must be a string');
      }
      const addOns = fallback.subscriptionAddOns;
      if (addOns !== undefined) {
        if (!isObj(addOns)) return error(422, 'The subscriptionAddOns field must be an object');
        if (Object.values(addOns).some((v) => typeof v !== 'number')) {
          return error(422, 'All values in subscriptionAddOns must be numbers');
        }
      }
    }
    const availability = query.availability ?? 'archived';
    if (availability !== 'active' && availability !== 'archived') {
      return error(400, 'Invalid availability status. Either provide "active" or "archived"');
    }
    try {
      const service = findByName(store, params.serviceName);
      if (!service) throw new Error(`Service ${params.serviceName} not found`);
      const escaped = escapeVersion(params.pricingVersion);
      if (
        (availability === 'active' && service.activePricings[escaped]) ||
        (availability === 'archived' && service.archivedPricings?.[escaped])
      ) {
        return json(200, serviceView(service, false));
      }
      if (
        availability === 'archived' &&
        Object.keys(service.activePricings).length === 1 &&
        service.activePricings[escaped]
      ) {
        throw new Error(`You cannot archive the last active pricing for service ${params.serviceName}`);
      }
      if (availability === 'archived' && Object.keys(fallback).length === 0) {
        throw new Error(
          `Invalid request: Archiving pricing version ${escaped} of service ${params.serviceName} cannot be completed. To proceed, you must provide a fallback subscription in the request body. All active contracts will be novated to this new version upon archiving.`,
        );
      }
      const locator = service.activePricings[escaped] ?? archivedAt(service, escaped);
      if (!locator)
        throw new Error(`Pricing version ${params.pricingVersion} not found for service ${params.serviceName}`);
      const events = ['SPACE emits a pricing event on its socket; the sandbox has no socket'];
      if (availability === 'active') {
        service.activePricings[escaped] = locator;
        delete service.archivedPricings?.[escaped];
        return json(200, serviceView(service), events);
      }
      service.archivedPricings = {...(service.archivedPricings ?? {}), [escaped]: locator};
      delete service.activePricings[escaped];
      if (fallback.subscriptionPlan === undefined && fallback.subscriptionAddOns === undefined) {
        throw new Error(
          'Invalid request: In order to novate contracts to the latest version, the provided fallback subscription must contain at least a subscriptionPlan (if the pricing has plans), and optionally a subset of add-ons. If the pricing do not have plans, the set of add-ons is mandatory.',
        );
      }
      novateToLatest(store, service.name.toLowerCase(), escaped, fallback);
      return json(200, serviceView(service), [...events, 'the moved contracts keep no stale cached copy here']);
    } catch (e) {
      const m = messageOf(e);
      if (has(m, 'not found')) return error(404, m);
      if (has(m, 'last active pricing') || has(m, 'invalid')) return error(400, m);
      return error(500, m);
    }
  },
  /** ServiceController.ts destroyPricing (243-269); ServiceService.ts destroyPricing (745-786). */
  destroyPricing(store: Store, {params}: Call): Answer {
    try {
      const service = findByName(store, params.serviceName);
      if (!service) throw new Error(`Service ${params.serviceName} not found`);
      const escaped = escapeVersion(params.pricingVersion);
      if (service.activePricings[escaped]) {
        throw new Error(
          `Forbidden: You cannot delete an active pricing version ${params.pricingVersion} for service ${params.serviceName}. Please archive it first.`,
        );
      }
      const locator = archivedAt(service, escaped);
      if (!locator) {
        throw new Error(
          `Invalid request: No archived version ${params.pricingVersion} found for service ${params.serviceName}. Remember that a pricing must be archived before it can be deleted.`,
        );
      }
      if (locator.id) store.pricings.delete(locator.id);
      delete service.archivedPricings?.[escaped];
      return {status: 204};
    } catch (e) {
      const m = messageOf(e);
      if (has(m, 'not found') || has(m, 'invalid')) return error(404, m);
      if (has(m, 'forbidden')) return error(403, m);
      return error(500, m);
    }
  },
};

/** ServiceService.ts indexPricings (57-119): the stored pricings of the active or archived versions. */
function pricingsOf(store: Store, serviceName: string, status: 'active' | 'archived'): StoredPricing[] {
  const service = findByName(store, serviceName);
  if (!service) throw new Error(`Service ${serviceName} not found`);
  const locators = (status === 'active' ? service.activePricings : service.archivedPricings) ?? {};
  return Object.values(locators)
    .map((l) => (l.id ? store.pricings.get(l.id) : undefined))
    .filter((p): p is StoredPricing => p !== undefined);
}

/** ServiceService.ts 788-869: contracts on the archived version move to the newest active version (by createdAt). */
function novateToLatest(store: Store, serviceName: string, escaped: string, fallback: Obj) {
  // Only the first 20 contracts by username (ContractRepository.findAll's default page) are considered.
  const contracts = contractPage(store, {serviceName}).filter((c) => c.contractedServices[serviceName] === escaped);
  if (contracts.length === 0) return;
  const latest = pricingsOf(store, serviceName, 'active').sort(
    (a, b) => Date.parse(String(b.view.createdAt)) - Date.parse(String(a.view.createdAt)),
  )[0];
  if (!latest) throw new Error(`No active pricing found for service ${serviceName}`);
  const levels = usageLevelsOf(store, latest);
  const updates = contracts.map((c) => {
    const next: Contract = JSON.parse(JSON.stringify(c));
    next.contractedServices[serviceName] = String(latest.view.version);
    next.subscriptionPlans[serviceName] = fallback.subscriptionPlan as string;
    next.subscriptionAddOns[serviceName] = fallback.subscriptionAddOns as Record<string, number>;
    const refusal = subscriptionRefusal(serviceName, next, latest);
    if (refusal) {
      throw new Error(
        `The configuration provided to novate affected contracts is not valid for version ${String(latest.view.version)} of service ${serviceName}. Error: Error: ${refusal}`,
      );
    }
    if (levels) next.usageLevels[serviceName] = levels;
    else delete next.usageLevels[serviceName];
    return next;
  });
  for (const next of updates) store.contracts[store.contracts.findIndex((c) => c.id === next.id)] = next;
}

/** ServiceService.ts 913-981: the service leaves every contract whose keys hold its name as stored. */
function removeServiceFromContracts(store: Store, serviceName: string) {
  for (const contract of contractPage(store, {})) {
    const without = <T>(m: Record<string, T>) =>
      Object.fromEntries(Object.entries(m).filter(([k]) => k !== serviceName));
    const contractedServices = without(contract.contractedServices);
    if (JSON.stringify(contractedServices) === JSON.stringify(contract.contractedServices)) continue;
    novate(store, contract, {
      contractedServices: Object.fromEntries(
        Object.entries(contractedServices).map(([k, v]) => [k, resetEscapeVersion(v)]),
      ),
      subscriptionPlans: without(contract.subscriptionPlans),
      subscriptionAddOns: without(contract.subscriptionAddOns),
    });
    delete contract.usageLevels[serviceName];
    if (Object.keys(contractedServices).length === 0) {
      contract.usageLevels = {};
      const now = store.clock.iso();
      contract.billingPeriod = {startDate: now, endDate: now, autoRenew: false, renewalDays: 0};
    }
  }
}

// ---------------------------------------------------------------------------------------------------------------
// Contracts (controllers/ContractController.ts, services/ContractService.ts, controllers/validation/ContractValidation.ts)

/** A contract as answered: versions with `.` (ContractService.ts 62, 148, ...), plain JSON. */
function contractView(c: Contract): Obj {
  const view = JSON.parse(JSON.stringify(c)) as Contract;
  view.contractedServices = Object.fromEntries(
    Object.entries(view.contractedServices).map(([k, v]) => [k, resetEscapeVersion(v)]),
  );
  return view as unknown as Obj;
}

/** ContractRepository.ts 7-66: filters, sort within userContact, page (limit capped at 100). */
function contractPage(store: Store, f: Record<string, string | number | undefined>): Contract[] {
  const page = Number(f.page ?? 1);
  const offset = Number(f.offset ?? 0);
  const limit = Number(f.limit ?? 20);
  const sort = String(f.sort ?? 'username');
  const order = f.order ?? 'asc';
  const like = (v: unknown, pattern: unknown) =>
    pattern === undefined || new RegExp(String(pattern), 'i').test(String(v ?? ''));
  const found = store.contracts.filter(
    (c) =>
      like(c.userContact.username, f.username) &&
      like(c.userContact.firstName, f.firstName) &&
      like(c.userContact.lastName, f.lastName) &&
      like(c.userContact.email, f.email) &&
      (f.serviceName === undefined || Object.keys(c.contractedServices).some((k) => like(k, f.serviceName))),
  );
  const key = (c: Contract) => String(c.userContact[sort] ?? '');
  found.sort((a, b) => (key(a) < key(b) ? -1 : key(a) > key(b) ? 1 : 0) * (order === 'asc' ? 1 : -1));
  const start = offset === 0 ? (page - 1) * limit : offset;
  return found.slice(start, start + Math.min(limit, 100));
}

/** utils/contracts/helpers.ts 5-38: a counter for each limit with a period or `trackable`, renewable ones with a reset time. */
function usageLevelsOf(store: Store, pricing: StoredPricing): Record<string, UsageLevel> | undefined {
  const limits = pricing.view.usageLimits as Record<string, Obj> | undefined;
  if (!limits) return undefined;
  const levels: Record<string, UsageLevel> = {};
  for (const limit of Object.values(limits)) {
    if (!(limit.period || limit.trackable)) continue;
    if (limit.type === 'RENEWABLE') {
      if (!limit.period)
        throw new Error(`Usage limit ${String(limit.name)} must have a period defined, since it is RENEWABLE`);
      levels[String(limit.name)] = {
        resetTimeStamp: addPeriod(store.clock.iso(), limit.period as {value: number; unit: string}),
        consumed: 0,
      };
    } else {
      levels[String(limit.name)] = {consumed: 0};
    }
  }
  return Object.keys(levels).length ? levels : undefined;
}

/**
 * ContractValidation.ts 287-394 (`isSubscriptionValidInPricing`): SPACE's wording of the first refusal, or undefined.
 * The rules themselves are the lib's (`evaluatePricing`'s subscription problems, `quantityBounds`); the test suite
 * checks that both refuse the same subscriptions.
 */
function subscriptionRefusal(
  serviceName: string,
  c: Pick<Contract, 'subscriptionPlans' | 'subscriptionAddOns'>,
  pricing: StoredPricing,
): string | undefined {
  const plan = c.subscriptionPlans[serviceName];
  const addOns = c.subscriptionAddOns[serviceName];
  const doc = pricing.document;
  if (!plan && !addOns) return `Service ${serviceName} must have either a plan or add-ons selected`;
  if (plan && !(isObj(doc.plans) && isObj(doc.plans[plan]))) return `Plan ${plan} for service ${serviceName} not found`;
  if (!addOns) return undefined;
  for (const name of Object.keys(addOns)) {
    const addOn = isObj(doc.addOns) ? doc.addOns[name] : undefined;
    if (!isObj(addOn))
      return `Add-on ${name} declared in the subscription not found in pricing version ${String(pricing.view.version)}`;
    const one = evaluatePricing(doc, {plan, addOns: {[name]: addOns[name]}}).problems;
    if (plan && one.some((p) => p.code === 'ADD_ON_NOT_AVAILABLE'))
      return `Add-on ${name} is not available for plan ${plan}`;
    const dependsOn = Array.isArray(addOn.dependsOn) ? addOn.dependsOn.map(String) : [];
    if (!dependsOn.every((d) => Object.prototype.hasOwnProperty.call(addOns, d))) {
      return `Add-on ${name} requires the following add-ons to be selected: ${dependsOn.join(', ')}`;
    }
    const excludes = Array.isArray(addOn.excludes) ? addOn.excludes.map(String) : [];
    if (excludes.some((x) => Object.prototype.hasOwnProperty.call(addOns, x))) {
      return `Add-on ${name} cannot be selected with the following add-ons: ${excludes.join(', ')}`;
    }
    if (one.some((p) => p.code === 'INVALID_QUANTITY')) {
      const {min, max, step} = quantityBounds(addOn);
      return `Add-on ${name} quantity ${addOns[name]} is not valid. It must be between ${min} and ${max}, and a multiple of ${step}`;
    }
  }
  return undefined;
}

const isPlainObject = (v: unknown): v is Obj => isObj(v);
/** express-validator's isEmail, narrowed to what contact forms send. */
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** ContractValidation.ts 7-107 (create) and 109-156 (novate): the first failing message. */
function subscriptionBodyProblem(b: Obj): string | undefined {
  if (b.contractedServices === undefined || b.contractedServices === null)
    return 'The contractedServices field is required';
  if (!isPlainObject(b.contractedServices))
    return 'contractedServices must be an object where keys are service names and values are pricing versions';
  for (const v of Object.values(b.contractedServices)) {
    if (v === undefined || v === '' || v === null)
      return 'Each value in contractedServices must be a string (service name)';
    if (typeof v !== 'string') return 'Each value in contractedServices must be a string (pricing version)';
  }
  if (b.subscriptionPlans === undefined || b.subscriptionPlans === null)
    return 'The subscriptionPlans field is required';
  if (!isPlainObject(b.subscriptionPlans))
    return 'subscriptionPlans must be an object where keys are service names and values are plan names';
  for (const v of Object.values(b.subscriptionPlans)) {
    if (v === undefined) return 'Each value in subscriptionPlans must be a string (plan name)';
    if (typeof v !== 'string') return 'Plan name must be a string';
    if (v.length < 1) return 'Plan name cannot be empty';
  }
  if (b.subscriptionAddOns === undefined || b.subscriptionAddOns === null)
    return 'The subscriptionAddOns field is required';
  if (!isPlainObject(b.subscriptionAddOns)) return 'subscriptionAddOns must be an object';
  for (const v of Object.values(b.subscriptionAddOns)) {
    if (!isPlainObject(v)) return 'Each value in subscriptionAddOns must be an object of add-ons';
    for (const q of Object.values(v)) {
      if (!Number.isInteger(q) || (q as number) < 0)
        return 'Each add-on quantity must be an integer greater than or equal to 0';
    }
  }
  return undefined;
}

function createProblem(b: Obj): string | undefined {
  const uc = b.userContact;
  if (uc === undefined || uc === null) return 'The userContact field is required';
  if (!isPlainObject(uc)) return 'The userContact field must be an object';
  if (uc.userId === undefined || uc.userId === null) return 'The userContact.userId field is required';
  if (typeof uc.userId !== 'string') return 'The userContact.userId field must be a string';
  if (uc.userId === '') return 'The userContact.userId field cannot be empty';
  if (uc.username === undefined || uc.username === null) return 'The userContact.username field is required';
  if (typeof uc.username !== 'string') return 'The userContact.username field must be a string';
  for (const f of ['firstName', 'lastName'] as const) {
    if (uc[f] !== undefined && typeof uc[f] !== 'string') return `The userContact.${f} field must be a string`;
  }
  if (uc.email !== undefined && !(typeof uc.email === 'string' && EMAIL.test(uc.email))) {
    return 'The userContact.email field must be a valid email address';
  }
  if (uc.phone !== undefined && typeof uc.phone !== 'string') return 'The userContact.phone field must be a string';
  const bp = b.billingPeriod;
  if (bp !== undefined) {
    if (!isPlainObject(bp)) return 'The billingPeriod field must be an object';
    if (bp.autoRenew !== undefined && typeof bp.autoRenew !== 'boolean')
      return 'billingPeriod.autoRenew must be a boolean';
    if (bp.autoRenew === true) {
      if (bp.renewalDays === undefined)
        return 'billingPeriod.renewalDays is required when billingPeriod.autoRenew is true';
      if (!Number.isInteger(bp.renewalDays) || (bp.renewalDays as number) < 1)
        return 'billingPeriod.renewalDays must be a positive integer';
    }
  }
  return subscriptionBodyProblem(b);
}

const lower = <T>(m: Record<string, T> | undefined) =>
  Object.fromEntries(Object.entries(m ?? {}).map(([k, v]) => [k.toLowerCase(), v]));

/** models/ContractMongoose.ts 13-20: the strict schema keeps these contact fields and drops any other. */
function contactOf(fields: Obj): Contract['userContact'] {
  const kept = ['userId', 'username', 'firstName', 'lastName', 'email', 'phone'];
  return Object.fromEntries(Object.entries(fields).filter(([k]) => kept.includes(k))) as Contract['userContact'];
}

/** utils/contracts/novation.ts 5-33. */
function novate(
  store: Store,
  contract: Contract,
  next: {
    contractedServices: Record<string, string>;
    subscriptionPlans: Record<string, string>;
    subscriptionAddOns: Record<string, Record<string, number>>;
    billingPeriod?: Obj;
  },
) {
  const now = store.clock.iso();
  const entryId = store.newId();
  contract.history.push({
    _id: entryId,
    id: entryId,
    startDate: contract.billingPeriod.startDate,
    endDate: now,
    contractedServices: contract.contractedServices,
    subscriptionPlans: contract.subscriptionPlans,
    subscriptionAddOns: contract.subscriptionAddOns,
  });
  const renewalDays = contract.billingPeriod?.renewalDays ?? 30;
  contract.contractedServices = Object.fromEntries(
    Object.entries(next.contractedServices).map(([k, v]) => [k, escapeVersion(v)]),
  );
  contract.subscriptionPlans = next.subscriptionPlans;
  contract.subscriptionAddOns = next.subscriptionAddOns;
  contract.billingPeriod = {
    startDate: now,
    endDate: addDays(now, renewalDays),
    autoRenew: (next.billingPeriod?.autoRenew as boolean | undefined) ?? contract.billingPeriod.autoRenew,
    renewalDays,
  };
}

function findContract(store: Store, userId: string): Contract {
  const contract = store.contracts.find((c) => c.userContact.userId === userId);
  if (!contract) throw new Error(`Contract with userId ${userId} not found`);
  return contract;
}

/** The cache writes SPACE makes after a contract changes (ContractService.ts 176-177 and the like). */
function cacheContract(store: Store, contract: Contract) {
  store.cache.set(`contracts.${contract.userContact.userId}`, contractView(contract), 3600, true);
  store.cache.del(`features.${contract.userContact.userId}.*`);
}

const contractNotFound = (e: unknown) => {
  const m = messageOf(e);
  return has(m, 'not found') ? error(404, m) : error(500, m);
};

export const contracts = {
  /** ContractController.ts index (27-40, 166-187); ContractServiceValidation.ts. */
  list(store: Store, {query}: Call): Answer {
    const f = {
      ...query,
      page: parseInt(query.page) || 1,
      offset: parseInt(query.offset) || 0,
      limit: parseInt(query.limit) || 20,
      order: query.order || 'asc',
    };
    const errors: string[] = [];
    if (f.page < 1) errors.push('Page must be greater than or equal to 1');
    if (f.offset < 0) errors.push('Offset must be greater than or equal to 0');
    if (f.limit < 1) errors.push('Limit must be greater that or equal to 1');
    if (query.sort && !['firstName', 'lastName', 'username', 'email'].includes(query.sort)) {
      errors.push('Invalid sort field. Please use one of the following: firstName, lastName, username, email');
    }
    if (errors.length) return error(400, 'Errors where found during validation of query params: ' + errors.join(' | '));
    // ContractRepository.ts 45-64: items of an aggregation, with _id, __v and contractedServicesArray, without id.
    return json(
      200,
      contractPage(store, f).map((c) => {
        const {id, history, ...rest} = contractView(c) as Obj & {history: Obj[]};
        const escaped = Object.entries(c.contractedServices).map(([k, v]) => ({k, v}));
        // No toJSON on aggregation results: history entries keep `_id` and get no `id` either.
        const entries = history.map(({id: _entryId, ...entry}) => entry);
        return {_id: id, ...rest, history: entries, __v: 0, contractedServicesArray: escaped};
      }),
    );
  },
  /** ContractController.ts create (56-68): any message with "invalid" is 400; ContractService.ts create (67-153). */
  create(store: Store, {body}: Call): Answer {
    const b = isObj(body) ? (JSON.parse(JSON.stringify(body)) as Obj) : {};
    const problem = createProblem(b);
    if (problem) return error(422, problem);
    try {
      const uc = b.userContact as Contract['userContact'];
      if (store.contracts.some((c) => c.userContact.userId === uc.userId)) {
        throw new Error(`Invalid request: Contract for user ${uc.userId} already exists`);
      }
      const contracted = b.contractedServices as Record<string, string>;
      const keys = Object.keys(contracted).map((k) => k.toLowerCase());
      // ServiceService.indexByNames (48-55) and ServiceRepository.findByNames: each key is an unanchored regex.
      if (keys.length === 0) throw new Error('Invalid request: serviceNames must be a non-empty array');
      const patterns = keys.map((k) => new RegExp(k, 'i'));
      const found = store.services.filter((s) => !s.disabled && patterns.some((p) => p.test(s.name)));
      if (found.length === 0) throw new Error(`Invalid contract: Services not found: ${keys.join(', ')}`);
      if (keys.length !== found.length) {
        const missing = keys.filter((k) => !found.some((s) => s.name.toLowerCase() === k));
        throw new Error(`Invalid contract: Services not found: ${missing.join(', ')}`);
      }
      for (const name of Object.keys(contracted)) {
        const version = escapeVersion(contracted[name]);
        const service = found.find((s) => s.name.toLowerCase() === name.toLowerCase());
        if (!service) throw new Error(`Invalid contract: Services not found: ${name}`);
        if (!Object.keys(service.activePricings).includes(version)) {
          throw new Error(`Invalid contract: Pricing version ${version} for service ${name} not found`);
        }
        contracted[name] = version;
      }
      const now = store.clock.iso();
      const bp = isObj(b.billingPeriod) ? b.billingPeriod : {};
      const renewalDays = (bp.renewalDays as number | undefined) ?? 30;
      const contractedServices = lower(contracted);
      const subscriptionPlans = lower(b.subscriptionPlans as Record<string, string>);
      const subscriptionAddOns = lower(b.subscriptionAddOns as Record<string, Record<string, number>>);
      // ContractService.ts 469-488 (_createUsageLevels), before the subscription check.
      const usageLevels: Contract['usageLevels'] = {};
      const pricings: Record<string, StoredPricing> = {};
      for (const [name, version] of Object.entries(contractedServices)) {
        pricings[name] = showPricing(store, name, version);
        const levels = usageLevelsOf(store, pricings[name]);
        if (levels) usageLevels[name] = levels;
      }
      // ContractValidation.ts 241-285 (isSubscriptionValid), wrapped as "Invalid subscription: Error: ..." (ContractService.ts 143).
      for (const name of new Set([...Object.keys(subscriptionPlans), ...Object.keys(subscriptionAddOns)])) {
        const pricing = pricings[name];
        const refusal = pricing
          ? subscriptionRefusal(name, {subscriptionPlans, subscriptionAddOns}, pricing)
          : `Service ${name} not found. Please check the services declared in subscriptionPlans and subscriptionAddOns.`;
        if (refusal) throw new Error(`Invalid subscription: Error: ${refusal}`);
      }
      const contract: Contract = {
        id: store.newId(),
        userContact: contactOf(uc),
        billingPeriod: {
          startDate: now,
          endDate: addDays(now, renewalDays),
          autoRenew: (bp.autoRenew as boolean | undefined) ?? false,
          renewalDays,
        },
        usageLevels,
        contractedServices,
        subscriptionPlans,
        subscriptionAddOns,
        history: [],
      };
      store.contracts.push(contract);
      store.cache.set(`contracts.${uc.userId}`, contractView(contract), 3600, true);
      return json(201, contractView(contract));
    } catch (e) {
      const m = messageOf(e);
      return has(m, 'invalid') ? error(400, m) : error(500, m);
    }
  },
  /** ContractController.ts prune (139-150); ContractRepository.ts 118-124. */
  prune(store: Store): Answer {
    if (store.contracts.length === 0) return error(500, 'No contracts found to delete');
    store.contracts.length = 0;
    return {status: 204};
  },
  /** ContractController.ts show (42-54). */
  show(store: Store, {params}: Call): Answer {
    try {
      return json(200, contractView(findContract(store, params.userId)));
    } catch (e) {
      return contractNotFound(e);
    }
  },
  /** ContractController.ts novate (70-85); ContractService.ts novate (155-180): the body's shape only is checked. */
  novate(store: Store, {params, body}: Call): Answer {
    const b = isObj(body) ? body : {};
    const problem = subscriptionBodyProblem(b);
    if (problem) return error(422, problem);
    try {
      const contract = findContract(store, params.userId);
      novate(store, contract, b as Parameters<typeof novate>[2]);
      cacheContract(store, contract);
      return json(200, contractView(contract));
    } catch (e) {
      return contractNotFound(e);
    }
  },
  /** ContractController.ts destroy (152-164). */
  destroy(store: Store, {params}: Call): Answer {
    try {
      const contract = findContract(store, params.userId);
      store.contracts.splice(store.contracts.indexOf(contract), 1);
      store.cache.del(`contracts.${params.userId}`);
      return {status: 204};
    } catch (e) {
      return contractNotFound(e);
    }
  },
  /** ContractController.ts resetUsageLevels (117-137, 189-205); ContractValidation.ts 158-194; ContractService.ts 289-333. */
  usageLevels(store: Store, {params, query, body}: Call): Answer {
    const b = body === undefined ? {} : body;
    if (!isObj(b))
      return error(422, 'The input must be an object with the structure: Record<string, Record<string, number>>');
    for (const v of Object.values(b)) {
      if (!isObj(v) || Object.values(v).some((n) => typeof n !== 'number')) {
        return error(422, 'The input must be an object with the structure: Record<string, Record<string, number>>');
      }
    }
    if (query.reset && query.usageLimit) {
      return error(400, 'Invalid query: Both reset and usageLimit cannot be provided at the same time');
    }
    try {
      const contract = findContract(store, params.userId);
      const renewableOnly = query.renewableOnly !== 'false';
      if (query.usageLimit) {
        const limit = query.usageLimit;
        const holders = Object.keys(contract.usageLevels).filter((s) => contract.usageLevels[s][limit]);
        if (holders.length === 0) {
          throw new Error(
            `Usage limit: ${limit} not found in the contract. Maybe it's not being tracked as usage level`,
          );
        }
        for (const s of holders) resetLevel(store, contract, s, limit);
      } else if (query.reset === 'true') {
        for (const s of Object.keys(contract.usageLevels)) {
          for (const limit of Object.keys(contract.usageLevels[s])) {
            if (renewableOnly && !contract.usageLevels[s][limit].resetTimeStamp) continue;
            resetLevel(store, contract, s, limit);
          }
        }
      } else {
        // express.json gives {} for no body: increments of nothing (ContractService.ts 308-316).
        for (const [s, increments] of Object.entries(b as Record<string, Record<string, number>>)) {
          const levels = contract.usageLevels[s];
          for (const limit of Object.keys(increments)) {
            if (levels === undefined) throw readOfUndefined(limit);
            if (levels[limit]) levels[limit].consumed += increments[limit];
          }
        }
      }
      cacheContract(store, contract);
      return json(200, contractView(contract));
    } catch (e) {
      const m = messageOf(e);
      if (has(m, 'not found')) return error(404, m);
      if (has(m, 'invalid query:')) return error(400, m);
      return error(500, m);
    }
  },
  /** ContractController.ts novateUserContact (87-100); ContractValidation.ts 196-220; ContractService.ts 219-250. */
  userContact(store: Store, {params, body}: Call): Answer {
    const b = isObj(body) ? body : {};
    for (const f of ['username', 'firstName', 'lastName', 'phone']) {
      if (b[f] !== undefined && typeof b[f] !== 'string') return error(422, `The ${f} field must be a string`);
    }
    if (b.email !== undefined && !(typeof b.email === 'string' && EMAIL.test(b.email))) {
      return error(422, 'The email field must be a valid email address');
    }
    try {
      const contract = findContract(store, params.userId);
      const merged = contactOf({...contract.userContact, ...b});
      if (
        merged.userId !== params.userId &&
        store.contracts.some((c) => c !== contract && c.userContact.userId === merged.userId)
      ) {
        throw new Error(
          `E11000 duplicate key error collection: contracts index: userContact.userId_1 dup key: { userContact.userId: "${merged.userId}" }`,
        );
      }
      contract.userContact = merged;
      cacheContract(store, contract);
      const rekeyed = merged.userId !== params.userId;
      return json(
        200,
        contractView(contract),
        rekeyed
          ? [
              `SPACE keeps answering reads of ${params.userId} from its cached copy for up to an hour; the sandbox does not`,
            ]
          : undefined,
      );
    } catch (e) {
      return contractNotFound(e);
    }
  },
  /** ContractController.ts novateBillingPeriod (102-115); ContractValidation.ts 222-239; ContractService.ts 252-287. */
  billingPeriod(store: Store, {params, body}: Call): Answer {
    const b = isObj(body) ? body : {};
    if (b.autoRenew !== undefined && typeof b.autoRenew !== 'boolean')
      return error(422, 'The autoRenew field must be a boolean');
    if (b.renewalDays !== undefined && !(Number.isInteger(b.renewalDays) && (b.renewalDays as number) >= 1)) {
      return error(422, 'renewalDays must be a positive integer');
    }
    try {
      const contract = findContract(store, params.userId);
      if (new Date(b.endDate as string) < new Date(contract.billingPeriod.startDate)) {
        throw new Error('End date cannot be before the start date');
      }
      contract.billingPeriod = {...contract.billingPeriod, ...(b as Partial<Contract['billingPeriod']>)};
      if (b.endDate !== undefined) contract.billingPeriod.endDate = new Date(b.endDate as string).toISOString();
      cacheContract(store, contract);
      return json(200, contractView(contract));
    } catch (e) {
      return contractNotFound(e);
    }
  },
};

/** ContractService.ts 500-547: back to 0, and a renewable level's reset time one period later (518-534). */
function resetLevel(store: Store, contract: Contract, service: string, limit: string) {
  const level = contract.usageLevels[service][limit];
  level.consumed = 0;
  if (level.resetTimeStamp) {
    const pricing = showPricing(store, service, contract.contractedServices[service]);
    const period = (pricing.view.usageLimits as Record<string, Obj>)[limit].period as {value: number; unit: string};
    level.resetTimeStamp = addPeriod(level.resetTimeStamp, period);
  }
}

// ---------------------------------------------------------------------------------------------------------------
// Features (controllers/FeatureEvaluationController.ts, services/FeatureEvaluationService.ts,
// utils/feature-evaluation/*.ts)

interface Contexts {
  contract: Contract;
  /** Per contracted service (lower case): the stored pricing and the lib's evaluation of the subscription. */
  outcomes: Map<string, FeatureOutcome>;
  pricingContext: {features: Record<string, unknown>; usageLimits: Record<string, unknown>};
  subscriptionContext: Record<string, number>;
  /** Prefixed ids of the features with an expression for the side asked (SPACE's evaluation context). */
  evaluated: string[];
}

/**
 * FeatureEvaluationService.ts 386-472 (`_retrieveContextsByUserId`): the contract; an expired one is refused or
 * renewed (ContractService.ts 182-217: `endDate` moves by `renewalDays`); renewable levels past their reset time go
 * back to 0 (ContractService.ts 550-583), whose new reset time is computed and never stored (568-571), so after the
 * first period every evaluation starts from 0, and the same write puts back the endDate read before the renewal;
 * then the contexts, built per service by the lib's evaluator.
 */
function retrieveContexts(store: Store, userId: string, server: boolean): Contexts {
  const contract = findContract(store, userId);
  const now = store.clock.now();
  // 395-404: the contract as read at the start of the request.
  const readEndDate = contract.billingPeriod.endDate;
  if (now > Date.parse(readEndDate)) {
    if (!contract.billingPeriod.autoRenew) {
      throw new Error(
        'Invalid subscription: Your susbcription has expired and it is not set to renew automatically. To continue accessing the features, please purchase any subscription.',
      );
    }
    // ContractService.ts 182-217 (`renew`): endDate moves by renewalDays, in the database.
    contract.billingPeriod.endDate = addDays(readEndDate, contract.billingPeriod.renewalDays);
    cacheContract(store, contract);
  }
  let renewed = false;
  for (const levels of Object.values(contract.usageLevels)) {
    for (const level of Object.values(levels)) {
      if (level.resetTimeStamp && now > Date.parse(level.resetTimeStamp)) {
        // ContractService.ts 558-574: back to 0; the next reset time goes to a local variable and is never stored.
        level.consumed = 0;
        renewed = true;
      }
    }
  }
  if (renewed) {
    store.cache.del(`contracts.${userId}`);
    // ContractService.ts 556, 576: the reset writes a copy of the contract read at 395-399, before the renewal, so
    // the renewed endDate is overwritten with the old one.
    contract.billingPeriod.endDate = readEndDate;
  }

  const subscriptionContext: Record<string, number> = {};
  for (const [s, levels] of Object.entries(contract.usageLevels)) {
    for (const [l, level] of Object.entries(levels)) subscriptionContext[`${s.toLowerCase()}-${l}`] = level.consumed;
  }
  const pricingContext: Contexts['pricingContext'] = {features: {}, usageLimits: {}};
  const outcomes = new Map<string, FeatureOutcome>();
  const evaluated: string[] = [];
  for (const [service, version] of Object.entries(contract.contractedServices)) {
    const pricing = showPricing(store, service, version);
    const doc = pricing.document;
    const plan = contract.subscriptionPlans[service];
    const plans = isObj(doc.plans) ? Object.keys(doc.plans) : [];
    // evaluationContextsManagement.ts 80-90
    if (!plan && plans.length > 0) {
      throw new Error(`No plan found in user subscription for service ${service}, whose pricing do have plans`);
    }
    if (plan && plans.length > 0 && !plans.includes(plan)) {
      throw new Error(`Plan ${plan} not found in pricing for service ${service}, whose pricing do have plans.`);
    }
    // The lib's evaluator builds SPACE's contexts and runs the expressions (pricing2yaml/evaluate.ts).
    const usage = Object.fromEntries(
      Object.entries(contract.usageLevels[service] ?? {}).map(([l, v]) => [l, v.consumed]),
    );
    const evaluation = evaluatePricing(
      doc,
      {plan, addOns: contract.subscriptionAddOns[service] ?? {}, usage},
      {server},
    );
    const prefix = `${service.toLowerCase()}-`;
    for (const [k, v] of Object.entries(evaluation.pricingContext.features)) pricingContext.features[prefix + k] = v;
    for (const [k, v] of Object.entries(evaluation.pricingContext.usageLimits))
      pricingContext.usageLimits[prefix + k] = v;
    for (const [name, feature] of entries(pricing.view.features)) {
      // evaluationContextsManagement.ts 126-151 (on the stored form: pricing4ts drops an expression that is not text): a feature with neither expression is left out; with only a
      // serverExpression on the client side, `undefined.replace` fails the whole request.
      if (!feature.expression && !feature.serverExpression) continue;
      if (!(server && feature.serverExpression) && typeof feature.expression !== 'string')
        throw readOfUndefined('replace');
      evaluated.push(prefix + name);
    }
    for (const outcome of evaluation.features) outcomes.set(prefix + outcome.name, outcome);
  }
  return {contract, outcomes, pricingContext, subscriptionContext, evaluated};
}

interface Result {
  eval: boolean;
  used: Record<string, unknown> | null;
  limit: Record<string, unknown> | null;
  error: {code: string; message: string} | null;
}

const failed = (code: string, message: string): Result => ({
  eval: false,
  limit: null,
  used: null,
  error: {code, message},
});

/**
 * featureEvaluation.ts 89-225 (`_evaluate`, `_buildSuccessResult`) for one prefixed feature id, on the lib's outcome:
 * SPACE's codes and messages, `used` and `limit` keyed by prefixed limit ids, and with an expected consumption each
 * level read becomes level + amount, refused (INVALID_EXPECTED_CONSUMPTION) when that is 0 or not a number.
 */
function resultOf(
  ctx: Contexts,
  featureId: string,
  expected: Record<string, number> | undefined,
  notes: string[],
): Result {
  if (ctx.pricingContext.features[featureId] === undefined) {
    return failed('FLAG_NOT_FOUND', `Feature ${featureId} not found in "pricingContext".`);
  }
  const outcome = ctx.outcomes.get(featureId);
  if (!outcome || !ctx.evaluated.includes(featureId) || !outcome.expression) {
    return failed('PARSE_ERROR', `Feature ${featureId} has no expression defined!`);
  }
  if (!outcome.expression.includes('pricingContext') && !outcome.expression.includes('subscriptionContext')) {
    return failed(
      'PARSE_ERROR',
      `Feature ${featureId} has no expression defined! If an expression is intended, please ensure it only references hard-coded values or variables from "pricingContext" and "subscriptionContext".`,
    );
  }
  if (outcome.error) {
    if (outcome.error.code === 'TYPE_MISMATCH') {
      return failed('TYPE_MISMATCH', `Feature ${featureId} has an expression that does not return a boolean!`);
    }
    if (outcome.error.code === 'NOT_REPRODUCED') {
      notes.push(`the expression of ${featureId} changes SPACE's contexts as it runs; the sandbox does not run it`);
    } else {
      notes.push("an evaluation error is worded by the site's evaluator, not by the JavaScript engine SPACE runs on");
    }
    return failed(
      outcome.error.code === 'NOT_REPRODUCED' ? 'EVALUATION_ERROR' : outcome.error.code,
      `Error evaluating feature ${featureId}: ${outcome.error.message}`,
    );
  }
  const prefix = featureId.slice(0, featureId.indexOf('-') + 1);
  const limit: Record<string, unknown> = {};
  const used: Record<string, unknown> = {};
  for (const key of Object.keys(outcome.used ?? {})) {
    const id = prefix + key;
    limit[id] = ctx.pricingContext.usageLimits[id];
    if (expected && Object.keys(expected).length > 0) {
      const amount = expected[id];
      const updated = amount ? (ctx.subscriptionContext[id] as number) + amount : undefined;
      if (!updated) {
        return failed(
          'INVALID_EXPECTED_CONSUMPTION',
          `No expectedConsumption value was provided for limit '${id}', which is used in the evaluation of feature '${featureId}'. Please note that if you provide an expectedConsumption for any limit, you must provide it for all limits involved in that feature's evaluation.`,
        );
      }
      used[id] = updated;
    } else {
      used[id] = ctx.subscriptionContext[id];
    }
  }
  return {
    eval: outcome.eval,
    limit: Object.keys(limit).length ? limit : null,
    used: Object.keys(used).length ? used : null,
    error: null,
  };
}

const featureError = (e: unknown, divergence?: string[]) => {
  const m = messageOf(e);
  if (has(m, 'not found')) return error(404, m, divergence);
  if (has(m, 'invalid')) return error(400, m, divergence);
  return error(500, m, divergence);
};

/** FeatureEvaluationService.ts 81-116 (`eval`): every feature with an expression, booleans or details. */
function evaluateAll(store: Store, userId: string, details: boolean, server: boolean, notes: string[]) {
  const ctx = retrieveContexts(store, userId, server);
  const results: Record<string, unknown> = {};
  for (const id of ctx.evaluated) {
    const r = resultOf(ctx, id, undefined, notes);
    results[id] = details ? r : r.eval;
  }
  store.cache.set(`features.${userId}.eval`, results, 3600, true);
  return {ctx, results};
}

export const features = {
  /** FeatureEvaluationController.ts index (17-26, 87-107); FeatureEvaluationService.ts 48-79, 215-384. */
  list(store: Store, {query}: Call): Answer {
    const page = parseInt(query.page) || 1;
    const offset = parseInt(query.offset) || 0;
    const limit = parseInt(query.limit) || 20;
    const sort = query.sort ?? 'serviceName';
    const order = query.order || 'asc';
    const show = query.show ?? 'active';
    const list: {info: unknown; service: string; pricingVersion: string}[] = [];
    for (const service of store.services.filter((s) => !s.disabled)) {
      const locators = [
        ...(show === 'active' || show === 'all' ? Object.values(service.activePricings) : []),
        ...(show === 'archived' || show === 'all' ? Object.values(service.archivedPricings ?? {}) : []),
      ];
      for (const locator of locators) {
        const p = locator.id ? store.pricings.get(locator.id) : undefined;
        if (!p) continue;
        const version = String(p.view.version);
        // 224-226: the service filter compares the parameter with itself, so it keeps everything.
        if (query.pricingVersion && !version.toLowerCase().includes(query.pricingVersion.toLowerCase())) continue;
        for (const info of Object.values(pricingView(p).features as Record<string, Obj>)) {
          if (query.featureName && !String(info.name).toLowerCase().includes(query.featureName.toLowerCase())) continue;
          list.push({info, service: service.name, pricingVersion: version});
        }
      }
    }
    const keyOf = (f: (typeof list)[number]) =>
      (sort === 'featureName' ? String((f.info as Obj).name) : f.service).toLowerCase();
    if (sort === 'featureName' || sort === 'serviceName') {
      list.sort((a, b) => (keyOf(a) < keyOf(b) ? -1 : keyOf(a) > keyOf(b) ? 1 : 0) * (order === 'asc' ? 1 : -1));
    }
    const start = offset === 0 ? (page - 1) * limit : offset;
    return json(200, list.slice(start, start + limit));
  },
  /** FeatureEvaluationController.ts eval (28-43). */
  evaluateAll(store: Store, {params, query}: Call): Answer {
    const notes: string[] = [];
    try {
      const {results} = evaluateAll(store, params.userId, query.details === 'true', query.server === 'true', notes);
      return json(200, results, notes);
    } catch (e) {
      return featureError(e, notes);
    }
  },
  /** FeatureEvaluationController.ts generatePricingToken (45-60); FeatureEvaluationService.ts 118-151; utils/jwt.ts. */
  async pricingToken(store: Store, {params, query}: Call): Promise<Answer> {
    const notes: string[] = [];
    try {
      const cached = store.cache.get(`features.${params.userId}.pricingToken`);
      if (cached) return json(200, {pricingToken: cached});
      findContract(store, params.userId);
      const {ctx, results} = evaluateAll(store, params.userId, true, query.server === 'true', notes);
      const token = await signPricingToken(
        params.userId,
        {features: results, pricingContext: ctx.pricingContext, subscriptionContext: ctx.subscriptionContext},
        store.clock.now(),
      );
      store.cache.set(`features.${params.userId}.pricingToken`, token, 3600, true);
      return json(200, {pricingToken: token}, notes);
    } catch (e) {
      return featureError(e, notes);
    }
  },
  /**
   * FeatureEvaluationController.ts evalFeature (62-85); FeatureEvaluationValidation.ts; FeatureEvaluationService.ts
   * 153-194; featureEvaluation.ts 34-87; ContractService.ts 335-421.
   */
  evaluateOne(store: Store, {params, query, body}: Call): Answer {
    const expected = body === undefined ? {} : body;
    if (!isObj(expected)) return error(422, 'Body must be an object');
    if (!Object.values(expected).every((v) => typeof v === 'number')) return error(422, 'All values must be numbers');
    const {userId, featureId} = params;
    const notes: string[] = [];
    try {
      store.cache.del(`features.${userId}.pricingToken`);
      const ctx = retrieveContexts(store, userId, query.server === 'true');
      if (query.revert === 'true') {
        revert(store, ctx.contract, featureId, query.latest === 'true');
        return {status: 204};
      }
      const amounts = expected as Record<string, number>;
      const result = resultOf(ctx, featureId, amounts, notes);
      // featureEvaluation.ts 51-79: quota is added only for a true evaluation that reads levels.
      if (result.eval && result.used !== null && Object.keys(amounts).length > 0) {
        const limits = Object.keys(result.used);
        if (limits.length > 1) {
          notes.push(
            'SPACE applies the amounts of several limits concurrently (Promise.all over copies of one cached contract, ' +
              'featureEvaluation.ts 69-77), so it can keep only the last write; the sandbox applies them all',
          );
        }
        for (const limit of limits) applyConsumption(store, ctx.contract, limit, amounts[limit]);
      }
      if (!result.limit) store.cache.set(`features.${userId}.eval.${featureId}`, result, 3600, true);
      return json(200, result, notes);
    } catch (e) {
      return featureError(e, notes);
    }
  },
};

/** ContractService.ts 335-373: the key splits at "-"; the level before the change is kept 120 s for a revert. */
function applyConsumption(store: Store, contract: Contract, limitId: string, amount: number) {
  const [service, limit] = limitId.split('-');
  const levels = contract.usageLevels[service];
  if (levels === undefined) throw readOfUndefined(limit);
  const level = levels[limit];
  if (!level) throw new Error(`Usage level ${limit} not found in contract for userId ${contract.userContact.userId}`);
  store.cache.set(
    `${store.clock.now()}.usageLevels.${contract.userContact.userId}.${service}.${limit}`,
    level.consumed,
    120,
  );
  level.consumed += amount;
  store.cache.set(`contracts.${contract.userContact.userId}`, contractView(contract), 3600, true);
}

/**
 * ContractService.ts 375-421, 445-467: the id splits at "."; the snapshots are looked up with `KEYS` and a pattern
 * holding `usageLevels`, while CacheService stored them under lower-cased keys, so none is ever found.
 */
function revert(store: Store, contract: Contract, featureId: string, latest: boolean) {
  const [service, limit] = featureId.split('.');
  const levels = contract.usageLevels[service];
  if (levels === undefined) throw readOfUndefined(String(limit));
  const level = levels[limit];
  if (!level) throw new Error(`Usage level ${limit} not found in contract for user ${contract.userContact.username}`);
  const keys = store.cache
    .match(`*.usageLevels.${contract.userContact.userId}.${service}.${limit}`)
    .sort((a, b) => parseInt(a.split('.')[0]) - parseInt(b.split('.')[0]));
  const previous = keys.length ? (store.cache.get(latest ? keys[keys.length - 1] : keys[0]) as number | null) : null;
  if (!previous) {
    throw new Error(
      `No previous cached value found for user ${contract.userContact.username}, serviceName ${service}, usageLimit ${limit}. This may be caused because the usage level update that you are trying to revert was made more that 2 minutes ago.`,
    );
  }
  level.consumed += previous;
  store.cache.set(`contracts.${contract.userContact.userId}`, contractView(contract), 3600, true);
}

// ---------------------------------------------------------------------------------------------------------------
// Analytics, cache, health, events

const DAY_NAMES = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'];
const SPANISH: Record<string, string> = {
  Mon: 'Lun',
  Tue: 'Mar',
  Wed: 'Mié',
  Thu: 'Jue',
  Fri: 'Vie',
  Sat: 'Sáb',
  Sun: 'Dom',
};

/**
 * AnalyticsService.ts 14-37 (`checkDayRollover`), run for every request that passed the key check. The day is closed
 * only when `analytics.lastPersistedDate` differs from today, and nothing but that branch writes it, so at this
 * revision no day is ever closed: the counters run on across midnight and vanish 24 hours after their last write.
 */
export function countRequest(store: Store, evaluation: boolean) {
  const today = store.clock.iso().slice(0, 10);
  const last = (store.cache.get('analytics.lastPersistedDate') as string | null) || today;
  const calls = (store.cache.get('analytics.apiCalls') as number | null) ?? 0;
  const evaluations = (store.cache.get('analytics.evaluations') as number | null) ?? 0;
  const day = 24 * 60 * 60;
  if (today !== last) {
    store.days.push({date: last, apiCalls: calls, evaluations});
    store.cache.set('analytics.lastPersistedDate', today, day, true);
    store.cache.set('analytics.apiCalls', 1, day, true);
    store.cache.set('analytics.evaluations', 1, day, true);
  } else {
    store.cache.set('analytics.apiCalls', calls + 1, day, true);
    if (evaluation) store.cache.set('analytics.evaluations', evaluations + 1, day, true);
  }
}

/**
 * AnalyticsService.ts 39-62 and AnalyticsController.ts: the stored days, then today from the cache, padded to 7 with
 * short names. AnalyticsRepository.ts 6-30 sums the days by date, sorts them oldest first and keeps 6: the *first* six
 * days ever recorded, not the last six.
 */
function weekly(store: Store, metric: 'apiCalls' | 'evaluations'): Answer {
  const byDate = new Map<string, {date: string; apiCalls: number; evaluations: number}>();
  for (const d of store.days) {
    const row = byDate.get(d.date) ?? {date: d.date, apiCalls: 0, evaluations: 0};
    row.apiCalls += d.apiCalls;
    row.evaluations += d.evaluations;
    byDate.set(d.date, row);
  }
  const rows = [...byDate.values()].sort((a, b) => (a.date < b.date ? -1 : a.date > b.date ? 1 : 0)).slice(0, 6);
  rows.push({
    date: store.clock.iso().slice(0, 10),
    apiCalls: (store.cache.get('analytics.apiCalls') as number | null) ?? 0,
    evaluations: (store.cache.get('analytics.evaluations') as number | null) ?? 0,
  });
  const labels = rows.map((r) => DAY_NAMES[new Date(r.date).getUTCDay()]);
  const data = rows.map((r) => r[metric]);
  const lastMs = Date.parse(rows[rows.length - 1].date);
  for (let i = 1; labels.length < 7; i++) {
    labels.unshift(DAY_NAMES[new Date(lastMs - i * 86_400_000).getUTCDay()].slice(0, 3));
    data.unshift(0);
  }
  return json(200, {labels: labels.map((l) => SPANISH[l] || l), data}, [
    "days follow UTC; SPACE follows the server's time zone",
  ]);
}

export const misc = {
  apiCalls: (store: Store) => weekly(store, 'apiCalls'),
  evaluations: (store: Store) => weekly(store, 'evaluations'),
  /** routes/HealthcheckRoutes.ts 7-15. */
  healthcheck: () => json(200, {message: 'Service is up and running!'}),
  /** CacheController.ts get (22-30). */
  cacheGet(store: Store, {query}: Call): Answer {
    try {
      if (query.key === undefined) throw readOfUndefined('toLowerCase');
      return json(200, store.cache.get(query.key));
    } catch (e) {
      return error(500, messageOf(e));
    }
  },
  /** CacheController.ts set (32-45). */
  cacheSet(store: Store, {body}: Call): Answer {
    const b = isObj(body) ? body : {};
    try {
      if (typeof b.key !== 'string') throw readOfUndefined('toLowerCase');
      if (!b.expirationInSeconds) store.cache.set(b.key, b.value);
      else store.cache.set(b.key, b.value, b.expirationInSeconds as number);
      return json(200, {message: 'Cache set successfully'});
    } catch (e) {
      return error(500, messageOf(e));
    }
  },
  /** routes/EventRoutes.ts 10-14. */
  eventStatus: () => json(200, {status: 'The WebSocket event service is active'}, ['the sandbox has no event socket']),
  /** routes/EventRoutes.ts 17-28. */
  testEvent(_store: Store, {body}: Call): Answer {
    const b = isObj(body) ? body : {};
    if (!b.serviceName || !b.pricingVersion) {
      return error(400, 'The fields serviceName and pricingVersion are required');
    }
    return json(200, {success: true, message: 'Event sent successfully'}, [
      'the sandbox has no event socket: nothing was broadcast',
    ]);
  },
};
