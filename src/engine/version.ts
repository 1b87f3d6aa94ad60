// The engine version is the package version (api.md "Health and versions").
import { PACKAGE_VERSION } from '../util/package-version.js';

export const ENGINE_VERSION: string = PACKAGE_VERSION;
export const API_VERSION = '1.0.0';
