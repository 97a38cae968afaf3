/**
 * The remotes of this app, by the name /remotes.json gives them (the server's default list, the
 * kill switch's names, the deploy targets). The shell is not one of them: it cannot be switched off.
 */
export const REMOTE_MODULES = ['inventory', 'orders', 'finance', 'admin'] as const;
export type RemoteModule = (typeof REMOTE_MODULES)[number];

/** The kill switch (issue 49): texts the shell shows and the server answers. */
export const KILL_SWITCH_MESSAGES = {
  /** The setting's name in the activity log. */
  label: 'Modul dinonaktifkan',
  /** Beside a switched-off remote's menu items. */
  disabled: 'Dinonaktifkan sementara',
  unknown: (name: string) =>
    `Modul '${name}' tidak dikenal; pilih dari: ${REMOTE_MODULES.join(', ')}`,
  shell: "Modul 'shell' tidak dapat dinonaktifkan",
  duplicate: (name: string) => `Modul '${name}' disebut dua kali`,
} as const;
