// Pengguna (issue 42): the shop's accounts, managed by the manager on a page of the admin
// remote, and the one-time setup of the first manager. No password hash ever leaves the server.
import { Type, type Static } from '@sinclair/typebox';
import { Role } from './auth';
import { BooleanField, DataOf, IdParam, SavedOf, TextField, Timestamp } from './common';
import { FIELDS, USER_NAME_MAX_LENGTH } from './constants';

export { USER_NAME_MAX_LENGTH };

/** An account as the Pengguna page lists it. */
export const UserAccount = Type.Object({
  id: Type.Integer(),
  email: Type.String(),
  name: Type.String(),
  role: Role,
  /** A deactivated account cannot sign in and has no session. */
  active: Type.Boolean(),
  created_at: Timestamp,
});
export type UserAccount = Static<typeof UserAccount>;

export const UserAccountList = DataOf(Type.Array(UserAccount));
export type UserAccountList = Static<typeof UserAccountList>;

const RoleField = () => Type.Union(Role.anyOf, { title: 'Role' });
const NameField = () => TextField({ maxLength: USER_NAME_MAX_LENGTH, label: 'Nama' });
const EmailField = () => TextField({ maxLength: FIELDS.email.maxLength, label: 'Email' });
const PasswordField = () => TextField({ maxLength: FIELDS.password.maxLength, label: 'Password' });

export const CreateUserInput = Type.Object({
  name: NameField(),
  email: EmailField(),
  role: RoleField(),
  password: PasswordField(),
});
export type CreateUserInput = Static<typeof CreateUserInput>;

/** Any of the three; at least one (the server says so otherwise). */
export const UpdateUserInput = Type.Object({
  name: Type.Optional(NameField()),
  role: Type.Optional(RoleField()),
  active: Type.Optional(BooleanField()),
});
export type UpdateUserInput = Static<typeof UpdateUserInput>;

export const ResetPasswordInput = Type.Object({ password: PasswordField() });
export type ResetPasswordInput = Static<typeof ResetPasswordInput>;

export const UserIdParam = IdParam;

export const UserSaved = SavedOf(UserAccount);
export type UserSaved = Static<typeof UserSaved>;

/** The first manager, made from the one-time link the server logs while it has no account. */
export const SetupInput = Type.Object({
  token: TextField({ maxLength: 200, label: 'Token' }),
  name: NameField(),
  email: EmailField(),
  password: PasswordField(),
});
export type SetupInput = Static<typeof SetupInput>;
