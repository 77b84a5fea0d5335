/**
 * The playground's state in the URL: `/playground#code=<lz-string, URI-safe>`, followed by
 * `&eval=<lz-string of the evaluation's JSON>` once the reader has chosen a subscription to evaluate. lz-string's
 * URI-safe alphabet has no `&`, so the two parts never mix.
 */
import {compressToEncodedURIComponent, decompressFromEncodedURIComponent} from 'lz-string';
import type {EvaluationState} from '@sphere-docs/lib/pricing2yaml/subscription';

export const PLAYGROUND_PATH = '/playground';
/** Longest document written to the address bar; longer ones are shared by download instead. */
export const MAX_SHARED_CHARS = 64 * 1024;

export function playgroundHash(text: string, evaluation?: EvaluationState): string {
  const code = `#code=${compressToEncodedURIComponent(text)}`;
  return evaluation ? `${code}&eval=${compressToEncodedURIComponent(JSON.stringify(evaluation))}` : code;
}

export function playgroundUrl(text: string): string {
  return PLAYGROUND_PATH + playgroundHash(text);
}

function param(hash: string, name: string): string | undefined {
  for (const part of hash.replace(/^#/, '').split('&')) {
    if (part.startsWith(`${name}=`)) return part.slice(name.length + 1) || undefined;
  }
  return undefined;
}

function decompress(value: string | undefined): string | undefined {
  if (!value) return undefined;
  try {
    return decompressFromEncodedURIComponent(value) || undefined;
  } catch {
    return undefined;
  }
}

/** The document a hash carries, or undefined when it carries none (or a damaged one). */
export function documentFromHash(hash: string): string | undefined {
  return decompress(param(hash, 'code'));
}

const counts = (v: unknown): Record<string, number> =>
  typeof v === 'object' && v !== null && !Array.isArray(v)
    ? Object.fromEntries(
        Object.entries(v).filter((e): e is [string, number] => typeof e[1] === 'number' && Number.isFinite(e[1])),
      )
    : {};

/** The evaluation a hash carries, or undefined when it carries none (or a damaged one). */
export function evaluationFromHash(hash: string): EvaluationState | undefined {
  const json = decompress(param(hash, 'eval'));
  if (!json) return undefined;
  try {
    const v = JSON.parse(json) as Record<string, unknown>;
    if (typeof v !== 'object' || v === null) return undefined;
    return {
      ...(typeof v.plan === 'string' ? {plan: v.plan} : {}),
      addOns: counts(v.addOns),
      usage: counts(v.usage),
      server: v.server === true,
    };
  } catch {
    return undefined;
  }
}
