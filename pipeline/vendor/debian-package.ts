import { existsSync, mkdirSync, readdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { $ } from 'zx';
import { SCRATCH_ROOT } from './scratch-install.js';

/** Folder where the dev machine already extracted some .deb files (reused only if the version matches). */
const PRELOADED_DEBS: Record<string, string> = { 'python3-fake-factory': '/tmp/scratch/ff' };

async function extractedVersion(root: string, name: string): Promise<string | undefined> {
  const changelog = join(root, 'usr', 'share', 'doc', name, 'changelog.Debian.gz');
  if (!existsSync(changelog)) return undefined;
  // The first changelog line is "source (version) dist; urgency=...".
  const first = (await $({ quiet: true })`zcat ${changelog}`).stdout.split('\n')[0] ?? '';
  return /\(([^)]+)\)/.exec(first)?.[1];
}

/**
 * Returns a folder holding the extracted files of Debian package `name` at exactly `version`
 * (apt-get download + dpkg-deb -x; nothing is installed system-wide).
 */
export async function debianPackageRoot(name: string, version: string): Promise<string> {
  const preloaded = PRELOADED_DEBS[name];
  if (process.env.USSYNTH_VENDOR_NO_REUSE !== '1' && preloaded !== undefined) {
    if ((await extractedVersion(preloaded, name)) === version) return preloaded;
  }
  const base = join(SCRATCH_ROOT, 'deb', `${name}_${version}`);
  const root = join(base, 'root');
  if ((await extractedVersion(root, name)) === version) return root;
  rmSync(base, { recursive: true, force: true });
  mkdirSync(root, { recursive: true });
  console.error(`vendor: apt-get download ${name}=${version} into ${base}`);
  await $({ cwd: base, quiet: true })`apt-get download ${`${name}=${version}`}`;
  const deb = readdirSync(base).find((f) => f.endsWith('.deb'));
  if (deb === undefined) throw new Error(`apt-get download ${name}=${version} produced no .deb`);
  await $({ quiet: true })`dpkg-deb -x ${join(base, deb)} ${root}`;
  return root;
}

/** Version of an installed Debian package, or undefined when it is not installed. */
export async function installedDebianVersion(name: string): Promise<string | undefined> {
  // biome-ignore lint/suspicious/noTemplateCurlyInString: ${Version} is dpkg-query's own format field, passed through as text
  const r = await $({ quiet: true, nothrow: true })`dpkg-query -W -f=${'${Version}'} ${name}`;
  return r.exitCode === 0 && r.stdout !== '' ? r.stdout : undefined;
}
