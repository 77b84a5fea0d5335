/**
 * Wraps the stock not-found content (kept as is) and adds a way forward:
 * the four sections of the current docs and a search hint.
 * Reason for wrapping: themeConfig cannot add content to the 404 page.
 */
import type {ReactNode} from 'react';
import Content from '@theme-original/NotFound/Content';
import type ContentType from '@theme/NotFound/Content';
import type {WrapperProps} from '@docusaurus/types';
import Link from '@docusaurus/Link';
import {docPath} from '@site/src/constants';
import styles from './styles.module.css';

type Props = WrapperProps<typeof ContentType>;

const SECTIONS = [
  {label: 'Getting Started', to: docPath('docs/Introduction'), hint: 'what the toolkit is and how to install it'},
  {label: 'Developer Guide', to: docPath('api/introduction'), hint: 'Pricing2Yaml, the libraries and SPACE'},
  {label: 'Contributing', to: docPath('contrib/introduction'), hint: 'how to improve the toolkit'},
  {label: 'FAQs', to: docPath('commonErrors/introduction'), hint: 'common errors and their fixes'},
];

export default function ContentWrapper(props: Props): ReactNode {
  return (
    <>
      <Content {...props} />
      <nav className={`container ${styles.help}`} aria-labelledby="not-found-help">
        <h2 id="not-found-help" className={styles.title}>
          Where to go from here
        </h2>
        <p>
          Pages move between docs versions. Search the docs with <kbd>Ctrl</kbd> + <kbd>K</kbd> (<kbd>⌘</kbd> +{' '}
          <kbd>K</kbd> on macOS), or start from one of the sections:
        </p>
        <ul className={styles.list}>
          {SECTIONS.map((s) => (
            <li key={s.to}>
              <Link to={s.to}>{s.label}</Link>: {s.hint}
            </li>
          ))}
        </ul>
      </nav>
    </>
  );
}
