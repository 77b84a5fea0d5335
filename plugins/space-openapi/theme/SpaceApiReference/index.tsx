/**
 * The SPACE REST reference, rendered from the OpenAPI document of this plugin (../../static/openapi/space-api.yaml),
 * which the plugin checks and hands over with its descriptions already in HTML. Every fact on the page comes
 * from that document; the page adds headings and prose around it. Nothing is fetched in the browser until a reader
 * sends an operation's request to their own instance from its console (./TryIt).
 */
import {Fragment, type ReactNode} from 'react';
import Link from '@docusaurus/Link';
import Heading from '@theme/Heading';
import CodeBlock from '@theme/CodeBlock';
import document from '@generated/space-openapi/reference.json';
import FieldTable, {TypeOf, type JsonSchema} from '@site/src/components/SchemaFields/FieldTable';
import {ScrollArea} from '@site/src/components/ScrollableTable';
import {
  allowedRoles,
  apiKeyHeader,
  basePath,
  deref,
  isPublic,
  isReference,
  operationAnchor,
  operations,
  schemaAnchor,
  schemaName,
  type OperationEntry,
  type Parameter,
  type Schema,
} from '@sphere-docs/lib/spaceOpenApi';
import type {OpenAPIV3_1} from 'openapi-types';
import OperationSample from './OperationSample';
import TryIt from './TryIt';
import MethodBadge from './MethodBadge';
import styles from './styles.module.css';

const doc = document;
const ALL = operations(doc);
/** The header of the document's API key scheme. */
const KEY_HEADER = apiKeyHeader(doc);

/**
 * Schemas written out where they are used: the body of one operation, referenced from nowhere else. The others
 * have their own entry under Schemas, and uses link to it.
 */
const INLINE_SCHEMAS: ReadonlySet<string> = (() => {
  const text = JSON.stringify(doc);
  const bodies = ALL.flatMap(({operation}) =>
    Object.values(operation.requestBody ? deref(doc, operation.requestBody).content : {}).map((media) =>
      schemaName((media.schema as {$ref?: string} | undefined)?.$ref),
    ),
  );
  return new Set(
    bodies.filter(
      (name): name is string =>
        !!name &&
        bodies.filter((other) => other === name).length === 1 &&
        text.split(`"#/components/schemas/${name}"`).length === 2,
    ),
  );
})();

const refHref = (ref: string): string | undefined => {
  const name = schemaName(ref);
  return name && !INLINE_SCHEMAS.has(name) ? `#${schemaAnchor(name)}` : undefined;
};

/** HTML rendered at build time from the document's Markdown: one sentence, or paragraphs and lists. */
function Html({html}: {html: string | undefined}): ReactNode {
  return html ? <div className={styles.html} dangerouslySetInnerHTML={{__html: html}} /> : null;
}

/** The Description cell of a field table: a phrase, or paragraphs and lists (which no <span> may hold). */
const describe = (node: JsonSchema): ReactNode =>
  node.description && /^<(p|ul|ol|pre|div)[\s>]/.test(node.description.trim()) ? (
    <Html html={node.description} />
  ) : node.description ? (
    <span dangerouslySetInnerHTML={{__html: node.description}} />
  ) : null;

const json = (value: unknown) => JSON.stringify(value, null, 2);

/** Path and query parameters, as the fields of an object: the same table as every schema. */
function Parameters({parameters, operationId}: {parameters: Parameter[]; operationId: string}): ReactNode {
  return (['path', 'query'] as const).map((place) => {
    const list = parameters.filter((p) => p.in === place);
    if (list.length === 0) return null;
    const schema: JsonSchema = {
      type: 'object',
      required: list.filter((p) => p.required).map((p) => p.name),
      properties: Object.fromEntries(
        list.map((p) => [p.name, {...(p.schema as JsonSchema), description: p.description}]),
      ),
    };
    return (
      <Fragment key={place}>
        <p className={styles.label}>{place === 'path' ? 'Path parameters' : 'Query parameters'}</p>
        <FieldTable
          schema={schema}
          describe={describe}
          label={`${place === 'path' ? 'Path' : 'Query'} parameters of ${operationId}`}
        />
      </Fragment>
    );
  });
}

