import * as ui from './index';

// The names agreed with the other packages (see the agreed public API); a rename breaks them.
const agreed = [
  'theme',
  'GlobalStyle',
  'UiProvider',
  'Button',
  'IconButton',
  'Page',
  'PageHeader',
  'Toolbar',
  'Card',
  'StatCard',
  'Modal',
  'Table',
  'Pager',
  'PageSizeSelect',
  'SearchBox',
  'TextField',
  'QuantityField',
  'MoneyField',
  'parseIntegerInput',
  'parseMoneyInput',
  'dateWindow',
  'DateField',
  'SelectField',
  'StockBadge',
  'Spinner',
  'ErrorPanel',
  'ToastProvider',
  'useToast',
  'formatRupiah',
  'formatDate',
  'formatLongDate',
  'todayIso',
  'addDaysIso',
  'confirmAction',
  'CONFIRM_TEXTS',
  'ProductPicker',
] as const;

describe('@gudang/shared-ui', () => {
  it.each(agreed)('exports %s', (name) => {
    expect(ui[name]).toBeDefined();
  });
});
