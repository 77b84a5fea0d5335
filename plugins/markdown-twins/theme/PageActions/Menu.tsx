/**
 * The menu of the page actions, loaded when the reader first points at, focuses or opens its button (see ./index.tsx):
 * View as Markdown, Open in ChatGPT, Open in Claude, Report a problem with this page. Plain links, nothing fetched.
 * Like the theme's dropdowns it closes on a click elsewhere and when focus leaves it; Escape closes it too and gives
 * focus back to its button.
 */
import {useEffect, type ReactNode, type RefObject} from 'react';
import useDocusaurusContext from '@docusaurus/useDocusaurusContext';
import {useDoc, useDocsVersion} from '@docusaurus/plugin-content-docs/client';
import IconExternalLink from '@theme/Icon/ExternalLink';
import {twinPath} from '../../twin';

interface Props {
  id: string;
  /** The whole widget: a click or focus outside it closes the menu. */
  root: RefObject<HTMLElement | null>;
  /** The button that opened the menu. */
  toggle: RefObject<HTMLElement | null>;
  close: () => void;
}

export default function Menu({id, root, toggle, close}: Props): ReactNode {
  const {siteConfig} = useDocusaurusContext();
  const {metadata} = useDoc();
  const version = useDocsVersion().label;

  useEffect(() => {
    const outside = (event: Event) => {
      if (!root.current?.contains(event.target as Node)) close();
    };
    const escape = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      close();
      toggle.current?.focus();
    };
    const listeners = [
      ['mousedown', outside],
      ['touchstart', outside],
      ['focusin', outside],
      ['keydown', escape],
    ] as const;
    for (const [type, listener] of listeners) document.addEventListener(type, listener as EventListener);
    return () => {
      for (const [type, listener] of listeners) document.removeEventListener(type, listener as EventListener);
    };
  }, [root, toggle, close]);

  const path = twinPath(metadata.permalink);
  const prompt = `Read ${siteConfig.url}${path}, the Markdown version of the page "${metadata.title}" of the SPHERE documentation (docs version ${version}), so that I can ask you about it.`;
  const issue = new URLSearchParams({
    title: `Problem on "${metadata.title}" (${version})`,
    body: `Page: ${siteConfig.url}${metadata.permalink}\nDocs version: ${version}\n\nWhat is wrong or missing:\n`,
  });
  const links: [label: string, href: string, newTab: boolean][] = [
    ['View as Markdown', path, false],
    ['Open in ChatGPT', `https://chatgpt.com/?${new URLSearchParams({q: prompt})}`, true],
    ['Open in Claude', `https://claude.ai/new?${new URLSearchParams({q: prompt})}`, true],
    [
      'Report a problem with this page',
      `${siteConfig.customFields?.repositoryUrl as string}/issues/new?${issue}`,
      true,
    ],
  ];

  return (
    <ul id={id} className="dropdown__menu">
      {links.map(([label, href, newTab]) => (
        <li key={label}>
          <a
            className="dropdown__link"
            href={href}
            {...(newTab ? {target: '_blank', rel: 'noopener noreferrer'} : {})}
            onClick={close}
          >
            {label}
            {newTab && <IconExternalLink />}
          </a>
        </li>
      ))}
    </ul>
  );
}
