/**
 * For tests: MiniSearch as a later version might be, its private index changed under the engine's fast path
 * (src/lib/search/fastScoring.ts) while its public API works as before. A test file mocks `minisearch` with it:
 *
 *   const change = vi.hoisted((): InternalsChange => ({hide: [], reshape: false}));
 *   vi.mock('minisearch', async (importOriginal) => {
 *     const actual = await importOriginal<typeof MiniSearchModule>();
 *     const {withChangedInternals} = await import('<this file, relative to the test>');
 *     return {...actual, default: withChangedInternals(actual.default, change)};
 *   });
 *
 * and sets `change` before building an index. Instances built while `change` asks for nothing are plain MiniSearch.
 * It imports nothing of MiniSearch at run time: the mock hands it the real class.
 */
import type MiniSearch from 'minisearch';

export interface InternalsChange {
  /** Private fields that read as missing (renamed or removed) from outside MiniSearch's own methods. */
  hide: string[];
  /** Whether the radix tree's `get` answers a different shape (a plain object for a term's postings). */
  reshape: boolean;
}

export function withChangedInternals(Base: typeof MiniSearch, change: InternalsChange): typeof MiniSearch {
  return class extends Base {
    constructor(...args: ConstructorParameters<typeof MiniSearch>) {
      super(...args);
      const hide = new Set(change.hide);
      const reshape = change.reshape;
      if (hide.size === 0 && !reshape) return;
      const bind = (target: object, value: unknown) =>
        typeof value === 'function' ? (value as (...a: unknown[]) => unknown).bind(target) : value;
      // MiniSearch's own methods run on the real instance (`this` bound to it); only outside readers see the change.
      return new Proxy(this, {
        get(target, prop) {
          if (typeof prop === 'string' && hide.has(prop)) return undefined;
          const value = Reflect.get(target, prop, target);
          if (prop === '_index' && reshape) {
            return new Proxy(value as object, {
              get(tree, key) {
                const member = Reflect.get(tree, key, tree);
                if (key !== 'get') return bind(tree, member);
                return (term: string) => ((member as (t: string) => unknown).call(tree, term) ? {} : undefined);
              },
            });
          }
          return bind(target, value);
        },
      });
    }
  } as typeof MiniSearch;
}