/** A schema as a field table, or, when it is not an object, as its type. */
function Fields({schema, at, label}: {schema: Schema; at: string; label: string}): ReactNode {
  return schema.properties ? (
    <FieldTable schema={doc as unknown as JsonSchema} at={at} label={label} refHref={refHref} describe={describe} />
  ) : (
    <p>
      Type:{' '}
      <code>
        <TypeOf node={schema as JsonSchema} refHref={refHref} />
      </code>
      {schema.pattern ? (
        <>
          , matching <code>{schema.pattern}</code>
        </>
      ) : null}
    </p>
  );
}

function RequestBody({entry}: {entry: OperationEntry}): ReactNode {
  const {requestBody} = entry.operation;
  if (!requestBody) return null;
  const body = deref<OpenAPIV3_1.RequestBodyObject>(doc, requestBody);
  const types = Object.entries(body.content);
  return (
    <div className={styles.block}>
      <p className={styles.label}>Body ({body.required ? 'required' : 'optional'})</p>
      <Html html={body.description} />
      {types.map(([type, media]) => {
        const ref = (media.schema as {$ref?: string}).$ref ?? '';
        const name = schemaName(ref);
        return (
          <Fragment key={type}>
            <p className={styles.subLabel}>
              <code>{type}</code>
              {name && !INLINE_SCHEMAS.has(name) ? (
                <>
                  : <TypeOf node={media.schema as JsonSchema} refHref={refHref} />
                </>
              ) : null}
            </p>
            {name && INLINE_SCHEMAS.has(name) ? (
              <>
                <Html html={deref<Schema>(doc, {$ref: ref}).description} />
                <Fields
                  schema={deref<Schema>(doc, {$ref: ref})}
                  at={ref}
                  label={`Body fields of ${entry.operation.operationId}${types.length > 1 ? ` (${type})` : ''}`}
                />
              </>
            ) : null}
          </Fragment>
        );
      })}
    </div>
  );
}

