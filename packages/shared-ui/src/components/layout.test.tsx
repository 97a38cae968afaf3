import { screen, within } from '@testing-library/react';
import { renderWithProviders } from '../testing';
import { Button } from './button';
import { Card, Page, PageHeader, StatCard, Toolbar } from './layout';

describe('layout pieces', () => {
  it('PageHeader shows the title as a heading and the actions', () => {
    renderWithProviders(
      <Page>
        <PageHeader title="Data Produk" actions={<Button>Tambah Produk</Button>} />
        <Toolbar>
          <input aria-label="Cari produk..." />
        </Toolbar>
      </Page>,
    );
    expect(screen.getByRole('heading', { level: 2, name: 'Data Produk' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Tambah Produk' })).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Cari produk...' })).toBeInTheDocument();
  });

  it('PageHeader can be the top-level heading', () => {
    renderWithProviders(<PageHeader level={1} title="Pembukuan" subtitle="Keuntungan" />);
    expect(screen.getByRole('heading', { level: 1, name: 'Pembukuan' })).toBeInTheDocument();
    expect(screen.getByText('Keuntungan')).toBeInTheDocument();
  });

  it('Card with a title is a region named by it', () => {
    renderWithProviders(
      <Card title="Panduan Penggunaan">
        <p>Pilih produk</p>
      </Card>,
    );
    expect(screen.getByRole('region', { name: 'Panduan Penggunaan' })).toHaveTextContent(
      'Pilih produk',
    );
  });

  it('StatCard is a group named by its title with value and subtitle', () => {
    renderWithProviders(
      <StatCard title="Total Stok Barang" value="1.250" subtitle="Stok awal: 1.000" tone="green" />,
    );
    const card = screen.getByRole('group', { name: 'Total Stok Barang' });
    expect(within(card).getByText('1.250')).toBeInTheDocument();
    expect(within(card).getByText('Stok awal: 1.000')).toBeInTheDocument();
    expect(card).toHaveAttribute('data-tone', 'green');
  });

  it('StatCard leaves the subtitle out when none is given', () => {
    renderWithProviders(<StatCard title="Stok Habis" value={3} tone="red" />);
    expect(screen.getByRole('group', { name: 'Stok Habis' }).textContent).toBe('Stok Habis3');
  });
});
