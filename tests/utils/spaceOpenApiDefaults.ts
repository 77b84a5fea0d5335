/**
 * `@generated/space-openapi/defaults.json` for the unit tests: Docusaurus resolves that name to the file
 * plugins/space-openapi writes when the site loads; vitest.config.ts resolves it to this module, which makes the same
 * object from the same document. (Loaded by Vitest, which compiles the lib's TypeScript; the config file itself is
 * loaded by Node, which cannot.)
 */
import {readFileSync} from 'node:fs';
import {join} from 'node:path';
import {parse} from 'yaml';
import type {SpaceApiDocument} from '@sphere-docs/lib/spaceOpenApi';
import {DOCUMENT, instanceDefaults} from '../../plugins/space-openapi';

export default instanceDefaults(parse(readFileSync(DOCUMENT, 'utf8')) as SpaceApiDocument, join(__dirname, '..', '..'));
