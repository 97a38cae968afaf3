import { useState, type FormEvent } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import styled from 'styled-components';
import { FIELDS, MESSAGES, errorMessage, useLoginMutation } from '@gudang/api-client';
import { Button, TextField } from '@gudang/shared-ui';
import { useDocumentTitle } from '../layout/document-title';
import { DASHBOARD_PATH, LOGIN_PATH } from '../routes';
import { useFormFields } from './use-form-fields';

export const Screen = styled.div`
  min-height: 100vh;
  display: flex;
  align-items: center;
  justify-content: center;
  padding: ${({ theme }) => theme.spacing.lg};
  background: ${({ theme }) => theme.colors.grey100};
`;

export const Panel = styled.main`
  width: 100%;
  max-width: 400px;
  padding: ${({ theme }) => theme.spacing.xxl};
  background: ${({ theme }) => theme.colors.surface};
  border-radius: ${({ theme }) => theme.radii.lg};
  box-shadow: ${({ theme }) => theme.shadows.md};
`;

export const Title = styled.h1`
  font-size: ${({ theme }) => theme.fontSizes.xxl};
  font-weight: 700;
  text-align: center;
  color: ${({ theme }) => theme.colors.grey900};
`;

export const Subtitle = styled.p`
  margin: ${({ theme }) => theme.spacing.xs} 0 ${({ theme }) => theme.spacing.xl};
  text-align: center;
  color: ${({ theme }) => theme.colors.textMuted};
`;

export const Failure = styled.p`
  margin: 0 0 ${({ theme }) => theme.spacing.lg};
  padding: ${({ theme }) => theme.spacing.md};
  border-radius: ${({ theme }) => theme.radii.md};
  background: ${({ theme }) => theme.colors.redSoft};
  color: ${({ theme }) => theme.colors.redText};
`;

/** Where to go after signing in: the page the guard sent the user away from, else the dashboard. */
export function returnPath(state: unknown): string {
  const from: unknown =
    typeof state === 'object' && state !== null ? (state as { from?: unknown }).from : undefined;
  return typeof from === 'string' && from.startsWith('/') && !from.startsWith(LOGIN_PATH)
    ? from
    : DASHBOARD_PATH;
}

export function LoginPage() {
  useDocumentTitle('Masuk');
  const [login, { isLoading }] = useLoginMutation();
  const { values, setErrors, field } = useFormFields({ email: '', password: '' });
  const [failure, setFailure] = useState<string | null>(null);
  const navigate = useNavigate();
  const location = useLocation();

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setFailure(null);
    const { email, password } = values;
    const missing: { email?: string; password?: string } = {};
    if (email.trim() === '') missing.email = 'Wajib diisi';
    if (password === '') missing.password = 'Wajib diisi';
    setErrors(missing);
    if (Object.keys(missing).length > 0) return;
    try {
      // The login endpoint itself stores the token and signs in (api-client).
      await login({ email, password }).unwrap();
      navigate(returnPath(location.state), { replace: true });
    } catch (error) {
      setFailure(errorMessage(error, MESSAGES.loginFailed));
    }
  }

  return (
    <Screen>
      <Panel>
        <Title>Inventory Management</Title>
        <Subtitle>Masuk ke akun Anda</Subtitle>
        {/* Own checks instead of the browser's bubbles, so that every message is Indonesian. */}
        <form noValidate onSubmit={onSubmit}>
          {failure ? <Failure role="alert">{failure}</Failure> : null}
          <TextField
            label="Email"
            name="email"
            type="email"
            // The first thing to do on this page.
            autoFocus
            autoComplete="username"
            maxLength={FIELDS.email.maxLength}
            {...field('email')}
          />
          <TextField
            label="Password"
            name="password"
            type="password"
            autoComplete="current-password"
            maxLength={FIELDS.password.maxLength}
            {...field('password')}
          />
          <Button type="submit" fullWidth busy={isLoading} busyText="Masuk...">
            Masuk
          </Button>
        </form>
      </Panel>
    </Screen>
  );
}
