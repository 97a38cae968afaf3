// What can stop a deploy, by kind, so that callers branch on a tag and not on message text: the
// HTTP route maps the kinds to statuses (modules/remote-builds/routes.ts), the CLI prints them.

/**
 * Why a build cannot go live. `skew`: a shared version or export the shell does not provide (a
 * forced deploy goes ahead; the shell then shows a named panel). `fatal`: the build itself is
 * broken (no manifest, a missing file, a link, another remote's build).
 */
export type BuildProblem = { kind: 'skew'; message: string } | { kind: 'fatal'; message: string };

export const skew = (message: string): BuildProblem => ({ kind: 'skew', message });
export const fatal = (message: string): BuildProblem => ({ kind: 'fatal', message });

/** `busy`: another deploy holds the lock; `refused`: the request or the build was refused. */
export type DeployErrorKind = 'busy' | 'refused';

/** A refused deploy or rollback: nothing was changed; the message says why. */
export class DeployError extends Error {
  override name = 'DeployError';
  readonly kind: DeployErrorKind;
  readonly problems: string[];

  constructor(
    message: string,
    options: { kind?: DeployErrorKind; problems?: readonly BuildProblem[] } = {},
  ) {
    super(message);
    this.kind = options.kind ?? 'refused';
    this.problems = options.problems?.map((problem) => problem.message) ?? [message];
  }
}
