/**
 * Puts the reader's instance into code written for the defaults. Samples are written with the default base URL
 * (DEFAULT_BASE_URL) and read the key from the environment: `$SPACE_API_KEY` in shell, `process.env.SPACE_API_KEY ??
 * ''` in TypeScript, `System.getenv("SPACE_API_KEY")` in Java. Given a key, those become the key itself, quoted for the
 * language; given a base URL, every occurrence of the default becomes it. Samples put both inside string literals:
 * double quotes in shell and Java, single quotes in TypeScript.
 */
import {DEFAULT_BASE_URL, sampleBaseUrl, type SpaceInstance} from './store';

/** Where a sample reads the key when the reader has given none. */
export const KEY_FROM_ENV = {
  shell: '$SPACE_API_KEY',
  ts: "process.env.SPACE_API_KEY ?? ''",
  java: 'System.getenv("SPACE_API_KEY")',
} as const;

/** Text safe inside a double-quoted shell word. */
export const shellQuoted = (text: string) => text.replace(/[\\"$`]/g, '\\$&');

/** Text safe inside a single-quoted JavaScript string. */
export const jsQuoted = (text: string) => text.replace(/[\\']/g, '\\$&').replace(/\n/g, '\\n');

/** Text safe inside a double-quoted Java string. */
const javaQuoted = (text: string) => JSON.stringify(text).slice(1, -1);

type Kind = keyof typeof KEY_FROM_ENV;
const LANGUAGES: Record<string, Kind> = {
  bash: 'shell',
  sh: 'shell',
  shell: 'shell',
  ts: 'ts',
  tsx: 'ts',
  typescript: 'ts',
  js: 'ts',
  javascript: 'ts',
  java: 'java',
};
const QUOTE: Record<Kind, (text: string) => string> = {shell: shellQuoted, ts: jsQuoted, java: javaQuoted};
const KEY_LITERAL: Record<Kind, (key: string) => string> = {
  shell: shellQuoted,
  ts: (key) => `'${jsQuoted(key)}'`,
  java: (key) => `"${javaQuoted(key)}"`,
};

/** The sample with the instance filled in; code of other languages is left alone. */
export function fillInstance(code: string, language: string | undefined, instance: SpaceInstance): string {
  const kind = LANGUAGES[language ?? ''];
  if (!kind) return code;
  let out = code.split(DEFAULT_BASE_URL).join(QUOTE[kind](sampleBaseUrl(instance)));
  const key = instance.apiKey.trim();
  if (key) out = out.split(KEY_FROM_ENV[kind]).join(KEY_LITERAL[kind](key));
  return out;
}
