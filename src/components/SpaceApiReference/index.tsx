/**
 * Renders the SPACE REST reference and the role matrix from src/data/spaceApi.ts, so the tables on
 * the reference and roles pages cannot drift apart. Everything is rendered at build time; nothing is
 * fetched in the browser.
 */
import {Fragment, type ReactNode} from 'react';
import clsx from 'clsx';
import Link from '@docusaurus/Link';
import Heading from '@theme/Heading';
import CodeBlock from '@theme/CodeBlock';
import {
  SPACE_API,
  SPACE_API_BASE_PATH,
  SPACE_API_KEY_HEADER,
  SPACE_ROLES,
  allowedRoles,
  endpointAnchor,
  moduleOf,
  roleMayCall,
  type ApiEndpoint,
  type ApiResource,
  type HttpMethod,
} from '@site/src/data/spaceApi';
import styles from './styles.module.css';

const METHODS: readonly HttpMethod[] = ['GET', 'POST', 'PUT', 'DELETE'];

/** Renders `code spans` written with backticks in the data module; the text between them stays bare text. */
function Inline({text}: {text: string}): ReactNode {
  const parts = text.split('`');
  return (
    <>{parts.map((part, i) => (i % 2 === 1 ? <code key={i}>{part}</code> : <Fragment key={i}>{part}</Fragment>))}</>
  );
}

function MethodBadge({method}: {method: HttpMethod}): ReactNode {
  return <span className={clsx(styles.method, styles[method.toLowerCase()])}>{method}</span>;
}

function resourceById(id: string): ApiResource {
  const resource = SPACE_API.find((r) => r.id === id);
  if (!resource) {
    throw new Error(`Unknown SPACE API resource "${id}". Known: ${SPACE_API.map((r) => r.id).join(', ')}`);
  }
  return resource;
}

