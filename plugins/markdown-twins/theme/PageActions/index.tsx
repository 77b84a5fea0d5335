/**
 * "Copy page" beside the title of a doc page (src/theme/DocItem/Content puts it there), with a menu of what else to do with the page (./Menu.tsx): view its
 * Markdown twin (plugins/markdown-twins), open it in ChatGPT or Claude, report a problem with it.
 *
 * - Copy fetches the twin on click (nothing is requested before) and puts it on the clipboard; when the browser
 *   refuses, the Markdown is shown in a text box, selected, for the reader to copy. A polite status says what happened.
 * - The menu button works like the theme's navbar dropdowns (aria-haspopup, aria-expanded, links reachable with Tab).
 *   The menu's code loads when the reader first points at or focuses the button, so the page's first load carries
 *   only the two buttons; the server HTML holds no menu links.
 */
import {useCallback, useEffect, useId, useRef, useState, type ComponentType, type ReactNode} from 'react';
import clsx from 'clsx';
import Head from '@docusaurus/Head';
import {useDoc} from '@docusaurus/plugin-content-docs/client';
import type MenuType from './Menu';
import {twinPath} from '../../twin';
import styles from './styles.module.css';

type Status = {message: string; ok?: boolean; markdown?: string};

async function copyTwin(path: string): Promise<Status> {
  const markdown = fetch(path).then((response) => {
    if (!response.ok) throw new Error(`HTTP ${response.status}`);
    return response.text();
  });
  try {
    // A clipboard item whose content is still arriving keeps the click's permission in every browser (Safari needs
    // it); writeText after the download is the fallback.
    if (typeof ClipboardItem === 'function' && navigator.clipboard?.write) {
      await navigator.clipboard.write([
        new ClipboardItem({'text/plain': markdown.then((text) => new Blob([text], {type: 'text/plain'}))}),
      ]);
    } else {
      await navigator.clipboard.writeText(await markdown);
    }
    return {message: 'Page copied as Markdown.', ok: true};
  } catch {
    try {
      return {
        message: 'Copying was not allowed: the Markdown is selected below, copy it with Ctrl+C or ⌘C.',
        markdown: await markdown,
      };
    } catch {
      return {message: 'The Markdown of this page could not be loaded.'};
    }
  }
}

const loadMenu = () => import('./Menu');

export default function PageActions(): ReactNode {
  const {metadata} = useDoc();
  const [Menu, setMenu] = useState<ComponentType<Parameters<typeof MenuType>[0]>>();
  const [open, setOpen] = useState(false);
  const [status, setStatus] = useState<Status>({message: ''});
  const [copied, setCopied] = useState(false);
  const root = useRef<HTMLDivElement>(null);
  const toggle = useRef<HTMLButtonElement>(null);
  const text = useRef<HTMLTextAreaElement>(null);
  const menuId = useId();
  const close = useCallback(() => setOpen(false), []);
  const load = () => loadMenu().then((module) => setMenu(() => module.default));

  useEffect(() => {
    if (status.markdown !== undefined) text.current?.select();
    if (!status.ok) return undefined;
    // The button says "Copied" for a moment.
    setCopied(true);
    const timer = setTimeout(() => setCopied(false), 2000);
    return () => clearTimeout(timer);
  }, [status]);

  return (
    <>
      {/* Names the page's Markdown twin for tools that look for one. */}
      <Head>
        <link rel="alternate" type="text/markdown" href={twinPath(metadata.permalink)} />
      </Head>
      <div ref={root} className={clsx('dropdown dropdown--right', styles.actions, open && 'dropdown--show')}>
        <button
          type="button"
          className={styles.button}
          onClick={() => {
            setStatus({message: ''});
            void copyTwin(twinPath(metadata.permalink)).then(setStatus);
          }}
        >
          {copied ? 'Copied' : 'Copy page'}
        </button>
        <button
          ref={toggle}
          type="button"
          className={clsx(styles.button, styles.toggle)}
          aria-label="More actions for this page"
          aria-haspopup="true"
          aria-expanded={open && !!Menu}
          aria-controls={open && Menu ? menuId : undefined}
          onPointerEnter={Menu ? undefined : load}
          onFocus={Menu ? undefined : load}
          onClick={() => {
            if (!Menu) void load();
            setOpen(!open);
          }}
        >
          <svg viewBox="0 0 12 12" width="12" height="12" aria-hidden="true">
            <path d="M2 4l4 4 4-4" fill="none" stroke="currentColor" strokeWidth="1.5" />
          </svg>
        </button>
        {open && Menu && <Menu id={menuId} root={root} toggle={toggle} close={close} />}
        <span role="status" className={styles.visuallyHidden}>
          {status.message}
        </span>
      </div>
      {!status.ok && status.message && (
        <div className={styles.fallback}>
          <p>{status.message}</p>
          {status.markdown !== undefined && (
            <textarea ref={text} aria-label="Markdown of this page" readOnly rows={12} value={status.markdown} />
          )}
        </div>
      )}
    </>
  );
}
