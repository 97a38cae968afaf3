import {
  FIELDS,
  MARKETPLACE_CHANNELS,
  MARKETPLACE_MESSAGES,
  SKU_MAPPING_MAX_ITEMS,
  errorMessage,
} from '@gudang/api-client';
import type { MappedProduct, MarketplaceChannel, SkuMappingInput } from '@gudang/api-client';
import {
  Button,
  IconButton,
  PlusIcon,
  MODAL_TEXTS,
  ProductPicker,
  QuantityField,
  SelectField,
  TextField,
  TrashIcon,
  confirmAction,
  readIntegerInput,
  useToast,
  type PickedProduct,
} from '@gudang/shared-ui';
import { useEffect, useId, useRef, useState } from 'react';
import type { FormEvent } from 'react';
import styled from 'styled-components';
import { useSaveSkuMappingMutation } from './marketplace-api';
import { CHANNEL_LABELS, MAPPING_TEXTS } from './marketplace-texts';

/** What the form starts from: an existing mapping, or a SKU of a preview line. */
export interface MappingDraft {
  channel: MarketplaceChannel | null;
  sku: string;
  variation: string | null;
  items: readonly MappedProduct[];
}

interface ItemRow {
  key: number;
  product: PickedProduct | null;
  quantity: string;
}

const CHANNEL_OPTIONS = MARKETPLACE_CHANNELS.map((value) => ({
  value,
  label: CHANNEL_LABELS[value],
}));

const QUANTITY_MAX = FIELDS.quantity.max;

const Grid = styled.div`
  display: grid;
  grid-template-columns: repeat(auto-fit, minmax(180px, 1fr));
  column-gap: ${({ theme }) => theme.spacing.lg};
`;

// Product, quantity and the remove button on one line; the product takes the room.
const ItemLine = styled.div`
  display: grid;
  grid-template-columns: minmax(0, 1fr) 120px auto;
  align-items: start;
  gap: ${({ theme }) => theme.spacing.sm};
  > :last-child {
    margin-top: 30px;
  }
  /* A phone: the product on a line of its own, its quantity and the remove button under it. */
  @media ${({ theme }) => theme.media.narrow} {
    grid-template-columns: minmax(0, 1fr) auto;
    > :first-child {
      grid-column: 1 / -1;
    }
  }
`;

// 'Tambah Produk' on the left, Batal and Simpan on the right (under it on a phone).
const Buttons = styled.div`
  display: flex;
  flex-wrap: wrap;
  justify-content: space-between;
  gap: ${({ theme }) => theme.spacing.sm};
`;

const SaveButtons = styled.div`
  display: flex;
  gap: ${({ theme }) => theme.spacing.sm};
  margin-left: auto;
`;

const Problem = styled.p`
  margin: 0 0 ${({ theme }) => theme.spacing.md};
  font-size: ${({ theme }) => theme.fontSizes.sm};
  color: ${({ theme }) => theme.colors.red};
`;

/** The picker's value for a mapped product (the mapping carries no stock or category). */
const productOf = (item: MappedProduct, index: number): PickedProduct => ({
  id: -(index + 1),
  barcode_id: '',
  code: item.product_code,
  name: item.product_name,
  category: '',
  brand: '',
  current_stock: 0,
});

export interface SkuMappingFormProps {
  draft: MappingDraft;
  /**
   * What cannot be changed: 'key' (an existing mapping: channel, SKU and variation name it, so
   * only its products change), 'sku' (a preview line's SKU: channel and variation may widen it).
   */
  locked?: 'key' | 'sku';
  onSaved: () => void;
  /** Batal, after the user agreed to throw typed data away. */
  onCancel: () => void;
  /** Told whether the form holds typed data (false again when it goes), for its dialog. */
  onDirtyChange?: (dirty: boolean) => void;
}

/** What the rows say, for telling whether they changed. */
const rowsText = (rows: readonly ItemRow[]) =>
  JSON.stringify(rows.map((row) => [row.product?.code ?? null, row.quantity]));

/**
 * One SKU mapping: channel (or all), SKU, variation (or all) and its products with a quantity
 * each (a bundle 'Paket isi 3' is 3 x one product, a combo several products). Saved with
 * PUT /api/sku-mappings, which creates or replaces it.
 */
