/** The modules plugins/space-openapi writes when the site loads. */
declare module '@generated/space-openapi/reference.json' {
  import type {SpaceApiDocument} from '@sphere-docs/lib/spaceOpenApi';

  /** ./static/openapi/space-api.yaml, checked, with every description rendered to HTML. */
  const document: SpaceApiDocument;
  export default document;
}

declare module '@generated/space-openapi/routes.json' {
  import type {RouteSummary} from '@site/plugins/space-openapi';

  const routes: RouteSummary[];
  export default routes;
}

declare module '@generated/space-openapi/validators.js' {
  import type {ValidateFunction} from 'ajv';

  /** One validator per JSON request body and JSON answer, named by ./validatorNames.ts. */
  const validators: Readonly<Record<string, ValidateFunction | undefined>>;
  export = validators;
}

declare module '@generated/space-openapi/defaults.json' {
  import type {InstanceDefaults} from '@site/plugins/space-openapi';

  /** The default server URL and API key header of the document, and the parts of the mock command. */
  const defaults: InstanceDefaults;
  export default defaults;
}
