// The pages a remote declares in its build (issue 49, "Its own pages"; docs/adr/0027): each
// remote lists them in its pages.json, @gudang/mf-build stamps them into mf-manifest.json
// (metaData.gudang.pages), the deploy refuses a build whose list breaks the rules below, and the
// shell builds its routes and menu from the live remotes' lists. Who may open a page stays the
// server's decision (PAGE_RULES): a remote can narrow it, never widen it. Plain code, no TypeBox:
// the browser imports it.
import type { Role } from './auth';
import { PAGE_RULES, rolesAllowed, type PagePath } from './permissions';

/** One page of a remote: where, its menu item, who sees it, and the exposed module it shows. */
export interface PageDeclaration {
  path: PagePath;
  /** Menu label and header page name. */
  label: string;
  /** A name of the shell's icon set; an unknown name shows a generic icon. */
  icon: string;
  /** Who sees it: a subset of the roles the page's rule in PAGE_RULES lets in. */
  roles: readonly Role[];
  /** Menu position (the built-in pages are at 10, 20, ...; a new page goes between). */
  order: number;
  /** The exposed module without './' (loaded as `${remote}/${module}`). */
  module: string;
}

export const PAGE_MESSAGES = {
  notList: (remote: string) => `Daftar halaman ${remote} harus berupa array`,
  invalid: (where: string, field: string) => `${where}: ${field} tidak valid`,
  unknown: (path: string) =>
    `Halaman '${path}' tidak dikenal: tidak ada di aturan halaman kontrak (PAGE_RULES)`,
  role: (path: string, role: string, allowed: readonly string[]) =>
    `Halaman '${path}': peran '${role}' ditolak aturan server (hanya ${allowed.join(', ')})`,
  module: (path: string, module: string, remote: string) =>
    `Halaman '${path}': modul '${module}' tidak diekspos oleh ${remote}`,
  twice: (path: string) => `Halaman '${path}' dideklarasikan dua kali`,
  taken: (path: string, other: string) => `Halaman '${path}' sudah dideklarasikan oleh ${other}`,
} as const;

const ROLES: readonly Role[] = ['admin', 'manager'];

export interface PageCheck {
  /** The declarations that pass (the shell keeps these, dropping the rest). */
  pages: PageDeclaration[];
  /** One line per problem, naming the page (the deploy refuses any). */
  problems: string[];
}

/**
 * Checks `remote`'s declared pages against the contract's page rules. `exposes`: the modules the
 * build exposes (without './'); `others`: the paths each other live remote declares.
 */
export function checkPageDeclarations(
  remote: string,
  pages: unknown,
  options: {
    exposes?: readonly string[];
    others?: Readonly<Record<string, readonly string[]>>;
  } = {},
): PageCheck {
  if (!Array.isArray(pages)) return { pages: [], problems: [PAGE_MESSAGES.notList(remote)] };
  const rules: Record<string, { access: Parameters<typeof rolesAllowed>[0] }> = PAGE_RULES;
  const ok: PageDeclaration[] = [];
  const problems: string[] = [];
  const seen = new Set<string>();
  pages.forEach((value: unknown, index) => {
    const page = (typeof value === 'object' && value !== null ? value : {}) as Record<
      string,
      unknown
    >;
    const { path, label, icon, roles, order, module } = page;
    const where =
      typeof path === 'string' ? `Halaman '${path}'` : `Halaman ke-${index + 1} dari ${remote}`;
    const before = problems.length;
    if (typeof path !== 'string' || !path.startsWith('/'))
      problems.push(PAGE_MESSAGES.invalid(where, 'path'));
    if (typeof label !== 'string' || label.trim() === '')
      problems.push(PAGE_MESSAGES.invalid(where, 'label'));
    if (typeof icon !== 'string' || icon === '')
      problems.push(PAGE_MESSAGES.invalid(where, 'icon'));
    if (typeof order !== 'number' || !Number.isFinite(order))
      problems.push(PAGE_MESSAGES.invalid(where, 'order'));
    if (typeof module !== 'string' || module === '')
      problems.push(PAGE_MESSAGES.invalid(where, 'module'));
    if (
      !Array.isArray(roles) ||
      roles.length === 0 ||
      roles.some((role) => !ROLES.includes(role as Role))
    )
      problems.push(PAGE_MESSAGES.invalid(where, 'roles'));
    if (problems.length > before || typeof path !== 'string') return;
    const rule = Object.prototype.hasOwnProperty.call(rules, path) ? rules[path] : undefined;
    if (!rule) {
      problems.push(PAGE_MESSAGES.unknown(path));
      return;
    }
    const allowed = rolesAllowed(rule.access);
    for (const role of roles as Role[])
      if (!allowed.includes(role)) problems.push(PAGE_MESSAGES.role(path, role, allowed));
    if (options.exposes && !options.exposes.includes(module as string))
      problems.push(PAGE_MESSAGES.module(path, module as string, remote));
    if (seen.has(path)) problems.push(PAGE_MESSAGES.twice(path));
    seen.add(path);
    for (const [other, paths] of Object.entries(options.others ?? {}))
      if (other !== remote && paths.includes(path)) problems.push(PAGE_MESSAGES.taken(path, other));
    if (problems.length === before)
      ok.push({
        path: path as PagePath,
        label: label as string,
        icon: icon as string,
        roles: [...new Set(roles as Role[])],
        order: order as number,
        module: module as string,
      });
  });
  return { pages: ok, problems };
}
