/**
 * The Pricing2Yaml playground: an editor, live diagnostics, the rendered pricing, its 3.0 form and sharing. This
 * module and everything it imports (CodeMirror, the worker with its validators, the schemas) is loaded by src/pages/playground.tsx
 * with a dynamic import, so no other page downloads it.
 */
import {useCallback, useEffect, useId, useRef, useState} from 'react';
import clsx from 'clsx';
import {useColorMode} from '@docusaurus/theme-common';

import type {Diagnostic, Status} from '@sphere-docs/lib/pricing2yaml/analyze';
import type {SpaceEffect} from '@sphere-docs/lib/pricing2yaml/space';
import {LATEST_SYNTAX} from '@sphere-docs/lib/pricing2yaml/upgrade';
import {fitEvaluation, type EvaluationState} from '@sphere-docs/lib/pricing2yaml/subscription';
import Editor, {type EditorHandle} from './Editor';
import EvaluatePanel from './EvaluatePanel';
import PricingView from './PricingView';
import UpgradePanel from './UpgradePanel';
import {DEFAULT_EXAMPLE} from './example';
import {loadSchema, type JsonSchema} from './schemas';
import {MAX_SHARED_CHARS, documentFromHash, evaluationFromHash, playgroundHash} from './share';
import {useAnalysis} from './useAnalysis';
import styles from './styles.module.css';

const STATUS_LABEL: Record<Status, string> = {
  empty: 'Empty',
  'too-large': 'Too large',
  'not-yaml': 'Not YAML',
  'not-pricing': 'Not a pricing',
  'no-version': 'No syntaxVersion',
  'unknown-version': 'Unknown syntaxVersion',
  invalid: 'Problems found',
  valid: 'Valid',
};

/** What each kind of SPACE finding means, as a short lead-in. */
const SPACE_EFFECT: Record<SpaceEffect, string> = {
  refused: 'Refused at upload',
  contracts: 'Contracts',
  evaluation: 'Evaluation',
  changed: 'Stored differently',
};

const NO_SUBSCRIPTION: EvaluationState = {addOns: {}, usage: {}, server: false};

