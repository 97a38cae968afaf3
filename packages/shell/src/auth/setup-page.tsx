import { useState, type FormEvent } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import styled from 'styled-components';
import { FIELDS, MIN_PASSWORD_LENGTH, USER_MESSAGES, errorMessage } from '@gudang/api-client';
import { Button, TextField } from '@gudang/shared-ui';
import { useDocumentTitle } from '../layout/document-title';
import { LOGIN_PATH } from '../routes';
import { Failure, Panel, Screen, Subtitle, Title } from './login-page';
import { useSetupFirstManagerMutation } from './setup-api';
import { useFormFields } from './use-form-fields';

export const SETUP_PATH = '/setup';

export const SETUP_TEXTS = {
  title: 'Buat Akun Manager Pertama',
  subtitle:
    'Toko ini belum punya akun. Akun ini menjadi manager; staf lain ditambahkan di menu Pengguna.',
  name: 'Nama',
  email: 'Email',
  password: 'Password',
  passwordAgain: 'Ulangi Password',
  passwordHint: `Minimal ${MIN_PASSWORD_LENGTH} karakter`,
  mismatch: 'Password tidak sama',
  required: 'Wajib diisi',
  submit: 'Buat Akun',
  busy: 'Membuat...',
  noToken: 'Tautan ini tidak lengkap. Buka tautan penyiapan yang tertulis di log server.',
  failed: 'Gagal membuat akun',
  toLogin: 'Ke halaman Masuk',
} as const;

const Done = styled.p`
  margin: 0 0 ${({ theme }) => theme.spacing.lg};
  padding: ${({ theme }) => theme.spacing.md};
  border-radius: ${({ theme }) => theme.radii.md};
  background: ${({ theme }) => theme.colors.greenSoft};
  color: ${({ theme }) => theme.colors.greenText};
`;

type Field = 'name' | 'email' | 'password' | 'again';

/**
 * The page of the one-time link a start without accounts logs (/setup?token=...): creates the
 * first manager; the server refuses once any account exists. No sign-in needed.
 */
export function SetupPage() {
  useDocumentTitle(SETUP_TEXTS.title);
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const [setup, { isLoading }] = useSetupFirstManagerMutation();
  const { values, setErrors, field } = useFormFields<Field>({
    name: '',
    email: '',
    password: '',
    again: '',
  });
  const [failure, setFailure] = useState<string | null>(null);
  const [done, setDone] = useState<string | null>(null);

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setFailure(null);
    const found: Partial<Record<Field, string>> = {};
    if (values.name.trim() === '') found.name = SETUP_TEXTS.required;
    if (values.email.trim() === '') found.email = SETUP_TEXTS.required;
    else if (!/^[^\s@]+@[^\s@]+$/.test(values.email.trim()))
      found.email = USER_MESSAGES.emailInvalid;
    if (values.password.length < MIN_PASSWORD_LENGTH)
      found.password = USER_MESSAGES.passwordTooShort;
    else if (values.again !== values.password) found.again = SETUP_TEXTS.mismatch;
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    try {
      const answer = await setup({
        token,
        name: values.name.trim(),
        email: values.email.trim(),
        password: values.password,
      }).unwrap();
      setDone(answer.message);
    } catch (error) {
      setFailure(errorMessage(error, SETUP_TEXTS.failed));
    }
  }

  return (
    <Screen>
      <Panel>
        <Title>{SETUP_TEXTS.title}</Title>
        <Subtitle>{SETUP_TEXTS.subtitle}</Subtitle>
        {done !== null ? (
          <>
            <Done role="status">{done}</Done>
            <Link to={LOGIN_PATH}>{SETUP_TEXTS.toLogin}</Link>
          </>
        ) : token === '' ? (
          <Failure role="alert">{SETUP_TEXTS.noToken}</Failure>
        ) : (
          <form noValidate onSubmit={onSubmit}>
            {failure ? <Failure role="alert">{failure}</Failure> : null}
            {failure === USER_MESSAGES.setupDone ? (
              <p>
                <Link to={LOGIN_PATH}>{SETUP_TEXTS.toLogin}</Link>
              </p>
            ) : null}
            <TextField label={SETUP_TEXTS.name} autoFocus maxLength={200} {...field('name')} />
            <TextField
              label={SETUP_TEXTS.email}
              type="email"
              autoComplete="username"
              maxLength={FIELDS.email.maxLength}
              {...field('email')}
            />
            <TextField
              label={SETUP_TEXTS.password}
              type="password"
              autoComplete="new-password"
              hint={SETUP_TEXTS.passwordHint}
              maxLength={FIELDS.password.maxLength}
              {...field('password')}
            />
            <TextField
              label={SETUP_TEXTS.passwordAgain}
              type="password"
              autoComplete="new-password"
              maxLength={FIELDS.password.maxLength}
              {...field('again')}
            />
            <Button type="submit" fullWidth busy={isLoading} busyText={SETUP_TEXTS.busy}>
              {SETUP_TEXTS.submit}
            </Button>
          </form>
        )}
      </Panel>
    </Screen>
  );
}
