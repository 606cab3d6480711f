import { readFileSync } from 'node:fs';
import { packageFile } from './package-root.js';

/** cmlint's version, from the package.json at the package root. */
export function toolVersion(): string {
  try {
    const pkg = JSON.parse(readFileSync(packageFile('package.json'), 'utf8')) as { name?: string; version?: string };
    if (pkg.name === 'cmlint' && pkg.version) return pkg.version;
  } catch {
    // no package.json
  }
  return '0.0.0';
}
