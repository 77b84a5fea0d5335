import {Fragment, type ReactNode} from 'react';
import clsx from 'clsx';
import Link from '@docusaurus/Link';
import {ScrollArea} from '@site/src/components/ScrollableTable';
import styles from './styles.module.css';

/** The subset of JSON Schema the Pricing2Yaml schemas and the SPACE API document use. */
export interface JsonSchema {
  $ref?: string;
  oneOf?: JsonSchema[];
  anyOf?: JsonSchema[];
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

/** How to show a schema that is referenced rather than written in place. */
export interface RenderOptions {
  /**
   * Link target of a `$ref` to an object schema, shown as its name instead of being expanded; a `$ref` to anything
   * else (a string enum, say) is shown as what it refers to. Without it, references are shown by name only.
   */
  refHref?: (ref: string) => string | undefined;
}

export interface FieldTableProps extends RenderOptions {
  /** A JSON Schema, or any document holding one (`#/…` references are resolved against it). */
  schema: JsonSchema;
  /** Which object to list: '#' for the root, or a pointer such as '#/$defs/feature'. */
  at?: string;
  /** Prefix shown before each field name, such as 'features.<name>.'. */
  prefix?: string;
  className?: string;
  /** Accessible name of the table's scroll area, unique on the page (it is a named region while it scrolls). */
  label?: string;
  /** The Description cell of a field. */
  describe: (node: JsonSchema) => ReactNode;
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

const isObjectSchema = (node: JsonSchema) =>
  !!node.properties || node.type === 'object' || (Array.isArray(node.type) && node.type.includes('object'));

/**
 * A property as the table shows it. A `$ref` to a scalar schema (an enum, a pattern) is shown in place, with the
 * property's own keywords on top (OpenAPI 3.1 lets a reference carry a description or default); a `$ref` to an
 * object schema stays a reference.
 */
function shown(root: JsonSchema, node: JsonSchema): JsonSchema {
  if (!node.$ref) return node;
  const target = resolve(root, node);
  if (target === node || isObjectSchema(target)) return node;
  const {$ref: _ref, ...own} = node;
  return {...target, ...own};
}

/** Flattens nested objects (period.value) and override maps (features.<name>.value) into rows. */
function rows(root: JsonSchema, node: JsonSchema, prefix: string, out: Row[] = []): Row[] {
  const object = resolve(root, node);
  for (const [name, child] of Object.entries(object.properties ?? {})) {
    const full = prefix + name;
    out.push({name: full, node: shown(root, child), required: (object.required ?? []).includes(name)});
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

/** A type as text, with references named by `ref(name, $ref)`; plain text when no reference is linked. */
function typeText(node: JsonSchema, ref: (name: string, target: string) => ReactNode): ReactNode {
  const parts: ReactNode[] = [];
  const join = (items: ReactNode[], separator: string) =>
    items.forEach((item, i) => parts.push(...(i === 0 ? [item] : [separator, item])));
  const describe = (n: JsonSchema): ReactNode => typeText(n, ref);
  if (node.$ref) return ref(defName(node) ?? node.$ref, node.$ref);
  if (node.const !== undefined) return json(node.const);
  if (node.enum) return listOf(node.enum);
  const alternatives = node.oneOf ?? node.anyOf;
  const types = node.type === undefined ? [] : Array.isArray(node.type) ? node.type : [node.type];
  const map = typeof node.additionalProperties === 'object' ? node.additionalProperties : undefined;
  if (alternatives && types.length === 0) join(alternatives.map(describe), ' | ');
  else
    join(
      types.map((t) => {
        if (t === 'object' && map) return ['map of ', describe(map)];
        if (t === 'array' && node.items)
          return ['list of ', node.items.enum ? listOf(node.items.enum) : describe(node.items)];
        return t;
      }),
      ' | ',
    );
  const flat = parts.flat();
  if (flat.length === 0) return 'any';
  return flat.every((p) => typeof p === 'string') ? (
    flat.join('')
  ) : (
    <>
      {flat.map((p, i) => (
        <Fragment key={i}>{p}</Fragment>
      ))}
    </>
  );
}

function typeOf(node: JsonSchema): string {
  return String(typeText(node, (name) => name));
}

/** A type, its references linked when `refHref` knows them. */
export function TypeOf({node, refHref}: {node: JsonSchema; refHref?: RenderOptions['refHref']}): ReactNode {
  return typeText(node, (name, target) => {
    const href = refHref?.(target);
    return href ? <Link to={href}>{name}</Link> : name;
  });
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

/**
 * Field table of an object of a JSON Schema: name, type, whether it is required, default, constraints, description;
 * nested objects and maps of objects are flattened into `a.b` and `a.<name>.b` rows. Rendered at build time; in the
 * browser the table is adopted as the server drew it, and its ScrollArea only measures whether it scrolls sideways.
 * Links in it are in-page anchors.
 */
export default function FieldTable({
  schema,
  at = '#',
  prefix = '',
  className,
  label,
  refHref,
  describe,
}: FieldTableProps): ReactNode {
  const target = at === '#' ? schema : resolve(schema, {$ref: at});
  const list = rows(schema, target, prefix);
  return (
    <ScrollArea
      deferred
      still
      className={clsx(styles.wrapper, className)}
      label={label ?? (prefix ? `Fields of ${prefix.replace(/\.$/, '')}` : 'Fields of the document root')}
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
                <code>{refHref ? <TypeOf node={node} refHref={refHref} /> : typeOf(node)}</code>
              </td>
              <td>{required ? <strong>yes</strong> : 'no'}</td>
              <td>{node.default === undefined ? '' : <code>{json(node.default)}</code>}</td>
              <td className={styles.constraints}>{constraints(node).join('; ')}</td>
              <td>{describe(node)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </ScrollArea>
  );
}
