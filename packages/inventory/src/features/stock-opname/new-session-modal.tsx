import {
  FIELDS,
  OPNAME_MESSAGES,
  OPNAME_SCOPE_LABELS,
  OPNAME_SCOPE_TYPES,
  RACK_PATTERN,
  errorMessage,
  useGetAllProductsQuery,
} from '@gudang/api-client';
import type { OpnameScopeType, StockOpnameInput } from '@gudang/api-client';
import { useCreateStockOpnameMutation } from './stock-opname-api';
import {
  Button,
  IconButton,
  Modal,
  ModalCancelButton,
  ProductPicker,
  SelectField,
  TextField,
  TrashIcon,
  useToast,
  type PickedProduct,
} from '@gudang/shared-ui';
import { useMemo, useState } from 'react';
import type { FormEvent } from 'react';
import styled from 'styled-components';
import { OPNAME_TEXTS } from './stock-opname-texts';

const Form = styled.form`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.spacing.md};
`;

const Chosen = styled.ul`
  margin: 0;
  padding: 0;
  list-style: none;
  li {
    display: flex;
    align-items: center;
    justify-content: space-between;
    gap: ${({ theme }) => theme.spacing.sm};
    padding: 2px 0;
    border-bottom: 1px solid ${({ theme }) => theme.colors.borderLight};
  }
`;

const Problem = styled.p`
  margin: 0;
  color: ${({ theme }) => theme.colors.red};
`;

const distinct = (values: readonly string[]) =>
  [...new Set(values.filter((value) => value.trim() !== ''))].sort((a, b) =>
    a.localeCompare(b, 'id'),
  );

export interface NewSessionModalProps {
  onClose: () => void;
  /** The new session's id, to open it. */
  onCreated: (id: number) => void;
}

/** A new count session: its name and scope (all, a category, a brand or chosen products). */
export function NewSessionModal({ onClose, onCreated }: NewSessionModalProps) {
  const toast = useToast();
  const [name, setName] = useState('');
  const [type, setType] = useState<OpnameScopeType>('all');
  const [value, setValue] = useState('');
  const [products, setProducts] = useState<PickedProduct[]>([]);
  const [submitted, setSubmitted] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const all = useGetAllProductsQuery(undefined, { skip: type !== 'category' && type !== 'brand' });
  const [create, createState] = useCreateStockOpnameMutation();

  const options = useMemo(() => {
    const list = all.data?.data ?? [];
    return {
      category: distinct(list.map((product) => product.category)),
      brand: distinct(list.map((product) => product.brand)),
    };
  }, [all.data]);

  const nameError =
    submitted && name.trim() === '' ? `${FIELDS.session_name.label} wajib diisi` : undefined;
  const valueError =
    submitted && (type === 'category' || type === 'brand') && value === ''
      ? OPNAME_MESSAGES.scopeValue
      : undefined;
  // Rak (issue 47): a prefix of the racks counted ('A-': the whole aisle A).
  const rack = value.trim();
  const rackError =
    type !== 'rack'
      ? undefined
      : rack.length > FIELDS.rack.maxLength || !new RegExp(RACK_PATTERN).test(rack)
        ? OPNAME_MESSAGES.scopeRackInvalid
        : submitted && rack === ''
          ? OPNAME_MESSAGES.scopeRack
          : undefined;
  const productsError =
    submitted && type === 'products' && products.length === 0
      ? OPNAME_MESSAGES.scopeProducts
      : undefined;

  async function save(event: FormEvent) {
    event.preventDefault();
    setSubmitted(true);
    setProblem(null);
    if (name.trim() === '') return;
    if ((type === 'category' || type === 'brand') && value === '') return;
    if (type === 'products' && products.length === 0) return;
    if (type === 'rack' && (rack === '' || rackError !== undefined)) return;
    const body: StockOpnameInput = {
      name: name.trim(),
      scope:
        type === 'all'
          ? { type }
          : type === 'products'
            ? { type, product_codes: products.map((product) => product.code) }
            : { type, value: type === 'rack' ? rack : value },
    };
    try {
      const saved = await create(body).unwrap();
      toast.success(saved.message);
      onCreated(saved.data.id);
    } catch (error) {
      setProblem(errorMessage(error, OPNAME_TEXTS.createFailed));
    }
  }

  const dirty = name !== '' || value !== '' || products.length > 0;

  return (
    <Modal
      open
      title={OPNAME_TEXTS.newTitle}
      onClose={onClose}
      dirty={dirty}
      footer={
        <>
          <ModalCancelButton />
          <Button type="submit" form="new-opname" disabled={createState.isLoading}>
            {createState.isLoading ? OPNAME_TEXTS.creating : OPNAME_TEXTS.create}
          </Button>
        </>
      }
    >
      <Form id="new-opname" onSubmit={(event) => void save(event)} noValidate>
        <TextField
          label={OPNAME_TEXTS.name}
          value={name}
          required
          // The first field takes the focus on opening (issue 42 m12).
          autoFocus
          maxLength={FIELDS.session_name.maxLength}
          error={nameError}
          onChange={(event) => setName(event.target.value)}
        />
        <SelectField
          label={OPNAME_TEXTS.scope}
          value={type}
          options={OPNAME_SCOPE_TYPES.map((scope) => ({
            value: scope,
            label: OPNAME_SCOPE_LABELS[scope],
          }))}
          onChange={(event) => {
            const next = OPNAME_SCOPE_TYPES.find((scope) => scope === event.target.value);
            if (next) setType(next);
            setValue('');
          }}
        />
        {type === 'category' || type === 'brand' ? (
          <SelectField
            label={type === 'category' ? OPNAME_TEXTS.category : OPNAME_TEXTS.brand}
            value={value}
            required
            placeholder={
              type === 'category' ? OPNAME_TEXTS.chooseCategory : OPNAME_TEXTS.chooseBrand
            }
            options={options[type].map((option) => ({ value: option, label: option }))}
            error={valueError}
            onChange={(event) => setValue(event.target.value)}
          />
        ) : null}
        {type === 'rack' ? (
          <TextField
            label={OPNAME_TEXTS.rackPrefix}
            value={value}
            required
            maxLength={FIELDS.rack.maxLength}
            hint={OPNAME_TEXTS.rackPrefixHint}
            error={rackError}
            onChange={(event) => setValue(event.target.value)}
          />
        ) : null}
        {type === 'products' ? (
          <>
            <ProductPicker
              label={OPNAME_TEXTS.addProduct}
              value={null}
              error={productsError}
              onChange={(product) => {
                if (product && !products.some((chosen) => chosen.id === product.id))
                  setProducts([...products, product]);
              }}
            />
            <Chosen aria-label={OPNAME_TEXTS.chosenProducts}>
              {products.length === 0 ? <li>{OPNAME_TEXTS.noProductsChosen}</li> : null}
              {products.map((product) => (
                <li key={product.id}>
                  <span>
                    {product.name} ({product.code})
                  </span>
                  <IconButton
                    label={OPNAME_TEXTS.removeProduct(product.name)}
                    icon={<TrashIcon />}
                    tone="red"
                    onClick={() => setProducts(products.filter((item) => item.id !== product.id))}
                  />
                </li>
              ))}
            </Chosen>
          </>
        ) : null}
        {problem !== null ? <Problem role="alert">{problem}</Problem> : null}
      </Form>
    </Modal>
  );
}
