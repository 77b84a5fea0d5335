/** The document in the URL: `/playground#code=<lz-string, URI-safe>`. */
import {compressToEncodedURIComponent, decompressFromEncodedURIComponent} from 'lz-string';

export const PLAYGROUND_PATH = '/playground';
/** Longest document written to the address bar; longer ones are shared by download instead. */
export const MAX_SHARED_CHARS = 64 * 1024;

export function playgroundHash(text: string): string {
  return `#code=${compressToEncodedURIComponent(text)}`;
}

export function playgroundUrl(text: string): string {
  return PLAYGROUND_PATH + playgroundHash(text);
}

/** The document a hash carries, or undefined when it carries none (or a damaged one). */
export function documentFromHash(hash: string): string | undefined {
  const m = /^#?code=(.+)$/.exec(hash);
  if (!m) return undefined;
  try {
    return decompressFromEncodedURIComponent(m[1]) || undefined;
  } catch {
    return undefined;
  }
}
