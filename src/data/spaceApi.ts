/**
 * The SPACE REST API as it stands at the revision the 2.0.1 docs describe
 * (isa-group/space@9123ae2, see SPACE_COMMIT in src/constants.ts).
 *
 * Written by hand from `api/docs/space-api-docs.yaml` and, where the two differ, from what the
 * routers (`api/src/main/routes/*.ts`), controllers, services and middlewares at that revision do.
 * The reference page renders it through src/components/SpaceApiReference, the roles page derives
 * its permission matrix from it, and tests/unit/space-curl.test.ts checks every curl example of the
 * published pages against it.
 */

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'DELETE';
export type Role = 'ADMIN' | 'MANAGER' | 'EVALUATOR';

export const SPACE_ROLES: readonly Role[] = ['ADMIN', 'MANAGER', 'EVALUATOR'];

/** Default value of BASE_URL_PATH; every path below is relative to it. */
export const SPACE_API_BASE_PATH = '/api/v1';

/** Header that carries the API key on every protected request. */
export const SPACE_API_KEY_HEADER = 'x-api-key';

/** Paths the API-key middleware lets through without a key (prefix match after the base path). */
export const SPACE_PUBLIC_PREFIXES: readonly string[] = ['/users/authenticate', '/healthcheck'];

/**
 * Mirror of `ROLE_PERMISSIONS` in api/src/main/types/models/User.ts. A module is the first path
 * segment after the base path (`services`, `features`, `cache`...).
 */
export interface RolePermissions {
  allowAll?: boolean;
  allowedMethods?: Partial<Record<HttpMethod, readonly string[]>>;
  blockedMethods?: Partial<Record<HttpMethod, readonly string[]>>;
}

export const SPACE_ROLE_PERMISSIONS: Record<Role, RolePermissions> = {
  ADMIN: {allowAll: true},
  MANAGER: {blockedMethods: {DELETE: ['*']}},
  EVALUATOR: {allowedMethods: {GET: ['services', 'features'], POST: ['features']}},
};

export type ParamLocation = 'path' | 'query';

export interface ApiParam {
  name: string;
  in: ParamLocation;
  type: string;
  required?: boolean;
  default?: string;
  description: string;
}

export interface ApiBodyField {
  name: string;
  type: string;
  required?: boolean;
  description: string;
}

export interface ApiBody {
  contentType: 'application/json' | 'multipart/form-data';
  required: boolean;
  description?: string;
  fields?: readonly ApiBodyField[];
  example?: string;
}

export interface ApiStatus {
  code: number;
  description: string;
}

export interface ApiEndpoint {
  method: HttpMethod;
  /** Path relative to the base path, with `{param}` templates. */
  path: string;
  summary: string;
  description?: string;
  /** `public` endpoints need no API key. */
  auth: 'public' | 'apiKey';
  params?: readonly ApiParam[];
  body?: ApiBody;
  /** What a successful call answers, in words. */
  response: string;
  responseExample?: string;
  statuses: readonly ApiStatus[];
  /** Whether the upstream OpenAPI document describes this endpoint. */
  inOpenApi: boolean;
  /** Behaviour worth knowing that the summary does not say. */
  notes?: readonly string[];
}

export interface ApiResource {
  id: string;
  title: string;
  description: string;
  endpoints: readonly ApiEndpoint[];
}

/** First path segment after the base path: what AuthMiddleware calls the module. */
export function moduleOf(path: string): string {
  return path.split('/')[1] ?? '';
}

/** Whether the API-key middleware lets the request through without a key. */
export function isPublicPath(path: string): boolean {
  return SPACE_PUBLIC_PREFIXES.some((prefix) => path.startsWith(prefix));
}

/** Replays `hasPermission` (api/src/main/middlewares/AuthMiddleware.ts) for one role. */
export function roleMayCall(role: Role, method: HttpMethod, path: string): boolean {
  if (isPublicPath(path)) return true;
  const rules = SPACE_ROLE_PERMISSIONS[role];
  if (rules.allowAll) return true;
  const module = moduleOf(path);
  const matches = (modules?: readonly string[]) =>
    !!modules && (modules.includes('*') || modules.some((m) => module.startsWith(m)));
  if (matches(rules.blockedMethods?.[method])) return false;
  if (!rules.allowedMethods) return true;
  return matches(rules.allowedMethods[method]);
}

export function allowedRoles(endpoint: Pick<ApiEndpoint, 'method' | 'path'>): Role[] {
  return SPACE_ROLES.filter((role) => roleMayCall(role, endpoint.method, endpoint.path));
}

const AUTH_401: ApiStatus = {code: 401, description: 'The `x-api-key` header is missing or holds an unknown key.'};
const AUTH_403: ApiStatus = {code: 403, description: 'The role of the key may not call this operation.'};
const FAILURE_500: ApiStatus = {code: 500, description: 'Any other failure; the body is `{"error": "<message>"}`.'};

/** Adds the statuses the authentication layer can answer to a protected endpoint. */
function protectedEndpoint(endpoint: Omit<ApiEndpoint, 'auth'>): ApiEndpoint {
  const statuses: ApiStatus[] = [...endpoint.statuses];
  const codes = new Set(statuses.map((s) => s.code));
  if (!codes.has(401)) statuses.push(AUTH_401);
  if (!codes.has(403) && allowedRoles(endpoint).length < SPACE_ROLES.length) statuses.push(AUTH_403);
  statuses.sort((a, b) => a.code - b.code);
  return {...endpoint, auth: 'apiKey', statuses};
}

