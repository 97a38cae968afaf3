import {
  BARCODE_SIZES,
  FIELDS,
  MESSAGES,
  PICKER_MIN_CHARS,
  VALIDATION_MESSAGES,
} from '@gudang/api-client';
import type { BarcodeSize } from '@gudang/api-client';
import {
  Button,
  Card,
  MutedText,
  Page,
  PageHeader,
  type PickedProduct,
  PrintLayout,
  ProductPicker,
  QuantityField,
  SelectField,
  TextField,
  downloadBlob,
  readIntegerInput,
  usePrintRequest,
  useToast,
} from '@gudang/shared-ui';
import { useId, useState } from 'react';
import styled from 'styled-components';
import { useGenerateBarcodeMutation } from './barcode-api';
import { barcodePng, canEncode } from './barcode-drawing';
import type { BarcodeLook } from './barcode-drawing';
import { BarcodeImage } from './barcode-image';

/** A sheet holds 1 to this many copies of the label (enough for one delivery). */
export const MAX_SHEET_COPIES = 100;

const SIZE_LABELS: Record<BarcodeSize, string> = {
  kecil: 'Kecil',
  sedang: 'Sedang',
  besar: 'Besar',
};

export const BARCODE_TEXTS = {
  barcodeField: 'Barcode',
  sizeField: 'Ukuran',
  showText: 'Tampilkan Teks',
  copiesField: 'Jumlah Salinan',
  preview: 'Pratinjau',
  download: 'Download',
  print: 'Print',
  emptyPreview: 'Pilih produk atau ketik barcode untuk melihat pratinjau',
  guide: 'Panduan Penggunaan',
} as const;

const USAGE_TIPS = [
  `Pilih produk dari daftar (ketik minimal ${PICKER_MIN_CHARS} karakter) atau ketik barcode secara manual.`,
  'Pilih ukuran barcode sesuai label: Kecil, Sedang, atau Besar.',
  "Centang 'Tampilkan Teks' agar kode juga tercetak di bawah garis barcode.",
  'Klik Download untuk menyimpan barcode sebagai gambar PNG.',
  'Klik Print untuk mencetak; isi Jumlah Salinan untuk mencetak satu lembar A4 berisi banyak label.',
  'Uji hasil cetak dengan scanner sebelum label ditempel pada barang.',
] as const;

const Layout = styled.div`
  display: grid;
  grid-template-columns: repeat(auto-fit, minmax(320px, 1fr));
  gap: ${({ theme }) => theme.spacing.lg};
  align-items: start;
`;

const Check = styled.label`
  display: inline-flex;
  align-items: center;
  gap: ${({ theme }) => theme.spacing.sm};
  margin-bottom: ${({ theme }) => theme.spacing.lg};
  font-size: ${({ theme }) => theme.fontSizes.sm};
  color: ${({ theme }) => theme.colors.grey700};
  cursor: pointer;
  input {
    width: 16px;
    height: 16px;
  }
`;

const PreviewBox = styled.div`
  display: flex;
  flex-direction: column;
  align-items: center;
  gap: ${({ theme }) => theme.spacing.sm};
  min-height: 160px;
  justify-content: center;
  padding: ${({ theme }) => theme.spacing.lg};
  background: ${({ theme }) => theme.colors.white};
  border: 1px dashed ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radii.md};
  overflow-x: auto;
  text-align: center;
`;

const ProductName = styled.p`
  margin: 0;
  font-weight: 600;
  color: ${({ theme }) => theme.colors.grey900};
`;

const Muted = styled.p`
  margin: 0;
  color: ${({ theme }) => theme.colors.textMuted};
`;

const Failure = styled.p`
  margin: 0;
  font-weight: 600;
  color: ${({ theme }) => theme.colors.redText};
`;

// Jumlah Salinan, then Download and Print side by side: on a phone the two buttons move to the
// next line together, never Print alone.
const Actions = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: flex-end;
  gap: ${({ theme }) => theme.spacing.sm};
  margin-top: ${({ theme }) => theme.spacing.lg};
  > div:first-child {
    flex: 0 1 160px;
    margin-bottom: 0;
  }
`;

const ActionButtons = styled.div`
  display: flex;
  flex-wrap: nowrap;
  gap: ${({ theme }) => theme.spacing.sm};
`;

const Tips = styled.ol`
  margin: 0;
  padding-left: 1.25rem;
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.spacing.xs};
  font-size: ${({ theme }) => theme.fontSizes.sm};
`;

// The A4 label sheet: three labels across the printable width (210 mm - 2 x 12 mm page
// margin), each barcode scaled to fit its label and at most LABEL_BARCODE_HEIGHT high, so that
// 24 labels (8 rows) fill one page. The SVG keeps its proportions (viewBox, 'meet').
export const LABELS_ACROSS = 3;
const LABEL_BARCODE_HEIGHT = '20mm';

const Sheet = styled.div`
  display: grid;
  grid-template-columns: repeat(${LABELS_ACROSS}, minmax(0, 1fr));
  gap: 2.5mm;
