/**
 * Docusaurus runs every plugin's postBuild at the same time. A step that reads what another one writes (the MCP
 * package reads the Markdown twins and the search index) waits for it here: the writing plugin runs its postBuild
 * through `recordStep`, the reading one awaits `afterSteps`. A failed step fails the steps that wait for it.
 */
interface Deferred {
  promise: Promise<void>;
  resolve: () => void;
  reject: (error: unknown) => void;
}

const steps = new Map<string, Deferred>();

function deferred(outDir: string, name: string): Deferred {
  const key = `${outDir}\0${name}`;
  let d = steps.get(key);
  if (!d) {
    let resolve!: () => void;
    let reject!: (error: unknown) => void;
    const promise = new Promise<void>((res, rej) => {
      resolve = res;
      reject = rej;
    });
    // The writing plugin reports its own failure; a step nobody waits for must not be an unhandled rejection.
    promise.catch(() => undefined);
    d = {promise, resolve, reject};
    steps.set(key, d);
  }
  return d;
}

/** Runs a postBuild step of the build in `outDir` and records when it ends. */
export async function recordStep<T>(outDir: string, name: string, run: () => Promise<T>): Promise<T> {
  const d = deferred(outDir, name);
  try {
    const value = await run();
    d.resolve();
    return value;
  } catch (error) {
    d.reject(error);
    throw error;
  }
}

/** Resolves when the named steps of the build in `outDir` have ended; rejects if one of them failed. */
export async function afterSteps(outDir: string, names: readonly string[]): Promise<void> {
  await Promise.all(names.map((name) => deferred(outDir, name).promise));
}
