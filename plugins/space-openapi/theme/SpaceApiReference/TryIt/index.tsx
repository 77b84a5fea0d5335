/**
 * "Try it" under each operation of the SPACE API reference: a button that opens a console sending the operation's
 * request to the reader's own instance (./Console.tsx). The console, its request logic and the compiled schemas load
 * the first time a reader opens one, so the page itself carries nothing of them.
 */
import {lazy, Suspense, useState, type ReactNode} from 'react';
import type {OperationEntry, SpaceApiDocument} from '@sphere-docs/lib/spaceOpenApi';
import styles from './styles.module.css';

const Console = lazy(() => import('./Console'));

/** `doc` comes from the page, which has it already: the console's chunk does not carry the document again. */
export default function TryIt({doc, entry}: {doc: SpaceApiDocument; entry: OperationEntry}): ReactNode {
  const [open, setOpen] = useState(false);
  const name = entry.operation.operationId ?? `${entry.method} ${entry.path}`;
  return (
    <div className={styles.tryIt} data-interactive="">
      <button
        type="button"
        className="button button--sm button--outline button--primary"
        aria-expanded={open}
        onClick={() => setOpen(!open)}
      >
        Try {name}
      </button>
      {open ? (
        <Suspense fallback={<p className={styles.note}>Loading the console…</p>}>
          <Console doc={doc} entry={entry} />
        </Suspense>
      ) : null}
    </div>
  );
}