const PAGE: ApiParam = {
  name: 'page',
  in: 'query',
  type: 'integer',
  default: '1',
  description: 'Page to return, counted from 1. Ignored when `offset` is set.',
};
const OFFSET: ApiParam = {
  name: 'offset',
  in: 'query',
  type: 'integer',
  default: '0',
  description: 'Number of items to skip. Takes precedence over `page` when it is not 0.',
};
const LIMIT: ApiParam = {name: 'limit', in: 'query', type: 'integer', default: '20', description: 'Page size.'};
const ORDER: ApiParam = {
  name: 'order',
  in: 'query',
  type: '`asc` | `desc`',
  default: 'asc',
  description: 'Sort direction.',
};

const USERNAME: ApiParam = {
  name: 'username',
  in: 'path',
  type: 'string',
  required: true,
  description: 'Username of the SPACE account.',
};
const SERVICE_NAME: ApiParam = {
  name: 'serviceName',
  in: 'path',
  type: 'string',
  required: true,
  description: 'Service name (the `saasName` of its pricings), matched without regard to case.',
};
const PRICING_VERSION: ApiParam = {
  name: 'pricingVersion',
  in: 'path',
  type: 'string',
  required: true,
  description: 'Pricing version label, as in the `version` field of the Pricing2Yaml file.',
};
const USER_ID: ApiParam = {
  name: 'userId',
  in: 'path',
  type: 'string',
  required: true,
  description: 'The `userContact.userId` of the contract: the id of the end user in your SaaS.',
};
const SERVER: ApiParam = {
  name: 'server',
  in: 'query',
  type: 'boolean',
  default: 'false',
  description: 'When `true`, features that declare a `serverExpression` are evaluated with it instead of `expression`.',
};

const USER_SHAPE =
  'A user: `username`, `apiKey`, `role`, `createdAt`, `updatedAt` (the password hash is never returned).';
const SERVICE_SHAPE =
  'A service: `name`, `disabled`, `activePricings` and `archivedPricings` (maps from version to `{id}` for uploaded files or `{url}` for remote ones).';
const CONTRACT_SHAPE =
  'A contract: `userContact`, `billingPeriod` {`startDate`, `endDate`, `autoRenew`, `renewalDays`}, `contractedServices`, `subscriptionPlans`, `subscriptionAddOns`, `usageLevels` and `history`.';

const SUBSCRIPTION_FIELDS: readonly ApiBodyField[] = [
  {
    name: 'contractedServices',
    type: 'object',
    required: true,
    description: 'Service name to pricing version, e.g. `{"notehive": "2025-1"}`.',
  },
  {
    name: 'subscriptionPlans',
    type: 'object',
    required: true,
    description: 'Service name to plan name, e.g. `{"notehive": "PRO"}`.',
  },
  {
    name: 'subscriptionAddOns',
    type: 'object',
    required: true,
    description: 'Service name to a map of add-on name to quantity, e.g. `{"notehive": {"extraSummaries": 1}}`.',
  },
];

