/**
 * Completion driven by the JSON Schema of the document's syntax version: the keys a map may hold (those not written
 * yet), enum values after `key: `, and the names of declared features and usage limits inside plans and add-ons.
 * The position in the document is read from indentation, so it works while the text is still incomplete.
 */
import type {CompletionContext, CompletionResult, Completion} from '@codemirror/autocomplete';
import type {JsonSchema} from './schemas';

interface Line {
  indent: number;
  key?: string;
  /** Text after "key:" on the line. */
  rest: string;
}

const KEY_LINE = /^(\s*)(?:-\s+)?([^\s#:'"][^:#]*?|"[^"]*"|'[^']*'):(?:\s+(.*))?$/;

function readLine(text: string): Line {
  const m = KEY_LINE.exec(text);
  if (!m) return {indent: text.length - text.trimStart().length, rest: text.trim()};
  return {indent: m[1].length, key: m[2].replace(/^["']|["']$/g, ''), rest: (m[3] ?? '').trim()};
}

/** Keys from the root down to the map that holds line `lineNo` at indentation `indent`. */
function parentPath(lines: string[], lineNo: number, indent: number): string[] {
  const path: string[] = [];
  let limit = indent;
  for (let i = lineNo - 1; i >= 0 && limit > 0; i--) {
    if (lines[i].trim() === '' || lines[i].trimStart().startsWith('#')) continue;
    const l = readLine(lines[i]);
    if (l.key !== undefined && l.indent < limit) {
      path.unshift(l.key);
      limit = l.indent;
    }
  }
  return path;
}

/** Keys already written in the map that holds line `lineNo`. */
function siblings(lines: string[], lineNo: number, indent: number): Set<string> {
  const keys = new Set<string>();
  for (const dir of [-1, 1]) {
    for (let i = lineNo + dir; i >= 0 && i < lines.length; i += dir) {
      if (lines[i].trim() === '' || lines[i].trimStart().startsWith('#')) continue;
      const l = readLine(lines[i]);
      if (l.indent < indent) break;
      if (l.indent === indent && l.key !== undefined) keys.add(l.key);
    }
  }
  return keys;
}

/** Names declared under a root map (features, usageLimits). */
function declaredNames(lines: string[], root: string): string[] {
  const start = lines.findIndex((l) => l.startsWith(root + ':'));
  if (start < 0) return [];
  const names: string[] = [];
  let childIndent: number | undefined;
  for (let i = start + 1; i < lines.length; i++) {
    if (lines[i].trim() === '' || lines[i].trimStart().startsWith('#')) continue;
    const l = readLine(lines[i]);
    if (l.indent === 0) break;
    childIndent ??= l.indent;
    if (l.indent === childIndent && l.key !== undefined) names.push(l.key);
  }
  return names;
}

function deref(schema: JsonSchema, node: unknown): JsonSchema | undefined {
  let n = node as JsonSchema | undefined;
  for (let guard = 0; n && typeof n.$ref === 'string' && guard < 10; guard++) {
    const ref = n.$ref as string;
    n = ref
      .replace(/^#\//, '')
      .split('/')
      .reduce<unknown>((o, k) => (o as JsonSchema | undefined)?.[k], schema) as JsonSchema | undefined;
  }
  return n && typeof n === 'object' ? n : undefined;
}

function child(schema: JsonSchema, node: JsonSchema | undefined, key: string): JsonSchema | undefined {
  if (!node) return undefined;
  const props = node.properties as Record<string, unknown> | undefined;
  if (props && key in props) return deref(schema, props[key]);
  if (node.additionalProperties && typeof node.additionalProperties === 'object') {
    return deref(schema, node.additionalProperties);
  }
  return undefined;
}

function resolve(schema: JsonSchema, path: string[]): JsonSchema | undefined {
  return path.reduce<JsonSchema | undefined>((node, key) => child(schema, node, key), schema);
}

function valuesOf(node: JsonSchema | undefined): unknown[] {
  if (!node) return [];
  if (Array.isArray(node.enum)) return node.enum;
  if ('const' in node) return [node.const];
  const types = ([] as unknown[]).concat(node.type ?? []);
  return types.includes('boolean') ? [true, false] : [];
}

function literal(value: unknown): string {
  return typeof value === 'string' && /^\d/.test(value) ? JSON.stringify(value) : String(value);
}

/** Maps under plans and add-ons whose keys are declared root names. */
const NAME_MAPS: Record<string, string> = {
  features: 'features',
  usageLimits: 'usageLimits',
  usageLimitsExtensions: 'usageLimits',
};

export function schemaCompletion(getSchema: () => JsonSchema | undefined) {
  return (context: CompletionContext): CompletionResult | null => {
    const schema = getSchema();
    if (!schema) return null;
    const doc = context.state.doc;
    const line = doc.lineAt(context.pos);
    const before = line.text.slice(0, context.pos - line.from);
    const lines = doc.toString().split('\n');
    const lineNo = line.number - 1;

    const valueMatch = /^(\s*)(?:-\s+)?([\w$-]+):\s+([\w."-]*)$/.exec(before);
    if (valueMatch) {
      const indent = valueMatch[1].length;
      const path = [...parentPath(lines, lineNo, indent), valueMatch[2]];
      const options: Completion[] = valuesOf(resolve(schema, path)).map((v) => ({
        label: literal(v),
        type: 'enum',
      }));
      if (options.length === 0) return null;
      return {from: context.pos - valueMatch[3].length, options, validFor: /^[\w."-]*$/};
    }

    const keyMatch = /^(\s*)(?:-\s+)?([\w$-]*)$/.exec(before);
    if (!keyMatch || (!context.explicit && keyMatch[2] === '' && !/^\s*$/.test(before))) return null;
    const indent = keyMatch[1].length;
    const path = parentPath(lines, lineNo, indent);
    const present = siblings(lines, lineNo, indent);
    let options: Completion[] = [];
    const owner = path[path.length - 1];
    if (path.length === 3 && (path[0] === 'plans' || path[0] === 'addOns') && owner in NAME_MAPS) {
      options = declaredNames(lines, NAME_MAPS[owner])
        .filter((n) => !present.has(n))
        .map((n) => ({label: n, type: 'variable', apply: `${n}:\n${' '.repeat(indent + 2)}value: `}));
    } else {
      const node = resolve(schema, path);
      const props = (node?.properties ?? {}) as Record<string, JsonSchema>;
      options = Object.entries(props)
        .filter(([k]) => !present.has(k))
        .map(([k, p]) => ({
          label: k,
          type: 'property',
          detail: typeof p.description === 'string' ? p.description.split('. ')[0] : undefined,
          apply: `${k}: `,
        }));
    }
    if (options.length === 0) return null;
    return {from: context.pos - keyMatch[2].length, options, validFor: /^[\w$-]*$/};
  };
}
