import type {ReactNode} from 'react';
import Link from '@docusaurus/Link';
import Heading from '@theme/Heading';
import {docPath} from '@site/src/constants';
import styles from './styles.module.css';

interface Part {
  name: string;
  kind: string;
  summary: string;
  to: string;
}

/** The parts of the toolkit, in the order a newcomer meets them. */
const PARTS: readonly Part[] = [
  {
    name: 'Pricing2Yaml',
    kind: 'Language',
    summary:
      'Describe plans, features, usage limits and add-ons of a SaaS in one YAML file that tools can validate, compare and evaluate.',
    to: docPath('api/Pricing2Yaml/the-pricing2yaml-syntax'),
  },
  {
    name: 'Pricing4Java',
    kind: 'Backend library',
    summary:
      'Evaluate a user’s plan on a Spring Boot server, guard endpoints with annotations and sign a pricing token for the browser.',
    to: docPath('api/Pricing4SaaS/Pricing4Java/pricing-context'),
  },
  {
    name: 'Pricing4React',
    kind: 'Frontend library',
    summary: 'Show or hide parts of a React interface from the features in the pricing token the server hands out.',
    to: docPath('api/Pricing4SaaS/Pricing4React/feature-component'),
  },
  {
    name: 'SPACE',
    kind: 'Service',
    summary:
      'Run pricing-driven access control as a service: versioned pricings, subscription contracts and feature evaluation over REST.',
    to: docPath('api/space/introduction'),
  },
  {
    name: 'SPHERE',
    kind: 'Platform',
    summary: 'Search, edit and analyse real-world pricings in a web platform built on the same libraries.',
    to: docPath('api/sphere/introduction'),
  },
];

function Card({name, kind, summary, to}: Part): ReactNode {
  return (
    <li className={styles.card}>
      <Link to={to} className={styles.link}>
        <span className={styles.kind}>{kind}</span>
        <Heading as="h3" className={styles.name}>
          {name}
        </Heading>
        <p className={styles.summary}>{summary}</p>
      </Link>
    </li>
  );
}

export default function ToolkitCards(): ReactNode {
  return (
    <ul className={styles.grid}>
      {PARTS.map((part) => (
        <Card key={part.name} {...part} />
      ))}
    </ul>
  );
}
