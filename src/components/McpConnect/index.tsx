/**
 * The client configuration that runs the docs MCP server from the tarball this build publishes
 * (plugins/mcp-package), for one client. The URL is the site's own (SITE_URL at build time), so the snippet a reader
 * copies points at the site they are reading; @sphere-docs/lib/mcpConnect writes the same snippets into every llms.txt.
 */
import type {ReactNode} from 'react';
import CodeBlock from '@theme/CodeBlock';
import useDocusaurusContext from '@docusaurus/useDocusaurusContext';
import {MCP_TARBALL_PATH, clientConfigs, tarballUrl} from '@sphere-docs/lib/mcpConnect';

export type McpClient = 'claude-code' | 'mcp-servers' | 'vscode' | 'http' | 'url';

export default function McpConnect({client}: {client: McpClient}): ReactNode {
  const {siteConfig} = useDocusaurusContext();
  const url = tarballUrl(siteConfig.url, siteConfig.baseUrl);
  const configs = clientConfigs(url);
  switch (client) {
    case 'url':
      return <a href={`${siteConfig.baseUrl.replace(/\/$/, '')}${MCP_TARBALL_PATH}`}>{url}</a>;
    case 'http':
      return <CodeBlock language="bash">{`npx -y ${url} --http 127.0.0.1:3333`}</CodeBlock>;
    case 'claude-code':
      return <CodeBlock language="bash">{configs.claudeCode}</CodeBlock>;
    case 'mcp-servers':
      return (
        <CodeBlock language="json" title="mcpServers entry">
          {configs.mcpServers}
        </CodeBlock>
      );
    case 'vscode':
      return (
        <CodeBlock language="json" title=".vscode/mcp.json">
          {configs.vscode}
        </CodeBlock>
      );
  }
}
