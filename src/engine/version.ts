// The engine version is the package version (api.md "Health and versions").
import { readFileSync } from 'node:fs';

const manifest = JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as { version: string };

export const ENGINE_VERSION: string = manifest.version;
export const API_VERSION = '1.0.0';
