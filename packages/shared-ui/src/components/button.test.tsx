import { screen } from '@testing-library/react';
import { renderWithProviders } from '../testing';
import { Button } from './button';

describe('Button', () => {
  it.each(['primary', 'green', 'red', 'ghost'] as const)('renders the %s variant', (variant) => {
    renderWithProviders(<Button variant={variant}>Simpan</Button>);
    expect(screen.getByRole('button', { name: 'Simpan' })).toHaveAttribute('data-variant', variant);
  });

  it('is a plain button by default, so it does not submit a form', async () => {
    const onSubmit = jest.fn((event: { preventDefault: () => void }) => event.preventDefault());
    const { user } = renderWithProviders(
      <form onSubmit={onSubmit}>
        <Button>Batal</Button>
        <Button type="submit">Simpan</Button>
      </form>,
    );
    expect(screen.getByRole('button', { name: 'Batal' })).toHaveAttribute('type', 'button');
    await user.click(screen.getByRole('button', { name: 'Batal' }));
    expect(onSubmit).not.toHaveBeenCalled();
    await user.click(screen.getByRole('button', { name: 'Simpan' }));
    expect(onSubmit).toHaveBeenCalledTimes(1);
  });

  it('shows the busy text and is disabled while busy', async () => {
    const onClick = jest.fn();
    const { user, rerender } = renderWithProviders(
      <Button busy busyText="Menyimpan..." onClick={onClick}>
        Simpan
      </Button>,
    );
    const button = screen.getByRole('button', { name: 'Menyimpan...' });
    expect(button).toBeDisabled();
    expect(button).toHaveAttribute('aria-busy', 'true');
    expect(screen.queryByText('Simpan')).not.toBeInTheDocument();
    await user.click(button);
    expect(onClick).not.toHaveBeenCalled();

    rerender(
      <Button busy={false} busyText="Menyimpan..." onClick={onClick}>
        Simpan
      </Button>,
    );
    await user.click(screen.getByRole('button', { name: 'Simpan' }));
    expect(onClick).toHaveBeenCalledTimes(1);
  });
});
