import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import styled from 'styled-components';
import { useToast } from './components/toast';
import { UiProvider } from './ui-provider';
// theme.ts augments styled-components' DefaultTheme: imported for that declaration only.
import type {} from './theme';

const Themed = styled.p`
  color: ${({ theme }) => theme.colors.red};
`;

function Body() {
  const toast = useToast();
  return (
    <button type="button" onClick={() => toast.success('Tersimpan')}>
      simpan
    </button>
  );
}

describe('UiProvider', () => {
  it('applies the theme and provides the toasts', async () => {
    render(
      <UiProvider>
        <Themed>merah</Themed>
        <Body />
      </UiProvider>,
    );
    expect(screen.getByText('merah')).toHaveStyle({ color: '#dc2626' });
    await userEvent.click(screen.getByRole('button', { name: 'simpan' }));
    expect(screen.getByRole('status')).toHaveTextContent('Tersimpan');
  });
});
