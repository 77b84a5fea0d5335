/**
 * Reads a `_headers` file the way Netlify and Cloudflare Pages do, independently of the code that writes it
 * (plugins/security-headers): a line starting with `/` opens a rule for a path pattern (`*` matches anything,
 * `:name` one path segment), indented `Name: value` lines add headers to it, `#` starts a comment. Headers of every
 * matching rule apply; one set by several rules gets their values joined with ", ".
 */
export interface HeaderRule {
  pattern: string;
  headers: [name: string, value: string][];
}

export function parseHeadersFile(text: string): HeaderRule[] {
  const rules: HeaderRule[] = [];
  text.split('\n').forEach((line, i) => {
    if (line.trim() === '' || line.trim().startsWith('#')) return;
    if (/^\S/.test(line)) {
      if (!line.startsWith('/')) throw new Error(`_headers line ${i + 1}: a rule must start with "/": ${line}`);
      rules.push({pattern: line.trim(), headers: []});
      return;
    }
    const header = /^\s+([A-Za-z0-9-]+):\s*(.+)$/.exec(line);
    if (!header) throw new Error(`_headers line ${i + 1}: expected "Name: value": ${line}`);
    if (rules.length === 0) throw new Error(`_headers line ${i + 1}: header before any path`);
    rules[rules.length - 1].headers.push([header[1], header[2].trim()]);
  });
  return rules;
}

function patternRegExp(pattern: string): RegExp {
  const source = pattern
    .split(/(\*|:[A-Za-z]+)/)
    .map((part) => (part === '*' ? '.*' : part.startsWith(':') ? '[^/]+' : part.replace(/[.+?^${}()|[\]\\]/g, '\\$&')))
    .join('');
  return new RegExp(`^${source}$`);
}

/** The headers a response for `path` gets, with lower-case names. */
export function headersFor(rules: HeaderRule[], path: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const rule of rules) {
    if (!patternRegExp(rule.pattern).test(path)) continue;
    for (const [name, value] of rule.headers) {
      const key = name.toLowerCase();
      out[key] = out[key] === undefined ? value : `${out[key]}, ${value}`;
    }
  }
  return out;
}

/** A Content-Security-Policy as a map from directive to its sources. */
export function parsePolicy(policy: string): Map<string, string[]> {
  const directives = new Map<string, string[]>();
  for (const part of policy.split(';')) {
    const [name, ...sources] = part.trim().split(/\s+/);
    if (!name) continue;
    if (directives.has(name)) throw new Error(`directive ${name} appears twice`);
    directives.set(name.toLowerCase(), sources);
  }
  return directives;
}
