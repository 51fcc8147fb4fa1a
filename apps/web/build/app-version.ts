import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { Plugin } from 'vite';

// The app's version (docs/pwa.md): the release, the build's id and time. The release is RELEASE when the deploy names
// it (a tag, "2026.11.29"), otherwise the package's version with the commit it was built from (`0.1.0+7875eef`, from
// `git describe`; `-dirty` when the tree had changes), or the package's version alone outside a git checkout. The browser bundle knows its
// own (__APP_VERSION__, __APP_BUILD__); the build writes the same facts to dist/version.json, which the running app
// polls (first after 2 s, then every 24 h): another build id there means a newer app was deployed.
// BUILD_ID may name the build (a commit, a CI run); otherwise the time and a random tag do. The server-render bundle
// is a second build with its own id: it only ever shows the version, which both builds share.

export interface VersionFile {
  version: string;
  build: string;
  built_at: string;
}

const NAME = /^[\w.+-]{1,64}$/;

/** The commit the sources are at (`git describe --always --dirty`), or null outside a git checkout. */
function gitCommit(dir: string): string | null {
  try {
    const out = execFileSync('git', ['describe', '--always', '--dirty', '--abbrev=7', '--exclude', '*'], {
      cwd: dir,
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'ignore'],
      timeout: 5_000,
    }).trim();
    return NAME.test(out) ? out : null;
  } catch {
    return null;
  }
}

/** The release this build is: RELEASE, else the package's version and the commit, else the package's version. */
export function releaseVersion(packageVersion: string, release: string | undefined, commit: string | null): string {
  const named = release?.trim();
  if (named && NAME.test(named)) return named;
  return commit ? `${packageVersion}+${commit}` : packageVersion;
}

export function appVersion(packageDir: string, now = new Date()): VersionFile {
  const pkg = JSON.parse(readFileSync(path.join(packageDir, 'package.json'), 'utf8')) as { version?: unknown };
  const version = releaseVersion(
    typeof pkg.version === 'string' ? pkg.version : '0.0.0',
    process.env['RELEASE'],
    gitCommit(packageDir),
  );
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
