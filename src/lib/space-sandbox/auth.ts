/**
 * Who may call what: SPACE's key check and role rules, run before every route as its global middlewares do
 * (api/src/main/middlewares/GlobalMiddlewaresLoader.ts 46-48, ApiKeyAuthMiddleware.ts 5-29, AuthMiddleware.ts 6-71,
 * ROLE_PERMISSIONS in types/models/User.ts 21-36, at 9123ae2).
 */
import type {Role, User} from './state';

/** ApiKeyAuthMiddleware.ts 5-8: every path that *starts with* one of these skips the key check. */
const PUBLIC_ROUTES = ['/users/authenticate', '/healthcheck'];

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

/** types/models/User.ts 21-36. */
const ROLE_PERMISSIONS: Record<
  Role,
  {allowAll?: boolean; allowed?: Partial<Record<Method, string[]>>; blocked?: Partial<Record<Method, string[]>>}
> = {
  ADMIN: {allowAll: true},
  MANAGER: {blocked: {DELETE: ['*']}},
  EVALUATOR: {allowed: {GET: ['services', 'features'], POST: ['features']}},
};

export type AuthOutcome = {ok: true; user?: User} | {ok: false; status: number; error: string};

/**
 * The key and role check for a path under the base path (`/services/...`). `findByKey` looks a user up by API key.
 */
export function authorize(
  method: string,
  path: string,
  apiKey: string | undefined,
  findByKey: (key: string) => User | undefined,
): AuthOutcome {
  // ApiKeyAuthMiddleware.ts 18-23
  if (PUBLIC_ROUTES.some((route) => path.startsWith(route))) return {ok: true};
  // AuthMiddleware.ts 10-13
  if (!apiKey) {
    return {
      ok: false,
      status: 401,
      error: 'API Key not found. Please ensure to add an API Key as value of the "x-api-key" header.',
    };
  }
  // AuthMiddleware.ts 15-21 (UserService.findByApiKey throws 'Invalid API Key')
  const user = findByKey(apiKey);
  if (!user) return {ok: false, status: 401, error: 'Invalid API Key'};
  // AuthMiddleware.ts 31-66: the module is the first segment after the base path
  const role = ROLE_PERMISSIONS[user.role];
  const module = path.split('/')[1] ?? '';
  const verb = method.toUpperCase() as Method;
  const refused = {
    ok: false as const,
    status: 403,
    error: `Operation not permitted with your role. Current role: ${user.role}`,
  };
  if (role.allowAll) return {ok: true, user};
  const blocked = role.blocked?.[verb];
  if (blocked && (blocked.includes('*') || blocked.some((m) => module.startsWith(m)))) return refused;
  if (!role.allowed) return {ok: true, user};
  const allowed = role.allowed[verb];
  if (allowed && (allowed.includes('*') || allowed.some((m) => module.startsWith(m)))) return {ok: true, user};
  return refused;
}
