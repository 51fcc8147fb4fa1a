import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { Plugin } from 'vite';

// The app's version (docs/pwa.md): the web package's version, the build's id and time. The browser bundle knows its
// own (__APP_VERSION__, __APP_BUILD__); the build writes the same facts to dist/version.json, which the running app
// polls (first after 2 s, then every 24 h): another build id there means a newer app was deployed.
// BUILD_ID may name the build (a commit, a CI run); otherwise the time and a random tag do. The server-render bundle
// is a second build with its own id: it only ever shows the version, which both builds share.

export interface VersionFile {
  version: string;
  build: string;
  built_at: string;
}

export function appVersion(packageDir: string, now = new Date()): VersionFile {
  const pkg = JSON.parse(readFileSync(path.join(packageDir, 'package.json'), 'utf8')) as { version?: unknown };
  const version = typeof pkg.version === 'string' ? pkg.version : '0.0.0';
  const fromEnv = process.env['BUILD_ID']?.trim();
  const build =
    fromEnv && /^[\w.-]{1,64}$/.test(fromEnv)
      ? fromEnv
      : `${now.toISOString().replace(/[-:]/g, '').slice(0, 15)}-${randomBytes(3).toString('hex')}`;
  return { version, build, built_at: now.toISOString() };
}

/** Defines the bundle's version constants and writes version.json beside index.html (client build only). */
export function versionFile(info: VersionFile): Plugin {
  return {
    name: 'ventanilla:version-file',
    config() {
      return {
        define: {
          __APP_VERSION__: JSON.stringify(info.version),
          __APP_BUILD__: JSON.stringify(info.build),
        },
      };
    },
    generateBundle() {
      if (this.environment.config.consumer !== 'client') return;
      this.emitFile({ type: 'asset', fileName: 'version.json', source: `${JSON.stringify(info, null, 2)}\n` });
    },
  };
}