`;

const Label = styled.div`
  break-inside: avoid;
  display: flex;
  flex-direction: column;
  align-items: center;
  min-width: 0;
  padding: 1.5mm;
  border: 1px dashed #999;
  font-size: 8pt;
  text-align: center;
  strong {
    display: -webkit-box;
    -webkit-box-orient: vertical;
    -webkit-line-clamp: 2;
    overflow: hidden;
    overflow-wrap: anywhere;
    max-width: 100%;
  }
  svg {
    width: 100%;
    height: auto;
    max-height: ${LABEL_BARCODE_HEIGHT};
  }
`;

export function BarcodeGeneratorPage() {
  const toast = useToast();
  const showTextId = useId();
  const [product, setProduct] = useState<PickedProduct | null>(null);
  const [barcode, setBarcode] = useState('');
  const [size, setSize] = useState<BarcodeSize>('sedang');
  const [showText, setShowText] = useState(true);
  const [copiesText, setCopiesText] = useState('1');
  const [generate] = useGenerateBarcodeMutation();
  const { printing, print } = usePrintRequest();

  const look: BarcodeLook = { size, showText };
  const hasBarcode = barcode !== '';
  const encodable = hasBarcode && canEncode(barcode);
  const copies = readIntegerInput(copiesText, {
    label: BARCODE_TEXTS.copiesField,
    min: 1,
    max: MAX_SHEET_COPIES,
  });
  const copiesError =
    copiesText.trim() === '' ? VALIDATION_MESSAGES.required(BARCODE_TEXTS.copiesField) : undefined;

  const chooseProduct = (next: PickedProduct | null) => {
    setProduct(next);
    setBarcode(next ? next.barcode_id : '');
  };

  // Typing another barcode by hand leaves the product: its name would no longer match.
  const typeBarcode = (next: string) => {
    setBarcode(next);
    if (product && next !== product.barcode_id) setProduct(null);
  };

  const logGenerated = () => {
    if (!product) return;
    // The response is not used (docs/product.md point 7); a failed log does not undo the download.
    void generate({ product_code: product.code });
  };

  const download = async () => {
    const png = await barcodePng(barcode, look);
    if (!png) {
      toast.error(MESSAGES.barcodeFailed);
      return;
    }
    downloadBlob(png, `barcode-${barcode}.png`);
    toast.success(MESSAGES.barcodeDownloaded);
    logGenerated();
  };

  const printSheet = () => {
    print();
    logGenerated();
  };

  const copyCount = copies.value ?? 1;

  return (
    <Page>
      <PageHeader title="Generator Barcode" />
      <Layout>
        <Card title="Pengaturan Barcode">
          <ProductPicker label="Pilih Produk" value={product} onChange={chooseProduct} />
          <TextField
            label={BARCODE_TEXTS.barcodeField}
            value={barcode}
            maxLength={FIELDS.barcode.maxLength}
            placeholder="Ketik barcode secara manual"
            autoComplete="off"
            onChange={(event) => typeBarcode(event.target.value)}
          />
          <SelectField
            label={BARCODE_TEXTS.sizeField}
            value={size}
            options={(Object.keys(BARCODE_SIZES) as BarcodeSize[]).map((value) => ({
              value,
              label: SIZE_LABELS[value],
            }))}
            onChange={(event) => setSize(event.target.value as BarcodeSize)}
          />
          <Check htmlFor={showTextId}>
            <input
              id={showTextId}
              type="checkbox"
              checked={showText}
              onChange={(event) => setShowText(event.target.checked)}
            />
            {BARCODE_TEXTS.showText}
          </Check>
        </Card>
        <Card title={BARCODE_TEXTS.preview}>
          <PreviewBox aria-live="polite">
            {product ? (
              <div>
                <ProductName>{product.name}</ProductName>
                <MutedText>Kode: {product.code}</MutedText>
              </div>
            ) : null}
            {!hasBarcode ? <Muted>{BARCODE_TEXTS.emptyPreview}</Muted> : null}
            {hasBarcode && !encodable ? (
              <Failure role="alert">{MESSAGES.barcodeFailed}</Failure>
            ) : null}
            {encodable ? <BarcodeImage text={barcode} look={look} /> : null}
          </PreviewBox>
          <Actions>
            <QuantityField
              label={BARCODE_TEXTS.copiesField}
              value={copiesText}
              min={1}
              max={MAX_SHEET_COPIES}
              onChange={setCopiesText}
              error={copiesError}
            />
            <ActionButtons data-barcode-actions="">
              <Button onClick={() => void download()} disabled={!encodable}>
                {BARCODE_TEXTS.download}
              </Button>
              <Button
                variant="ghost"
                onClick={printSheet}
                disabled={!encodable || copies.value === undefined}
              >
                {BARCODE_TEXTS.print}
              </Button>
            </ActionButtons>
          </Actions>
        </Card>
      </Layout>
      <Card title={BARCODE_TEXTS.guide}>
        <Tips>
          {USAGE_TIPS.map((tip) => (
            <li key={tip}>{tip}</li>
          ))}
        </Tips>
      </Card>
      {printing && encodable ? (
        <PrintLayout label={`Cetak Barcode ${barcode}`}>
          <Sheet>
            {Array.from({ length: copyCount }, (_, index) => (
              <Label key={index} data-testid="barcode-label">
                {product ? <strong>{product.name}</strong> : null}
                <BarcodeImage text={barcode} look={look} />
              </Label>
            ))}
          </Sheet>
        </PrintLayout>
      ) : null}
    </Page>
  );
}
