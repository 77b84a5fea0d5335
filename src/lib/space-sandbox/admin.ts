/**
 * The sandbox's seeded administrator, in a module of its own so that a page can show its key without loading the
 * sandbox (`@sphere-docs/lib/space-sandbox/admin`).
 */

/** The seeded administrator (database/seeders/common/userSeeder.ts 15-16: `admin` / `space4all`). */
export const SANDBOX_ADMIN = {username: 'admin', password: 'space4all'} as const;
/** Its API key, fixed so that pages can show it. */
export const SANDBOX_ADMIN_API_KEY = '5ace5a4db0c5ace5a4db0c5ace5a4db0c5ace5a4db0c5ace5a4db0c5ace5a4d0';
