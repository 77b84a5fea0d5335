// The theme components of this plugin, as the pages import them (`@theme/...`).
declare module '@theme/SpaceApiReference' {
  export * from '@site/plugins/space-openapi/theme/SpaceApiReference';
  export {default} from '@site/plugins/space-openapi/theme/SpaceApiReference';
}

declare module '@theme/SpaceApiReference/PermissionMatrix' {
  export {default} from '@site/plugins/space-openapi/theme/SpaceApiReference/PermissionMatrix';
}

declare module '@theme/SpaceInstance' {
  export * from '@site/plugins/space-openapi/theme/SpaceInstance';
  export {default} from '@site/plugins/space-openapi/theme/SpaceInstance';
}