export const SPACE_API: readonly ApiResource[] = [
  {
    id: 'users',
    title: 'Users',
    description:
      'SPACE accounts (people and machines that call the API), their roles and their API keys. Authentication is the only way to obtain a key without already holding one.',
    endpoints: [
      {
        method: 'POST',
        path: '/users/authenticate',
        auth: 'public',
        summary: 'Exchange a username and password for the account API key',
        body: {
          contentType: 'application/json',
          required: true,
          fields: [
            {name: 'username', type: 'string', required: true, description: 'Account name.'},
            {name: 'password', type: 'string', required: true, description: 'Account password.'},
          ],
          example: '{"username": "admin", "password": "space4all"}',
        },
        response: '`{username, apiKey, role}`.',
        responseExample: '{"username": "admin", "apiKey": "4f1c…(64 hex characters)", "role": "ADMIN"}',
        statuses: [
          {code: 200, description: 'Credentials accepted.'},
          {code: 401, description: 'Unknown user or wrong password (`{"error": "Invalid credentials"}`).'},
          {code: 422, description: 'A field is missing or not a string.'},
        ],
        inOpenApi: true,
      },
      protectedEndpoint({
        method: 'GET',
        path: '/users',
        summary: 'List every account',
        response: 'An array of users, API keys included.',
        statuses: [{code: 200, description: 'The list.'}, FAILURE_500],
        inOpenApi: true,
        notes: ['The list shows every API key, administrators included, to anyone allowed to call it.'],
      }),
      protectedEndpoint({
        method: 'POST',
        path: '/users',
        summary: 'Create an account',
        body: {
          contentType: 'application/json',
          required: true,
          fields: [
            {name: 'username', type: 'string', required: true, description: '3 to 30 characters, unique.'},
            {name: 'password', type: 'string', required: true, description: 'At least 5 characters, no whitespace.'},
            {name: 'role', type: '`ADMIN` | `MANAGER` | `EVALUATOR`', description: 'Defaults to `EVALUATOR`.'},
          ],
          example: '{"username": "notehive-backend", "password": "s3cret-pass", "role": "EVALUATOR"}',
        },
        response: `${USER_SHAPE} A fresh API key is generated.`,
        statuses: [
          {code: 201, description: 'Created.'},
          {code: 403, description: 'A non-admin tried to create an `ADMIN`.'},
          {code: 404, description: 'The username is already taken (the code answers 404 for this case).'},
          {code: 422, description: 'Validation failed.'},
          FAILURE_500,
        ],
        inOpenApi: true,
      }),
      protectedEndpoint({
        method: 'GET',
        path: '/users/{username}',
        summary: 'Read one account',
        params: [USERNAME],
        response: USER_SHAPE,
        statuses: [
          {code: 200, description: 'The user.'},
          {code: 404, description: 'No such user.'},
        ],
        inOpenApi: true,
      }),
      protectedEndpoint({
        method: 'PUT',
        path: '/users/{username}',
        summary: 'Change username, password or role',
        params: [USERNAME],
        body: {
          contentType: 'application/json',
          required: true,
          fields: [
            {name: 'username', type: 'string', description: 'New name, 3 to 30 characters, not taken.'},
            {name: 'password', type: 'string', description: 'New password, at least 5 characters.'},
            {name: 'role', type: '`ADMIN` | `MANAGER` | `EVALUATOR`', description: 'New role.'},
          ],
        },
        response: USER_SHAPE,
        statuses: [
          {code: 200, description: 'Updated.'},
          {code: 403, description: 'A non-admin tried to edit an admin or to grant `ADMIN`.'},
          {code: 404, description: 'No such user, or the new username is taken.'},
          {code: 422, description: 'Validation failed.'},
          {code: 500, description: 'Also returned when the change would demote the last `ADMIN`.'},
        ],
        inOpenApi: true,
      }),
      protectedEndpoint({
        method: 'DELETE',
        path: '/users/{username}',
        summary: 'Delete an account',
        params: [USERNAME],
        response: 'No content.',
        statuses: [
          {code: 204, description: 'Deleted.'},
          {code: 404, description: 'No such user.'},
          {code: 500, description: 'Also returned when deleting the last `ADMIN`.'},
        ],
        inOpenApi: true,
      }),
      protectedEndpoint({
        method: 'PUT',
        path: '/users/{username}/api-key',
        summary: 'Replace the API key of an account',
        params: [USERNAME],
        response: '`{apiKey}` with the new key; the old one stops working at once.',
        statuses: [
          {code: 200, description: 'New key issued.'},
          {code: 500, description: 'Also returned for an unknown username at this revision.'},
        ],
        inOpenApi: true,
        notes: ['No role check beyond the method rule: a MANAGER can rotate the key of an ADMIN.'],
      }),
      protectedEndpoint({
        method: 'PUT',
        path: '/users/{username}/role',
        summary: 'Change the role of an account',
        params: [USERNAME],
        body: {
          contentType: 'application/json',
          required: true,
          fields: [
            {name: 'role', type: '`ADMIN` | `MANAGER` | `EVALUATOR`', required: true, description: 'The new role.'},
          ],
          example: '{"role": "MANAGER"}',
        },
        response: USER_SHAPE,
        statuses: [
          {code: 200, description: 'Role changed.'},
          {code: 403, description: 'A non-admin tried to grant `ADMIN` or to change an admin.'},
          {code: 404, description: 'No such user.'},
          {code: 422, description: 'Missing or unknown role.'},
          {code: 500, description: 'Also returned when demoting the last `ADMIN`.'},
        ],
        inOpenApi: true,
      }),
    ],
  },
  {
    id: 'services',
    title: 'Services',
    description:
      'A service is one SaaS product, named after the `saasName` of its Pricing2Yaml files. Creating, renaming, listing and disabling services happens here; versions are under Pricings.',
    endpoints: [
      protectedEndpoint({
        method: 'GET',
        path: '/services',
        summary: 'List enabled services',
        params: [
          {
            name: 'name',
            in: 'query',
            type: 'string',
            description: 'Keep services whose name contains this text (case-insensitive).',
          },
          PAGE,
          OFFSET,
          LIMIT,
          {...ORDER, description: 'Sort direction by name.'},
        ],
        response: `An array of services. ${SERVICE_SHAPE} Disabled services are left out.`,
        statuses: [{code: 200, description: 'The list.'}, FAILURE_500],
        inOpenApi: true,
      }),
      protectedEndpoint({
        method: 'POST',
        path: '/services',
        summary: 'Create a service from its first pricing',
        description:
          'Send the Pricing2Yaml file as multipart field `pricing`, or a JSON (or form) body whose `pricing` field is an http(s) URL that SPACE downloads.',
        body: {
          contentType: 'multipart/form-data',
          required: true,
          fields: [
            {name: 'pricing', type: 'file | string', required: true, description: 'The YAML file, or the URL of one.'},
          ],
        },
        response: `${SERVICE_SHAPE} The new version is active.`,
        statuses: [
          {code: 201, description: 'Created (or re-enabled, see notes).'},
          {
            code: 400,
            description: 'No file or URL, a parsing or validation error, or an enabled service with that name exists.',
          },
          {code: 404, description: 'A referenced resource was not found.'},
          FAILURE_500,
        ],
        inOpenApi: true,
        notes: [
          'The OpenAPI document lists 200 and 415; the code answers 201 and never checks the file extension.',
          'If a disabled service with the same name exists, it is enabled again: the new pricing becomes its only active version and every older one is archived.',
          'Older Pricing2Yaml syntax is upgraded on upload by pricing4ts. URL downloads time out after 5 s.',
        ],
      }),
      protectedEndpoint({
        method: 'DELETE',
        path: '/services',
        summary: 'Delete every service record',
        response: '`{message: "Pruned <n> services"}`.',
        statuses: [{code: 200, description: 'Done (the OpenAPI document says 204).'}, FAILURE_500],
        inOpenApi: true,
        notes: ['Only the service documents are removed; stored pricings and contracts stay in the database.'],
      }),
      protectedEndpoint({
        method: 'GET',
        path: '/services/{serviceName}',
        summary: 'Read one service',
        params: [SERVICE_NAME],
        response: SERVICE_SHAPE,
        statuses: [
          {code: 200, description: 'The service.'},
          {code: 404, description: 'No enabled service matches.'},
          FAILURE_500,
        ],
        inOpenApi: true,
      }),
      protectedEndpoint({
        method: 'PUT',
        path: '/services/{serviceName}',
        summary: 'Rename a service',
        params: [SERVICE_NAME],
        body: {
          contentType: 'application/json',
          required: true,
          fields: [{name: 'name', type: 'string', description: 'New name, 1 to 255 characters.'}],
        },
        response: SERVICE_SHAPE,
        statuses: [
          {code: 200, description: 'Updated.'},
          {code: 422, description: 'Validation failed.'},
          {code: 500, description: 'Any error, including an unknown service.'},
        ],
        inOpenApi: true,
        notes: ['Only the service record changes: contracts and stored pricings keep referring to the old name.'],
      }),
      protectedEndpoint({
        method: 'DELETE',
        path: '/services/{serviceName}',
        summary: 'Disable a service',
        params: [SERVICE_NAME],
        response: 'No content.',
        statuses: [
          {code: 204, description: 'Disabled.'},
          {code: 404, description: 'No enabled service matches.'},
          FAILURE_500,
        ],
        inOpenApi: true,
        notes: [
          'The service is kept with `disabled: true`; its active versions move to `archivedPricings`.',
          'The service is meant to be removed from every contract (the old composition goes to `history`), and a `SERVICE_DISABLED` event is emitted.',
          'At this revision the contract clean-up compares the lower-case contract keys with the service name as stored, so a service whose name has capitals (such as `NoteHive`) is removed from no contract. It also examines only the first 20 contracts by username.',
        ],
      }),
    ],
  },
  {
    id: 'pricings',
    title: 'Pricings',
    description:
      'Versions of a service. Each one is active (new contracts may use it) or archived. Version labels are stored with dots turned into underscores and turned back on output, so a label that contains `_` comes back with `.` instead.',
    endpoints: [
      protectedEndpoint({
        method: 'GET',
        path: '/services/{serviceName}/pricings',
        summary: 'List the active or archived versions of a service',
        params: [
          SERVICE_NAME,
          {
            name: 'pricingStatus',
            in: 'query',
            type: '`active` | `archived`',
            default: 'active',
            description: 'Which versions to list.',
          },
        ],
        response:
          'An array of pricings: `version`, `currency`, `createdAt`, `features`, `usageLimits`, `plans`, `addOns`.',
        statuses: [
          {code: 200, description: 'The list.'},
          {code: 400, description: 'Unknown `pricingStatus`.'},
          {code: 404, description: 'No such service.'},
          FAILURE_500,
        ],
        inOpenApi: true,
      }),
      protectedEndpoint({
        method: 'POST',
        path: '/services/{serviceName}/pricings',
        summary: 'Add a version to a service',
        params: [SERVICE_NAME],
        body: {
          contentType: 'multipart/form-data',
          required: true,
          description: 'Same forms as creating a service: file field `pricing`, or a `pricing` URL.',
          fields: [
            {name: 'pricing', type: 'file | string', required: true, description: 'The YAML file, or the URL of one.'},
          ],
        },
        response: `${SERVICE_SHAPE} The new version is active.`,
        statuses: [
          {code: 201, description: 'Added.'},
          {
            code: 400,
            description:
              'The file `saasName` differs from the service name in the path, the version already exists, no file or URL was sent, or another message containing "invalid" (such as an illegal key).',
          },
          {code: 404, description: 'No enabled service with that name.'},
          {
            code: 500,
            description: 'Any other failure, including `Pricing parsing error: ...` for a file pricing4ts rejects.',
          },
        ],
        inOpenApi: true,
        notes: [
          'Emits `PRICING_CREATED`.',
          'The `saasName` of the file is compared with the `serviceName` of the path exactly, so write the path with the same case as `saasName`.',
          'A file upload refuses any label already used by an active or archived version. A URL upload refuses only active labels and renames a clashing archived entry to `<label>_<timestamp>`.',
        ],
      }),
      protectedEndpoint({
        method: 'GET',
        path: '/services/{serviceName}/pricings/{pricingVersion}',
        summary: 'Read one version',
        params: [SERVICE_NAME, PRICING_VERSION],
        response: 'The pricing, active or archived.',
        statuses: [
          {code: 200, description: 'The pricing.'},
          {code: 404, description: 'No such service or version.'},
          FAILURE_500,
        ],
        inOpenApi: true,
      }),
      protectedEndpoint({
        method: 'PUT',
        path: '/services/{serviceName}/pricings/{pricingVersion}',
        summary: 'Archive or reactivate a version',
        params: [
          SERVICE_NAME,
          PRICING_VERSION,
          {
            name: 'availability',
            in: 'query',
            type: '`active` | `archived`',
            default: 'archived',
            description: 'Target state. The code falls back to `archived` when the parameter is missing.',
          },
        ],
        body: {
          contentType: 'application/json',
          required: false,
          description: 'Required when archiving: the fallback subscription every contract on this version is moved to.',
          fields: [
            {name: 'subscriptionPlan', type: 'string', description: 'Plan in the latest active version.'},
            {name: 'subscriptionAddOns', type: 'object', description: 'Add-on name to quantity (numbers only).'},
          ],
          example: '{"subscriptionPlan": "BASIC", "subscriptionAddOns": {}}',
        },
        response: SERVICE_SHAPE,
        statuses: [
          {code: 200, description: 'Updated, or already in the requested state.'},
          {
            code: 400,
            description: 'Last active version, unknown availability, or no fallback subscription when archiving.',
          },
          {code: 404, description: 'No such service or version.'},
          {code: 422, description: 'The fallback subscription has the wrong types.'},
          FAILURE_500,
        ],
        inOpenApi: true,
        notes: [
          'Archiving moves the contracts on this version to the most recent active version (by `createdAt`) with the fallback plan and add-ons, and emits `PRICING_ARCHIVED`; reactivating emits `PRICING_ACTIVED`.',
          'The version is archived before the contracts are checked. If the fallback plan or add-ons are not valid in the latest version, the call fails (404 or 500) with the version already archived and its contracts left on it, so check the fallback against that version first.',
          'The contracts are read with the default page size of `GET /contracts`: only the first 20 contracts (by username) that include the service are considered, so larger customer bases need a manual follow-up. The moved contracts keep their cached copy in Redis for up to an hour.',
        ],
      }),
      protectedEndpoint({
        method: 'DELETE',
        path: '/services/{serviceName}/pricings/{pricingVersion}',
        summary: 'Delete an archived version',
        params: [SERVICE_NAME, PRICING_VERSION],
        response: 'No content.',
        statuses: [
          {code: 204, description: 'Deleted.'},
          {code: 403, description: 'The version is still active: archive it first.'},
          {code: 404, description: 'No such service, or the version is not archived.'},
          FAILURE_500,
        ],
        inOpenApi: true,
        notes: [
          'The OpenAPI document describes deleting an active version and removing the service with its last version; the code refuses active versions instead.',
        ],
      }),
    ],
  },
  {
    id: 'contracts',
    title: 'Contracts',
    description:
      'One contract (iSubscription) per end user of your SaaS, keyed by `userContact.userId`. Service names inside contracts are stored in lower case.',
    endpoints: [
      protectedEndpoint({
        method: 'GET',
        path: '/contracts',
        summary: 'List contracts',
        params: [
          {
            name: 'username',
            in: 'query',
            type: 'string',
            description: 'Filter on `userContact.username` (contains, case-insensitive).',
          },
          {name: 'firstName', in: 'query', type: 'string', description: 'Filter on `userContact.firstName`.'},
          {name: 'lastName', in: 'query', type: 'string', description: 'Filter on `userContact.lastName`.'},
          {name: 'email', in: 'query', type: 'string', description: 'Filter on `userContact.email`.'},
          {
            name: 'serviceName',
            in: 'query',
            type: 'string',
            description: 'Keep contracts with a `contractedServices` key that contains this text (case-insensitive).',
          },
          PAGE,
          OFFSET,
          {...LIMIT, description: 'Page size, capped at 100.'},
          {
            name: 'sort',
            in: 'query',
            type: '`firstName` | `lastName` | `username` | `email`',
            description: 'Sort field.',
          },
          ORDER,
        ],
        response: 'An array of contracts.',
        statuses: [
          {code: 200, description: 'The list.'},
          {code: 400, description: 'Invalid paging or sort parameter.'},
          FAILURE_500,
        ],
        inOpenApi: true,
      }),
      protectedEndpoint({
        method: 'POST',
        path: '/contracts',
        summary: 'Create the contract of a user',
        body: {
          contentType: 'application/json',
          required: true,
          fields: [
            {
              name: 'userContact',
              type: 'object',
              required: true,
              description: '`userId` and `username` required; `firstName`, `lastName`, `email`, `phone` optional.',
            },
            {
              name: 'billingPeriod',
              type: 'object',
              description:
                '`autoRenew` (default false) and `renewalDays` (default 30; required when `autoRenew` is true).',
            },
            ...SUBSCRIPTION_FIELDS,
          ],
          example:
            '{"userContact": {"userId": "user-123", "username": "ada"}, "billingPeriod": {"autoRenew": true, "renewalDays": 30}, "contractedServices": {"notehive": "2025-1"}, "subscriptionPlans": {"notehive": "PRO"}, "subscriptionAddOns": {"notehive": {"extraSummaries": 1}}}',
        },
        response: `${CONTRACT_SHAPE} Usage levels start at 0.`,
        statuses: [
          {code: 201, description: 'Created.'},
          {
            code: 400,
            description:
              'A contract for this userId exists, a service or active version is unknown, or the plan/add-on choice is invalid.',
          },
          {code: 422, description: 'Validation failed.'},
          FAILURE_500,
        ],
        inOpenApi: true,
        notes: [
          'Versions must be active. Add-on quantities must respect `subscriptionConstraints` (1 to 1 when the pricing sets none), `availableFor`, `dependsOn` and `excludes`.',
          'A usage level is created for each usage limit with a `period` (RENEWABLE) or `trackable: true`.',
        ],
      }),
      protectedEndpoint({
        method: 'DELETE',
        path: '/contracts',
        summary: 'Delete every contract',
        response: 'No content.',
        statuses: [
          {code: 204, description: 'Deleted.'},
          {code: 500, description: 'Also returned as `No contracts found to delete` when there are none.'},
        ],
        inOpenApi: true,
      }),
      protectedEndpoint({
        method: 'GET',
        path: '/contracts/{userId}',
        summary: 'Read the contract of a user',
        params: [USER_ID],
        response: CONTRACT_SHAPE,
        statuses: [
          {code: 200, description: 'The contract.'},
          {code: 404, description: 'No contract for this userId.'},
          FAILURE_500,
        ],
        inOpenApi: true,
      }),
      protectedEndpoint({
        method: 'PUT',
        path: '/contracts/{userId}',
        summary: 'Change the subscription composition (novation)',
        params: [USER_ID],
        body: {
          contentType: 'application/json',
          required: true,
          fields: [
            ...SUBSCRIPTION_FIELDS,
            {
              name: 'billingPeriod.autoRenew',
              type: 'boolean',
              description: 'Optional; keeps the current value when absent.',
            },
          ],
          example:
            '{"contractedServices": {"notehive": "2025-2"}, "subscriptionPlans": {"notehive": "TEAM"}, "subscriptionAddOns": {"notehive": {}}}',
        },
        response: CONTRACT_SHAPE,
        statuses: [
          {code: 200, description: 'Novated.'},
          {code: 404, description: 'No contract for this userId.'},
          {code: 422, description: 'Validation failed.'},
          FAILURE_500,
        ],
        inOpenApi: true,
        notes: [
          'The previous composition is appended to `history` and the billing period restarts today for `renewalDays` days.',
          'At this revision the server checks only the shape of the body, not the plan and add-ons against the pricing, and usage levels are kept as they are. Use lower-case service names as keys, as contract creation does.',
        ],
      }),
      protectedEndpoint({
        method: 'DELETE',
        path: '/contracts/{userId}',
        summary: 'Delete the contract of a user',
        params: [USER_ID],
        response: 'No content.',
        statuses: [
          {code: 204, description: 'Deleted, history included.'},
          {code: 404, description: 'No contract for this userId.'},
          FAILURE_500,
        ],
        inOpenApi: true,
      }),
      protectedEndpoint({
        method: 'PUT',
        path: '/contracts/{userId}/usageLevels',
        summary: 'Add to usage levels, or reset them',
        params: [
          USER_ID,
          {
            name: 'reset',
            in: 'query',
            type: 'boolean',
            description: 'Set matching usage levels to 0. Not combinable with `usageLimit`.',
          },
          {
            name: 'renewableOnly',
            in: 'query',
            type: 'boolean',
            default: 'true',
            description:
              'With `reset`: only RENEWABLE levels (those with a reset timestamp). Send `false` to reset every level.',
          },
          {
            name: 'usageLimit',
            in: 'query',
            type: 'string',
            description:
              'Reset this usage limit (plain name, e.g. `aiSummariesPerMonth`) in every service of the contract.',
          },
        ],
        body: {
          contentType: 'application/json',
          required: false,
          description:
            'Without `reset` or `usageLimit`: increments per service and usage limit (negative numbers subtract).',
          example: '{"notehive": {"aiSummariesPerMonth": 3}}',
        },
        response: CONTRACT_SHAPE,
        statuses: [
          {code: 200, description: 'Updated.'},
          {code: 400, description: '`reset` and `usageLimit` were both given.'},
          {code: 404, description: 'No contract, or the usage limit is not tracked in it.'},
          {code: 422, description: 'The body is not a map of maps of numbers.'},
          FAILURE_500,
        ],
        inOpenApi: true,
        notes: [
          'Resetting a renewable level also moves its reset timestamp one period forward. Increments for limits that are not tracked are ignored; a service key that is not in the contract makes the call fail with 500. Use lower-case service keys.',
        ],
      }),
      protectedEndpoint({
        method: 'PUT',
        path: '/contracts/{userId}/userContact',
        summary: 'Update contact data',
        params: [USER_ID],
        body: {
          contentType: 'application/json',
          required: true,
          fields: [
            {name: 'username', type: 'string', description: 'Display name in your SaaS.'},
            {name: 'firstName', type: 'string', description: 'Optional.'},
            {name: 'lastName', type: 'string', description: 'Optional.'},
            {name: 'email', type: 'string', description: 'Must be a valid address.'},
            {name: 'phone', type: 'string', description: 'Optional.'},
          ],
          example: '{"email": "ada@example.com"}',
        },
        response: `${CONTRACT_SHAPE} Fields not sent keep their value.`,
        statuses: [
          {code: 200, description: 'Updated.'},
          {code: 404, description: 'No contract for this userId.'},
          {
            code: 422,
            description:
              'A field has the wrong type or an invalid email. An empty body passes validation and changes nothing.',
          },
          FAILURE_500,
        ],
        inOpenApi: true,
      }),
      protectedEndpoint({
        method: 'PUT',
        path: '/contracts/{userId}/billingPeriod',
        summary: 'Update the billing period',
        params: [USER_ID],
        body: {
          contentType: 'application/json',
          required: true,
          fields: [
            {name: 'endDate', type: 'date string', description: 'New end of the period; must not precede `startDate`.'},
            {name: 'autoRenew', type: 'boolean', description: 'Renew automatically when the period ends.'},
            {name: 'renewalDays', type: 'integer >= 1', description: 'Length of each renewal.'},
          ],
          example: '{"autoRenew": true, "renewalDays": 365}',
        },
        response: `${CONTRACT_SHAPE} Fields not sent keep their value.`,
        statuses: [
          {code: 200, description: 'Updated.'},
          {code: 404, description: 'No contract for this userId.'},
          {
            code: 422,
            description:
              '`autoRenew` or `renewalDays` has the wrong type. An empty body passes validation and changes nothing; `endDate` is not validated (the validator checks a misspelled `endData`).',
          },
          {code: 500, description: 'Also returned when `endDate` precedes `startDate`.'},
        ],
        inOpenApi: true,
      }),
    ],
  },
  {
    id: 'features',
    title: 'Features and evaluation',
    description:
      'Feature ids have the form `<service name in lower case>-<feature name>`, for example `notehive-exportPdf`. The evaluation page explains the semantics in depth.',
    endpoints: [
      protectedEndpoint({
        method: 'GET',
        path: '/features',
        summary: 'List the features of every service',
        params: [
          {
            name: 'featureName',
            in: 'query',
            type: 'string',
            description: 'Keep features whose name contains this text.',
          },
          {
            name: 'serviceName',
            in: 'query',
            type: 'string',
            description:
              'Meant to filter by service; at this revision the code compares the value with itself, so it narrows nothing.',
          },
          {
            name: 'pricingVersion',
            in: 'query',
            type: 'string',
            description: 'Keep versions whose label contains this text.',
          },
          PAGE,
          OFFSET,
          LIMIT,
          {
            name: 'sort',
            in: 'query',
            type: '`featureName` | `serviceName`',
            default: 'serviceName',
            description: 'Sort field.',
          },
          ORDER,
          {
            name: 'show',
            in: 'query',
            type: '`active` | `archived` | `all`',
            default: 'active',
            description: 'Which versions to read features from.',
          },
        ],
        response:
          'An array of `{info, service, pricingVersion}` where `info` is the feature as defined in the pricing.',
        statuses: [{code: 200, description: 'The list.'}, FAILURE_500],
        inOpenApi: true,
      }),
      protectedEndpoint({
        method: 'POST',
        path: '/features/{userId}',
        summary: 'Evaluate every feature of a user',
        params: [
          USER_ID,
          {
            name: 'details',
            in: 'query',
            type: 'boolean',
            default: 'false',
            description: 'Return full results instead of booleans.',
          },
          SERVER,
        ],
        response: 'A map from feature id to `true`/`false`, or to `{eval, used, limit, error}` with `details=true`.',
        responseExample: '{"notehive-notes": true, "notehive-exportPdf": true, "notehive-aiSummaries": true}',
        statuses: [
          {code: 200, description: 'Evaluated.'},
          {code: 400, description: 'The contract has expired and does not renew automatically.'},
          {code: 404, description: 'No contract, or a contracted pricing is missing.'},
          FAILURE_500,
        ],
        inOpenApi: true,
        notes: ['Read-only: usage levels are not changed.'],
      }),
      protectedEndpoint({
        method: 'POST',
        path: '/features/{userId}/pricing-token',
        summary: 'Issue a pricing token for a user',
        params: [USER_ID, SERVER],
        response: '`{pricingToken}`: an HS256 JWT with the detailed evaluation of every feature.',
        statuses: [
          {code: 200, description: 'Token issued (possibly a cached one, for up to an hour).'},
          {code: 400, description: 'The contract has expired and does not renew automatically.'},
          {code: 404, description: 'No contract for this userId.'},
          {code: 500, description: 'Also returned when `JWT_SECRET` or `JWT_SALT` is not set.'},
        ],
        inOpenApi: true,
      }),
      protectedEndpoint({
        method: 'POST',
        path: '/features/{userId}/{featureId}',
        summary: 'Evaluate one feature, optionally consuming quota',
        params: [
          USER_ID,
          {
            name: 'featureId',
            in: 'path',
            type: 'string',
            required: true,
            description: 'For example `notehive-aiSummaries`.',
          },
          SERVER,
          {
            name: 'revert',
            in: 'query',
            type: 'boolean',
            default: 'false',
            description: 'Undo a recent optimistic usage update instead of evaluating.',
          },
          {
            name: 'latest',
            in: 'query',
            type: 'boolean',
            default: 'false',
            description: 'With `revert`: restore the newest cached level (`true`) or the oldest (`false`).',
          },
        ],
        body: {
          contentType: 'application/json',
          required: false,
          description:
            'Expected consumption: prefixed usage-limit id to amount. Give every limit the feature expression reads, or none.',
          example: '{"notehive-aiSummariesPerMonth": 1}',
        },
        response: '`{eval, used, limit, error}`; `error` is null or `{code, message}`.',
        responseExample:
          '{"eval": true, "used": {"notehive-aiSummariesPerMonth": 8}, "limit": {"notehive-aiSummariesPerMonth": 50}, "error": null}',
        statuses: [
          {
            code: 200,
            description: 'Evaluated (an unknown feature id also gives 200, with `error.code` `FLAG_NOT_FOUND`).',
          },
          {code: 204, description: 'Revert applied.'},
          {code: 400, description: 'The contract has expired and does not renew automatically.'},
          {code: 404, description: 'No contract for this userId.'},
          {code: 422, description: 'A body value is not a number.'},
          {
            code: 500,
            description:
              'Any other failure. At this revision every revert attempt fails, with 500 (or 404 for a dotted id naming an unknown limit); see the evaluation page.',
          },
        ],
        inOpenApi: true,
        notes: [
          'Quota is added only when `eval` is true. See the evaluation page for the limits of revert at this revision.',
        ],
      }),
    ],
  },
  {
    id: 'analytics',
    title: 'Analytics',
    description: 'Daily counters that feed the dashboard of the SPACE UI.',
    endpoints: [
      protectedEndpoint({
        method: 'GET',
        path: '/analytics/api-calls',
        summary: 'Requests handled per day, last 7 days',
        response: '`{labels, data}`: day names and counts, oldest first.',
        responseExample:
          '{"labels": ["Mar", "Mié", "Jue", "Vie", "Sáb", "Dom", "Monday"], "data": [0, 0, 0, 0, 0, 0, 118]}',
        statuses: [{code: 200, description: 'The series.'}],
        inOpenApi: true,
        notes: [
          'Three-letter English day names are translated to Spanish abbreviations by the controller; full names of stored days pass through unchanged.',
        ],
      }),
      protectedEndpoint({
        method: 'GET',
        path: '/analytics/evaluations',
        summary: 'Evaluations per day, last 7 days',
        response: '`{labels, data}` as above, counting POST requests under `/features`.',
        statuses: [{code: 200, description: 'The series.'}],
        inOpenApi: true,
      }),
    ],
  },
  {
    id: 'operations',
    title: 'Health, cache and events',
    description:
      'Routes that the server registers but the OpenAPI document does not describe. They are mostly for operators and tests.',
    endpoints: [
      {
        method: 'GET',
        path: '/healthcheck',
        auth: 'public',
        summary: 'Liveness probe',
        response: '`{message: "Service is up and running!"}`.',
        statuses: [{code: 200, description: 'The server answers.'}],
        inOpenApi: false,
        notes: ['The Compose file and the Node SDK (`isConnectedToSpace`) use it.'],
      },
      protectedEndpoint({
        method: 'GET',
        path: '/cache/get',
        summary: 'Read a raw Redis entry',
        params: [
          {
            name: 'key',
            in: 'query',
            type: 'string',
            required: true,
            description: 'Cache key (lower-cased before lookup).',
          },
        ],
        response: 'The stored JSON value, or `null`.',
        statuses: [{code: 200, description: 'The value.'}, FAILURE_500],
        inOpenApi: false,
      }),
      protectedEndpoint({
        method: 'POST',
        path: '/cache/set',
        summary: 'Write a raw Redis entry',
        body: {
          contentType: 'application/json',
          required: true,
          fields: [
            {name: 'key', type: 'string', required: true, description: 'Cache key.'},
            {name: 'value', type: 'any', required: true, description: 'JSON value.'},
            {name: 'expirationInSeconds', type: 'number', description: 'Time to live; 300 when absent.'},
          ],
        },
        response: '`{message: "Cache set successfully"}`.',
        statuses: [
          {code: 200, description: 'Stored.'},
          {code: 500, description: 'Also returned when the key already holds a different value.'},
        ],
        inOpenApi: false,
      }),
      protectedEndpoint({
        method: 'GET',
        path: '/events/status',
        summary: 'Check that the event service is mounted',
        response: '`{status: "The WebSocket event service is active"}`.',
        statuses: [{code: 200, description: 'Always, once authenticated.'}],
        inOpenApi: false,
      }),
      protectedEndpoint({
        method: 'POST',
        path: '/events/test-event',
        summary: 'Broadcast a test event',
        body: {
          contentType: 'application/json',
          required: true,
          fields: [
            {name: 'serviceName', type: 'string', required: true, description: 'Put in the event details.'},
            {name: 'pricingVersion', type: 'string', required: true, description: 'Put in the event details.'},
          ],
          example: '{"serviceName": "NoteHive", "pricingVersion": "2025-1"}',
        },
        response: '`{success: true, message: "Event sent successfully"}`.',
        statuses: [
          {code: 200, description: 'Sent.'},
          {code: 400, description: 'A field is missing.'},
        ],
        inOpenApi: false,
        notes: ['The broadcast is a real `PRICING_ARCHIVED` message that every connected client receives.'],
      }),
      protectedEndpoint({
        method: 'GET',
        path: '/events/client',
        summary: 'Serve a WebSocket test page',
        response: 'The file `public/static/websocket-client.html`.',
        statuses: [
          {code: 404, description: 'The file is not in the repository at this revision, so the route answers 404.'},
        ],
        inOpenApi: false,
      }),
    ],
  },
];

