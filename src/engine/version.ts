// The engine version is the package version (api.md "Health and versions"), read from the manifest asset
// so the same code works from src/, dist/, benchmark builds and the single executable.
import { readAsset } from '../util/assets.js';

function readManifestVersion(): string {
  const manifest = JSON.parse(readAsset('manifest').toString('utf8')) as { name?: string; version?: string };
  if (manifest.name !== 'cpes' || !manifest.version) throw new Error('the cpes package.json has no version');
  return manifest.version;
}

export const ENGINE_VERSION: string = readManifestVersion();
export const API_VERSION = '1.0.0';
