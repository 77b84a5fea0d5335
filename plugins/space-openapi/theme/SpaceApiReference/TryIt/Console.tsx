/**
 * The console of one operation: its request as the code sample shows it, editable, sent to the instance saved in
 * "Your SPACE instance" when the reader presses Send, and the answer read against the document. Loaded on demand by
 * ./index.tsx. Nothing leaves the page before Send; then the request, with the key, goes to that instance and nowhere
 * else. Where the page's security policy blocks it, the browser reports a `securitypolicyviolation` while it sends,
 * and the console explains that.
 */
import {useEffect, useId, useMemo, useRef, useState, type ReactNode} from 'react';
import CodeBlock from '@theme/CodeBlock';
import * as compiled from '@generated/space-openapi/validators.js';
import {useSpaceInstance, sampleBaseUrl} from '../../SpaceInstance/store';
import {isLoopbackUrl} from '@sphere-docs/lib/loopback';
import type {OperationEntry, SpaceApiDocument} from '@sphere-docs/lib/spaceOpenApi';
import {sampleRequest} from '../codeSamples';
import {
  answerVerdict,
  buildRequest,
  classifyNetworkError,
  curlOf,
  documentedAnswer,
  draftProblems,
  initialDraft,
  policyBlock,
  prettyBody,
  refusalOf,
  shapeOf,
  TIMEOUT_SECONDS,
  type Draft,
  type Failure,
  type FieldProblem,
  type PolicyBlock,
  type Refusal,
  type Sent,
  type Validators,
  type Verdict,
} from './request';
import styles from './styles.module.css';

const validators: Validators = compiled;

interface Answer {
  status: number;
  statusText: string;
  ms: number;
  headers: [string, string][];
  contentType: string;
  text: string;
  meaning?: {code: string; html: string};
  verdict: Verdict;
}

type State =
  | {phase: 'idle'}
  | {phase: 'invalid'; problems: FieldProblem[]}
  | {phase: 'refused'; refusal: Refusal}
  | {phase: 'sending'; sent: Sent}
  | {phase: 'answered'; sent: Sent; answer: Answer}
  | {phase: 'failed'; sent: Sent; failure: Failure};

function headerList(headers: Headers): [string, string][] {
  const out: [string, string][] = [];
  headers.forEach((value, name) => out.push([name, value]));
  return out;
}

/** What a failure or refusal means, and what the reader can do about it. */
function explain(reason: Refusal | Failure, site: string): ReactNode {
  switch (reason.kind) {
    case 'bad-url':
      return 'The base URL in "Your SPACE instance" is not an http(s) URL.';
    case 'mixed-content':
      return (
        <>
          This page is served over HTTPS, and the browser blocks requests from it to plain HTTP ({reason.origin}): put
          the instance behind HTTPS, or run it on this machine (<code>localhost</code> is exempt).
        </>
      );
    case 'policy':
      return (
        <>
          The browser blocked the request before it left: the <code>{reason.directive}</code> directive of this
          site&apos;s Content-Security-Policy does not allow {reason.origin}
          {reason.allowed.length ? (
            <>
              {' '}
              (it allows{' '}
              {reason.allowed.map((source, i) => (
                <span key={source}>
                  {i ? ' ' : ''}
                  <code>{source}</code>
                </span>
              ))}
              )
            </>
          ) : null}
          . Whoever runs the site can add <code>{reason.origin}</code> to that directive (a build of this site adds it
          with <code>SPACE_TRY_ORIGINS={reason.origin}</code>), or send the page without the policy.
          {reason.allowed.some((source) => isLoopbackUrl(source.replace(':*', '')))
            ? ' Meanwhile you can reach the instance through an address it allows, such as localhost with an SSH tunnel or a port forward.'
            : ''}
        </>
      );
    case 'cors':
      return (
        <>
          {reason.origin} answered, but without the CORS headers that let this page read the answer. SPACE allows every
          origin unless <code>ALLOWED_ORIGINS</code> is set: unset it, or add <code>{site}</code> to it (origins
          separated by <code>;</code>), and restart the server.
        </>
      );
    case 'unreachable':
      return (
        <>
          Nothing answered at {reason.origin}: check that the instance is running and the base URL is right.
          {reason.localNetwork
            ? ' The browser may also have kept this site from reaching your machine: allow local network access in the site’s permissions (the icon left of the address) and send again.'
            : ''}
        </>
      );
    case 'timeout':
      return `No answer within ${reason.seconds} seconds; the request was abandoned.`;
    case 'cancelled':
      return 'Cancelled before an answer came.';
  }
}

