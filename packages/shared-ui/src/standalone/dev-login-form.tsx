import { useState, type FormEvent } from 'react';
import { MESSAGES, errorMessage, useLoginMutation } from '@gudang/api-client';
// The package itself, not relative files: in a federated build this must be the shared
// singleton (one toast context, one theme), not a second copy of the kit.
import { Button, Card, TextField } from '@gudang/shared-ui';

/** Dev-only sign-in for the standalone page; the real login screen belongs to the shell. */
export function DevLoginForm() {
  const [login, { isLoading }] = useLoginMutation();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | null>(null);

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setError(null);
    try {
      // A successful login signs in through the endpoint itself (api-client).
      await login({ email, password }).unwrap();
    } catch (err) {
      setError(errorMessage(err, MESSAGES.loginFailed));
    }
  }

  return (
    <Card>
      {/* The server's Indonesian messages, not the browser's bubbles. */}
      <form noValidate onSubmit={onSubmit}>
        <TextField
          label="Email"
          type="email"
          required
          value={email}
          onChange={(e) => setEmail(e.target.value)}
        />
        <TextField
          label="Password"
          type="password"
          required
          value={password}
          onChange={(e) => setPassword(e.target.value)}
        />
        {error ? <p role="alert">{error}</p> : null}
        <Button type="submit" busy={isLoading} busyText="Masuk...">
          Masuk
        </Button>
      </form>
    </Card>
  );
}
