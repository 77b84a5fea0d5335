/**
 * A valid pricing, drawn from its 3.0 form: prices per billing period, a plans x features table, usage limits with
 * their units and periods, and the add-ons with where they are available and what they cost.
 */
import type {ReactNode} from 'react';
import {ScrollArea} from '@site/src/components/ScrollableTable';
import {isObj, type Obj} from '@sphere-docs/lib/pricing2yaml/obj';
import {entries} from '@sphere-docs/lib/pricing2yaml/subscription';
import type {Pricing} from '@sphere-docs/lib/pricing2yaml/upgrade';
import styles from './styles.module.css';

/** Evaluates a price formula such as "#seat * 3 + 2" with the root variables; undefined when it cannot. */
export function evaluateFormula(formula: string, variables: Obj): number | undefined {
  const tokens = formula.match(/#[A-Za-z_$][\w$]*|\d+(?:\.\d+)?|[-+*/()]|\S/g) ?? [];
  let i = 0;
  const peek = () => tokens[i];
  const expr = (): number => {
    let v = term();
    while (peek() === '+' || peek() === '-') v = tokens[i++] === '+' ? v + term() : v - term();
    return v;
  };
  const term = (): number => {
    let v = factor();
    while (peek() === '*' || peek() === '/') v = tokens[i++] === '*' ? v * factor() : v / factor();
    return v;
  };
  const factor = (): number => {
    const t = tokens[i++];
    if (t === '-') return -factor();
    if (t === '(') {
      const v = expr();
      if (tokens[i++] !== ')') throw new Error('unbalanced');
      return v;
    }
    if (t?.startsWith('#')) {
      const v = variables[t.slice(1)];
      if (typeof v !== 'number') throw new Error('not a number');
      return v;
    }
    if (t !== undefined && /^\d/.test(t)) return Number(t);
    throw new Error('unexpected token');
  };
  try {
    const v = expr();
    return i === tokens.length && Number.isFinite(v) ? v : undefined;
  } catch {
    return undefined;
  }
}

function money(amount: number, currency: string): string {
  try {
    return new Intl.NumberFormat('en', {style: 'currency', currency, maximumFractionDigits: 2}).format(amount);
  } catch {
    return `${amount.toFixed(2)} ${currency}`;
  }
}

function Tick({on}: {on: boolean}) {
  return (
    <>
      <span aria-hidden="true" className={on ? styles.yes : styles.no}>
        {on ? '✓' : '✗'}
      </span>
      <span className={styles.srOnly}>{on ? 'Included' : 'Not included'}</span>
    </>
  );
}

function renderValue(value: unknown, unit?: unknown): ReactNode {
  if (typeof value === 'boolean') return <Tick on={value} />;
  if (value === Infinity) return 'Unlimited';
  if (Array.isArray(value)) return value.join(', ');
  if (value === null || value === undefined) return '–';
  const u = typeof unit === 'string' && unit ? ` ${unit}` : '';
  return `${String(value)}${typeof value === 'number' ? u : ''}`;
}

function periodText(limit: Obj): string {
  if (limit.type === 'RENEWABLE') {
    const p = isObj(limit.period) ? limit.period : {};
    const value = typeof p.value === 'number' ? p.value : 1;
    const unit = String(p.unit ?? 'MONTH').toLowerCase();
    return value === 1 ? `renews every ${unit}` : `renews every ${value} ${unit}s`;
  }
  return limit.trackable ? 'never renews, tracked' : 'never renews';
}

/** Price of a plan or add-on for each billing period. */
function prices(
  price: unknown,
  billing: [string, number][],
  currency: string,
  variables: Obj,
  unit: unknown,
): ReactNode {
  const base =
    typeof price === 'number' ? price : typeof price === 'string' ? evaluateFormula(price, variables) : undefined;
  if (base === undefined) return typeof price === 'string' ? price : '–';
  const per = typeof unit === 'string' && unit ? ` / ${unit}` : '';
  return (
    <ul className={styles.prices}>
      {billing.map(([period, factor]) => (
        <li key={period}>
          <span className={styles.period}>{period}</span> {money(base * factor, currency)}
          {per}
        </li>
      ))}
    </ul>
  );
}

export default function PricingView({pricing}: {pricing: Pricing}) {
  const currency = typeof pricing.currency === 'string' ? pricing.currency : 'USD';
  const variables = isObj(pricing.variables) ? pricing.variables : {};
  const billingMap = isObj(pricing.billing) ? pricing.billing : {monthly: 1};
  const billing = Object.entries(billingMap).filter((e): e is [string, number] => typeof e[1] === 'number');
  const features = entries(pricing.features);
  const limits = entries(pricing.usageLimits);
  const plans = entries(pricing.plans);
  const addOns = entries(pricing.addOns);
  const overrideOf = (owner: Obj, key: string, name: string) => {
    const o = isObj(owner[key]) ? (owner[key] as Obj)[name] : undefined;
    return isObj(o) && 'value' in o ? {value: o.value} : undefined;
  };

  return (
    <div className={styles.view}>
      <h3>
        {String(pricing.saasName ?? 'Pricing')}{' '}
        <small className={styles.muted}>
          {currency}, created {String(pricing.createdAt ?? '?')}
        </small>
      </h3>
      {plans.length === 0 ? (
        <p>This pricing has no plans: add-ons are sold on their own.</p>
      ) : (
        <ScrollArea className={styles.tableWrap} label="Plans and features">
          <table className={styles.table} data-testid="comparison">
            <caption>Plans and features</caption>
            <thead>
              <tr>
                <th scope="col">Feature</th>
                {plans.map(([name, plan]) => (
                  <th scope="col" key={name}>
                    {name}
                    {plan.private === true ? ' (private)' : ''}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              <tr>
                <th scope="row">Price</th>
                {plans.map(([name, plan]) => (
                  <td key={name}>{prices(plan.price, billing, currency, variables, plan.unit)}</td>
                ))}
              </tr>
              {features.map(([name, feature]) => (
                <tr key={name}>
                  <th scope="row">
                    {name}
                    {typeof feature.tag === 'string' && <span className={styles.tag}>{feature.tag}</span>}
                  </th>
                  {plans.map(([planName, plan]) => (
                    <td key={planName}>
                      {renderValue((overrideOf(plan, 'features', name) ?? {value: feature.defaultValue}).value)}
                    </td>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
        </ScrollArea>
      )}

      {limits.length > 0 && (
        <ScrollArea className={styles.tableWrap} label="Usage limits">
          <table className={styles.table} data-testid="usage-limits">
            <caption>Usage limits</caption>
            <thead>
              <tr>
                <th scope="col">Limit</th>
                {plans.length === 0 && <th scope="col">Default</th>}
                {plans.map(([name]) => (
                  <th scope="col" key={name}>
                    {name}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {limits.map(([name, limit]) => (
                <tr key={name}>
                  <th scope="row">
                    {name} <span className={styles.muted}>({periodText(limit)})</span>
                  </th>
                  {plans.length === 0 && <td>{renderValue(limit.defaultValue, limit.unit)}</td>}
                  {plans.map(([planName, plan]) => (
                    <td key={planName}>
                      {renderValue(
                        (overrideOf(plan, 'usageLimits', name) ?? {value: limit.defaultValue}).value,
                        limit.unit,
                      )}
                    </td>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
        </ScrollArea>
      )}

      {addOns.length > 0 && (
        <ScrollArea className={styles.tableWrap} label="Add-ons">
          <table className={styles.table} data-testid="add-ons">
            <caption>Add-ons</caption>
            <thead>
              <tr>
                <th scope="col">Add-on</th>
                <th scope="col">Available for</th>
                <th scope="col">Price</th>
                <th scope="col">What it changes</th>
              </tr>
            </thead>
            <tbody>
              {addOns.map(([name, addOn]) => {
                const changes: string[] = [];
                for (const [key, verb] of [
                  ['features', 'sets'],
                  ['usageLimits', 'sets'],
                  ['usageLimitsExtensions', 'adds'],
                ] as const) {
                  for (const [target, o] of entries(addOn[key])) {
                    const declared =
                      key === 'features' ? undefined : (pricing.usageLimits as Obj | undefined)?.[target];
                    const unit = isObj(declared) && typeof declared.unit === 'string' ? ` ${declared.unit}` : '';
                    const value =
                      o.value === Infinity
                        ? 'unlimited'
                        : `${String(o.value)}${typeof o.value === 'number' ? unit : ''}`;
                    changes.push(`${verb} ${target} ${verb === 'adds' ? '+' : 'to '}${value}`);
                  }
                }
                const c = isObj(addOn.subscriptionConstraints) ? addOn.subscriptionConstraints : undefined;
                const available = Array.isArray(addOn.availableFor) ? addOn.availableFor.join(', ') : 'All plans';
                return (
                  <tr key={name}>
                    <th scope="row">{name}</th>
                    <td>
                      {available}
                      {Array.isArray(addOn.dependsOn) && addOn.dependsOn.length > 0 && (
                        <div className={styles.muted}>needs {addOn.dependsOn.join(', ')}</div>
                      )}
                      {Array.isArray(addOn.excludes) && addOn.excludes.length > 0 && (
                        <div className={styles.muted}>not with {addOn.excludes.join(', ')}</div>
                      )}
                    </td>
                    <td>{prices(addOn.price, billing, currency, variables, addOn.unit)}</td>
                    <td>
                      {changes.join('; ') || '–'}
                      {c && (
                        <div className={styles.muted}>
                          quantity {String(c.minQuantity ?? 1)} to{' '}
                          {c.maxQuantity === undefined || c.maxQuantity === Infinity ? 'any' : String(c.maxQuantity)},
                          step {String(c.quantityStep ?? 1)}
                        </div>
                      )}
                    </td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        </ScrollArea>
      )}
    </div>
  );
}
