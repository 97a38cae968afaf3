// Whether a build can go live beside the live shell: the shared versions it requires and the
// exports it uses, against what the shell provides (docs/adr/0010-versioned-remotes.md).
import { existsSync } from 'node:fs';
import path from 'node:path';
import { unmetRequirements } from '@gudang/api-client/contract';
import { satisfy } from '@module-federation/runtime-core';
import {
  SHELL,
  VERSION_PATTERN,
  insideBuild,
  manifestFiles,
  manifestVersion,
  notPlainFiles,
  readManifest,
  versionOfEntry,
  type BuildManifest,
  type Surfaces,
} from './manifest';
import { DeployError, fatal, skew, type BuildProblem } from './problems';
import { readList, type RemoteStore } from './store';

/** What the live shell provides, by package name (from its build's manifest). */
export function shellProvides(shellDir: string): Record<string, string> {
  const provides = readManifest(shellDir).metaData.gudang?.provides;
  if (!provides)
    throw new DeployError(
      `the live shell (${shellDir}) names no provided versions: rebuild it (npm run build -w @gudang/shell)`,
    );
  return provides;
}

/** The public surface the live shell provides, or null for a shell built before it was recorded. */
export function shellSurface(shellDir: string): Surfaces | null {
  return readManifest(shellDir).metaData.gudang?.surface ?? null;
}

/** The surface's entry for a shared package's own sources (packages/mf-build/surface.js). */
const SOURCE_KEY = '#source';

/**
 * The names a remote uses that the shell's shared packages lack or export with another type, one
 * sentence each: what a version number cannot tell when it was not bumped (audit 4).
 */
export function unmetSurface(uses: Surfaces, surface: Surfaces): string[] {
  const unmet: string[] = [];
  for (const [pkg, names] of Object.entries(uses)) {
    const provided = surface[pkg];
    if (!provided) continue; // the version check names a package the shell lacks
    // Built from the same sources of the package: the same surface, even when a library's newer
    // release (a team's fresh install) prints some of its types otherwise.
    const source = names[SOURCE_KEY];
    if (source !== undefined && source === provided[SOURCE_KEY]) continue;
    for (const [name, fingerprint] of Object.entries(names)) {
      if (name === SOURCE_KEY) continue;
      if (!(name in provided)) unmet.push(`${pkg} ${name} (shell tidak menyediakan)`);
      else if (provided[name] !== fingerprint)
        unmet.push(`${pkg} ${name} dengan tipe lain (tipe di shell berbeda)`);
    }
  }
  return unmet;
}

/**
 * Checks a build folder for remote `name` against what the shell provides (its versions and, when
 * known, its shared packages' surface): the reasons it cannot go live, by kind (empty: fine).
 */
export function buildProblems(
  dir: string,
  name: string,
  provides: Record<string, string>,
  surface: Surfaces | null = null,
): BuildProblem[] {
  let manifest: BuildManifest;
  try {
    manifest = readManifest(dir);
  } catch (error) {
    return [fatal(error instanceof Error ? error.message : String(error))];
  }
  const problems: BuildProblem[] = [];
  if (manifest.name !== name)
    problems.push(
      fatal(`mf-manifest.json adalah untuk remote '${manifest.name}', bukan '${name}'`),
    );
  const version = manifestVersion(manifest);
  if (version === null) problems.push(fatal('mf-manifest.json tidak mencatat versi build'));
  else if (!VERSION_PATTERN.test(version)) problems.push(fatal(`versi '${version}' tidak valid`));
  const files = manifestFiles(manifest);
  if (files.length === 0) problems.push(fatal('mf-manifest.json tidak menyebut berkas apa pun'));
  for (const file of files) {
    if (!insideBuild(dir, file)) problems.push(fatal(`berkas ${file} berada di luar folder build`));
    else if (!existsSync(path.join(dir, file))) problems.push(fatal(`berkas ${file} tidak ada`));
  }
  for (const odd of notPlainFiles(dir))
    problems.push(
      fatal(`${odd} bukan berkas biasa (tautan atau perangkat tidak boleh ada di build)`),
    );
  // The shell requires nothing: it provides (its own check is shellProblems).
  if (name === SHELL) return problems;
  const requires = manifest.metaData.gudang?.requires;
  if (!requires)
    problems.push(fatal('mf-manifest.json tidak mencatat versi paket bersama yang dibutuhkan'));
  else
    for (const unmet of unmetRequirements(requires, provides, satisfy))
      problems.push(skew(`butuh ${unmet}`));
  const uses = manifest.metaData.gudang?.uses;
  if (uses && surface)
    for (const unmet of unmetSurface(uses, surface)) problems.push(skew(`butuh ${unmet}`));
  return problems;
}

/** The messages of buildProblems, whatever their kind. */
export function checkBuild(
  dir: string,
  name: string,
  provides: Record<string, string>,
  surface: Surfaces | null = null,
): string[] {
  return buildProblems(dir, name, provides, surface).map((problem) => problem.message);
}

/**
 * Why the shell in `shellDir` would lock live remotes out: for every remote in the live list
 * whose build is stored here, what it requires (versions) and uses (exports) that this shell
 * does not provide (audit 3).
 */
export function shellProblems(store: RemoteStore, shellDir: string): BuildProblem[] {
  const provides = shellProvides(shellDir);
  const surface = shellSurface(shellDir);
  const problems: BuildProblem[] = [];
  for (const remote of readList(store).remotes) {
    const version = versionOfEntry(remote.name, remote.entry);
    const dir = version && path.join(store.dir, remote.name, version);
    if (!dir || !existsSync(path.join(dir, 'mf-manifest.json'))) continue;
    const gudang = readManifest(dir).metaData.gudang;
    const unmet = [
      ...unmetRequirements(gudang?.requires ?? {}, provides, satisfy),
      ...(gudang?.uses && surface ? unmetSurface(gudang.uses, surface) : []),
    ];
    for (const need of unmet) problems.push(skew(`butuh ${need} untuk ${remote.name} ${version}`));
  }
  return problems;
}
