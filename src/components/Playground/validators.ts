/**
 * The validator of every syntax version, precompiled at build time by plugins/pricing2yaml-validators (compiling a
 * schema here would need 'unsafe-eval'), each in its own lazily loaded chunk: the worker pulls in only the validator of
 * the version a document declares.
 */
import type {ValidatorLoader} from '@sphere-docs/lib/pricing2yaml/analyze';
import type {SyntaxVersion} from '@sphere-docs/lib/pricing2yaml/upgrade';

type Module = {default: Awaited<ReturnType<ValidatorLoader>>};

function importValidator(version: SyntaxVersion): Promise<Module> {
  switch (version) {
    case '1.0':
      return import('@generated/pricing2yaml-validators/v1.0.js');
    case '1.1':
      return import('@generated/pricing2yaml-validators/v1.1.js');
    case '2.0':
      return import('@generated/pricing2yaml-validators/v2.0.js');
    case '2.1':
      return import('@generated/pricing2yaml-validators/v2.1.js');
    case '3.0':
      return import('@generated/pricing2yaml-validators/v3.0.js');
  }
}

const cache = new Map<SyntaxVersion, ReturnType<ValidatorLoader>>();

export const loadValidator: ValidatorLoader = (version) => {
  let validate = cache.get(version);
  if (!validate) {
    validate = importValidator(version).then((m) => m.default);
    cache.set(version, validate);
  }
  return validate;
};