function Endpoint({endpoint}: {endpoint: ApiEndpoint}): ReactNode {
  const roles = allowedRoles(endpoint);
  return (
    <section className={styles.endpoint}>
      <Heading as="h3" id={endpointAnchor(endpoint)} className={styles.endpointTitle}>
        <MethodBadge method={endpoint.method} /> <code className={styles.path}>{endpoint.path}</code>
      </Heading>
      <p className={styles.summary}>
        <Inline text={endpoint.summary} />.
        {endpoint.description ? (
          <>
            {' '}
            <Inline text={endpoint.description} />
          </>
        ) : null}
      </p>
      <dl className={styles.facts}>
        <dt>Auth</dt>
        <dd>
          {endpoint.auth === 'public' ? (
            'None (public route).'
          ) : (
            <>
              Header <code>{SPACE_API_KEY_HEADER}</code>; roles: {roles.join(', ')}.
            </>
          )}
        </dd>
        {!endpoint.inOpenApi ? (
          <>
            <dt>Source</dt>
            <dd>Routed by the server, absent from the OpenAPI document.</dd>
          </>
        ) : null}
      </dl>
      {endpoint.params && endpoint.params.length > 0 ? (
        <table className={styles.table}>
          <caption>Parameters</caption>
          <thead>
            <tr>
              <th>Name</th>
              <th>In</th>
              <th>Type</th>
              <th>Default</th>
              <th>Description</th>
            </tr>
          </thead>
          <tbody>
            {endpoint.params.map((p) => (
              <tr key={`${p.in}-${p.name}`}>
                <td>
                  <code>{p.name}</code>
                  {p.required ? <span className={styles.required}> required</span> : null}
                </td>
                <td>{p.in}</td>
                <td>
                  <Inline text={p.type} />
                </td>
                <td>{p.default ? <code>{p.default}</code> : ''}</td>
                <td>
                  <Inline text={p.description} />
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      ) : null}
      {endpoint.body ? (
        <div className={styles.block}>
          <p className={styles.label}>
            Body ({endpoint.body.required ? 'required' : 'optional'}, <code>{endpoint.body.contentType}</code>)
            {endpoint.body.description ? (
              <>
                : <Inline text={endpoint.body.description} />
              </>
            ) : null}
          </p>
          {endpoint.body.fields && endpoint.body.fields.length > 0 ? (
            <table className={styles.table}>
              <thead>
                <tr>
                  <th>Field</th>
                  <th>Type</th>
                  <th>Description</th>
                </tr>
              </thead>
              <tbody>
                {endpoint.body.fields.map((f) => (
                  <tr key={f.name}>
                    <td>
                      <code>{f.name}</code>
                      {f.required ? <span className={styles.required}> required</span> : null}
                    </td>
                    <td>
                      <Inline text={f.type} />
                    </td>
                    <td>
                      <Inline text={f.description} />
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          ) : null}
          {endpoint.body.example ? <CodeBlock language="json">{endpoint.body.example}</CodeBlock> : null}
        </div>
      ) : null}
      <div className={styles.block}>
        <p className={styles.label}>
          Response: <Inline text={endpoint.response} />
        </p>
        {endpoint.responseExample ? <CodeBlock language="json">{endpoint.responseExample}</CodeBlock> : null}
      </div>
      <table className={styles.table}>
        <caption>Status codes</caption>
        <tbody>
          {endpoint.statuses.map((s) => (
            <tr key={s.code}>
              <td className={styles.code}>{s.code}</td>
              <td>
                <Inline text={s.description} />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      {endpoint.notes && endpoint.notes.length > 0 ? (
        <ul className={styles.notes}>
          {endpoint.notes.map((n) => (
            <li key={n}>
              <Inline text={n} />
            </li>
          ))}
        </ul>
      ) : null}
    </section>
  );
}

interface ReferenceProps {
  /** Id of one resource group in SPACE_API (`users`, `services`, `pricings`...). */
  resource: string;
}

/** The endpoints of one resource group, each under its own anchor. */
export default function SpaceApiReference({resource}: ReferenceProps): ReactNode {
  const group = resourceById(resource);
  return (
    <div className={styles.reference}>
      <p>
        <Inline text={group.description} />
      </p>
      {group.endpoints.map((e) => (
        <Endpoint key={`${e.method} ${e.path}`} endpoint={e} />
      ))}
    </div>
  );
}

/** One table that lists every endpoint with a link to its entry. */
export function SpaceEndpointIndex(): ReactNode {
  return (
    <table className={styles.table}>
      <thead>
        <tr>
          <th>Resource</th>
          <th>Method</th>
          <th>Path (after {SPACE_API_BASE_PATH})</th>
          <th>What it does</th>
        </tr>
      </thead>
      <tbody>
        {SPACE_API.flatMap((group) =>
          group.endpoints.map((e, i) => (
            <tr key={`${e.method} ${e.path}`}>
              <td>{i === 0 ? group.title : ''}</td>
              <td>
                <MethodBadge method={e.method} />
              </td>
              <td>
                <Link to={`#${endpointAnchor(e)}`}>
                  <code>{e.path}</code>
                </Link>
              </td>
              <td>
                <Inline text={e.summary} />
              </td>
            </tr>
          )),
        )}
      </tbody>
    </table>
  );
}

interface MatrixProps {
  /** `modules` groups by first path segment and method; `endpoints` lists every route. */
  view?: 'modules' | 'endpoints';
}

/** Which role may call what, replayed from the same rule the server applies. */
export function SpacePermissionMatrix({view = 'modules'}: MatrixProps): ReactNode {
  if (view === 'endpoints') {
    return (
      <table className={styles.table}>
        <thead>
          <tr>
            <th>Method</th>
            <th>Path</th>
            {SPACE_ROLES.map((r) => (
              <th key={r}>{r}</th>
            ))}
          </tr>
        </thead>
        <tbody>
          {SPACE_API.flatMap((g) => g.endpoints).map((e) => (
            <tr key={`${e.method} ${e.path}`}>
              <td>
                <MethodBadge method={e.method} />
              </td>
              <td>
                <code>{e.path}</code>
                {e.auth === 'public' ? ' (public)' : ''}
              </td>
              {SPACE_ROLES.map((r) => (
                <td key={r} className={roleMayCall(r, e.method, e.path) ? styles.yes : styles.no}>
                  {roleMayCall(r, e.method, e.path) ? 'yes' : 'no'}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    );
  }

  const endpoints = SPACE_API.flatMap((g) => g.endpoints).filter((e) => e.auth !== 'public');
  const modules = [...new Set(endpoints.map((e) => moduleOf(e.path)))];
  return (
    <table className={styles.table}>
      <thead>
        <tr>
          <th>Module</th>
          {METHODS.map((m) => (
            <th key={m}>{m}</th>
          ))}
        </tr>
      </thead>
      <tbody>
        {modules.map((module) => (
          <tr key={module}>
            <td>
              <code>/{module}</code>
            </td>
            {METHODS.map((method) => {
              const routed = endpoints.filter((e) => moduleOf(e.path) === module && e.method === method);
              if (routed.length === 0) {
                return (
                  <td key={method} className={styles.none}>
                    no route
                  </td>
                );
              }
              const roles = SPACE_ROLES.filter((r) => routed.every((e) => roleMayCall(r, e.method, e.path)));
              return <td key={method}>{roles.join(', ')}</td>;
            })}
          </tr>
        ))}
      </tbody>
    </table>
  );
}
