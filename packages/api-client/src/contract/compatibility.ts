// Whether a remote's build can run with the shared packages a shell provides: the one rule that
// the server's deploy check and the shell's runtime plugin both apply (docs/adr/0010-versioned-remotes.md).
// Plain functions, no TypeBox: the browser imports it.

/** What a build requires of one shared package (an entry of its manifest's `shared`). */
export interface Requirement {
  requiredVersion: string | false;
  strictVersion?: boolean;
}

/** Module Federation's semver check (`satisfy` of its runtime), passed in by the caller. */
export type Satisfies = (version: string, range: string) => boolean;

/**
 * The requirements that a shell providing `provides` does not meet, one phrase each, e.g.
 * '@gudang/shared-ui ^9.0.0 (shell menyediakan 1.3.0)'. A non-strict singleton
 * (strictVersion: false) is left out: the runtime then uses the shell's copy, as it is meant to.
 */
export function unmetRequirements(
  requires: Record<string, Requirement>,
  provides: Record<string, string>,
  satisfies: Satisfies,
): string[] {
  const unmet: string[] = [];
  for (const [pkg, { requiredVersion, strictVersion }] of Object.entries(requires)) {
    if (requiredVersion === false || strictVersion === false) continue;
    const provided = provides[pkg];
    if (provided === undefined) unmet.push(`${pkg} ${requiredVersion} (shell tidak menyediakan)`);
    else if (!satisfies(provided, requiredVersion))
      unmet.push(`${pkg} ${requiredVersion} (shell menyediakan ${provided})`);
  }
  return unmet;
}
