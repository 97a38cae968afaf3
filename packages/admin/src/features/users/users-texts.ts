import { MIN_PASSWORD_LENGTH } from '@gudang/api-client';
import type { Role } from '@gudang/api-client';

/**
 * The Pengguna page's own texts (issue 42), in Indonesian; 'Password' is the sign-in form's word
 * (FIELDS.password) and the role names are SPEC's. The server's messages come from USER_MESSAGES.
 */
export const USERS_TEXTS = {
  title: 'Pengguna',
  subtitle: 'Akun staf toko: tambah, ubah peran, atur ulang password, nonaktifkan',
  add: 'Tambah Pengguna',
  editTitle: 'Ubah Pengguna',
  resetTitle: (name: string) => `Atur Ulang Password: ${name}`,
  name: 'Nama',
  email: 'Email',
  role: 'Peran',
  status: 'Status',
  actions: 'Aksi',
  firstPassword: 'Password Pertama',
  newPassword: 'Password Baru',
  passwordHint: `Minimal ${MIN_PASSWORD_LENGTH} karakter`,
  resetHint: 'Semua sesi pengguna ini langsung berakhir; ia masuk lagi dengan password baru.',
  active: 'Aktif',
  inactive: 'Nonaktif',
  edit: 'Ubah',
  reset: 'Atur Ulang Password',
  deactivate: 'Nonaktifkan',
  reactivate: 'Aktifkan',
  you: '(Anda)',
  empty: 'Belum ada pengguna',
  label: 'Daftar pengguna',
  confirmDeactivate: (name: string) =>
    `Nonaktifkan ${name}? Semua sesinya langsung berakhir dan ia tidak dapat masuk sampai diaktifkan kembali.`,
  confirmReactivate: (name: string) => `Aktifkan kembali ${name}?`,
  failed: 'Gagal menyimpan pengguna',
  required: (label: string) => `${label} wajib diisi`,
  roles: { admin: 'Admin', manager: 'Manager' } satisfies Record<Role, string>,
} as const;
