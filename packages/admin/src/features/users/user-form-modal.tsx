import {
  FIELDS,
  MIN_PASSWORD_LENGTH,
  USER_MESSAGES,
  USER_NAME_MAX_LENGTH,
} from '@gudang/api-client';
import type { Role, UserAccount } from '@gudang/api-client';
import { FormModal, SelectField, TextField } from '@gudang/shared-ui';
import { useState, type ChangeEvent, type FormEvent } from 'react';
import { USERS_TEXTS } from './users-texts';

export interface UserFormValues {
  name: string;
  email: string;
  role: Role;
  password: string;
}

export interface UserFormModalProps {
  /** null: a new account (with email and first password); else the account being changed. */
  account: UserAccount | null;
  saving: boolean;
  /** The email the server refused as taken: said beside Email while it is still the one typed. */
  takenEmail?: string | null;
  onClose: () => void;
  onSubmit: (values: UserFormValues) => void;
}

const ROLE_OPTIONS = (['admin', 'manager'] as const).map((role) => ({
  value: role,
  label: USERS_TEXTS.roles[role],
}));

const isRole = (value: string): value is Role => value === 'admin' || value === 'manager';

/** Add an account, or change an account's name and role. */
export function UserFormModal({
  account,
  saving,
  takenEmail = null,
  onClose,
  onSubmit,
}: UserFormModalProps) {
  const [values, setValues] = useState<UserFormValues>({
    name: account?.name ?? '',
    email: account?.email ?? '',
    role: account?.role ?? 'admin',
    password: '',
  });
  const [errors, setErrors] = useState<Partial<Record<keyof UserFormValues, string>>>({});
  const adding = account === null;
  const dirty =
    values.name !== (account?.name ?? '') ||
    values.email !== (account?.email ?? '') ||
    values.password !== '' ||
    values.role !== (account?.role ?? 'admin');

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const found: typeof errors = {};
    if (values.name.trim() === '') found.name = USERS_TEXTS.required(USERS_TEXTS.name);
    if (adding) {
      if (values.email.trim() === '') found.email = USERS_TEXTS.required(USERS_TEXTS.email);
      else if (!/^[^\s@]+@[^\s@]+$/.test(values.email.trim()))
        found.email = USER_MESSAGES.emailInvalid;
      if (values.password.length < MIN_PASSWORD_LENGTH)
        found.password = USER_MESSAGES.passwordTooShort;
    }
    setErrors(found);
    if (Object.keys(found).length === 0) onSubmit(values);
  };

  // A text field's value, message and change.
  const text = (field: 'name' | 'email' | 'password') => ({
    value: values[field],
    error:
      errors[field] ??
      (field === 'email' && takenEmail === values.email ? USER_MESSAGES.emailTaken : undefined),
    onChange: (event: ChangeEvent<HTMLInputElement>) =>
      setValues({ ...values, [field]: event.target.value }),
  });

  return (
    <FormModal
      title={adding ? USERS_TEXTS.add : USERS_TEXTS.editTitle}
      onClose={onClose}
      onSubmit={submit}
      saving={saving}
      dirty={dirty}
    >
      <TextField
        label={USERS_TEXTS.name}
        required
        autoFocus
        maxLength={USER_NAME_MAX_LENGTH}
        {...text('name')}
      />
      {adding ? (
        <TextField
          label={USERS_TEXTS.email}
          type="email"
          required
          autoComplete="off"
          maxLength={FIELDS.email.maxLength}
          {...text('email')}
        />
      ) : null}
      <SelectField
        label={USERS_TEXTS.role}
        required
        options={ROLE_OPTIONS}
        value={values.role}
        onChange={(event) => {
          if (isRole(event.target.value)) setValues({ ...values, role: event.target.value });
        }}
      />
      {adding ? (
        <TextField
          label={USERS_TEXTS.firstPassword}
          type="password"
          required
          autoComplete="new-password"
          hint={USERS_TEXTS.passwordHint}
          {...text('password')}
        />
      ) : null}
    </FormModal>
  );
}

export interface ResetPasswordModalProps {
  account: UserAccount;
  saving: boolean;
  onClose: () => void;
  onSubmit: (password: string) => void;
}

/** A new password for an account: every session of it ends. */
export function ResetPasswordModal({
  account,
  saving,
  onClose,
  onSubmit,
}: ResetPasswordModalProps) {
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | undefined>();
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (password.length < MIN_PASSWORD_LENGTH) {
      setError(USER_MESSAGES.passwordTooShort);
      return;
    }
    onSubmit(password);
  };
  return (
    <FormModal
      title={USERS_TEXTS.resetTitle(account.name)}
      onClose={onClose}
      onSubmit={submit}
      saving={saving}
      dirty={password !== ''}
      footerStart={USERS_TEXTS.resetHint}
    >
      <TextField
        label={USERS_TEXTS.newPassword}
        type="password"
        required
        autoFocus
        autoComplete="new-password"
        hint={USERS_TEXTS.passwordHint}
        value={password}
        error={error}
        onChange={(event) => setPassword(event.target.value)}
      />
    </FormModal>
  );
}
