/**
 * /playground: edit, check and preview a Pricing2Yaml document. The page itself is tiny; the playground (CodeMirror,
 * the validation worker with its precompiled validators and the JSON Schemas) is imported only once the page runs in the browser, so no
 * other page loads or prefetches it.
 */
import {useEffect, useState, type ComponentType} from 'react';
import clsx from 'clsx';
import Layout from '@theme/Layout';
import Heading from '@theme/Heading';
import Link from '@docusaurus/Link';
import {docPath} from '@site/src/constants';
import styles from './playground.module.css';

export default function PlaygroundPage() {
  const [Playground, setPlayground] = useState<ComponentType | null>(null);
  const [failure, setFailure] = useState<string>();

  useEffect(() => {
    import('@site/src/components/Playground')
      .then((m) => setPlayground(() => m.default))
      .catch((e: Error) => setFailure(e.message));
  }, []);

  return (
    <Layout
      title="Pricing2Yaml playground"
      description="Write a Pricing2Yaml document, check it against the schema of its syntax version, see the pricing it describes and its 3.0 form."
    >
      <main className={clsx('container margin-vert--lg', styles.page)}>
        <Heading as="h1">Pricing2Yaml playground</Heading>
        <p>
          Write or paste a pricing: it is checked as you type against the JSON Schema of its <code>syntaxVersion</code>{' '}
          and the cross-reference rules, drawn as a comparison table once it is valid, and shown in syntax 3.0 when it
          is older. Everything runs in your browser; the link in the address bar holds the document. The rules are in{' '}
          <Link style={{textDecoration: 'underline'}} to={docPath('api/Pricing2Yaml/the-pricing2yaml-syntax')}>
            the Pricing2Yaml syntax
          </Link>
          .
        </p>
        {failure ? (
          <div className="alert alert--danger" role="alert">
            The playground could not be loaded: {failure}. Reload the page to try again.
          </div>
        ) : Playground ? (
          <Playground />
        ) : (
          <p role="status">Loading the editor…</p>
        )}
      </main>
    </Layout>
  );
}
