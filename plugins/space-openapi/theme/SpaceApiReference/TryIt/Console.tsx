/**
 * The console of one operation: its request as the code sample shows it, editable, sent to the instance saved in
 * "Your SPACE instance" when the reader presses Send, and the answer read against the document. Loaded on demand by
 * ./index.tsx. Nothing leaves the page before Send; then the request, with the key, goes to that instance and nowhere
 * else. Where the page's security policy blocks it, the browser reports a `securitypolicyviolation` while it sends,
 * and the console explains that. With "Sandbox in this page" chosen, the request goes to the in-memory SPACE of
 * ../../SpaceInstance/sandbox.ts instead of `fetch`, and its answer is read the same way.
 */
import {useEffect, useId, useMemo, useRef, useState, type ReactNode} from 'react';
import CodeBlock from '@theme/CodeBlock';
import * as compiled from '@generated/space-openapi/validators.js';
import {SANDBOX_ADMIN_API_KEY, sendToSandbox, useSandboxResets} from '../../SpaceInstance/sandbox';
import {useSpaceInstance, sampleBaseUrl} from '../../SpaceInstance/store';
import {validatorName} from '../../../validatorNames';
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
  SANDBOX_BASE,
  sandboxRequest,
  sandboxShape,
  STATUS_TEXT,
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
import {SANDBOX_PRICING} from './sandboxPricing';
import styles from './styles.module.css';

const validators: Validators = compiled;

/** The header in which the sandbox says where its answer may differ from SPACE's. */
const DIVERGENCE = 'x-sandbox-divergence';

interface Answer {
  status: number;
  statusText: string;
  ms: number;
  headers: [string, string][];
  contentType: string;
  text: string;
  /** From the sandbox: where SPACE's answer may differ. */
  divergence?: string;
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
    case 'sandbox':
      return `The sandbox could not answer: ${reason.message}`;
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
        {answer.divergence ? (
          <>
            <dt>Sandbox</dt>
            <dd data-divergence="">
              Where SPACE&apos;s answer may differ (<code>{DIVERGENCE}</code>): {answer.divergence}
            </dd>
          </>
        ) : null}
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
  const sandboxed = instance.target === 'sandbox';
  const documented = useMemo(() => shapeOf(doc, entry), [doc, entry]);
  // The sandbox takes an upload's file as the text of a JSON body.
  const shape = sandboxed ? sandboxShape(documented) : documented;
  const upload = documented.body?.kind === 'file';
  const [draft, setDraft] = useState<Draft>(() => initialDraft(documented, sampleRequest(doc, entry)));
  // What the sandbox's upload body holds until the reader edits it: a NoteHive pricing.
  const [uploadText, setUploadText] = useState(() => JSON.stringify({pricing: SANDBOX_PRICING}, null, 2));
  const [state, setState] = useState<State>({phase: 'idle'});
  const resets = useSandboxResets();
  const [seenResets, setSeenResets] = useState(resets);
  if (resets !== seenResets) {
    // A reset sandbox holds nothing of what the answers shown describe.
    setSeenResets(resets);
    if (sandboxed) setState({phase: 'idle'});
  }
  const [showKey, setShowKey] = useState(false);
  const abort = useRef<{controller: AbortController; reason?: 'timeout' | 'cancelled'} | undefined>(undefined);
  const id = useId();
  const baseUrl = sandboxed ? SANDBOX_BASE : sampleBaseUrl(instance);
  const key = sandboxed ? SANDBOX_ADMIN_API_KEY : instance.apiKey.trim();
  const bodyText = sandboxed && upload ? uploadText : draft.bodyText;
  const setBodyText = (text: string) =>
    sandboxed && upload ? setUploadText(text) : setDraft((d) => ({...d, bodyText: text}));

  useEffect(() => () => abort.current?.controller.abort(), []);

  const problems = state.phase === 'invalid' ? state.problems : [];
  const site = typeof window === 'undefined' ? '' : window.location.origin;

