import type { ClientErrorKind, DeployTarget } from '@gudang/api-client';

/**
 * The Deploy page's texts (issue 49), in Indonesian; the server's answers come from
 * DEPLOY_MESSAGES. 'mark-bad' and 'rollback' stay as the deploy command names them.
 */
export const DEPLOYS_TEXTS = {
  title: 'Deploy',
  subtitle:
    'Versi aktif tiap modul, riwayatnya, kegagalan yang dilaporkan browser, dan token deploy tim',
  live: 'Versi aktif',
  none: 'Belum ada',
  versionsLabel: (name: string) => `Versi ${name}`,
  historyLabel: (name: string) => `Riwayat ${name}`,
  noVersions: 'Belum ada versi tersimpan',
  noHistory: 'Belum ada riwayat',
  version: 'Versi',
  builtAt: 'Dibangun',
  deployedAt: 'Terakhir aktif',
  by: 'Oleh',
  status: 'Status',
  failures: 'Kegagalan',
  actions: 'Aksi',
  when: 'Waktu',
  action: 'Tindakan',
  active: 'Aktif',
  bad: 'Ditandai buruk',
  stored: 'Tersimpan',
  forced: 'dipaksa',
  unmark: 'Batalkan tanda buruk',
  mark: 'Tandai buruk',
  confirmMark: (name: string, version: string) =>
    `Tandai ${name} ${version} buruk? Rollback tidak akan kembali ke versi ini dan deploy-nya perlu --force.`,
  confirmUnmark: (name: string, version: string) =>
    `Batalkan tanda buruk ${name} ${version}? Rollback dapat kembali ke versi ini dan deploy-nya tidak lagi perlu --force.`,
  failuresNone: '0',
  failuresTitle: 'Dihitung sejak versi ini pertama kali dilaporkan gagal',
  historyActions: {
    start: 'Aktif saat start',
    deploy: 'Deploy',
    rollback: 'Rollback',
    'mark-bad': 'Ditandai buruk',
    'unmark-bad': 'Tanda buruk dibatalkan',
    prune: 'Dihapus',
  } as Readonly<Record<string, string>>,
  kinds: {
    load: 'gagal dimuat',
    render: 'crash saat tampil',
    chunk: 'bagian gagal dimuat',
  } satisfies Record<ClientErrorKind, string>,
  targets: {
    inventory: 'Inventori (inventory)',
    orders: 'Pesanan (orders)',
    finance: 'Keuangan (finance)',
    admin: 'Admin (admin)',
    shell: 'Shell',
  } satisfies Record<DeployTarget, string>,
  tokensTitle: 'Token Deploy',
  tokensHint:
    'Satu token untuk satu modul: tim memakainya untuk deploy dan rollback modulnya saja (GUDANG_DEPLOY_TOKEN).',
  tokensLabel: 'Daftar token deploy',
  noTokens: 'Belum ada token deploy',
  tokenName: 'Nama Token',
  tokenRemote: 'Modul',
  createdBy: 'Dibuat oleh',
  createdAt: 'Dibuat',
  lastUsed: 'Terakhir dipakai',
  never: 'Belum pernah',
  createToken: 'Buat Token',
  revoke: 'Cabut',
  confirmRevoke: (name: string) => `Cabut token ${name}? Deploy dengan token ini langsung ditolak.`,
  tokenShownTitle: 'Token Deploy Baru',
  tokenShownHint:
    'Salin token ini sekarang: setelah jendela ini ditutup, token tidak ditampilkan lagi.',
  tokenValue: (target: string) => `Token untuk ${target}`,
  close: 'Sudah Disalin',
  failed: 'Gagal menyimpan',
  required: (label: string) => `${label} wajib diisi`,
} as const;
