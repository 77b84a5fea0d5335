/**
 * The playground's Evaluate section: choose a plan, add-on quantities and usage levels, and see what SPACE would decide
 * for every feature, with the expression's context terms replaced by their values. The evaluation itself runs in the
 * analysis worker (src/lib/pricing2yaml/evaluate.ts); this component only edits the subscription and draws the answer.
 */
import {useId} from 'react';
import clsx from 'clsx';

import {ScrollArea} from '@site/src/components/ScrollableTable';
import {describeSteps, describeValue} from '@sphere-docs/lib/pricing2yaml/describe';
import type {Evaluation, FeatureOutcome, LimitOutcome} from '@sphere-docs/lib/pricing2yaml/evaluate';
import {
  STORED_PROBLEMS,
  UNLIMITED,
  entries,
  isTracked,
  keys,
  quantityBounds,
  type EvaluationState,
} from '@sphere-docs/lib/pricing2yaml/subscription';
import type {Pricing} from '@sphere-docs/lib/pricing2yaml/upgrade';
import styles from './styles.module.css';

function Result({f}: {f: FeatureOutcome}) {
  if (f.error) {
    return (
      <span className={styles.evalError} title={f.error.message}>
        {f.error.code}
      </span>
    );
  }
  return <span className={f.eval ? styles.yes : styles.no}>{f.eval ? 'on' : 'off'}</span>;
}

function limitRow(l: LimitOutcome) {
  return (
    <tr key={l.name}>
      <th scope="row">{l.name}</th>
      <td>{describeValue(l.value)}</td>
      <td>{describeSteps(l)}</td>
      <td>{l.tracked ? String(l.used) : <span className={styles.muted}>not counted</span>}</td>
    </tr>
  );
}

export default function EvaluatePanel({
  pricing,
  state,
  evaluation,
  onChange,
}: {
  pricing: Pricing;
  state: EvaluationState;
  evaluation?: Evaluation;
  onChange: (state: EvaluationState) => void;
}) {
  const id = useId();
  const plans = keys(pricing.plans);
  const problems = evaluation?.problems ?? [];
  const refusals = problems.filter((p) => !STORED_PROBLEMS.has(p.code));
  const afterStorage = problems.filter((p) => STORED_PROBLEMS.has(p.code));
  const addOns = entries(pricing.addOns);
  const tracked = entries(pricing.usageLimits).filter(([, l]) => isTracked(l));

  const setCount = (field: 'addOns' | 'usage', name: string, raw: string) => {
    const n = raw === '' ? 0 : Number(raw);
    if (!Number.isFinite(n)) return;
    const next = {...state[field]};
    if (n === 0) delete next[name];
    else next[name] = n;
    onChange({...state, [field]: next});
  };

  return (
    <section aria-labelledby={`${id}-title`} className={styles.section} data-testid="evaluate">
      <h2 id={`${id}-title`}>Evaluate</h2>
      <p className={styles.notes}>
        What a subscriber gets, decided as SPACE decides it: the plan&apos;s values, then each add-on bought, then every
        feature&apos;s expression with the usage below.
      </p>
      <form className={styles.evalForm} onSubmit={(e) => e.preventDefault()} aria-label="Subscription">
        <label className={styles.field}>
          <span>Plan</span>
          <select value={state.plan ?? ''} onChange={(e) => onChange({...state, plan: e.target.value || undefined})}>
            {plans.length === 0 && <option value="">No plan</option>}
            {plans.map((p) => (
              <option key={p} value={p}>
                {p}
              </option>
            ))}
          </select>
        </label>
        {addOns.map(([name, addOn]) => {
          const {max} = quantityBounds(addOn);
          return (
            <label key={name} className={styles.field}>
              <span>{name}</span>
              <input
                type="number"
                inputMode="numeric"
                min={0}
                max={max === UNLIMITED ? undefined : max}
                step={1}
                value={state.addOns[name] ?? 0}
                onChange={(e) => setCount('addOns', name, e.target.value)}
              />
            </label>
          );
        })}
        {tracked.map(([name, limit]) => (
          <label key={name} className={styles.field}>
            <span>{name} used</span>
            <input
              type="number"
              inputMode="numeric"
              min={0}
              value={state.usage[name] ?? 0}
              onChange={(e) => setCount('usage', name, e.target.value)}
              aria-describedby={typeof limit.unit === 'string' ? `${id}-${name}-unit` : undefined}
            />
            {typeof limit.unit === 'string' && (
              <small id={`${id}-${name}-unit`} className={styles.muted}>
                {limit.unit}
              </small>
            )}
          </label>
        ))}
        <label className={clsx(styles.field, styles.switchField)}>
          <input
            type="checkbox"
            role="switch"
            checked={state.server}
            onChange={(e) => onChange({...state, server: e.target.checked})}
          />
          <span>Server-side expressions</span>
        </label>
      </form>

      <div role="status" aria-live="polite" data-testid="subscription-problems">
        {refusals.length > 0 && (
          <>
            <p className={styles.evalProblemsTitle}>
              SPACE would refuse this subscription as a contract (it answers with the first reason):
            </p>
            <ul className={styles.evalProblems}>
              {refusals.map((p) => (
                <li key={p.code + p.message}>{p.message}</li>
              ))}
            </ul>
          </>
        )}
        {afterStorage.length > 0 && (
          <>
            <p className={styles.evalProblemsTitle}>
              {refusals.length > 0 ? 'Even as a contract, SPACE' : 'SPACE would store this contract, but it'} could not
              evaluate it as shown:
            </p>
            <ul className={styles.evalProblems}>
              {afterStorage.map((p) => (
                <li key={p.code + p.message}>{p.message}</li>
              ))}
            </ul>
          </>
        )}
      </div>

      {evaluation && (
        <>
          <ScrollArea className={styles.tableWrap} label="Features for this subscription">
            <table className={styles.table} data-testid="evaluation">
              <caption>Features for this subscription</caption>
              <thead>
                <tr>
                  <th scope="col">Feature</th>
                  <th scope="col">Value</th>
                  <th scope="col">Result</th>
                  <th scope="col">Why</th>
                </tr>
              </thead>
              <tbody>
                {evaluation.features.map((f) => (
                  <tr key={f.name} data-feature={f.name}>
                    <th scope="row">{f.name}</th>
                    <td>{describeValue(f.value)}</td>
                    <td>
                      <Result f={f} />
                    </td>
                    <td>
                      {f.explained ? <code>{f.explained}</code> : f.error ? <span>{f.error.message}</span> : null}
                      {f.side === 'serverExpression' && <div className={styles.muted}>server-side expression</div>}
                      {f.notes.map((n) => (
                        <div key={n} className={styles.muted}>
                          {n}
                        </div>
                      ))}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </ScrollArea>
          {evaluation.limits.length > 0 && (
            <ScrollArea className={styles.tableWrap} label="Usage limits for this subscription">
              <table className={styles.table} data-testid="evaluation-limits">
                <caption>Usage limits for this subscription</caption>
                <thead>
                  <tr>
                    <th scope="col">Limit</th>
                    <th scope="col">Value</th>
                    <th scope="col">How</th>
                    <th scope="col">Used</th>
                  </tr>
                </thead>
                <tbody>{evaluation.limits.map(limitRow)}</tbody>
              </table>
            </ScrollArea>
          )}
        </>
      )}
    </section>
  );
}
