/**
 * "Your SPACE instance": the base URL and API key the code samples of the API reference are filled with, and where
 * its "Try it" consoles send requests: the sandbox in this page (./sandbox.ts) or the instance at that base URL. The values stay in this tab's sessionStorage (./store.ts); the key
 * leaves the page only in a request a reader sends from a console, to the instance named here.
 */
import {useId, type ReactNode} from 'react';
import CodeBlock from '@theme/CodeBlock';
import useDocusaurusContext from '@docusaurus/useDocusaurusContext';
import defaults from '@generated/space-openapi/defaults.json';
import {CodeTextContext} from '@site/src/components/CodeText';
import {fillInstance} from './fill';
import {SANDBOX_ADMIN_API_KEY, resetSandbox, useSandboxResets} from './sandbox';
import {DEFAULT_BASE_URL, KEY_HEADER, SAMPLE_FORMS, forgetInstance, saveInstance, useSpaceInstance} from './store';
import styles from './styles.module.css';

export default function SpaceInstancePanel(): ReactNode {
  const instance = useSpaceInstance();
  const resets = useSandboxResets();
  const id = useId();
  const sandboxed = instance.target === 'sandbox';
  return (
    // data-interactive: controls for readers in the browser, left out of search records and Markdown twins.
    <section className={styles.panel} aria-labelledby={`${id}-title`} data-interactive="">
      <p className={styles.title} id={`${id}-title`}>
        Your SPACE instance
      </p>
      <p className={styles.hint} id={`${id}-hint`}>
        The code samples on this page are filled with these values, which this browser tab keeps until it closes
        (session storage). With &quot;The instance at the base URL&quot; chosen, when you press Send in a Try console
        below, your browser sends that request, with the key in its <code>{KEY_HEADER}</code> header, to the base URL
        given here, and to no other address; this site&apos;s own server never sees the key. Without a key, the samples
        read it from <code>SPACE_API_KEY</code>.
      </p>
      <fieldset className={styles.targets}>
        <legend>Try consoles send to</legend>
        <label>
          <input
            type="radio"
            name={`${id}-target`}
            value="sandbox"
            checked={sandboxed}
            onChange={() => saveInstance({...instance, target: 'sandbox'})}
          />{' '}
          Sandbox in this page
        </label>
        <label>
          <input
            type="radio"
            name={`${id}-target`}
            value="url"
            checked={!sandboxed}
            onChange={() => saveInstance({...instance, target: 'url'})}
          />{' '}
          The instance at the base URL
        </label>
      </fieldset>
      {sandboxed ? (
        <div className={styles.sandbox}>
          <p className={styles.hint} id={`${id}-sandbox`}>
            The sandbox is SPACE (the commit these pages describe) running in memory in this page, with one user, the
            seeded administrator, whose key the consoles send. Nothing leaves the browser. What you upload and create
            lasts while this tab keeps the page open; a reload starts it afresh, as Reset does. It loads when a console
            first sends to it. The samples keep the base URL and key below for a SPACE of your own.
          </p>
          <button
            type="button"
            className="button button--sm button--secondary"
            aria-describedby={`${id}-sandbox`}
            onClick={resetSandbox}
          >
            Reset the sandbox
          </button>
          <span role="status" className={styles.hint}>
            {resets ? `Sandbox reset (${resets}): it holds only the administrator again.` : ''}
          </span>
        </div>
      ) : null}
      <form className={styles.fields} onSubmit={(event) => event.preventDefault()} aria-describedby={`${id}-hint`}>
        <label className={styles.field}>
          <span>Base URL</span>
          <input
            type="text"
            name="baseUrl"
            inputMode="url"
            spellCheck={false}
            autoComplete="off"
            value={instance.baseUrl}
            placeholder={DEFAULT_BASE_URL}
            // Typing an instance is choosing it.
            onChange={(event) => saveInstance({...instance, baseUrl: event.target.value, target: 'url'})}
          />
        </label>
        <label className={styles.field}>
          <span>API key</span>
          {/* new-password: browsers fill in no saved password, and the key is never submitted to be saved. */}
          <input
            type="password"
            name="apiKey"
            spellCheck={false}
            autoComplete="new-password"
            // With the sandbox, the key of its seeded administrator, which the consoles send.
            value={sandboxed ? SANDBOX_ADMIN_API_KEY : instance.apiKey}
            readOnly={sandboxed}
            onChange={(event) => saveInstance({...instance, apiKey: event.target.value, target: 'url'})}
          />
        </label>
        <button type="button" className="button button--secondary" onClick={forgetInstance}>
          Forget
        </button>
        <fieldset className={styles.forms}>
          <legend>Samples in</legend>
          {SAMPLE_FORMS.map((form) => (
            <label key={form}>
              <input
                type="radio"
                name={`${id}-samples`}
                value={form}
                checked={instance.samples === form}
                onChange={() => saveInstance({...instance, samples: form})}
              />{' '}
              {form}
            </label>
          ))}
        </fieldset>
      </form>
    </section>
  );
}

/** Fills the instance into the code blocks it wraps (written for the defaults, see ./fill.ts). */
export function SpaceInstanceCode({children}: {children: ReactNode}): ReactNode {
  const instance = useSpaceInstance();
  return (
    <CodeTextContext.Provider value={(code, language) => fillInstance(code, language, instance)}>
      {children}
    </CodeTextContext.Provider>
  );
}

/**
 * The one command that mocks the document with Node alone: Prism, at the release the site tests with, on the copy of
 * the document this site publishes with its paths under the base path, listening on the default instance's port.
 */
export function SpaceMockCommand(): ReactNode {
  const {siteConfig} = useDocusaurusContext();
  const documentUrl = `${siteConfig.url.replace(/\/$/, '')}${siteConfig.baseUrl.replace(/\/$/, '')}${defaults.mock.path}`;
  const port = new URL(DEFAULT_BASE_URL).port || '80';
  return (
    <CodeBlock language="bash">{`npx -y @stoplight/prism-cli@${defaults.mock.prism} mock -p ${port} ${documentUrl}`}</CodeBlock>
  );
}
