// The engine version is the package version (api.md "Health and versions"). The manifest is found by
// walking up from this file, so the same code works from src/, dist/ and benchmark builds.
import { existsSync, readFileSync } from 'node:fs';

function readManifestVersion(): string {
  for (let url = new URL('../package.json', import.meta.url), i = 0; i < 5; i++, url = new URL('../package.json', new URL('.', url))) {
    if (!existsSync(url)) continue;
    const manifest = JSON.parse(readFileSync(url, 'utf8')) as { name?: string; version?: string };
    if (manifest.name === 'cpes' && manifest.version) return manifest.version;
  }
  throw new Error('cannot find the cpes package.json');
}

export const ENGINE_VERSION: string = readManifestVersion();
export const API_VERSION = '1.0.0';
