// Whether a build can go live beside the live shell: the shared versions it requires and the
// exports it uses, against what the shell provides (docs/adr/0010-versioned-remotes.md).
import { existsSync } from 'node:fs';
import path from 'node:path';
import {
  checkPageDeclarations,
  unmetRequirements,
  type Requirement,
} from '@gudang/api-client/contract';
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
import { contractProblems } from './contract';
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

const MAJOR = /^(\d+)\./;

/**
 * The non-strict shared packages (styled-components, Redux Toolkit, ...: `strictVersion: false`)
 * whose required range the shell's version misses by its major version (audit N7: `^7` against
 * 6.6.0 was accepted with only a console warning). Such a package is not held to the shell's
 * minor or patch level: the range is met when some version of the shell's major satisfies it
 * (the shell's own, or one the range names with that major).
 */
export function unmetMajors(
  requires: Record<string, Requirement>,
  provides: Record<string, string>,
): string[] {
  const unmet: string[] = [];
  for (const [pkg, { requiredVersion, strictVersion }] of Object.entries(requires)) {
    if (requiredVersion === false || strictVersion !== false) continue;
    const provided = provides[pkg];
    if (provided === undefined) continue; // Module Federation falls back to the remote's own copy
    const major = MAJOR.exec(provided)?.[1];
    if (major === undefined) continue;
    const candidates = [
      provided,
      ...(requiredVersion.match(/\d+(?:\.\d+){0,2}/g) ?? [])
        .filter((v) => v.split('.')[0] === major)
        .map((v) => [...v.split('.'), '0', '0'].slice(0, 3).join('.')),
    ];
    if (!candidates.some((version) => satisfy(version, requiredVersion)))
      unmet.push(`${pkg} ${requiredVersion} (shell menyediakan ${provided}; versi mayor lain)`);
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
    for (const unmet of [
      ...unmetRequirements(requires, provides, satisfy),
      ...unmetMajors(requires, provides),
    ])
      problems.push(skew(`butuh ${unmet}`));
  const uses = manifest.metaData.gudang?.uses;
  if (uses && surface)
    for (const unmet of unmetSurface(uses, surface)) problems.push(skew(`butuh ${unmet}`));
  // The API this server serves, for the schemas the build's own sources use (audit N5).
  problems.push(...contractProblems(dir, manifest.metaData.gudang?.contract));
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
      ...unmetMajors(gudang?.requires ?? {}, provides),
      ...(gudang?.uses && surface ? unmetSurface(gudang.uses, surface) : []),
    ];
    for (const need of unmet) problems.push(skew(`butuh ${need} untuk ${remote.name} ${version}`));
  }
  return problems;
}

/**
 * The pages a remote's build declares (metaData.gudang.pages, issue 49, docs/adr/0027), checked
 * as the shell checks them: known to the contract's page rules, for roles those rules let in, a
 * module the build exposes, and no path another live remote declares. A build that declares none
 * (every build before pages.json) passes: the shell shows its built-in rows for it.
 */
export function pageProblems(store: RemoteStore, dir: string, name: string): BuildProblem[] {
  const manifest = readManifest(dir);
  const pages = manifest.metaData.gudang?.pages;
  if (pages === undefined) return [];
  const others: Record<string, string[]> = {};
  for (const remote of readList(store).remotes) {
    if (remote.name === name) continue;
    const version = versionOfEntry(remote.name, remote.entry);
    const other = version && path.join(store.dir, remote.name, version);
    if (!other || !existsSync(path.join(other, 'mf-manifest.json'))) continue;
    const declared = readManifest(other).metaData.gudang?.pages;
    if (Array.isArray(declared))
      others[remote.name] = declared.flatMap((page: unknown) => {
        const path = (page as { path?: unknown } | null)?.path;
        return typeof path === 'string' ? [path] : [];
      });
  }
  const exposes = (manifest.exposes ?? []).map((exposed) => exposed.name.replace(/^\.\//, ''));
  return checkPageDeclarations(name, pages, { exposes, others }).problems.map(fatal);
}