function fileName(text: string): string {
  const m = /^saasName:\s*["']?([^"'\n#]+)/m.exec(text);
  const slug = m?.[1]
    .trim()
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');
  return `${slug || 'pricing'}.yml`;
}

export default function Playground() {
  const {colorMode} = useColorMode();
  const [initialText] = useState(() => documentFromHash(window.location.hash) ?? DEFAULT_EXAMPLE);
  const [text, setText] = useState(initialText);
  const [notice, setNotice] = useState('');
  const [schema, setSchema] = useState<JsonSchema>();
  const editor = useRef<EditorHandle>(null);
  // The Evaluate form; undefined until the reader changes it (or a shared link sets it), so plain links stay short.
  const [evalState, setEvalState] = useState<EvaluationState | undefined>(() =>
    evaluationFromHash(window.location.hash),
  );
  const {result, pending} = useAnalysis(text, evalState ?? NO_SUBSCRIPTION);
  const analysis = result?.analysis;
  const ids = {label: useId(), status: useId()};

  const version = analysis?.version ?? LATEST_SYNTAX;
  // The schema serves completion only, so it loads once the editor first has focus, not with the page.
  const [editing, setEditing] = useState(false);
  useEffect(() => {
    if (!editing) return undefined;
    let live = true;
    loadSchema(version).then((s) => live && setSchema(s));
    return () => {
      live = false;
    };
  }, [version, editing]);

  // Keep the document in the address bar, so that the link reproduces it.
  const [shareable, setShareable] = useState(true);
  useEffect(() => {
    const t = setTimeout(() => {
      const ok = text.length <= MAX_SHARED_CHARS;
      setShareable(ok);
      const url = window.location.pathname + window.location.search + (ok ? playgroundHash(text, evalState) : '');
      window.history.replaceState(window.history.state, '', url);
    }, 300);
    return () => clearTimeout(t);
  }, [text, evalState]);

  // A link pasted into the address bar of an open playground.
  useEffect(() => {
    const onHash = () => {
      const doc = documentFromHash(window.location.hash);
      if (doc !== undefined && doc !== text) editor.current?.setText(doc);
      const evaluation = evaluationFromHash(window.location.hash);
      if (evaluation && JSON.stringify(evaluation) !== JSON.stringify(evalState)) setEvalState(evaluation);
    };
    window.addEventListener('hashchange', onHash);
    return () => window.removeEventListener('hashchange', onHash);
  }, [text, evalState]);

  const copy = useCallback(
    async (what: 'yaml' | 'link') => {
      const value =
        what === 'yaml' ? text : window.location.origin + window.location.pathname + playgroundHash(text, evalState);
      try {
        await navigator.clipboard.writeText(value);
        setNotice(what === 'yaml' ? 'The YAML was copied to the clipboard.' : 'A link to this document was copied.');
      } catch {
        setNotice('The browser refused access to the clipboard; select the text and copy it by hand.');
      }
    },
    [text, evalState],
  );

  const download = useCallback(() => {
    const url = URL.createObjectURL(new Blob([text], {type: 'application/yaml'}));
    const a = Object.assign(document.createElement('a'), {href: url, download: fileName(text)});
    document.body.append(a);
    a.click();
    a.remove();
    setTimeout(() => URL.revokeObjectURL(url), 1000);
    setNotice(`Downloaded ${fileName(text)}.`);
  }, [text]);

  const open = useCallback(async (file: File | undefined) => {
    if (!file) return;
    editor.current?.setText(await file.text());
    setNotice(`Opened ${file.name}.`);
  }, []);

  const status = analysis?.status;
  const diagnostics: readonly Diagnostic[] = analysis?.diagnostics ?? [];

  return (
    <div className={styles.playground}>
      <div className={styles.toolbar} role="toolbar" aria-label="Document">
        <label className="button button--secondary button--sm">
          Open file
          <input
            type="file"
            accept=".yml,.yaml,text/yaml,application/yaml"
            className={styles.srOnly}
            onChange={(e) => {
              void open(e.target.files?.[0]);
              e.target.value = '';
            }}
          />
        </label>
        <button type="button" className="button button--secondary button--sm" onClick={download}>
          Download .yml
        </button>
        <button type="button" className="button button--secondary button--sm" onClick={() => void copy('yaml')}>
          Copy YAML
        </button>
        <button type="button" className="button button--secondary button--sm" onClick={() => void copy('link')}>
          Copy link
        </button>
        <button
          type="button"
          className="button button--secondary button--sm"
          onClick={() => editor.current?.setText(DEFAULT_EXAMPLE)}
        >
          Load the example
        </button>
        <span className={styles.notice} role="status">
          {notice}
          {!shareable && ' The document is too long to keep in the link; download it to share it.'}
        </span>
      </div>

      <div className={styles.workspace}>
        <section className={styles.editorPane} aria-labelledby={ids.label} onFocus={() => setEditing(true)}>
          <h2 id={ids.label} className={styles.paneTitle}>
            Pricing2Yaml document
          </h2>
          <Editor
            ref={editor}
            initialText={initialText}
            onChange={setText}
            diagnostics={diagnostics}
            dark={colorMode === 'dark'}
            schema={schema}
            labelledBy={ids.label}
            describedBy={ids.status}
          />
          <p className={styles.hint}>
            Ctrl+Space completes keys and values from the schema; Escape then Tab leaves the editor.
          </p>
        </section>

        <section className={styles.checkPane} aria-label="Check results">
          <h2 className={styles.paneTitle}>Check</h2>
          <p
            id={ids.status}
            className={clsx(styles.status, status && styles[`status-${status}`])}
            data-testid="status"
            data-status={status ?? 'pending'}
            role="status"
            aria-live="polite"
          >
            {analysis ? (
              <>
                <strong>{STATUS_LABEL[analysis.status]}.</strong> {analysis.summary}
              </>
            ) : (
              'Checking…'
            )}
            {pending && analysis && <span className={styles.muted}> (checking…)</span>}
          </p>
          {diagnostics.length > 0 && (
            <ol className={styles.problems} aria-label="Problems" data-testid="problems">
              {diagnostics.map((d, i) => (
                <li key={i}>
                  <button type="button" className={styles.problem} onClick={() => editor.current?.select(d.from, d.to)}>
                    <span className={styles.line}>Line {d.line}</span>
                    {d.path && <code className={styles.path}>{d.path}</code>}
                    <span>
                      {d.severity === 'warning' && <strong>Warning: </strong>}
                      {d.message}
                    </span>
                  </button>
                </li>
              ))}
            </ol>
          )}
          {analysis?.space && (
            <div data-testid="space" data-stores={analysis.space.stores}>
              <p
                className={clsx(
                  styles.status,
                  !analysis.space.stores
                    ? styles['status-invalid']
                    : analysis.space.findings.length === 0 && styles['status-valid'],
                )}
              >
                <strong>{analysis.space.stores ? 'SPACE stores it' : 'SPACE refuses it'}.</strong>{' '}
                {analysis.space.summary}
              </p>
              {analysis.space.findings.length > 0 && (
                <ol className={styles.problems} aria-label="What SPACE does with it">
                  {analysis.space.findings.map((f, i) => (
                    <li key={i}>
                      <button
                        type="button"
                        className={styles.problem}
                        onClick={() => editor.current?.select(f.from, f.to)}
                      >
                        <span className={styles.line}>Line {f.line}</span>
                        {f.path && <code className={styles.path}>{f.path}</code>}
                        <span>
                          <strong>{SPACE_EFFECT[f.effect]}: </strong>
                          {f.message}
                        </span>
                      </button>
                    </li>
                  ))}
                </ol>
              )}
            </div>
          )}
        </section>
      </div>

      <section aria-labelledby="pricing-view" className={styles.section}>
        <h2 id="pricing-view">Pricing</h2>
        {analysis?.pricing ? (
          <PricingView pricing={analysis.pricing} />
        ) : (
          <p className={styles.muted}>The pricing is drawn here once the document is valid.</p>
        )}
      </section>

      {analysis?.pricing && (
        <EvaluatePanel
          pricing={analysis.pricing}
          state={fitEvaluation(analysis.pricing, evalState ?? NO_SUBSCRIPTION)}
          evaluation={result?.evaluation}
          onChange={setEvalState}
        />
      )}

      {analysis?.upgrade && (
        <UpgradePanel upgrade={analysis.upgrade} diff={result?.diff} onUse={(t) => editor.current?.setText(t)} />
      )}
    </div>
  );
}
