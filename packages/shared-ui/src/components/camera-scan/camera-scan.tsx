import { useEffect, useRef, useState } from 'react';
import type { RefObject } from 'react';
import { flushSync } from 'react-dom';
import styled from 'styled-components';
import { IconButton } from '../icon-button';
import { Modal } from '../modal';
import { createDetector } from './detector';
import type { DetectorOptions } from './detector';
import { scanFeedback, typeAsScanner } from './feedback';

export const CAMERA_TEXTS = {
  open: 'Scan dengan kamera',
  /** The button beside a resi field where a barcode field has its own button on the form. */
  openResi: 'Scan resi dengan kamera',
  title: 'Scan dengan kamera',
  hint: 'Arahkan kamera ke barcode atau QR sampai terbaca',
  starting: 'Membuka kamera...',
  denied:
    'Izin kamera ditolak. Izinkan akses kamera untuk situs ini di pengaturan browser, lalu coba lagi.',
  missing: 'Kamera tidak ditemukan di perangkat ini.',
  insecure: 'Kamera hanya dapat dibuka di halaman aman (HTTPS). Buka Gudang lewat alamat https://.',
  busy: 'Kamera sedang dipakai aplikasi lain. Tutup aplikasi itu, lalu coba lagi.',
  failed: 'Kamera tidak dapat dibuka.',
  detectorFailed: 'Pembaca barcode tidak dapat dimuat.',
} as const;

/** How often a frame is read (a USB scanner's pace; more would only warm the phone). */
const FRAME_INTERVAL_MS = 150;

/** The Indonesian message of a getUserMedia refusal. */
export function cameraErrorMessage(error: unknown): string {
  const name = error instanceof DOMException || error instanceof Error ? error.name : '';
  if (name === 'NotAllowedError' || name === 'SecurityError') return CAMERA_TEXTS.denied;
  if (name === 'NotFoundError' || name === 'OverconstrainedError') return CAMERA_TEXTS.missing;
  if (name === 'NotReadableError') return CAMERA_TEXTS.busy;
  return CAMERA_TEXTS.failed;
}

const Video = styled.video`
  display: block;
  width: 100%;
  max-height: 60vh;
  background: #000;
  border-radius: ${({ theme }) => theme.radii.md};
  object-fit: cover;
`;

const Note = styled.p<{ $error?: boolean }>`
  margin: ${({ theme }) => theme.spacing.sm} 0 0;
  color: ${({ theme, $error }) => ($error ? theme.colors.red : theme.colors.grey700)};
`;

function CameraIcon() {
  return (
    <svg
      width="18"
      height="18"
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
      aria-hidden="true"
    >
      <path d="M4 8h3l2-3h6l2 3h3v11H4z" />
      <circle cx="12" cy="13" r="3.5" />
    </svg>
  );
}

/**
 * A field with its camera button beside it, level with the input (the field's label sits above
 * it): wrap the TextField and its CameraScan.
 */
export const CameraScanField = styled.div`
  display: flex;
  align-items: flex-start;
  gap: ${({ theme }) => theme.spacing.sm};
  > div:first-child {
    flex: 1;
    min-width: 0;
  }
  > span {
    margin-top: 26px;
  }
`;

export interface CameraScanProps {
  /** The field the code goes into, as a scanner would type it (with Enter). */
  target: RefObject<HTMLInputElement | null>;
  /** Accessible name of the button (default 'Scan dengan kamera'). */
  label?: string;
  disabled?: boolean;
  detector?: DetectorOptions;
}

/**
 * A camera button next to a barcode or resi field: opens the rear camera, reads CODE128,
 * EAN-13/EAN-8 and QR, and types the first code read into the field with Enter, with a beep and
 * a vibration. The detector (and, where needed, its WebAssembly) loads only when it opens.
 */
export function CameraScan({
  target,
  label = CAMERA_TEXTS.open,
  disabled,
  detector,
}: CameraScanProps) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <IconButton
        type="button"
        label={label}
        icon={<CameraIcon />}
        disabled={disabled}
        onClick={() => setOpen(true)}
      />
      {open ? (
        <CameraDialog
          detector={detector}
          onClose={() => {
            setOpen(false);
            // After the dialog has given the focus back to the button: the field keeps it.
            setTimeout(() => target.current?.focus(), 0);
          }}
          onCode={(code) => {
            // Closed first, at once: the dialog gives the focus back to the button as it goes,
            // then the field takes it and the code, so that it keeps it when Enter moves nothing.
            flushSync(() => setOpen(false));
            scanFeedback();
            if (target.current !== null) typeAsScanner(target.current, code);
          }}
        />
      ) : null}
    </>
  );
}

function CameraDialog({
  detector: detectorOptions,
  onClose,
  onCode,
}: {
  detector: DetectorOptions | undefined;
  onClose: () => void;
  onCode: (code: string) => void;
}) {
  const videoRef = useRef<HTMLVideoElement>(null);
  const [error, setError] = useState<string | null>(null);
  const [running, setRunning] = useState(false);
  const onCodeRef = useRef(onCode);
  useEffect(() => {
    onCodeRef.current = onCode;
  }, [onCode]);

  useEffect(() => {
    let stopped = false;
    let stream: MediaStream | null = null;
    let timer: ReturnType<typeof setTimeout> | null = null;
    const stop = () => {
      stopped = true;
      if (timer !== null) clearTimeout(timer);
      stream?.getTracks().forEach((track) => track.stop());
      stream = null;
    };
    async function start() {
      if (!window.isSecureContext || navigator.mediaDevices === undefined) {
        setError(window.isSecureContext ? CAMERA_TEXTS.missing : CAMERA_TEXTS.insecure);
        return;
      }
      try {
        stream = await navigator.mediaDevices.getUserMedia({
          video: { facingMode: { ideal: 'environment' } },
          audio: false,
        });
      } catch (failure) {
        if (!stopped) setError(cameraErrorMessage(failure));
        return;
      }
      if (stopped) {
        stop();
        return;
      }
      const video = videoRef.current;
      if (video === null) return;
      video.srcObject = stream;
      await video.play().catch(() => undefined);
      let reader;
      try {
        reader = await createDetector(detectorOptions);
      } catch {
        if (!stopped) setError(CAMERA_TEXTS.detectorFailed);
        stop();
        return;
      }
      if (stopped) return;
      setRunning(true);
      const tick = async () => {
        if (stopped) return;
        const codes = await reader.detect(video).catch(() => []);
        const code = codes.find((found) => found.rawValue.trim() !== '')?.rawValue.trim();
        if (stopped) return;
        if (code !== undefined) {
          stop();
          onCodeRef.current(code);
          return;
        }
        timer = setTimeout(() => void tick(), FRAME_INTERVAL_MS);
      };
      void tick();
    }
    void start();
    return stop;
  }, [detectorOptions]);

  return (
    <Modal open title={CAMERA_TEXTS.title} onClose={onClose}>
      {error === null ? (
        <>
          <Video ref={videoRef} muted playsInline aria-label={CAMERA_TEXTS.title} />
          <Note>{running ? CAMERA_TEXTS.hint : CAMERA_TEXTS.starting}</Note>
        </>
      ) : (
        <Note role="alert" $error>
          {error}
        </Note>
      )}
    </Modal>
  );
}
