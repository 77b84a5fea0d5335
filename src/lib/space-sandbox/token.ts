/**
 * The pricing token: an HS256 JWT as SPACE signs it with jose (api/src/main/utils/jwt.ts 12-46 at 9123ae2). SPACE
 * derives the signing key from `JWT_SECRET` with PBKDF2-SHA256 (`JWT_SALT`, 100,000 iterations, 32 bytes) and sets
 * the protected header `{"alg":"HS256"}`, `iat`, `exp` (`JWT_EXPIRATION`, 1 hour by default) and `sub` (the userId)
 * around the payload `{features, pricingContext, subscriptionContext}`. Here the same steps run on Web Crypto, which
 * browsers and Node both have, with the sandbox's own secret and salt.
 */

/** The sandbox's `JWT_SECRET` and `JWT_SALT`: public on purpose, since the sandbox guards nothing. */
export const SANDBOX_JWT_SECRET = 'space-sandbox-secret';
export const SANDBOX_JWT_SALT = 'space-sandbox-salt';
/** `JWT_EXPIRATION` default of jwt.ts 10, in seconds. */
export const TOKEN_LIFETIME_SECONDS = 3600;

const encoder = new TextEncoder();

function base64url(bytes: Uint8Array): string {
  let binary = '';
  for (const b of bytes) binary += String.fromCharCode(b);
  return btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

let signingKey: Promise<CryptoKey> | undefined;

/** jwt.ts 44-46: `pbkdf2Sync(secret, salt, 100_000, 32, 'sha256')`, imported as an HMAC-SHA256 key. */
function key(): Promise<CryptoKey> {
  signingKey ??= (async () => {
    const subtle = globalThis.crypto.subtle;
    const material = await subtle.importKey('raw', encoder.encode(SANDBOX_JWT_SECRET), 'PBKDF2', false, ['deriveBits']);
    const bits = await subtle.deriveBits(
      {name: 'PBKDF2', hash: 'SHA-256', salt: encoder.encode(SANDBOX_JWT_SALT), iterations: 100_000},
      material,
      256,
    );
    return subtle.importKey('raw', bits, {name: 'HMAC', hash: 'SHA-256'}, false, ['sign']);
  })();
  return signingKey;
}

/**
 * jwt.ts 26-39: the claims in jose's order (payload fields, then `iat`, `exp`, `sub`), signed at `nowMs`.
 */
export async function signPricingToken(
  userId: string,
  payload: Record<string, unknown>,
  nowMs: number,
): Promise<string> {
  const iat = Math.floor(nowMs / 1000);
  const claims = {...payload, iat, exp: iat + TOKEN_LIFETIME_SECONDS, sub: userId};
  const header = base64url(encoder.encode(JSON.stringify({alg: 'HS256'})));
  const body = base64url(encoder.encode(JSON.stringify(claims)));
  const signature = await globalThis.crypto.subtle.sign('HMAC', await key(), encoder.encode(`${header}.${body}`));
  return `${header}.${body}.${base64url(new Uint8Array(signature))}`;
}
