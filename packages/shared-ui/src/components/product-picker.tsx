import {
  FIELDS,
  PICKER_DEBOUNCE_MS,
  PICKER_LIMIT,
  PICKER_MIN_CHARS,
  useGetProductsQuery,
} from '@gudang/api-client';
import type { Product } from '@gudang/api-client';
import { useId, useRef, useState } from 'react';
import type { KeyboardEvent } from 'react';
import styled from 'styled-components';
import { useDebouncedValue } from '../hooks/use-debounced-value';
import { FieldError, FieldLabel, FieldWrap, TextField } from './fields';
import { CloseIcon } from './icons';
import { StockBadge, stockLevel } from './stock-badge';

/**
 * What the picker shows and hands back: a product from the search, or the product of a record
 * being edited, which carries only these fields (prices only where the record has them).
 */
export type PickedProduct = Pick<
  Product,
  'id' | 'barcode_id' | 'code' | 'name' | 'category' | 'brand' | 'current_stock'
> &
  Partial<Pick<Product, 'purchase_price' | 'selling_price' | 'reserved_stock' | 'available_stock'>>;

export interface ProductPickerProps {
  value: PickedProduct | null;
  onChange: (product: PickedProduct | null) => void;
  /** 'Pilih produk...' by default; forms use 'Cari dan pilih produk...'. */
  placeholder?: string;
  /** Out-of-stock products (current_stock <= 0) cannot be chosen (outgoing goods). */
  disableOutOfStock?: boolean;
  /** Visible label; without it the input is named by `aria-label` ('Produk'). */
  label?: string;
  'aria-label'?: string;
  id?: string;
  error?: string;
  required?: boolean;
  disabled?: boolean;
  /**
   * Focused when shown: a form whose first field it is (Tambah Barang Masuk, Tambah Order). Not
   * a dialog-wide rule: Barang Keluar keeps the focus in its barcode field.
   */
  autoFocus?: boolean;
}

export const PICKER_TEXTS = {
  placeholder: 'Pilih produk...',
  minChars: `Ketik minimal ${PICKER_MIN_CHARS} karakter untuk mencari produk`,
  loading: 'Mencari produk...',
  empty: 'Tidak ada produk ditemukan',
  clear: 'Hapus pilihan',
} as const;

// The popup is placed against the field.
const Wrap = styled(FieldWrap)`
  position: relative;
`;

const Control = styled.div`
  position: relative;
  display: flex;
  align-items: center;
`;

const Input = styled.input<{ $invalid: boolean }>`
  width: 100%;
  padding: 8px 36px 8px 12px;
  border: 1px solid ${({ theme, $invalid }) => ($invalid ? theme.colors.red : theme.colors.border)};
  border-radius: ${({ theme }) => theme.radii.md};
  background: ${({ theme }) => theme.colors.white};
  &:focus {
    outline: none;
    border-color: ${({ theme }) => theme.colors.primary};
    box-shadow: 0 0 0 2px ${({ theme }) => theme.colors.primarySoft};
  }
  &:disabled {
    background: ${({ theme }) => theme.colors.grey100};
    cursor: not-allowed;
  }
`;

const ClearButton = styled.button`
  position: absolute;
  right: 6px;
  display: inline-flex;
  padding: 4px;
  border: none;
  background: transparent;
  color: ${({ theme }) => theme.colors.grey500};
  cursor: pointer;
  &:hover {
    color: ${({ theme }) => theme.colors.grey900};
  }
`;

const Popup = styled.div`
  position: absolute;
  top: calc(100% + 4px);
  left: 0;
  right: 0;
  z-index: 10;
  max-height: 280px;
  overflow-y: auto;
  background: ${({ theme }) => theme.colors.white};
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radii.md};
  box-shadow: ${({ theme }) => theme.shadows.lg};
`;

const Message = styled.div`
  padding: ${({ theme }) => theme.spacing.md};
  color: ${({ theme }) => theme.colors.textMuted};
  font-size: ${({ theme }) => theme.fontSizes.sm};
`;

const List = styled.ul`
  margin: 0;
  padding: 4px 0;
  list-style: none;
`;

