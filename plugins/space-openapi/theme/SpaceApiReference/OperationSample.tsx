/**
 * The code sample of one operation, in the form the reader picked in the instance panel and filled with their
 * instance (../SpaceInstance). The page is rendered with curl commands (./codeSamples.ts); the writers
 * of the other forms (./clientSamples.ts) load the first time a reader asks for one.
 */
import {useEffect, useState, type ReactNode} from 'react';
import CodeBlock from '@theme/CodeBlock';
import {useSpaceInstance} from '../SpaceInstance/store';
import type {OperationEntry, SpaceApiDocument} from '@sphere-docs/lib/spaceOpenApi';
import {curlSample, sampleRequest} from './codeSamples';
import type * as ClientSamplesModule from './clientSamples';
import styles from './styles.module.css';

type ClientSamples = typeof ClientSamplesModule;
let loaded: ClientSamples | undefined;
let loading: Promise<ClientSamples> | undefined;

/** The fetch and SDK writers once `wanted`; undefined until they have loaded. */
function useClientSamples(wanted: boolean): ClientSamples | undefined {
  const [samples, setSamples] = useState(loaded);
  useEffect(() => {
    if (!wanted || samples) return;
    let live = true;
    (loading ??= import('./clientSamples')).then((module) => {
      loaded = module;
      if (live) setSamples(module);
    });
    return () => {
      live = false;
    };
  }, [wanted, samples]);
  return samples;
}

export default function OperationSample({doc, entry}: {doc: SpaceApiDocument; entry: OperationEntry}): ReactNode {
  const instance = useSpaceInstance();
  const request = sampleRequest(doc, entry);
  const client = useClientSamples(instance.samples !== 'curl');
  if (instance.samples === 'curl' || !client) {
    return (
      <CodeBlock language="bash" title="curl">
        {curlSample(request, instance)}
      </CodeBlock>
    );
  }
  const sdk = instance.samples === 'space-node-client' ? client.sdkSample(request, instance) : undefined;
  return (
    <>
      {instance.samples === 'space-node-client' && !sdk ? (
        <p className={styles.sampleNote}>
          {client.hasSdkCall(request.operationId) ? (
            <>
              space-node-client always adds <code>/api/v1</code> to the URL it is given, so it cannot reach this base
              URL; with <code>fetch</code>:
            </>
          ) : (
            <>
              space-node-client has no call for this route; with <code>fetch</code>:
            </>
          )}
        </p>
      ) : null}
      <CodeBlock language="ts" title={sdk ? 'space-node-client' : 'fetch'}>
        {sdk ?? client.fetchSample(request, instance)}
      </CodeBlock>
    </>
  );
}
