/**
 * The SPACE API document as the tests read it: plugins/space-openapi/static/openapi/space-api.yaml parsed with the
 * `yaml` package, the file the site publishes and renders (plugins/space-openapi checks it in full).
 */
import {readFileSync} from 'node:fs';
import {parse} from 'yaml';
import type {SpaceApiDocument} from '@sphere-docs/lib/spaceOpenApi';
import {DOCUMENT} from '../../plugins/space-openapi';

export const SPACE_API_FILE = DOCUMENT;

export const spaceApiDocument = parse(readFileSync(SPACE_API_FILE, 'utf8')) as SpaceApiDocument;
