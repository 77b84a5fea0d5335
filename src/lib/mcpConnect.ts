/**
 * Where the site serves the docs MCP server as a package, and the client configurations that run it from there with
 * Node alone (`npx -y <tarball URL>`: npm installs a package from a tarball URL and runs its only bin). One place for
 * the build step that publishes the package (plugins/mcp-package), the page that tells readers how to connect, every
 * llms.txt, the server's own report of its build, and the tests that check they agree.
 */

/** Site path of the packed server in every production build. */
export const MCP_TARBALL_PATH = '/mcp/sphere-docs-mcp.tgz';
/** Name the configurations give the server. */
export const MCP_SERVER_KEY = 'sphere-docs';

/** The tarball's URL on a site: its origin (SITE_URL at build time) and base URL. */
export function tarballUrl(origin: string, baseUrl = '/'): string {
  return `${origin.replace(/\/$/, '')}${baseUrl.replace(/\/$/, '')}${MCP_TARBALL_PATH}`;
}

/** The command and arguments that start the server from the site's tarball. */
export function npxCommand(url: string): {command: string; args: string[]} {
  return {command: 'npx', args: ['-y', url]};
}

/** Copy-paste configuration for the clients the docs name, each a complete snippet. */
export function clientConfigs(url: string): {claudeCode: string; vscode: string; mcpServers: string} {
  const {command, args} = npxCommand(url);
  const entry = (extra: Record<string, string>) => ({[MCP_SERVER_KEY]: {...extra, command, args}});
  return {
    claudeCode: `claude mcp add ${MCP_SERVER_KEY} -- ${command} ${args.join(' ')}`,
    vscode: JSON.stringify({servers: entry({type: 'stdio'})}, null, 2),
    mcpServers: JSON.stringify({mcpServers: entry({})}, null, 2),
  };
}