const Option = styled.li<{ $active: boolean }>`
  display: flex;
  align-items: center;
  justify-content: space-between;
  gap: ${({ theme }) => theme.spacing.sm};
  padding: 8px 12px;
  cursor: pointer;
  background: ${({ theme, $active }) => ($active ? theme.colors.primarySoft : 'transparent')};
  &[aria-disabled='true'] {
    cursor: not-allowed;
    opacity: 0.5;
  }
`;

// A long name (even one word without spaces) wraps inside its column and never runs under the
// stock badge or past the list's edge; the badge keeps its size.
const OptionText = styled.span`
  display: flex;
  flex: 1 1 auto;
  flex-direction: column;
  min-width: 0;
  overflow-wrap: anywhere;
  & + * {
    flex: none;
    white-space: nowrap;
  }
`;

const OptionCode = styled.span`
  font-size: ${({ theme }) => theme.fontSizes.xs};
  color: ${({ theme }) => theme.colors.textMuted};
`;

const productLabel = (product: PickedProduct): string => `${product.name} (${product.code})`;

/**
 * The shared product picker (docs/product.md point 2): a combobox that searches the products from
 * PICKER_MIN_CHARS typed characters, PICKER_DEBOUNCE_MS after typing stops, PICKER_LIMIT results.
 * RTK Query caches each search.
 */
