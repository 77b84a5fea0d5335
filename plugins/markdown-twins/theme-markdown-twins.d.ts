// The theme components of this plugin, as other modules import them (`@theme/...`).
declare module '@theme/PageActions' {
  export {default} from '@site/plugins/markdown-twins/theme/PageActions';
}
