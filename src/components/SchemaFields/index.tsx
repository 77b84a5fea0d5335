/**
 * Field tables of Pricing2Yaml objects, rendered from the published JSON Schemas so the page and the schema cannot
 * disagree: ./FieldTable.tsx with descriptions whose `code` spans are rendered and the first example of a field.
 */
import type {ReactNode} from 'react';
import FieldTable, {type FieldTableProps, type JsonSchema} from './FieldTable';
import styles from './styles.module.css';

export type {JsonSchema};

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

function describe(node: JsonSchema): ReactNode {
  return (
    <>
      {node.description ? inline(node.description) : ''}
      {node.examples?.length ? (
        <span className={styles.example}>
          {' '}
          Example: <code>{example(node.examples[0])}</code>
        </span>
      ) : null}
    </>
  );
}

/** Fields of a Pricing2Yaml object: `schema` is a schema of '@site/static/schemas/pricing2yaml/vX.Y.json'. */
export default function SchemaFields(props: Omit<FieldTableProps, 'describe' | 'refHref'>): ReactNode {
  return <FieldTable {...props} describe={describe} />;
}
