// The bundler requires loaders by path with Node's require(); ./loader.ts is TypeScript, so this loads it with jiti,
// the TypeScript loader Docusaurus itself loads the site's config with.
// eslint-disable-next-line @typescript-eslint/no-require-imports -- a loader the bundler requires is CommonJS
module.exports = require('jiti')(__filename)('./loader.ts');
