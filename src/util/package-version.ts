// The package version, read from the manifest asset so the same code works from src/, dist/, benchmark
// builds and the single executable. It sits in util so that any layer (the store's addon cache, the
// engine's version) can read it without importing a layer above it.
import { readAsset } from './assets.js';

function readManifestVersion(): string {
  const manifest = JSON.parse(readAsset('manifest').toString('utf8')) as { name?: string; version?: string };
  if (manifest.name !== 'cpes' || !manifest.version) throw new Error('the cpes package.json has no version');
  return manifest.version;
}

export const PACKAGE_VERSION: string = readManifestVersion();
