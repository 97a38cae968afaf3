// A build folder and its mf-manifest.json: what it records (name, version, requirements, files),
// where a version lives, and the digest that keeps a version's content fixed
// (docs/adr/0010-versioned-remotes.md).
import { createHash } from 'node:crypto';
import { existsSync, lstatSync, readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import type { Requirement } from '@gudang/api-client/contract';
import { DeployError } from './problems';

/** The shell is stored and deployed like a remote, under this name. */
export const SHELL = 'shell';
export const VERSION_PATTERN = /^[0-9A-Za-z][0-9A-Za-z.+_-]{0,99}$/;

/** The part of mf-manifest.json this module reads. */
export interface BuildManifest {
  name: string;
  metaData: {
    remoteEntry?: { name?: string; path?: string };
    buildInfo?: { buildVersion?: string };
    gudang?: {
      name?: string;
      version?: string;
      commit?: string | null;
      builtAt?: string;
      requires?: Record<string, Requirement>;
      provides?: Record<string, string>;
      /** A remote: the names it imports from each shared workspace package, with type fingerprints. */
      uses?: Surfaces;
      /** The shell: the public surface of each shared workspace package it provides. */
      surface?: Surfaces;
      /** A remote: the API schemas it uses, each with a hash of its fields (contract.ts). */
      contract?: Record<string, string>;
      /** A remote: the pages it declares (its pages.json; checked by pageProblems). */
      pages?: unknown;
    };
  };
  shared?: { name: string; requiredVersion?: string | false; assets?: Assets }[];
  exposes?: { name: string; assets?: Assets }[];
}

/** By package, exported name -> fingerprint of its type (@gudang/mf-build, surface.js). */
export type Surfaces = Record<string, Record<string, string>>;

interface Assets {
  js?: { sync?: string[]; async?: string[] };
  css?: { sync?: string[]; async?: string[] };
}

export const versionEntry = (name: string, version: string): string =>
  name === SHELL ? `/shell/${version}/` : `/remotes/${name}/${version}/mf-manifest.json`;

/** The version in an entry URL of this server's versioned paths, else null. */
export function versionOfEntry(name: string, entry: string): string | null {
  if (name === SHELL) {
    const match = /^\/shell\/([^/]+)\/$/.exec(entry);
    return match?.[1] && VERSION_PATTERN.test(match[1]) ? match[1] : null;
  }
  const prefix = `/remotes/${name}/`;
  if (!entry.startsWith(prefix) || !entry.endsWith('/mf-manifest.json')) return null;
  const version = entry.slice(prefix.length, -'/mf-manifest.json'.length);
  return VERSION_PATTERN.test(version) ? version : null;
}

export function readManifest(dir: string): BuildManifest {
  const file = path.join(dir, 'mf-manifest.json');
  if (!existsSync(file)) throw new DeployError(`mf-manifest.json tidak ada di ${dir}`);
  try {
    return JSON.parse(readFileSync(file, 'utf8')) as BuildManifest;
  } catch (error) {
    throw new DeployError(`mf-manifest.json di ${dir} bukan JSON: ${String(error)}`);
  }
}

export function manifestVersion(manifest: BuildManifest): string | null {
  return manifest.metaData.gudang?.version ?? manifest.metaData.buildInfo?.buildVersion ?? null;
}

/** Every file the manifest names, relative to the build folder. */
export function manifestFiles(manifest: BuildManifest): string[] {
  const files = new Set<string>();
  const entry = manifest.metaData.remoteEntry;
  if (entry?.name) files.add(path.posix.join(entry.path ?? '', entry.name));
  const addAssets = (assets: Assets | undefined) => {
    for (const kind of [assets?.js, assets?.css])
      for (const file of [...(kind?.sync ?? []), ...(kind?.async ?? [])]) files.add(file);
  };
  for (const shared of manifest.shared ?? []) addAssets(shared.assets);
  for (const exposed of manifest.exposes ?? []) addAssets(exposed.assets);
  return [...files];
}

/**
 * Whether `file`, named by a manifest, is a plain relative path that stays inside the build
 * folder: no absolute path, no '..', no backslash or drive letter (security review).
 */
export function insideBuild(dir: string, file: string): boolean {
  if (file === '' || file.includes('\\') || file.includes('\0') || path.isAbsolute(file))
    return false;
  if (file.split('/').some((part) => part === '..')) return false;
  const root = path.resolve(dir);
  const resolved = path.resolve(root, file);
  return resolved.startsWith(`${root}${path.sep}`);
}

/** Every file of a build folder, relative and sorted (folders walked, not listed). */
function buildFiles(dir: string, prefix = ''): string[] {
  const out: string[] = [];
  for (const entry of readdirSync(path.join(dir, prefix), { withFileTypes: true })) {
    const relative = prefix ? `${prefix}/${entry.name}` : entry.name;
    if (entry.isDirectory()) out.push(...buildFiles(dir, relative));
    else out.push(relative);
  }
  return out.sort();
}

/** The entries of a build folder that are neither folders nor regular files (symlinks, ...). */
export function notPlainFiles(dir: string, prefix = ''): string[] {
  const odd: string[] = [];
  for (const entry of readdirSync(path.join(dir, prefix), { withFileTypes: true })) {
    const relative = prefix ? `${prefix}/${entry.name}` : entry.name;
    const stat = lstatSync(path.join(dir, relative));
    if (stat.isDirectory()) odd.push(...notPlainFiles(dir, relative));
    else if (!stat.isFile()) odd.push(relative);
  }
  return odd;
}

/**
 * A digest of a whole build: every file's path and bytes, the manifest without its build time
 * (a rebuild of the same sources is the same build). Two builds with one version must have the
 * same digest: a version is never served with other content (security review).
 */
export function buildDigest(dir: string): string {
  const hash = createHash('sha256');
  for (const file of buildFiles(dir)) {
    let body: Buffer = readFileSync(path.join(dir, file));
    if (file === 'mf-manifest.json') {
      const manifest = readManifest(dir);
      if (manifest.metaData.gudang) delete manifest.metaData.gudang.builtAt;
      body = Buffer.from(JSON.stringify(manifest));
    }
    hash.update(`${file}\0${body.length}\0`).update(body);
  }
  return hash.digest('hex');
}
