/**
 * Draws the site's Mermaid diagrams into diagrams/ (see plugins/mermaid-svg/store.ts), so the build can inline them
 * without a browser.
 *
 *   npm run diagrams    draw every diagram that has no SVG yet, delete the SVGs no page uses any more
 *
 * Every ```mermaid fence of docs/, versioned_docs/ and src/pages/ is drawn twice, with Mermaid's `default` theme (light
 * mode) and its `dark` theme, by the Mermaid build that @docusaurus/theme-mermaid resolves, loaded from node_modules
 * into a blank page of Debian's Chromium. Text is measured with the fonts of the machine that draws; diagrams
 * already drawn are never drawn again, so the committed files only change with the diagrams.
 *
 * Each drawing is then made fit to sit next to others on one page: every id gets the drawing's own prefix (and every
 * `url(#…)`, `href` and `aria-labelledby`/`aria-describedby` reference follows), its stylesheet keeps the rules that
 * style something in it, and the root `<svg>` gets its width and height in pixels instead of Mermaid's `width="100%"`,
 * so the page keeps its room before anything is drawn.
 */
import {existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync} from 'node:fs';
import {join} from 'node:path';
import {chromium} from '@playwright/test';
import {CHROMIUM_ARGS, CHROMIUM_PATH} from '../tooling';
import {allFences} from '../plugins/mermaidFences';
import {
  COLOR_MODES,
  DIAGRAMS_COMMAND,
  DIAGRAM_DIR,
  MERMAID_THEMES,
  diagramKey,
  idPrefix,
  mermaidPackage,
  svgFacts,
  svgFile,
} from '../plugins/mermaid-svg/store';

interface Drawing {
  key: string;
  prefix: string;
  theme: string;
  source: string;
  title?: string;
  /** `file:line` of every fence with this diagram. */
  places: string[];
}

interface DrawInput {
  source: string;
  theme: string;
  prefix: string;
  title: string | null;
}

/**
 * Runs in the page: draws one diagram with the global `mermaid` and returns the finished SVG markup. It holds no named
 * inner function: tsx would wrap one in a helper that exists only in Node, and the function is sent to the page as text.
 */
