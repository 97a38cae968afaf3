import { act, screen, waitFor } from '@testing-library/react';
import { useRef, useState } from 'react';
import type { FormEvent } from 'react';
import { renderWithProviders } from '../../testing';
import { CameraScan, cameraErrorMessage } from './camera-scan';

// The ponyfill as a stand-in: counts its loads and records where it was told the .wasm is.
const ponyfill = { loads: 0, wasm: '' as string, codes: [] as string[] };
jest.mock('barcode-detector/ponyfill', () => {
  ponyfill.loads += 1;
  return {
    prepareZXingModule: ({
      overrides,
    }: {
      overrides: { locateFile: (path: string, prefix: string) => string };
    }) => {
      ponyfill.wasm = overrides.locateFile('zxing_reader.wasm', 'https://cdn.example/');
    },
    BarcodeDetector: class {
      detect() {
        return Promise.resolve(ponyfill.codes.map((rawValue) => ({ rawValue })));
      }
    },
  };
});

const stopped: string[] = [];
let getUserMedia: jest.Mock;

beforeEach(() => {
  stopped.length = 0;
  ponyfill.codes = [];
  getUserMedia = jest.fn(() =>
    Promise.resolve({ getTracks: () => [{ stop: () => stopped.push('video') }] }),
  );
  Object.defineProperty(window, 'isSecureContext', { value: true, configurable: true });
  Object.defineProperty(navigator, 'mediaDevices', {
    value: { getUserMedia },
    configurable: true,
  });
  jest.spyOn(HTMLMediaElement.prototype, 'play').mockResolvedValue(undefined);
});

afterEach(() => {
  delete (globalThis as { BarcodeDetector?: unknown }).BarcodeDetector;
  jest.restoreAllMocks();
});

/** A barcode field with its form, as the pages have it; records what Enter submitted. */
function Field({ forcePonyfill = false }: { forcePonyfill?: boolean }) {
  const ref = useRef<HTMLInputElement>(null);
  const [value, setValue] = useState('');
  const [submitted, setSubmitted] = useState<string[]>([]);
  return (
    <form
      onSubmit={(event: FormEvent) => {
        event.preventDefault();
        setSubmitted((list) => [...list, value]);
      }}
    >
      <label>
        Barcode
        <input ref={ref} value={value} onChange={(event) => setValue(event.target.value)} />
      </label>
      <CameraScan target={ref} detector={{ forcePonyfill }} />
      <output aria-label="submitted">{submitted.join(',')}</output>
    </form>
  );
}

const submitted = () => screen.getByRole('status', { name: 'submitted' }).textContent;

test('reads a code with the browser’s detector and types it into the field with Enter', async () => {
  const detect = jest
    .fn()
    .mockResolvedValueOnce([])
    .mockResolvedValue([{ rawValue: 'BC-123' }]);
  (globalThis as { BarcodeDetector?: unknown }).BarcodeDetector = Object.assign(
    class {
      detect = detect;
    },
    { getSupportedFormats: () => Promise.resolve(['code_128', 'ean_13', 'qr_code']) },
  );
  const { user } = renderWithProviders(<Field />);
  await user.click(screen.getByRole('button', { name: 'Scan dengan kamera' }));
  await waitFor(() => expect(screen.getByLabelText('Barcode')).toHaveValue('BC-123'));
  expect(submitted()).toBe('BC-123');
  expect(getUserMedia).toHaveBeenCalledWith({
    video: { facingMode: { ideal: 'environment' } },
    audio: false,
  });
  // The camera is let go, the dialog closed, and the ponyfill never loaded.
  expect(stopped).toEqual(['video']);
  expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  expect(ponyfill.loads).toBe(0);
});

test('loads the ponyfill only when the camera opens, its .wasm from Gudang', async () => {
  ponyfill.codes = ['SPXID0099'];
  const { user } = renderWithProviders(<Field forcePonyfill />);
  expect(ponyfill.loads).toBe(0);
  await user.click(screen.getByRole('button', { name: 'Scan dengan kamera' }));
  await waitFor(() => expect(screen.getByLabelText('Barcode')).toHaveValue('SPXID0099'));
  expect(ponyfill.loads).toBe(1);
  expect(ponyfill.wasm).toBe('/vendor/zxing_reader.wasm');
  expect(submitted()).toBe('SPXID0099');
});

test('says in Indonesian when the camera is refused or missing', async () => {
  getUserMedia.mockRejectedValue(new DOMException('denied', 'NotAllowedError'));
  const { user } = renderWithProviders(<Field forcePonyfill />);
  await user.click(screen.getByRole('button', { name: 'Scan dengan kamera' }));
  expect(await screen.findByRole('alert')).toHaveTextContent('Izin kamera ditolak.');
  await act(async () => {
    await user.click(screen.getByRole('button', { name: 'Tutup' }));
  });
  await waitFor(() => expect(screen.getByLabelText('Barcode')).toHaveFocus());
  expect(cameraErrorMessage(new DOMException('x', 'NotFoundError'))).toBe(
    'Kamera tidak ditemukan di perangkat ini.',
  );
});

test('says a camera needs HTTPS on a page that is not secure', async () => {
  Object.defineProperty(window, 'isSecureContext', { value: false, configurable: true });
  const { user } = renderWithProviders(<Field />);
  await user.click(screen.getByRole('button', { name: 'Scan dengan kamera' }));
  expect(await screen.findByRole('alert')).toHaveTextContent('halaman aman (HTTPS)');
  expect(getUserMedia).not.toHaveBeenCalled();
});
