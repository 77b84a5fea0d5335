/**
 * A quick reader of a Pricing2Yaml text's value, for the checker (./analyze.ts) when the caller asks for speed (the
 * MCP server): js-yaml's `load` reads a large pricing about ten times faster than the `yaml` package builds its
 * `Document`, which the checker needs only to place a problem in the text.
 *
 * It must read exactly what `parseDocument(text, {uniqueKeys: true}).toJS()` reads, and accept only what that
 * accepts. So js-yaml reads scalars with a schema made of the `yaml` package's own YAML 1.2 core rules (same tests in
 * the same order, same conversions), refuses duplicate keys (its default), and the reader gives up (`undefined`: the
 * checker then parses with `yaml` as before) on every text where the two libraries may differ:
 *
 * - tags (`!`), anchors (`&x`) and aliases (`*x`) at the start of a word: js-yaml resolves tags and counts aliases
 *   its own way, and the checker limits alias expansion through `yaml` (an `&` or `*` followed by a space, as in
 *   "Admin & security", is plain text, or an empty name that both libraries refuse);
 * - directives (`%YAML`, `%TAG`), which can switch `yaml` to the YAML 1.1 schema, and merge keys (`<<`);
 * - keys that are null, empty, explicit (`? `) or collections: js-yaml names a null key "null" where `yaml` names it
 *   "", and writes collection keys differently;
 * - numbers written with underscores (`1_000`), which the checker reads as YAML 1.1 readers do and warns about;
 * - a comment right after a quote or a bracket (`"x"#c`), and content after `---` or `...` on the same line, which
 *   `yaml` refuses and js-yaml reads;
 * - a flow collection (`[...]`, `{...}`) left open at the end of a line, and a quoted text that goes on over lines
 *   not indented past its key or list item: `yaml` checks the indentation of those lines, js-yaml does not;
 * - tabs, byte-order marks, lines over 1000 characters (`yaml` refuses implicit keys over 1024 characters);
 * - anything js-yaml refuses (several documents, duplicate keys, nesting over its 100 levels).
 *
 * The patterns are deliberately loose: a false alarm (an `&` or `*` starting a word in a description) only costs the
 * slower parse. A text read here with nothing to place is never parsed by `yaml`, so the rules above must cover what
 * `yaml` refuses and js-yaml reads: they are the differences found by reading some 24,000 altered corpus documents
 * with both. tests/unit/pricing2yaml-read.test.ts holds the checker's answers through this reader equal to its
 * answers through `yaml` alone, on every document of the corpus and on documents written to hit each rule above.
 */
import {FAILSAFE_SCHEMA, Type, load} from 'js-yaml';

import {CORE_SCALARS} from './lineLocate';

/**
 * One js-yaml type per tag (js-yaml keeps only the last implicit type of a tag), trying that tag's tests in `yaml`'s
 * order; no test of one tag matches what a test of another matches, so the order across tags does not matter.
 */
const SCHEMA = FAILSAFE_SCHEMA.extend({
  implicit: ['null', 'bool', 'int', 'float'].map((tag) => {
    const rules = CORE_SCALARS.filter(([t]) => t === tag);
    const rule = (s: unknown) => (typeof s === 'string' ? rules.find(([, test]) => test.test(s)) : undefined);
    return new Type(`tag:yaml.org,2002:${tag}`, {
      kind: 'scalar',
      resolve: (s) => rule(s) !== undefined,
      construct: (s) => rule(s)![2](s),
    });
  }),
});

/**
 * Texts the reader leaves to `yaml` (see the module comment): a tag, or an anchor or alias with a name, starting a word; a
 * directive; a merge key; an explicit key; a null or empty key (`null:`, `~:`, ` :` or `:` after a line start, `{`,
 * `[` or `,`); a collection as a key (`]:`, `}:`); a comment glued to a quote or a bracket; content after a document
 * marker; an underscored number; a tab or a byte-order mark.
 */
const LEAVE_TO_YAML =
  /(?:^|[\s[{,])(?:!|[&*][^\s,[\]{}]|\?(?:\s|$))|(?:^|\n)%|<<|(?:^|[\s[{,?])(?:~|[Nn]ull|NULL)?[ \t]*:(?=[\s,\]}]|$)|[\]}][ \t]*:|["'\]}]#|(?:^|\n)(?:---|\.\.\.)[ \t]+[^\s#]|\d_\d|[\t\ufeff]/;

/** A quoted text that starts a node (at a line start or after `:`, `?`, `-`, `,`, `[`, `{`) and is open at the line end. */
const OPEN_QUOTE = /(?:^[ \t]*|[:?\-,[{][ \t]*)(["'])(?:(?<=")(?:[^"\\\n]|\\.)*\\?|(?<=')(?:[^'\n]|'')*)$/gm;

/**
 * Whether a quoted text goes on over a line indented no further than the key or list item it starts on (`yaml`
 * refuses that, js-yaml reads it), or is never closed.
 */
function looseQuote(text: string): boolean {
  for (const m of text.matchAll(OPEN_QUOTE)) {
    const quote = m[1];
    const at = m.index + m[0].indexOf(quote);
    const lineStart = text.lastIndexOf('\n', at) + 1;
    const [, spaces, dashes] = /^( *)((?:- +)*)/.exec(text.slice(lineStart, at))!;
    const owner = spaces.length + dashes.length;
    for (let i = at + 1; ; i++) {
      const c = text[i];
      if (c === undefined) return true;
      if (c === '\n') {
        let indent = 0;
        while (text[i + 1 + indent] === ' ') indent++;
        if (indent <= owner) return true;
      } else if (quote === '"' && c === '\\' && text[i + 1] !== '\n') i++;
      else if (c === quote) {
        if (quote === '"' || text[i + 1] !== "'") break;
        i++;
      }
    }
  }
  return false;
}

const MAX_LINE = 1000;

/** Whether a line is over MAX_LINE characters long, or ends inside a flow collection (more `[` and `{` than closed). */
function awkwardLine(text: string): boolean {
  let start = 0;
  let open = 0;
  for (let i = 0; i <= text.length; i++) {
    const c = i === text.length ? 10 : text.charCodeAt(i);
    if (c === 10) {
      if (open > 0 || i - start > MAX_LINE) return true;
      start = i + 1;
      open = 0;
    } else if (c === 91 || c === 123) open++;
    else if (c === 93 || c === 125) open--;
  }
  return false;
}

/**
 * The value of a YAML text as `yaml`'s `parseDocument(text, {uniqueKeys: true}).toJS()` gives it, or undefined when
 * this reader leaves the text to `yaml` (the text may still be fine: only `yaml` can say).
 */
export function readQuickly(text: string): {value: unknown} | undefined {
  if (LEAVE_TO_YAML.test(text) || awkwardLine(text) || looseQuote(text)) return undefined;
  let value: unknown;
  try {
    value = load(text, {schema: SCHEMA});
  } catch {
    return undefined;
  }
  // js-yaml reads a text without content as undefined, `yaml` as null.
  return value === undefined ? undefined : {value};
}
