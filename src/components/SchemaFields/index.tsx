import type {ReactNode} from 'react';
import clsx from 'clsx';
import {ScrollArea} from '@site/src/components/ScrollableTable';
import styles from './styles.module.css';

/** The subset of JSON Schema the Pricing2Yaml schemas use. */
export interface JsonSchema {
  $ref?: string;
  $defs?: Record<string, JsonSchema>;
  type?: string | string[];
  const?: unknown;
  enum?: unknown[];
  default?: unknown;
  examples?: unknown[];
  description?: string;
  format?: string;
  pattern?: string;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number;
  minItems?: number;
  required?: string[];
  properties?: Record<string, JsonSchema>;
  additionalProperties?: boolean | JsonSchema;
  propertyNames?: JsonSchema;
  items?: JsonSchema;
}

interface Props {
  /** A Pricing2Yaml schema, imported from '@site/static/schemas/pricing2yaml/vX.Y.json'. */
  schema: JsonSchema;
  /** Which object to list: '#' for the root, or '#/$defs/<name>' (feature, usageLimit, plan, addOn). */
  at?: string;
  /** Prefix shown before each field name, such as 'features.<name>.'. */
  prefix?: string;
  className?: string;
}

interface Row {
  name: string;
  node: JsonSchema;
  required: boolean;
}

const MAX_ENUM = 10;

function resolve(root: JsonSchema, node: JsonSchema): JsonSchema {
  if (!node.$ref) return node;
  const path = node.$ref.replace(/^#\/?/, '').split('/').filter(Boolean);
  let target: unknown = root;
  for (const part of path) target = (target as Record<string, unknown>)[part];
  return (target as JsonSchema) ?? node;
}

function defName(node: JsonSchema | boolean | undefined): string | undefined {
  return typeof node === 'object' && node.$ref ? node.$ref.split('/').pop() : undefined;
}

/** Flattens nested objects (period.value) and override maps (features.<name>.value) into rows. */
function rows(root: JsonSchema, node: JsonSchema, prefix: string, out: Row[] = []): Row[] {
  const object = resolve(root, node);
  for (const [name, child] of Object.entries(object.properties ?? {})) {
    const full = prefix + name;
    out.push({name: full, node: child, required: (object.required ?? []).includes(name)});
    if (child.properties) rows(root, child, `${full}.`, out);
    const values = child.additionalProperties;
    if (typeof values === 'object' && !values.$ref && values.properties) rows(root, values, `${full}.<name>.`, out);
  }
  return out;
}

function json(value: unknown): string {
  return typeof value === 'string' ? `"${value}"` : JSON.stringify(value);
}

function listOf(values: unknown[]): string {
  const shown = values.slice(0, MAX_ENUM).map((v) => String(v));
  return values.length > MAX_ENUM
    ? `one of ${values.length} values (${shown.slice(0, 4).join(', ')}, ...)`
    : shown.join(' | ');
}

function typeOf(node: JsonSchema): string {
  if (node.const !== undefined) return json(node.const);
  if (node.enum) return listOf(node.enum);
  const types = node.type === undefined ? [] : Array.isArray(node.type) ? node.type : [node.type];
  const map = typeof node.additionalProperties === 'object' ? node.additionalProperties : undefined;
  const described = types.map((t) => {
    if (t === 'object' && map) return `map of ${defName(map) ?? typeOf(map)}`;
    if (t === 'array' && node.items)
      return node.items.enum ? `list of ${listOf(node.items.enum)}` : `list of ${typeOf(node.items)}`;
    return t;
  });
  return described.join(' | ') || 'any';
}

function constraints(node: JsonSchema): string[] {
  const out: string[] = [];
  if (node.minLength !== undefined && node.maxLength !== undefined)
    out.push(`${node.minLength} to ${node.maxLength} characters`);
  else if (node.minLength !== undefined && node.minLength > 1) out.push(`at least ${node.minLength} characters`);
  if (node.exclusiveMinimum !== undefined) out.push(`> ${node.exclusiveMinimum}`);
  if (node.minimum !== undefined) out.push(`>= ${node.minimum}`);
  if (node.maximum !== undefined) out.push(`<= ${node.maximum}`);
  if (node.minItems !== undefined) out.push(`at least ${node.minItems} item${node.minItems === 1 ? '' : 's'}`);
  if (node.format) out.push(`format ${node.format}`);
  if (node.pattern && node.pattern !== '\\S' && !node.format) out.push(`matches ${node.pattern}`);
  if (node.pattern === '\\S') out.push('not blank');
  const keys = node.propertyNames;
  if (keys) {
    const k = keys.$ref ? 'names of 3 to 255 characters' : keys.pattern ? `names match ${keys.pattern}` : '';
    if (k) out.push(`keys: ${k}`);
  }
  const map = typeof node.additionalProperties === 'object' ? node.additionalProperties : undefined;
  if (map && !map.$ref && !map.properties) out.push(...constraints(map).map((c) => `values ${c}`));
  return out;
}

/** An example value written the way it would appear in YAML (flow style for lists and maps). */
function example(value: unknown): string {
  if (typeof value === 'string') return /^[\w./ -]*$/.test(value) && !/^\d/.test(value) ? value : JSON.stringify(value);
  if (Array.isArray(value)) return `[${value.map(example).join(', ')}]`;
  if (value && typeof value === 'object') {
    return `{${Object.entries(value)
      .map(([k, v]) => `${k}: ${example(v)}`)
      .join(', ')}}`;
  }
  return String(value);
}

/** Renders `code` spans of a description. */
function inline(text: string): ReactNode[] {
  return text
    .split(/(`[^`]+`)/g)
    .map((part, i) => (part.startsWith('`') && part.endsWith('`') ? <code key={i}>{part.slice(1, -1)}</code> : part));
}

/**
 * Field table of a Pricing2Yaml object, rendered from the published JSON Schema so the page and the schema cannot
 * disagree. Rendered at build time; in the browser its ScrollArea only measures whether the table scrolls sideways.
 */
export default function SchemaFields({schema, at = '#', prefix = '', className}: Props): ReactNode {
  const target = at === '#' ? schema : resolve(schema, {$ref: at});
  const list = rows(schema, target, prefix);
  return (
    <ScrollArea
      className={clsx(styles.wrapper, className)}
      label={prefix ? `Fields of ${prefix.replace(/\.$/, '')}` : 'Fields of the document root'}
    >
      <table className={styles.table}>
        <thead>
          <tr>
            <th>Field</th>
            <th>Type</th>
            <th>Required</th>
            <th>Default</th>
            <th>Constraints</th>
            <th>Description</th>
          </tr>
        </thead>
        <tbody>
          {list.map(({name, node, required}) => (
            <tr key={name}>
              <td className={styles.name}>
                <code>{name}</code>
              </td>
              <td className={styles.type}>
                <code>{typeOf(node)}</code>
              </td>
              <td>{required ? <strong>yes</strong> : 'no'}</td>
              <td>{node.default === undefined ? '' : <code>{json(node.default)}</code>}</td>
              <td className={styles.constraints}>{constraints(node).join('; ')}</td>
              <td>
                {node.description ? inline(node.description) : ''}
                {node.examples?.length ? (
                  <span className={styles.example}>
                    {' '}
                    Example: <code>{example(node.examples[0])}</code>
                  </span>
                ) : null}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </ScrollArea>
  );
}
