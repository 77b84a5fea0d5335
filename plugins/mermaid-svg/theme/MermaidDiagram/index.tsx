/**
 * A Mermaid diagram drawn at build time: the SVGs `npm run diagrams` made for light and dark mode, which
 * ../../remark.ts puts in place of a ```mermaid fence. Both are in the server-rendered HTML; CSS shows
 * the one of the site's colour mode (`html[data-theme]`, set before the first paint), and the light one when no
 * colour mode is set (JavaScript off). No Mermaid code runs on the page.
 *
 * A diagram shrinks with its column, but only so far (styles.module.css: to 3/4 of its drawn size on phones, where
 * Mermaid's 16 px labels stay at 12 px, and to 0.6 on wider screens); a wider one scrolls sideways instead. While it
 * overflows, its scrolling box joins the tab order as a named region, so the keyboard can scroll it.
 */
import type {CSSProperties, ReactNode} from 'react';
import {ScrollArea} from '@site/src/components/ScrollableTable';
import styles from './styles.module.css';

export interface MermaidDiagramProps {
  /** SVG markup drawn with Mermaid's `default` theme. */
  light: string;
  /** SVG markup drawn with Mermaid's `dark` theme. */
  dark: string;
  /** The diagram's accessible name (its accTitle, or the fence's title). */
  name: string;
  /** Drawn width in CSS pixels (the wider of the two drawings). */
  width: string;
  /** The fence's title, shown under the diagram. */
  caption?: string;
}

export default function MermaidDiagram({light, dark, name, width, caption}: MermaidDiagramProps): ReactNode {
  return (
    // `data-mermaid-diagram` marks the outermost element of every diagram, one per ```mermaid fence, in source order,
    // and nothing else: the Markdown copies of the pages find the diagrams by it to put their Mermaid source back.
    <figure className={styles.diagram} data-mermaid-diagram="">
      <ScrollArea className={styles.scroll} label={name}>
        <div className={styles.canvas} style={{'--diagram-width': `${width}px`} as CSSProperties}>
          <div className={styles.light} data-color-mode="light" dangerouslySetInnerHTML={{__html: light}} />
          <div className={styles.dark} data-color-mode="dark" dangerouslySetInnerHTML={{__html: dark}} />
        </div>
      </ScrollArea>
      {caption && <figcaption className={styles.caption}>{caption}</figcaption>}
    </figure>
  );
}
