/**
 * Why this wrapper exists: complete Pricing2Yaml examples in the docs (fences marked example="valid" or
 * example="invalid", see CONTRIBUTING.md) get an "Open in playground" link that carries the example to /playground.
 * Every other code block renders exactly as the stock component does.
 *
 * It also registers the extra Prism languages (`prism.additionalLanguages`), which the theme would otherwise do in
 * the main bundle of every page: see plugins/prism-on-demand.
 */
import {Prism} from 'prism-react-renderer';
import prismIncludeLanguages from '@theme/prism-include-languages';
import CodeBlock from '@theme-original/CodeBlock';
import type CodeBlockType from '@theme/CodeBlock';
import type {WrapperProps} from '@docusaurus/types';
import Link from '@docusaurus/Link';
import {playgroundUrl} from '@site/src/components/Playground/share';
import styles from './styles.module.css';

type Props = WrapperProps<typeof CodeBlockType>;

prismIncludeLanguages(Prism);

const COMPLETE_EXAMPLE = /(?:^|\s)example=["']?(?:valid|invalid)["']?(?:\s|$)/;

export default function CodeBlockWrapper(props: Props) {
  const {metastring, children, title} = props as Props & {metastring?: string};
  if (typeof children !== 'string' || !metastring || !COMPLETE_EXAMPLE.test(metastring)) {
    return <CodeBlock {...props} />;
  }
  const name = typeof title === 'string' ? title : /title=["']([^"']+)["']/.exec(metastring)?.[1];
  return (
    <div className={styles.example}>
      <CodeBlock {...props} />
      {/* The hash carries the document, not an anchor: skip the broken-anchor check (the e2e suite follows it). */}
      <Link
        data-noBrokenLinkCheck
        className={styles.open}
        to={playgroundUrl(children.replace(/\n$/, '') + '\n')}
        aria-label={name ? `Open ${name} in the playground` : undefined}
      >
        Open in playground
      </Link>
    </div>
  );
}
