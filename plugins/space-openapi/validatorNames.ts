/**
 * The export names of the validators this plugin compiles (./validators.ts) for the API reference's console:
 * `<operationId>` for the JSON request body, `<operationId>_<status>` for a JSON answer. operationIds are identifiers,
 * so both are.
 */
export function validatorName(operationId: string, status?: string): string {
  return status === undefined ? operationId : `${operationId}_${status}`;
}
