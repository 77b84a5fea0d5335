/**
 * The part of js-yaml 4's API that ./readYaml.ts uses: js-yaml ships no types of its own, and these few lines spare the
 * package a dev dependency on @types/js-yaml.
 */
declare module 'js-yaml' {
  export class Type {
    constructor(
      tag: string,
      options: {
        kind: 'scalar' | 'sequence' | 'mapping';
        resolve?: (data: unknown) => boolean;
        construct?: (data: string) => unknown;
      },
    );
  }
  export class Schema {
    extend(types: {implicit?: Type[]; explicit?: Type[]}): Schema;
  }
  export const FAILSAFE_SCHEMA: Schema;
  export function load(text: string, options?: {schema?: Schema; json?: boolean; filename?: string}): unknown;
}