function Responses({entry}: {entry: OperationEntry}): ReactNode {
  const responses = Object.entries(entry.operation.responses ?? {}).map(
    ([code, response]) => [code, deref<OpenAPIV3_1.ResponseObject>(doc, response)] as const,
  );
  const examples = responses.flatMap(([code, response]) =>
    Object.values(response.content ?? {})
      .filter((media) => media.example !== undefined && code.startsWith('2'))
      .map((media) => [code, media.example] as const),
  );
  return (
    <>
      <ScrollArea deferred still className={styles.tableArea} label={`Responses of ${entry.operation.operationId}`}>
        <table className={styles.table}>
          <caption>Responses</caption>
          <thead>
            <tr>
              <th>Status</th>
              <th>Meaning</th>
              <th>Body</th>
            </tr>
          </thead>
          <tbody>
            {responses.map(([code, response]) => {
              const content = Object.entries(response.content ?? {});
              return (
                <tr key={code}>
                  <td className={styles.code}>{code}</td>
                  <td>
                    <span dangerouslySetInnerHTML={{__html: response.description}} />
                  </td>
                  <td>
                    {content.length === 0
                      ? 'none'
                      : content.map(([type, media]) => (
                          <code key={type}>
                            <TypeOf node={media.schema as JsonSchema} refHref={refHref} />
                            {type === 'application/json' ? '' : ` (${type})`}
                          </code>
                        ))}
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      </ScrollArea>
      {examples.map(([code, example]) => (
        <CodeBlock key={code} language="json" title={`Example answer (${code})`}>
          {json(example)}
        </CodeBlock>
      ))}
    </>
  );
}

function Operation({entry}: {entry: OperationEntry}): ReactNode {
  const {operation, method, path} = entry;
  return (
    <section className={styles.endpoint}>
      <Heading as="h3" id={operationAnchor(entry)} className={styles.endpointTitle}>
        <MethodBadge method={method} /> <code className={styles.path}>{path}</code>
      </Heading>
      <p className={styles.summary}>{operation.summary}.</p>
      <Html html={operation.description} />
      <dl className={styles.facts}>
        <dt>Operation</dt>
        <dd>
          <code>{operation.operationId}</code>
        </dd>
        <dt>Auth</dt>
        <dd>
          {isPublic(operation) ? (
            'None (public route).'
          ) : (
            <>
              Header <code>{KEY_HEADER}</code>; roles: {allowedRoles(operation).join(', ')}.
            </>
          )}
        </dd>
        {operation['x-upstream-differs'] ? (
          <>
            <dt>Upstream document</dt>
            <dd dangerouslySetInnerHTML={{__html: operation['x-upstream-differs']}} />
          </>
        ) : null}
      </dl>
      <Parameters parameters={entry.parameters} operationId={operation.operationId ?? entry.method + entry.path} />
      <RequestBody entry={entry} />
      <Responses entry={entry} />
      <OperationSample doc={doc} entry={entry} />
      <TryIt doc={doc} entry={entry} />
    </section>
  );
}

/** The operations of one tag of the document, each under its own anchor. */
export default function SpaceApiReference({tag}: {tag: string}): ReactNode {
  const found = doc.tags?.find((t) => t.name === tag);
  if (!found) throw new Error(`No tag "${tag}" in the SPACE API document`);
  const {description} = found;
  return (
    <div className={styles.reference}>
      <Html html={description} />
      {ALL.filter((e) => e.operation.tags?.[0] === tag).map((e) => (
        <Operation key={`${e.method} ${e.path}`} entry={e} />
      ))}
    </div>
  );
}

/** Every operation, grouped by tag, with a link to its entry. */
export function SpaceEndpointIndex(): ReactNode {
  return (
    <table className={styles.table}>
      <thead>
        <tr>
          <th>Resource</th>
          <th>Method</th>
          <th>Path (after {basePath(doc)})</th>
          <th>What it does</th>
        </tr>
      </thead>
      <tbody>
        {(doc.tags ?? []).flatMap((tag) =>
          ALL.filter((e) => e.operation.tags?.[0] === tag.name).map((e, i) => (
            <tr key={`${e.method} ${e.path}`}>
              <td>{i === 0 ? tag.name : ''}</td>
              <td>
                <MethodBadge method={e.method} />
              </td>
              <td>
                <Link to={`#${operationAnchor(e)}`}>
                  <code>{e.path}</code>
                </Link>
              </td>
              <td>{e.operation.summary}</td>
            </tr>
          )),
        )}
      </tbody>
    </table>
  );
}

/** The conventions of the API (the document's description) and the answers of the authentication layer. */
export function SpaceApiOverview(): ReactNode {
  const answers = ['Unauthorized', 'Forbidden'].flatMap((name) => {
    const response = doc.components?.responses?.[name];
    const example = response && !isReference(response) ? response.content?.['application/json']?.example : undefined;
    return example === undefined ? [] : [JSON.stringify(example)];
  });
  return (
    <>
      <Html html={doc.info.description} />
      <CodeBlock language="json" title="401 and 403 bodies">
        {answers.join('\n')}
      </CodeBlock>
    </>
  );
}

/** A link to the upstream OpenAPI document (the document's `externalDocs`). */
export function SpaceApiUpstreamLink({children}: {children: ReactNode}): ReactNode {
  return <Link to={doc.externalDocs?.url}>{children}</Link>;
}

/** What the upstream document gets wrong across the board (per operation, see each entry). */
export function SpaceApiUpstreamNote(): ReactNode {
  return <Html html={(doc.info as {'x-upstream-differs'?: string})['x-upstream-differs']} />;
}

/** The shared schemas: each with its fields, its example and, where it has one, the upstream difference. */
export function SpaceApiSchemas(): ReactNode {
  const schemas = Object.entries(doc.components?.schemas ?? {}).filter(([name]) => !INLINE_SCHEMAS.has(name));
  return (
    <div className={styles.reference}>
      {schemas.map(([name, schema]) => {
        const upstream = (schema as {'x-upstream-differs'?: string})['x-upstream-differs'];
        return (
          <section key={name} className={styles.endpoint}>
            <Heading as="h3" id={schemaAnchor(name)} className={styles.endpointTitle}>
              <code>{name}</code>
            </Heading>
            <Html html={schema.description} />
            <Fields schema={schema} at={`#/components/schemas/${name}`} label={`Fields of ${name}`} />
            {upstream ? (
              <p>
                <strong>Upstream document:</strong> <span dangerouslySetInnerHTML={{__html: upstream}} />
              </p>
            ) : null}
            {schema.examples?.[0] !== undefined ? (
              <CodeBlock language="json" title={`Example ${name}`}>
                {json(schema.examples[0])}
              </CodeBlock>
            ) : null}
          </section>
        );
      })}
    </div>
  );
}