async function drawInPage({source, theme, prefix, title}: DrawInput): Promise<string> {
  const {mermaid} = window as unknown as {
    mermaid: {
      initialize: (config: object) => void;
      render: (id: string, text: string) => Promise<{svg: string}>;
    };
  };
  mermaid.initialize({startOnLoad: false, theme});
  const {svg} = await mermaid.render(prefix, source);
  const host = document.createElement('div');
  host.innerHTML = svg;
  const root = host.querySelector('svg');
  if (!root) throw new Error('Mermaid returned no <svg>');

  // A title on the fence names a diagram that has no accTitle, the way Mermaid names it from one.
  if (title && !root.querySelector(':scope > title')) {
    const element = document.createElementNS('http://www.w3.org/2000/svg', 'title');
    element.id = `${prefix}-title`;
    element.textContent = title;
    root.prepend(element);
    root.setAttribute('aria-labelledby', element.id);
  }

  // Ids: Mermaid prefixes some with the id given to render() (the root's, its markers'), not all (sequence diagrams'
  // actors and markers, the accessible title and description). Give all of them the prefix.
  const renamed = new Map<string, string>();
  for (const element of Array.from(root.querySelectorAll('[id]'))) {
    if (element.id.startsWith(`${prefix}-`) || element.id.startsWith(`${prefix}_`)) continue;
    renamed.set(element.id, `${prefix}-${element.id}`);
    element.id = `${prefix}-${element.id}`;
  }
  const url = /url\((['"]?)#([^'")]+)\1\)/g;
  for (const element of [root, ...Array.from(root.querySelectorAll('*'))]) {
    for (const {name, value} of Array.from(element.attributes)) {
      let next = value.replace(url, (_, quote: string, id: string) => `url(${quote}#${renamed.get(id) ?? id}${quote})`);
      if ((name === 'href' || name === 'xlink:href') && next.startsWith('#'))
        next = `#${renamed.get(next.slice(1)) ?? next.slice(1)}`;
      if (name === 'aria-labelledby' || name === 'aria-describedby')
        next = next
          .split(/\s+/)
          .map((id) => renamed.get(id) ?? id)
          .join(' ');
      if (next !== value) element.setAttribute(name, next);
    }
  }
  // Definitions nothing refers to: Mermaid defines every arrow head and shadow filter a diagram type may use.
  const referred = new Set<string>();
  for (const element of [root, ...Array.from(root.querySelectorAll('*'))]) {
    for (const {name, value} of Array.from(element.attributes)) {
      for (const [, , id] of Array.from(value.matchAll(url))) referred.add(id);
      if ((name === 'href' || name === 'xlink:href') && value.startsWith('#')) referred.add(value.slice(1));
    }
  }
  for (const element of Array.from(root.querySelectorAll('marker[id], defs > [id]'))) {
    if (!referred.has(element.id)) element.remove();
  }
  for (const defs of Array.from(root.querySelectorAll('defs:empty'))) defs.remove();

  // The diagram's own stylesheet (Mermaid writes one per diagram, for every kind of diagram and feature): keep the
  // rules that style something in this drawing, in Mermaid's own text. Its selectors name the root id only, which
  // keeps its name; a selector or url() naming a renamed id would be a Mermaid change this script does not know.
  for (const style of Array.from(root.querySelectorAll('style'))) {
    const text = style.textContent ?? '';
    const sheet = new CSSStyleSheet();
    sheet.replaceSync(text);
    const rules = Array.from(sheet.cssRules);
    // Mermaid writes the rules minified, one after another: split its text at the end of each top-level rule.
    const pieces: string[] = [];
    let depth = 0;
    let start = 0;
    for (let i = 0; i < text.length; i++) {
      if (text[i] === '{') depth++;
      if (text[i] === '}' && --depth === 0) {
        pieces.push(text.slice(start, i + 1));
        start = i + 1;
      }
    }
    if (pieces.length !== rules.length || text.slice(start).trim()) {
      throw new Error(`unexpected <style> text: ${pieces.length} pieces for ${rules.length} rules`);
    }
    const kept = rules.map((rule) => {
      if (!(rule instanceof CSSStyleRule)) return true;
      for (const [, id] of Array.from(rule.selectorText.matchAll(/#(-?[_a-zA-Z][\w-]*)/g))) {
        if (renamed.has(id)) throw new Error(`<style> selects the id "${id}", which was renamed`);
      }
      for (const [, , id] of Array.from(rule.style.cssText.matchAll(url))) {
        if (renamed.has(id)) throw new Error(`<style> refers to the id "${id}", which was renamed`);
      }
      return host.querySelector(rule.selectorText) !== null;
    });
    // Keyframes stay while a kept rule runs them.
    const animations = rules
      .filter((rule, i) => kept[i] && rule instanceof CSSStyleRule)
      .flatMap((rule) => (rule as CSSStyleRule).style.animationName.split(/[\s,]+/));
    rules.forEach((rule, i) => {
      if (rule instanceof CSSKeyframesRule) kept[i] = animations.includes(rule.name);
    });
    style.textContent = pieces.filter((_, i) => kept[i]).join('');
  }

  // Size in pixels from the viewBox, in place of width="100%" and an inline max-width: the page reserves the room.
  const [, , width, height] = (root.getAttribute('viewBox') ?? '').split(/[\s,]+/).map(Number);
  if (!(width > 0 && height > 0)) throw new Error(`Mermaid drew no usable viewBox (${root.getAttribute('viewBox')})`);
  root.setAttribute('width', String(width));
  root.setAttribute('height', String(height));
  root.style.removeProperty('max-width');
  if (!root.getAttribute('style')) root.removeAttribute('style');
  // Edge geometry for Mermaid's own interactive features, which a drawn diagram never uses: base64 of every point.
  for (const element of Array.from(root.querySelectorAll('[data-points]'))) element.removeAttribute('data-points');
  return root.outerHTML;
}

async function main() {
  const mermaid = mermaidPackage();
  const fences = allFences();
  const drawings = new Map<string, Drawing>();
  for (const fence of fences) {
    for (const mode of COLOR_MODES) {
      const key = diagramKey(fence, mode, mermaid.version);
      const drawing = drawings.get(key) ?? {
        key,
        prefix: idPrefix(key),
        theme: MERMAID_THEMES[mode],
        source: fence.source,
        title: fence.title,
        places: [],
      };
      drawing.places.push(`${fence.file}:${fence.line}`);
      drawings.set(key, drawing);
    }
  }

  mkdirSync(DIAGRAM_DIR, {recursive: true});
  const todo = [...drawings.values()].filter((d) => !existsSync(svgFile(d.key)));
  const errors: string[] = [];
  let drawn = 0;
  if (todo.length) {
    const browser = await chromium.launch({executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS});
    try {
      const page = await browser.newPage();
      await page.setContent('<!doctype html><html lang="en"><head><title>diagrams</title></head><body></body></html>');
      await page.addScriptTag({path: join(mermaid.dir, 'dist', 'mermaid.min.js')});
      for (const drawing of todo) {
        try {
          const svg = await page.evaluate(drawInPage, {
            source: drawing.source,
            theme: drawing.theme,
            prefix: drawing.prefix,
            title: drawing.title ?? null,
          });
          writeFileSync(svgFile(drawing.key), `${svg}\n`);
          drawn++;
        } catch (error) {
          const message = error instanceof Error ? error.message.split('\n')[0] : String(error);
          errors.push(`${drawing.places.join(', ')} (${drawing.theme} theme): ${message}`);
        }
      }
    } finally {
      await browser.close();
    }
  }

  const removed = readdirSync(DIAGRAM_DIR).filter((f) => !drawings.has(f.replace(/\.svg$/, '')));
  for (const file of removed) rmSync(join(DIAGRAM_DIR, file));

  for (const drawing of drawings.values()) {
    if (!existsSync(svgFile(drawing.key))) continue;
    const {name, description} = svgFacts(readFileSync(svgFile(drawing.key), 'utf8'));
    if (!name || !description) {
      errors.push(
        `${drawing.places.join(', ')}: no accessible ${name ? 'description' : 'name'}; add \`accTitle: …\` and ` +
          '`accDescr: …` lines after the diagram type (a title="…" on the fence also names it)',
      );
    }
  }

  console.log(
    `Mermaid ${mermaid.version}: ${fences.length} diagrams, ${drawings.size} drawings in diagrams/ ` +
      `(${drawn} drawn now, ${removed.length} no longer used removed).`,
  );
  if (errors.length) {
    console.error(`\n${errors.length} problem(s):\n${errors.map((e) => `  ${e}`).join('\n')}`);
    console.error(`\nFix them and run \`${DIAGRAMS_COMMAND}\` again.`);
    process.exit(1);
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? (error.stack ?? error.message) : error);
  process.exit(1);
});
