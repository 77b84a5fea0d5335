/**
 * Which role may call what, from the `x-roles` of each operation of the SPACE API document (the roles page). It reads
 * only the route list this plugin derives from the document, not the whole document.
 */
import type {ReactNode} from 'react';
import routes from '@generated/space-openapi/routes.json';
import {SPACE_ROLES, moduleOf} from '@sphere-docs/lib/spaceOpenApi';
import MethodBadge from './MethodBadge';
import styles from './styles.module.css';

const METHODS = ['GET', 'POST', 'PUT', 'DELETE'] as const;

interface MatrixProps {
  /** `modules` groups by first path segment and method; `endpoints` lists every route. */
  view?: 'modules' | 'endpoints';
}

export default function SpacePermissionMatrix({view = 'modules'}: MatrixProps): ReactNode {
  if (view === 'endpoints') {
    return (
      <table className={styles.table}>
        <thead>
          <tr>
            <th>Method</th>
            <th>Path</th>
            {SPACE_ROLES.map((r) => (
              <th key={r}>{r}</th>
            ))}
          </tr>
        </thead>
        <tbody>
          {routes.map((route) => (
            <tr key={`${route.method} ${route.path}`}>
              <td>
                <MethodBadge method={route.method} />
              </td>
              <td>
                <code>{route.path}</code>
                {route.public ? ' (public)' : ''}
              </td>
              {SPACE_ROLES.map((r) => (
                <td key={r} className={route.roles.includes(r) ? styles.yes : styles.no}>
                  {route.roles.includes(r) ? 'yes' : 'no'}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    );
  }

  const guarded = routes.filter((route) => !route.public);
  const modules = [...new Set(guarded.map((route) => moduleOf(route.path)))];
  return (
    <table className={styles.table}>
      <thead>
        <tr>
          <th>Module</th>
          {METHODS.map((m) => (
            <th key={m}>{m}</th>
          ))}
        </tr>
      </thead>
      <tbody>
        {modules.map((module) => (
          <tr key={module}>
            <td>
              <code>/{module}</code>
            </td>
            {METHODS.map((method) => {
              const routed = guarded.filter((r) => moduleOf(r.path) === module && r.method === method);
              if (routed.length === 0) {
                return (
                  <td key={method} className={styles.none}>
                    no route
                  </td>
                );
              }
              const roles = SPACE_ROLES.filter((role) => routed.every((r) => r.roles.includes(role)));
              return <td key={method}>{roles.join(', ')}</td>;
            })}
          </tr>
        ))}
      </tbody>
    </table>
  );
}
