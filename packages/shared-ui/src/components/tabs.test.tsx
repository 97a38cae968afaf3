import { screen } from '@testing-library/react';
import { useState } from 'react';
import { renderWithProviders } from '../testing';
import { Tabs } from './tabs';

const TABS = [
  { value: 'a', label: 'Pertama' },
  { value: 'b', label: 'Kedua' },
  { value: 'c', label: 'Ketiga' },
] as const;

function Harness() {
  const [value, setValue] = useState<(typeof TABS)[number]['value']>('a');
  return (
    <Tabs label="Halaman" tabs={TABS} value={value} onChange={setValue}>
      <p>Isi {value}</p>
    </Tabs>
  );
}

describe('Tabs', () => {
  it('shows the selected tab and its panel, named by the tab', async () => {
    const { user } = renderWithProviders(<Harness />);
    expect(screen.getByRole('tablist', { name: 'Halaman' })).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'Pertama' })).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByRole('tabpanel', { name: 'Pertama' })).toHaveTextContent('Isi a');
    await user.click(screen.getByRole('tab', { name: 'Ketiga' }));
    expect(screen.getByRole('tabpanel', { name: 'Ketiga' })).toHaveTextContent('Isi c');
    expect(screen.getByRole('tab', { name: 'Pertama' })).toHaveAttribute('tabindex', '-1');
  });

  it('moves with the arrow keys, round at the ends, the focus following', async () => {
    const { user } = renderWithProviders(<Harness />);
    screen.getByRole('tab', { name: 'Pertama' }).focus();
    await user.keyboard('{ArrowLeft}');
    expect(screen.getByRole('tab', { name: 'Ketiga' })).toHaveFocus();
    expect(screen.getByRole('tabpanel')).toHaveTextContent('Isi c');
    await user.keyboard('{ArrowRight}');
    expect(screen.getByRole('tab', { name: 'Pertama' })).toHaveFocus();
    expect(screen.getByRole('tabpanel')).toHaveTextContent('Isi a');
  });

  it('scrolls the selected tab into view when the tabs are wider than the screen', () => {
    // jsdom lays nothing out: each tab 100px wide side by side, the list 150px wide.
    const place = (el: HTMLElement) => TABS.findIndex((tab) => tab.label === el.textContent);
    jest.spyOn(HTMLElement.prototype, 'offsetLeft', 'get').mockImplementation(function (
      this: HTMLElement,
    ) {
      return Math.max(place(this), 0) * 100;
    });
    jest.spyOn(HTMLElement.prototype, 'offsetWidth', 'get').mockReturnValue(100);
    jest.spyOn(HTMLElement.prototype, 'clientWidth', 'get').mockReturnValue(150);
    const { rerender } = renderWithProviders(
      <Tabs label="Halaman" tabs={TABS} value="c" onChange={() => undefined}>
        <p>Isi</p>
      </Tabs>,
    );
    const list = screen.getByRole('tablist');
    expect(list.scrollLeft).toBe(150); // Ketiga ends at 300: 300 - 150
    rerender(
      <Tabs label="Halaman" tabs={TABS} value="a" onChange={() => undefined}>
        <p>Isi</p>
      </Tabs>,
    );
    expect(list.scrollLeft).toBe(0);
    jest.restoreAllMocks();
  });
});
