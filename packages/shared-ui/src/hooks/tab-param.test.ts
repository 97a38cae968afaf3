import { tabParam } from './tab-param';

type Tab = 'orders' | 'summary' | 'checks';
const tabFields = tabParam<Tab, 'orders'>('orders', {
  summary: 'ringkasan',
  checks: 'perlu-dicek',
});

describe('tabParam', () => {
  it('reads the tab by its value in the URL, the default one when there is none or it is unknown', () => {
    const read = (query: string) => tabFields(new URLSearchParams(query), jest.fn()).tab;
    expect(read('tab=ringkasan')).toBe('summary');
    expect(read('tab=perlu-dicek')).toBe('checks');
    expect(read('')).toBe('orders');
    expect(read('tab=summary')).toBe('orders');
  });

  it("writes a tab's value, the default tab out of the URL, and clears the list's search and size", () => {
    const update = jest.fn();
    const { setTab } = tabFields(new URLSearchParams('tab=ringkasan'), update);
    setTab('checks');
    expect(update).toHaveBeenLastCalledWith({ tab: 'perlu-dicek', search: null, limit: null });
    setTab('orders');
    expect(update).toHaveBeenLastCalledWith({ tab: null, search: null, limit: null });
  });
});