function problemText({field, message}: FieldProblem): string {
  const [where, pointer] = field.split(/:(.*)/s);
  if (where === 'body' && pointer) return `${pointer === '/' ? 'The body' : pointer} ${message}`;
  if (where === 'path' || where === 'query') return `${pointer} ${message}`;
  return message;
}

/** A text field of the form, with the problems found at it. */
function Field({
  label,
  field,
  value,
  onChange,
  problems,
  hint,
  options,
}: {
  label: ReactNode;
  field: string;
  value: string;
  onChange: (value: string) => void;
  problems: FieldProblem[];
  hint?: string;
  options?: readonly string[];
}): ReactNode {
  const id = useId();
  const mine = problems.filter((p) => p.field === field);
  const described = [hint ? `${id}-hint` : '', mine.length ? `${id}-problem` : ''].filter(Boolean).join(' ');
  const common = {
    id,
    'aria-invalid': mine.length > 0 || undefined,
    'aria-describedby': described || undefined,
  };
  return (
    <div className={styles.field}>
      <label htmlFor={id}>{label}</label>
      {options ? (
        <select {...common} value={value} onChange={(e) => onChange(e.target.value)}>
          <option value="">(left out)</option>
          {options.map((o) => (
            <option key={o} value={o}>
              {o}
            </option>
          ))}
        </select>
      ) : (
        <input
          {...common}
          type="text"
          spellCheck={false}
          autoComplete="off"
          value={value}
          onChange={(e) => onChange(e.target.value)}
        />
      )}
      {hint ? (
        <span id={`${id}-hint`} className={styles.hint}>
          {hint}
        </span>
      ) : null}
      {mine.length ? (
        <span id={`${id}-problem`} className={styles.problem}>
          {mine.map(problemText).join('; ')}
        </span>
      ) : null}
    </div>
  );
}

const choices = (schema: unknown): readonly string[] | undefined => {
  const s = (schema ?? {}) as {type?: string; enum?: unknown[]};
  if (s.enum) return s.enum.map(String);
  return s.type === 'boolean' ? ['true', 'false'] : undefined;
};