  async function send(): Promise<void> {
    const typed = {...draft, bodyText};
    // The document's JSON body of an upload is a URL; the sandbox's is the file's text.
    const checks = sandboxed && upload ? {...validators, [validatorName(shape.operationId)]: undefined} : validators;
    const found = draftProblems(shape, typed, checks);
    if (found.length) return setState({phase: 'invalid', problems: found});
    const sent = buildRequest(shape, typed, baseUrl, key);
    if (sandboxed) return sendSandboxed(sent);
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

  async function sendSandboxed(sent: Sent): Promise<void> {
    const current: {controller: AbortController; reason?: 'timeout' | 'cancelled'} = {
      controller: new AbortController(),
    };
    abort.current = current;
    setState({phase: 'sending', sent});
    const started = performance.now();
    let response;
    try {
      response = await sendToSandbox(sandboxRequest(sent));
    } catch (error) {
      if (abort.current === current) {
        setState({phase: 'failed', sent, failure: {kind: 'sandbox', message: (error as Error).message}});
      }
      return;
    }
    const ms = Math.round(performance.now() - started);
    if (abort.current !== current) return;
    const text =
      response.body === undefined
        ? ''
        : typeof response.body === 'string'
          ? response.body
          : JSON.stringify(response.body);
    const contentType = response.headers['content-type'] ?? '';
    const known = documentedAnswer(doc, entry, response.status);
    setState({
      phase: 'answered',
      sent,
      answer: {
        status: response.status,
        statusText: STATUS_TEXT[response.status] ?? '',
        ms,
        headers: Object.entries(response.headers),
        contentType,
        text,
        divergence: response.headers[DIVERGENCE],
        meaning: known && {code: known.code, html: known.response.description},
        verdict: answerVerdict(shape, known, {contentType, text}, validators),
      },
    });
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
      {sandboxed ? (
        <p className={styles.note}>
          Sends <code>{shape.method}</code> to the sandbox in this page{' '}
          {shape.needsKey ? 'with the key of its administrator' : '(a public route: no key)'}, as chosen in &quot;Your
          SPACE instance&quot; above. The request stays in this browser.
        </p>
      ) : (
        <p className={styles.note}>
          Sends <code>{shape.method}</code> to <code>{baseUrl}</code>{' '}
          {shape.needsKey ? (key ? 'with your API key' : 'without an API key') : '(a public route: no key)'}, as set in
          &quot;Your SPACE instance&quot; above. Nothing is sent until you press Send.
        </p>
      )}
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
            {sandboxed && upload ? (
              <span id={`${id}-upload`} className={styles.hint}>
                A real SPACE takes the pricing as a file, in the multipart form field <code>pricing</code> (or the URL
                of one). The sandbox takes the file&apos;s text instead, as the string <code>pricing</code> of a JSON
                body; this one holds a NoteHive pricing from the user guide.
              </span>
            ) : null}
            <textarea
              id={`${id}-body`}
              className={styles.body}
              spellCheck={false}
              rows={Math.min(16, Math.max(4, bodyText.split('\n').length + 1))}
              value={bodyText}
              aria-invalid={bodyProblems.length > 0 || undefined}
              aria-describedby={
                [sandboxed && upload ? `${id}-upload` : '', bodyProblems.length ? `${id}-body-problems` : '']
                  .filter(Boolean)
                  .join(' ') || undefined
              }
              onChange={(e) => setBodyText(e.target.value)}
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
        {state.phase === 'sending' ? (
          <p>{sandboxed ? 'Waiting for the sandbox…' : `Waiting for ${new URL(state.sent.url).origin}…`}</p>
        ) : null}
        {state.phase === 'failed' ? <p className={styles.problem}>{explain(state.failure, site)}</p> : null}
        {state.phase === 'answered' ? <AnswerView answer={state.answer} /> : null}
      </div>
      {/* A curl command reaches no sandbox: shown for requests to an instance only. */}
      {sent && state.phase !== 'sending' && !sandboxed ? (
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
