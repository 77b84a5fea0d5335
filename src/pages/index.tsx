import type {ReactNode} from 'react';
import Link from '@docusaurus/Link';
import useDocusaurusContext from '@docusaurus/useDocusaurusContext';
import Layout from '@theme/Layout';
import Heading from '@theme/Heading';
import ToolkitCards from '@site/src/components/ToolkitCards';
import {docPath} from '@site/src/constants';
import styles from './index.module.css';

const SAMPLE = `syntaxVersion: "2.1"
saasName: NoteHive
currency: EUR
plans:
  FREE: { price: 0, features: null }
  PRO:
    price: 9.99
    features:
      exportPdf: { value: true }`;

function Hero(): ReactNode {
  const {siteConfig} = useDocusaurusContext();
  return (
    // Not a <header>: the announcement bar is the page's banner landmark already, and the hero is main content.
    <div className={styles.hero}>
      <div className={`container ${styles.heroInner}`}>
        <div className={styles.heroText}>
          <Heading as="h1" className={styles.title}>
            {siteConfig.tagline}
          </Heading>
          <p className={styles.lead}>
            Write your pricing once, in a file your code can read. The toolkit turns plans, features and usage limits
            into feature toggles on the server and in the browser, and into contracts a service can enforce.
          </p>
          <div className={styles.actions}>
            <Link className="button button--primary button--lg" to={docPath('docs/Introduction')}>
              Get started
            </Link>
            <Link className="button button--secondary button--lg" to={docPath('api/introduction')}>
              Developer guide
            </Link>
          </div>
        </div>
        <figure className={styles.sample} aria-label="A pricing written in Pricing2Yaml">
          <pre>
            <code>{SAMPLE}</code>
          </pre>
          <figcaption>A pricing, as Pricing2Yaml describes it (excerpt).</figcaption>
        </figure>
      </div>
    </div>
  );
}

export default function Home(): ReactNode {
  return (
    <Layout description="Documentation of SPHERE, the toolkit for pricing-driven SaaS: Pricing2Yaml, Pricing4Java, Pricing4React, Pricing4TS and SPACE.">
      {/* One <main> holds the hero too: a top-level <header> would be a second banner landmark next to the
          announcement bar. */}
      <main>
        <Hero />
        <section className={`container ${styles.section}`}>
          <Heading as="h2" className={styles.sectionTitle}>
            One pricing, every layer of your SaaS
          </Heading>
          <ToolkitCards />
        </section>
      </main>
    </Layout>
  );
}
