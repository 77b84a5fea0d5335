import type {ReactNode} from 'react';
import clsx from 'clsx';
import styles from './styles.module.css';

/** An HTTP method as a coloured badge. */
export default function MethodBadge({method}: {method: string}): ReactNode {
  return <span className={clsx(styles.method, styles[method.toLowerCase()])}>{method.toUpperCase()}</span>;
}