export function SkuMappingForm({
  draft,
  locked,
  onSaved,
  onCancel,
  onDirtyChange,
}: SkuMappingFormProps) {
  const id = useId();
  const toast = useToast();
  const nextKey = useRef(draft.items.length + 1);
  const [channel, setChannel] = useState<MarketplaceChannel | null>(draft.channel);
  const [sku, setSku] = useState(draft.sku);
  const [variation, setVariation] = useState(draft.variation ?? '');
  const [rows, setRows] = useState<ItemRow[]>(() =>
    draft.items.length > 0
      ? draft.items.map((item, index) => ({
          key: index + 1,
          product: productOf(item, index),
          quantity: String(item.quantity),
        }))
      : [{ key: 0, product: null, quantity: '1' }],
  );
  const [errors, setErrors] = useState<{ sku?: string; rows: Record<number, string> }>({
    rows: {},
  });
  const [save, { isLoading }] = useSaveSkuMappingMutation();
  // What the form opened with: Batal (and the dialog around it) asks first once it differs.
  const [initialRows] = useState(() => rowsText(rows));
  const dirty =
    !isLoading &&
    (channel !== draft.channel ||
      sku !== draft.sku ||
      variation !== (draft.variation ?? '') ||
      rowsText(rows) !== initialRows);
  const tell = useRef(onDirtyChange);
  useEffect(() => {
    tell.current = onDirtyChange;
  });
  useEffect(() => {
    tell.current?.(dirty);
  }, [dirty]);
  useEffect(() => () => tell.current?.(false), []);

  const change = (key: number, patch: Partial<ItemRow>) => {
    setRows((current) => current.map((row) => (row.key === key ? { ...row, ...patch } : row)));
    setErrors((current) => ({ ...current, rows: { ...current.rows, [key]: '' } }));
  };
  const numbered = rows.length > 1;
  // The focus opens where the typing starts (issue 42 c14): with the SKU given (a preview line's
  // 'Petakan', an existing mapping) that is the first product; a new, blank mapping starts at SKU.
  const [focusProduct] = useState(() => draft.sku.trim() !== '');

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (isLoading) return;
    const found: { sku?: string; rows: Record<number, string> } = { rows: {} };
    if (sku.trim() === '') found.sku = MAPPING_TEXTS.skuRequired;
    const items: SkuMappingInput['items'] = [];
    const seen = new Set<string>();
    rows.forEach((row, index) => {
      const label = numbered ? `${MAPPING_TEXTS.quantity} ${index + 1}` : MAPPING_TEXTS.quantity;
      const amount = readIntegerInput(row.quantity, { label, min: 1, max: QUANTITY_MAX });
      if (!row.product) found.rows[row.key] = MAPPING_TEXTS.productRequired;
      else if (seen.has(row.product.code.toLowerCase()))
        found.rows[row.key] = MARKETPLACE_MESSAGES.mappingDuplicateProduct(row.product.code);
      else if (amount.error !== undefined) found.rows[row.key] = amount.error;
      if (row.product && amount.value !== undefined) {
        seen.add(row.product.code.toLowerCase());
        items.push({ product_code: row.product.code, quantity: amount.value });
      }
    });
    setErrors(found);
    if (found.sku || Object.values(found.rows).some(Boolean)) return;
    try {
      const saved = await save({
        channel,
        sku: sku.trim(),
        variation: variation.trim() === '' ? null : variation.trim(),
        items,
      }).unwrap();
      toast.success(saved.message || MARKETPLACE_MESSAGES.mappingSaved);
      onSaved();
    } catch (error) {
      toast.error(errorMessage(error, MAPPING_TEXTS.saveFailed));
    }
  };

  return (
    <form id={id} noValidate onSubmit={(event) => void submit(event)}>
      <Grid>
        <SelectField
          label={FIELDS.channel.label}
          placeholder={MAPPING_TEXTS.allChannels}
          options={CHANNEL_OPTIONS}
          value={channel ?? ''}
          disabled={locked === 'key'}
          onChange={(event) =>
            setChannel(MARKETPLACE_CHANNELS.find((value) => value === event.target.value) ?? null)
          }
        />
        <TextField
          label={FIELDS.sku.label}
          value={sku}
          required
          autoFocus={!focusProduct}
          readOnly={locked !== undefined}
          autoComplete="off"
          maxLength={FIELDS.sku.maxLength}
          error={errors.sku}
          onChange={(event) => {
            setSku(event.target.value);
            setErrors((current) => ({ ...current, sku: undefined }));
          }}
        />
        <TextField
          label={FIELDS.variation.label}
          value={variation}
          autoComplete="off"
          maxLength={FIELDS.variation.maxLength}
          readOnly={locked === 'key'}
          hint={locked === 'key' ? undefined : MAPPING_TEXTS.variationHint}
          placeholder={MAPPING_TEXTS.allVariations}
          onChange={(event) => setVariation(event.target.value)}
        />
      </Grid>
      {rows.map((row, index) => {
        const suffix = numbered ? ` ${index + 1}` : '';
        const problem = errors.rows[row.key];
        return (
          <div key={row.key}>
            <ItemLine>
              <ProductPicker
                label={`${MAPPING_TEXTS.product}${suffix}`}
                placeholder="Cari dan pilih produk..."
                value={row.product}
                required
                autoFocus={focusProduct && index === 0}
                onChange={(product) => change(row.key, { product })}
              />
              <QuantityField
                label={`${MAPPING_TEXTS.quantity}${suffix}`}
                min={1}
                max={QUANTITY_MAX}
                value={row.quantity}
                required
                onChange={(quantity) => change(row.key, { quantity })}
              />
              <IconButton
                label={`${MAPPING_TEXTS.removeItem}${suffix}`}
                icon={<TrashIcon />}
                tone="red"
                disabled={rows.length === 1}
                onClick={() => setRows((current) => current.filter(({ key }) => key !== row.key))}
              />
            </ItemLine>
            {problem ? <Problem role="alert">{problem}</Problem> : null}
          </div>
        );
      })}
      <Buttons>
        <Button
          variant="ghost"
          icon={<PlusIcon />}
          disabled={rows.length >= SKU_MAPPING_MAX_ITEMS}
          onClick={() => {
            const key = nextKey.current;
            nextKey.current += 1;
            setRows((current) => [...current, { key, product: null, quantity: '1' }]);
          }}
        >
          {MAPPING_TEXTS.addItem}
        </Button>
        <SaveButtons>
          <Button
            variant="ghost"
            onClick={() => {
              if (dirty && !confirmAction(MODAL_TEXTS.discard)) return;
              onCancel();
            }}
          >
            Batal
          </Button>
          <Button type="submit" busy={isLoading} busyText="Menyimpan...">
            Simpan
          </Button>
        </SaveButtons>
      </Buttons>
    </form>
  );
}
