/** The 3.0 form of an older document, as a diff against the document, with the notes of each upgrade step. */
import type {UpgradeView} from '@sphere-docs/lib/pricing2yaml/analyze';
import type {DiffLine} from '@sphere-docs/lib/lineDiff';
import styles from './styles.module.css';

interface Props {
  upgrade: UpgradeView;
  diff?: DiffLine[];
  onUse(text: string): void;
}

const MARK = {same: '  ', added: '+ ', removed: '- '} as const;

export default function UpgradePanel({upgrade, diff, onUse}: Props) {
  return (
    <section aria-labelledby="upgrade-view" className={styles.section} data-testid="upgrade">
      <h2 id="upgrade-view">In Pricing2Yaml 3.0</h2>
      {upgrade.error ? (
        <p>
          This {upgrade.from} document cannot be upgraded: {upgrade.error}
        </p>
      ) : (
        <>
          <p>
            This document uses syntax {upgrade.from}. Here is its corrected 3.0 form, after the documented upgrade steps
            (lines starting with + are added, - removed; comments and formatting are not kept).
          </p>
          {upgrade.about && <p data-testid="upgrade-about">{upgrade.about}</p>}
          {upgrade.spaceBreaks && upgrade.spaceBreaks.length > 0 && (
            <>
              <p>Expressions SPACE&apos;s own upgrade of the {upgrade.from} file would break:</p>
              <ul className={styles.notes} data-testid="upgrade-space-breaks">
                {upgrade.spaceBreaks.map((b) => (
                  <li key={b.path}>
                    Line {b.line}, <code>{b.path}</code>: {b.message}
                  </li>
                ))}
              </ul>
            </>
          )}
          {upgrade.notes.length > 0 && (
            <ul className={styles.notes}>
              {upgrade.notes.map((n) => (
                <li key={n}>{n}</li>
              ))}
            </ul>
          )}
          <button type="button" className="button button--primary button--sm" onClick={() => onUse(upgrade.yaml!)}>
            Replace the document with its 3.0 form
          </button>
          {/* A scrollable region must be reachable with the keyboard. */}
          <pre className={styles.diff} tabIndex={0} aria-label="Differences from the document to its 3.0 form">
            {(diff ?? upgrade.yaml!.split('\n').map((text): DiffLine => ({kind: 'added', text}))).map((l, i) => (
              <span key={i} className={styles[l.kind]}>
                {MARK[l.kind]}
                {l.text}
                {'\n'}
              </span>
            ))}
          </pre>
        </>
      )}
    </section>
  );
}