function AnswerView({answer}: {answer: Answer}): ReactNode {
  const body = prettyBody(answer.contentType, answer.text);
  const {verdict} = answer;
  return (
    <>
      <dl className={styles.facts}>
        <dt>Status</dt>
        <dd>
          <strong>{answer.status}</strong> {answer.statusText}
          {answer.meaning ? (
            <>
              {' '}
              (documented
              {answer.meaning.code === String(answer.status) ? '' : ` as ${answer.meaning.code}`}:{' '}
              <span dangerouslySetInnerHTML={{__html: answer.meaning.html}} />)
            </>
          ) : null}
        </dd>
        <dt>Time</dt>
        <dd>{answer.ms} ms</dd>
        <dt>Schema</dt>
        <dd data-verdict={verdict.kind}>
          {verdict.kind === 'match' ? (
            <>Matches the document ({verdict.what}).</>
          ) : verdict.kind === 'undocumented' ? (
            <>The document lists no answer with this status for this operation.</>
          ) : (
            <>
              Does not match the document:
              <ul>
                {verdict.problems.map((p) => (
                  <li key={p.field + p.message}>{problemText(p)}</li>
                ))}
              </ul>
            </>
          )}
        </dd>
      </dl>
      <details className={styles.headers}>
        <summary>Response headers ({answer.headers.length})</summary>
        <p className={styles.hint}>
          Across origins, the browser shows the page only the headers the server exposes (CORS).
        </p>
        <table>
          <tbody>
            {answer.headers.map(([name, value]) => (
              <tr key={name}>
                <th scope="row">
                  <code>{name}</code>
                </th>
                <td>
                  <code>{value}</code>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </details>
      {body.text ? (
        <CodeBlock language={body.language} title={`Body (${answer.contentType || 'no type'})`}>
          {body.text}
        </CodeBlock>
      ) : (
        <p>No body.</p>
      )}
    </>
  );
}

export default function Console({doc, entry}: {doc: SpaceApiDocument; entry: OperationEntry}): ReactNode {
  const instance = useSpaceInstance();
  const shape = useMemo(() => shapeOf(doc, entry), [doc, entry]);
  const [draft, setDraft] = useState<Draft>(() => initialDraft(shape, sampleRequest(doc, entry)));
  const [state, setState] = useState<State>({phase: 'idle'});
  const [showKey, setShowKey] = useState(false);
  const abort = useRef<{controller: AbortController; reason?: 'timeout' | 'cancelled'} | undefined>(undefined);
  const id = useId();
  const baseUrl = sampleBaseUrl(instance);
  const key = instance.apiKey.trim();

  useEffect(() => () => abort.current?.controller.abort(), []);

  const problems = state.phase === 'invalid' ? state.problems : [];
  const site = typeof window === 'undefined' ? '' : window.location.origin;

  async function send(): Promise<void> {
    const found = draftProblems(shape, draft, validators);
    if (found.length) return setState({phase: 'invalid', problems: found});
    const sent = buildRequest(shape, draft, baseUrl, key);
    const refusal = refusalOf(sent.url, window.location);
    if (refusal) return setState({phase: 'refused', refusal});

    const controller = new AbortController();
    const current: {controller: AbortController; reason?: 'timeout' | 'cancelled'} = {controller};
    abort.current = current;
    const timer = setTimeout(() => {
      current.reason = 'timeout';
      controller.abort();
    }, TIMEOUT_SECONDS * 1000);
    // The browser reports a request its policy blocks as a violation event; fetch itself only fails.
    const reported: {block?: PolicyBlock} = {};
    const onViolation = (event: SecurityPolicyViolationEvent) => {
      reported.block ??= policyBlock(event, sent.url);
    };
    document.addEventListener('securitypolicyviolation', onViolation);
    setState({phase: 'sending', sent});
    let body: BodyInit | undefined;
    if (sent.body?.kind === 'json') body = sent.body.text;
    else if (sent.body?.kind === 'file' && draft.file) {
      body = new FormData();
      body.append(sent.body.field, draft.file.blob, draft.file.name);
    }
    const started = performance.now();
    try {
      const response = await fetch(sent.url, {
        method: sent.method,
        headers: sent.headers,
        body,
        signal: controller.signal,
        credentials: 'omit',
        cache: 'no-store',
        referrerPolicy: 'no-referrer',
      });
      const text = await response.text();
      const ms = Math.round(performance.now() - started);
      const contentType = response.headers.get('content-type') ?? '';
      const documented = documentedAnswer(doc, entry, response.status);
      if (abort.current !== current) return;
      setState({
        phase: 'answered',
        sent,
        answer: {
          status: response.status,
          statusText: response.statusText,
          ms,
          headers: headerList(response.headers),
          contentType,
          text,
          meaning: documented && {code: documented.code, html: documented.response.description},
          verdict: answerVerdict(shape, documented, {contentType, text}, validators),
        },
      });
    } catch {
      let failure: Failure;
      if (current.reason === 'timeout') failure = {kind: 'timeout', seconds: TIMEOUT_SECONDS};
      else if (current.reason === 'cancelled') failure = {kind: 'cancelled'};
      else {
        // Chromium rejects the fetch first and dispatches the violation event in a task of its own, queued by then:
        // the next task sees it.
        await new Promise((resolve) => setTimeout(resolve, 0));
        const block = reported.block as PolicyBlock | undefined;
        failure = block
          ? {kind: 'policy', ...block}
          : await classifyNetworkError(sent.url, window.location.origin, (url) =>
              fetch(url, {mode: 'no-cors', credentials: 'omit', cache: 'no-store', signal: AbortSignal.timeout(5000)}),
            );
      }
      if (abort.current === current) setState({phase: 'failed', sent, failure});
    } finally {
      clearTimeout(timer);
      document.removeEventListener('securitypolicyviolation', onViolation);
    }
  }

  function cancel(): void {
    if (!abort.current) return;
    abort.current.reason = 'cancelled';
    abort.current.controller.abort();
  }

  const setPath = (name: string, value: string) =>
    setDraft((d) => ({...d, pathParams: {...d.pathParams, [name]: value}}));
  const setQuery = (name: string, value: string) => setDraft((d) => ({...d, query: {...d.query, [name]: value}}));
  const bodyProblems = problems.filter((p) => p.field === 'body' || p.field.startsWith('body:'));
  const fileProblems = problems.filter((p) => p.field === 'file');
  const sent = 'sent' in state ? state.sent : undefined;
  const name = shape.operationId;

  return (
    <section className={styles.console} aria-label={`Console of ${name}`}>
      <p className={styles.note}>
        Sends <code>{shape.method}</code> to <code>{baseUrl}</code>{' '}
        {shape.needsKey ? (key ? 'with your API key' : 'without an API key') : '(a public route: no key)'}, as set in
        &quot;Your SPACE instance&quot; above. Nothing is sent until you press Send.
      </p>
      <form
        className={styles.form}
        onSubmit={(event) => {
          event.preventDefault();
          if (state.phase !== 'sending') void send();
        }}
      >
        {shape.pathParams.length + shape.queryParams.length > 0 ? (
          <div className={styles.params}>
            {shape.pathParams.map((p) => (
              <Field
                key={`path:${p.name}`}
                field={`path:${p.name}`}
                label={
                  <>
                    <code>{p.name}</code> (path)
                  </>
                }
                value={draft.pathParams[p.name] ?? ''}
                onChange={(v) => setPath(p.name, v)}
                problems={problems}
              />
            ))}
            {shape.queryParams.map((p) => (
              <Field
                key={`query:${p.name}`}
                field={`query:${p.name}`}
                label={
                  <>
                    <code>{p.name}</code> (query{p.required ? ', required' : ''})
                  </>
                }
                value={draft.query[p.name] ?? ''}
                onChange={(v) => setQuery(p.name, v)}
                options={choices(p.schema)}
                problems={problems}
              />
            ))}
          </div>
        ) : null}
        {shape.body?.kind === 'json' ? (
          <div className={styles.field}>
            <label htmlFor={`${id}-body`}>Body (JSON{shape.body.required ? ', required' : ''})</label>
            <textarea
              id={`${id}-body`}
              className={styles.body}
              spellCheck={false}
              rows={Math.min(16, Math.max(4, draft.bodyText.split('\n').length + 1))}
              value={draft.bodyText}
              aria-invalid={bodyProblems.length > 0 || undefined}
              aria-describedby={bodyProblems.length ? `${id}-body-problems` : undefined}
              onChange={(e) => setDraft((d) => ({...d, bodyText: e.target.value}))}
            />
            {bodyProblems.length ? (
              <ul id={`${id}-body-problems`} className={styles.problem}>
                {bodyProblems.map((p) => (
                  <li key={p.field + p.message}>{problemText(p)}</li>
                ))}
              </ul>
            ) : null}
          </div>
        ) : null}
        {shape.body?.kind === 'file' ? (
          <div className={styles.field}>
            <label htmlFor={`${id}-file`}>
              Pricing2Yaml file (form field <code>{shape.body.field}</code>)
            </label>
            <input
              id={`${id}-file`}
              type="file"
              accept=".yml,.yaml,application/yaml,text/yaml"
              aria-invalid={fileProblems.length > 0 || undefined}
              aria-describedby={fileProblems.length ? `${id}-file-problem` : undefined}
              onChange={(e) => {
                const file = e.target.files?.[0];
                setDraft((d) => ({...d, file: file ? {name: file.name, blob: file} : undefined}));
              }}
            />
            {fileProblems.length ? (
              <span id={`${id}-file-problem`} className={styles.problem}>
                {fileProblems.map(problemText).join('; ')}
              </span>
            ) : null}
          </div>
        ) : null}
        <div className={styles.actions}>
          <button type="submit" className="button button--primary" disabled={state.phase === 'sending'}>
            Send
          </button>
          {state.phase === 'sending' ? (
            <button type="button" className="button button--secondary" onClick={cancel}>
              Cancel
            </button>
          ) : null}
        </div>
      </form>
      <div className={styles.result} role="status" aria-live="polite" aria-label={`Answer to ${name}`}>
        {state.phase === 'invalid' ? (
          <p className={styles.problem}>
            Not sent: the request does not match the document ({state.problems.length} problem
            {state.problems.length === 1 ? '' : 's'}, shown at the fields above).
          </p>
        ) : null}
        {state.phase === 'refused' ? <p className={styles.problem}>Not sent. {explain(state.refusal, site)}</p> : null}
        {state.phase === 'sending' ? <p>Waiting for {new URL(state.sent.url).origin}…</p> : null}
        {state.phase === 'failed' ? <p className={styles.problem}>{explain(state.failure, site)}</p> : null}
        {state.phase === 'answered' ? <AnswerView answer={state.answer} /> : null}
      </div>
      {sent && state.phase !== 'sending' ? (
        <div className={styles.curl}>
          <label className={styles.check}>
            <input type="checkbox" checked={showKey} onChange={(e) => setShowKey(e.target.checked)} /> Show the API key
            in the command
          </label>
          <CodeBlock language="bash" title="curl of what was sent">
            {curlOf(sent, showKey)}
          </CodeBlock>
        </div>
      ) : null}
    </section>
  );
}