/** Every endpoint, in page order. */
export const SPACE_ENDPOINTS: readonly ApiEndpoint[] = SPACE_API.flatMap((r) => r.endpoints);

/** Anchor id of an endpoint on the reference page, e.g. `post-features-userid-featureid`. */
export function endpointAnchor(endpoint: Pick<ApiEndpoint, 'method' | 'path'>): string {
  const slug = endpoint.path
    .toLowerCase()
    .replace(/[{}]/g, '')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');
  return `${endpoint.method.toLowerCase()}-${slug}`;
}

/** Turns a concrete path into segments; empty segments (double or trailing slashes) are dropped. */
function segments(path: string): string[] {
  return path.split('/').filter(Boolean);
}

/**
 * Finds the endpoint a concrete request targets. `path` is relative to the base path and has no
 * query string; a `{param}` template segment matches any single segment. Literal segments win over
 * templates, as in the Express routers (`/features/{userId}/pricing-token` before `{featureId}`).
 */
export function findEndpoint(method: string, path: string): ApiEndpoint | undefined {
  const wanted = segments(path);
  const candidates = SPACE_ENDPOINTS.filter((e) => {
    if (e.method !== method.toUpperCase()) return false;
    const pattern = segments(e.path);
    return (
      pattern.length === wanted.length &&
      pattern.every((seg, i) => (seg.startsWith('{') && seg.endsWith('}')) || seg === wanted[i])
    );
  });
  const literalCount = (e: ApiEndpoint) => segments(e.path).filter((s) => !s.startsWith('{')).length;
  return candidates.sort((a, b) => literalCount(b) - literalCount(a))[0];
}
