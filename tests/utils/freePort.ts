/**
 * Ports for the servers the tests start (the served build, mocks, stand-in SPACE instances), chosen by the system
 * among those free when asked, so that two runs on one machine do not collide. A port given in the environment wins.
 */
import {execFileSync} from 'node:child_process';
import {createServer, type AddressInfo} from 'node:net';

/** A port nothing listens on at 127.0.0.1: the one the system gives a listener on port 0, closed again. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const {port} = server.address() as AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

const PRINT_FREE_PORT =
  "const s=require('node:net').createServer();s.listen(0,'127.0.0.1',()=>{process.stdout.write(String(s.address().port));s.close()})";

/** `freePort` for code that cannot wait, such as a Playwright config, which is loaded synchronously. */
export function freePortSync(): number {
  return Number(execFileSync(process.execPath, ['-e', PRINT_FREE_PORT], {encoding: 'utf8'}));
}

/**
 * The port in `process.env[name]`, or else `fallback()` (a free port), written back to `process.env[name]`. Playwright
 * loads its config again in each worker, which inherits the environment of the run: written back, the port is the same
 * in all of them.
 */
export function envPort(name: string, fallback: () => number = freePortSync): number {
  const given = process.env[name];
  const port = given ? Number(given) : fallback();
  if (!Number.isInteger(port) || port <= 0 || port > 65535) throw new Error(`${name}: not a port: ${given}`);
  process.env[name] = String(port);
  return port;
}
