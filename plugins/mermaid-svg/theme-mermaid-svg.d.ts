// The theme components of this plugin, as other modules import them (`@theme/...`).
declare module '@theme/MermaidDiagram' {
  export {default, type MermaidDiagramProps as Props} from '@site/plugins/mermaid-svg/theme/MermaidDiagram';
}
