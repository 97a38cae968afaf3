import { selectAuthStatus } from '@gudang/api-client';
import { Type } from '@sinclair/typebox';
import { screen } from '@testing-library/react';
import { useLocation } from 'react-router-dom';
import { useSelector } from 'react-redux';
import { useTheme } from 'styled-components';
import { useMediaQuery } from '../hooks/use-media-query';
import { useToast } from '../components/toast';
import { matchesContract, renderWithProviders, setViewportWidth } from './index';
// theme.ts augments styled-components' DefaultTheme: imported for that declaration only.
import type {} from '../theme';

function Probe() {
  const location = useLocation();
  const status = useSelector(selectAuthStatus);
  const theme = useTheme();
  const toast = useToast();
  return (
    <div>
      <p>path {location.pathname + location.search}</p>
      <p>auth {status}</p>
      <p>primary {theme.colors.primary}</p>
      <button type="button" onClick={() => toast.info('Halo')}>
        kabari
      </button>
    </div>
  );
}

describe('matchesContract', () => {
  const Row = Type.Object({ id: Type.Integer(), name: Type.String() });

  it('passes a fixture the schema accepts, unchanged', () => {
    const body = { id: 1, name: 'Kopi' };
    expect(matchesContract(Row, body)).toBe(body);
  });

  it('throws, naming the field, when the fixture drifted from the schema', () => {
    expect(() => matchesContract(Row, { id: 1, name: 2 } as never)).toThrow(
      /does not match the contract: \/name/,
    );
  });
});

describe('renderWithProviders', () => {
  it('gives the router, a real store, the theme and toasts', async () => {
    const { store, user } = renderWithProviders(<Probe />, { route: '/products?page=2' });
    expect(screen.getByText('path /products?page=2')).toBeInTheDocument();
    expect(screen.getByText('auth signedOut')).toBeInTheDocument();
    expect(selectAuthStatus(store.getState())).toBe('signedOut');
    expect(screen.getByText('primary #2563eb')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'kabari' }));
    expect(screen.getByRole('status')).toHaveTextContent('Halo');
  });

  it('starts at / and uses the store it is given', () => {
    const first = renderWithProviders(<Probe />);
    expect(screen.getByText('path /')).toBeInTheDocument();
    first.unmount();
    const { store } = renderWithProviders(<Probe />, { store: first.store });
    expect(store).toBe(first.store);
  });
});

function Width() {
  const narrow = useMediaQuery('(max-width: 639.98px)');
  const large = useMediaQuery('(min-width: 1024px)');
  return <p>{`narrow ${narrow} large ${large}`}</p>;
}

describe('setViewportWidth and useMediaQuery', () => {
  it('treats a missing matchMedia as a wide screen that is not narrow', () => {
    renderWithProviders(<Width />);
    expect(screen.getByText('narrow false large false')).toBeInTheDocument();
  });

  it.each([
    [375, 'narrow true large false'],
    [800, 'narrow false large false'],
    [1280, 'narrow false large true'],
  ])('at %i px', (width, text) => {
    const restore = setViewportWidth(width);
    renderWithProviders(<Width />);
    expect(screen.getByText(text)).toBeInTheDocument();
    restore();
  });
});
