/** A YAML or JSON mapping, as the pricing modules read documents: keys to values not yet checked. */
export type Obj = Record<string, unknown>;

/** Whether a value is a mapping (not null, not a list). */
export function isObj(value: unknown): value is Obj {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