export function ProductPicker({
  value,
  onChange,
  placeholder = PICKER_TEXTS.placeholder,
  disableOutOfStock = false,
  label,
  'aria-label': ariaLabel = 'Produk',
  id,
  error,
  required,
  disabled = false,
  autoFocus = false,
}: ProductPickerProps) {
  const generatedId = useId();
  const inputId = id ?? `${generatedId}-input`;
  const listId = `${generatedId}-list`;
  const errorId = `${generatedId}-error`;

  const [open, setOpen] = useState(false);
  // The focus a dialog gives on opening (autoFocus) leaves the list closed: Escape then closes
  // the dialog at once, and the list opens on typing, a click or the arrow keys.
  const focusedOnMount = useRef(autoFocus);
  const [query, setQuery] = useState('');
  const [activeIndex, setActiveIndex] = useState(-1);

  const typed = query.trim();
  const search = useDebouncedValue(typed, PICKER_DEBOUNCE_MS);
  const skip = !open || search.length < PICKER_MIN_CHARS;
  const { currentData, isFetching } = useGetProductsQuery(
    { search, limit: PICKER_LIMIT },
    { skip },
  );

  const tooShort = typed.length < PICKER_MIN_CHARS;
  const waiting = !tooShort && (typed !== search || isFetching || currentData === undefined);
  const products = !tooShort && !waiting ? (currentData?.data ?? []) : [];
  const isDisabled = (product: Product) =>
    disableOutOfStock && stockLevel(product.current_stock) === 'out';

  const close = () => {
    setOpen(false);
    setQuery('');
    setActiveIndex(-1);
  };

  const choose = (product: Product) => {
    if (isDisabled(product)) return;
    onChange(product);
    close();
  };

  const move = (step: 1 | -1) => {
    if (products.length === 0) return;
    let next = activeIndex;
    for (let i = 0; i < products.length; i += 1) {
      next = (next + step + products.length) % products.length;
      const candidate = products[next];
      if (candidate && !isDisabled(candidate)) {
        setActiveIndex(next);
        return;
      }
    }
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'ArrowDown') {
      event.preventDefault();
      if (!open) setOpen(true);
      else move(1);
    } else if (event.key === 'ArrowUp') {
      event.preventDefault();
      move(-1);
    } else if (event.key === 'Enter') {
      if (open) event.preventDefault();
      const active = products[activeIndex];
      if (open && active) choose(active);
    } else if (event.key === 'Escape' && open) {
      // Close only the list, not a surrounding modal.
      event.stopPropagation();
      close();
    }
  };

  const activeId =
    activeIndex >= 0 && products[activeIndex] ? `${listId}-${activeIndex}` : undefined;
  const invalid = Boolean(error);
  const describedBy = invalid ? errorId : undefined;

  return (
    <Wrap>
      {label ? (
        <FieldLabel htmlFor={inputId} data-required={required ? 'true' : undefined}>
          {label}
        </FieldLabel>
      ) : null}
      <Control>
        <Input
          id={inputId}
          type="text"
          role="combobox"
          autoComplete="off"
          maxLength={FIELDS.search.maxLength}
          aria-label={label ? undefined : ariaLabel}
          aria-expanded={open}
          aria-controls={open ? listId : undefined}
          aria-autocomplete="list"
          aria-activedescendant={activeId}
          aria-invalid={invalid || undefined}
          aria-describedby={describedBy}
          aria-required={required || undefined}
          disabled={disabled}
          autoFocus={autoFocus}
          placeholder={open && value ? productLabel(value) : placeholder}
          value={open ? query : value ? productLabel(value) : ''}
          $invalid={invalid}
          onFocus={() => {
            if (focusedOnMount.current) focusedOnMount.current = false;
            else setOpen(true);
          }}
          onClick={() => setOpen(true)}
          onBlur={close}
          onChange={(event) => {
            setQuery(event.target.value);
            setActiveIndex(-1);
            setOpen(true);
          }}
          onKeyDown={onKeyDown}
        />
        {value && !disabled ? (
          <ClearButton
            type="button"
            aria-label={PICKER_TEXTS.clear}
            title={PICKER_TEXTS.clear}
            onMouseDown={(event) => event.preventDefault()}
            onClick={() => {
              onChange(null);
              close();
            }}
          >
            <CloseIcon />
          </ClearButton>
        ) : null}
      </Control>
      {open ? (
        <Popup>
          {tooShort || waiting || products.length === 0 ? (
            <Message aria-live="polite">
              {tooShort
                ? PICKER_TEXTS.minChars
                : waiting
                  ? PICKER_TEXTS.loading
                  : PICKER_TEXTS.empty}
            </Message>
          ) : null}
          <List id={listId} role="listbox" aria-label={label ?? ariaLabel}>
            {products.map((product, index) => {
              const optionDisabled = isDisabled(product);
              return (
                <Option
                  key={product.id}
                  id={`${listId}-${index}`}
                  role="option"
                  aria-selected={value?.id === product.id}
                  aria-disabled={optionDisabled || undefined}
                  $active={index === activeIndex}
                  onMouseDown={(event) => event.preventDefault()}
                  onMouseEnter={() => {
                    if (!optionDisabled) setActiveIndex(index);
                  }}
                  onClick={() => choose(product)}
                >
                  <OptionText>
                    <span>{product.name}</span>
                    <OptionCode>{product.code}</OptionCode>
                  </OptionText>
                  <StockBadge stock={product.current_stock} />
                  {product.reserved_stock ? (
                    <OptionAvailable $oversold={(product.available_stock ?? 0) < 0}>
                      Tersedia {(product.available_stock ?? 0).toLocaleString('id-ID')}
                    </OptionAvailable>
                  ) : null}
                </Option>
              );
            })}
          </List>
        </Popup>
      ) : null}
      {invalid ? <FieldError id={errorId}>{error}</FieldError> : null}
    </Wrap>
  );
}

/** Tersedia beside Stok when marketplace orders hold some of it (issue 44); red when oversold. */
const OptionAvailable = styled.span<{ $oversold: boolean }>`
  flex-shrink: 0;
  font-size: ${({ theme }) => theme.fontSizes.sm};
  color: ${({ theme, $oversold }) => ($oversold ? theme.colors.red : theme.colors.textMuted)};
`;

/**
 * Nama Barang, Kategori and Merk of the picked product, read only: what a record form shows
 * under its ProductPicker (Barang Masuk/Keluar, Tambah Order).
 */
export function PickedProductFields({ product }: { product: PickedProduct | null }) {
  return (
    <>
      <TextField
        label="Nama Barang"
        value={product?.name ?? ''}
        maxLength={FIELDS.product_name.maxLength}
        readOnly
      />
      <TextField
        label="Kategori"
        value={product?.category ?? ''}
        maxLength={FIELDS.category.maxLength}
        readOnly
      />
      <TextField
        label="Merk"
        value={product?.brand ?? ''}
        maxLength={FIELDS.brand.maxLength}
        readOnly
      />
    </>
  );
}
