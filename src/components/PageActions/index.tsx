/**
 * "Copy page" beside the title of a doc page, with a menu of what else to do with the page: view its Markdown twin
 * (plugins/markdown-twins), open it in ChatGPT or Claude, report a problem with it.
 *
 * - Copy fetches the twin on click (nothing is requested before) and puts it on the clipboard; when the browser
 *   refuses, the Markdown is shown in a text box, selected, for the reader to copy. A polite status says what happened.
 * - The menu works like the theme's navbar dropdowns: a button with aria-haspopup and aria-expanded, the links reachable
 *   with Tab; it closes on Escape (focus back on its button), on a click elsewhere and when focus leaves it. It is
 *   rendered only while open, so the server HTML holds two buttons and no links.
 */
import {useEffect, useId, useRef, useState, type ReactNode} from 'react';
import clsx from 'clsx';
import useDocusaurusContext from '@docusaurus/useDocusaurusContext';
import {useDoc, useDocsVersion} from '@docusaurus/plugin-content-docs/client';
import IconExternalLink from '@theme/Icon/ExternalLink';
import {REPOS} from '@site/src/constants';
import styles from './styles.module.css';

/** The twin of a page: its path plus `.md` (plugins/markdown-twins). */
export const twinPath = (permalink: string): string => `${permalink}.md`;

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
        message: 'The browser did not let the page copy: its Markdown is selected below, copy it with Ctrl+C or ⌘C.',
        markdown: await markdown,
      };
    } catch {
      return {message: 'The Markdown of this page could not be loaded. Try again, or use "View as Markdown".'};
    }
  }
}

export default function PageActions(): ReactNode {
  const {siteConfig} = useDocusaurusContext();
  const {metadata} = useDoc();
  const version = useDocsVersion().label;
  const [open, setOpen] = useState(false);
  const [status, setStatus] = useState<Status>({message: ''});
  const [copied, setCopied] = useState(false);
  const root = useRef<HTMLDivElement>(null);
  const toggle = useRef<HTMLButtonElement>(null);
  const text = useRef<HTMLTextAreaElement>(null);
  const menuId = useId();

  useEffect(() => {
    if (!open) return undefined;
    const outside = (event: Event) => {
      if (!root.current?.contains(event.target as Node)) setOpen(false);
    };
    const escape = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      setOpen(false);
      toggle.current?.focus();
    };
    document.addEventListener('mousedown', outside);
    document.addEventListener('touchstart', outside);
    document.addEventListener('focusin', outside);
    document.addEventListener('keydown', escape);
    return () => {
      document.removeEventListener('mousedown', outside);
      document.removeEventListener('touchstart', outside);
      document.removeEventListener('focusin', outside);
      document.removeEventListener('keydown', escape);
    };
  }, [open]);

  useEffect(() => {
    if (status.markdown !== undefined) text.current?.select();
    if (!status.ok) return undefined;
    // The button says "Copied" for a moment.
    setCopied(true);
    const timer = setTimeout(() => setCopied(false), 2000);
    return () => clearTimeout(timer);
  }, [status]);

  const path = twinPath(metadata.permalink);
  const twinUrl = siteConfig.url + path;
  const prompt = `Read ${twinUrl}, the Markdown version of the page "${metadata.title}" of the SPHERE documentation (docs version ${version}), so that I can ask you about it.`;
  const issue = new URLSearchParams({
    title: `Problem on "${metadata.title}" (${version})`,
    body: `Page: ${siteConfig.url}${metadata.permalink}\nDocs version: ${version}\n\nWhat is wrong or missing:\n`,
  });
  const links: [label: string, href: string, newTab: boolean][] = [
    ['View as Markdown', path, false],
    ['Open in ChatGPT', `https://chatgpt.com/?${new URLSearchParams({q: prompt})}`, true],
    ['Open in Claude', `https://claude.ai/new?${new URLSearchParams({q: prompt})}`, true],
    ['Report a problem with this page', `${REPOS.docs}/issues/new?${issue}`, true],
  ];

  return (
    <>
      <div ref={root} className={clsx('dropdown dropdown--right', styles.actions, open && 'dropdown--show')}>
        <button
          type="button"
          className={styles.button}
          onClick={() => {
            setStatus({message: ''});
            void copyTwin(path).then(setStatus);
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
          aria-expanded={open}
          aria-controls={open ? menuId : undefined}
          onClick={() => setOpen(!open)}
        >
          <svg viewBox="0 0 12 12" width="12" height="12" aria-hidden="true">
            <path d="M2 4l4 4 4-4" fill="none" stroke="currentColor" strokeWidth="1.5" />
          </svg>
        </button>
        {open && (
          <ul id={menuId} className="dropdown__menu">
            {links.map(([label, href, newTab]) => (
              <li key={label}>
                <a
                  className="dropdown__link"
                  href={href}
                  {...(newTab ? {target: '_blank', rel: 'noopener noreferrer'} : {})}
                  onClick={() => setOpen(false)}
                >
                  {label}
                  {newTab && <IconExternalLink />}
                </a>
              </li>
            ))}
          </ul>
        )}
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
