/** The validators plugins/pricing2yaml-validators writes at build time. */
declare module '@generated/pricing2yaml-validators/*' {
  import type {ValidateFunction} from 'ajv';

  const validate: ValidateFunction;
  export default validate;
}
