/** A scanner's confirmation: a short high beep and a vibration (where the device has them). */
export function scanFeedback(): void {
  if ('vibrate' in navigator) navigator.vibrate(80);
  const Context = globalThis.AudioContext as typeof AudioContext | undefined;
  if (Context === undefined) return;
  try {
    const audio = new Context();
    const oscillator = audio.createOscillator();
    oscillator.frequency.value = 1800;
    oscillator.connect(audio.destination);
    oscillator.start();
    oscillator.stop(audio.currentTime + 0.12);
    oscillator.onended = () => void audio.close();
  } catch {
    // Silent: the filled field says it.
  }
}

/**
 * The message of a refused scan naming what was scanned ('Barcode tidak ditemukan dalam database:
 * X'): the scan field is empty again for the next scan, so the message is where it stays visible.
 */
export function namingScan(message: string, scanned: string): string {
  return `${message}: ${scanned}`;
}

/**
 * A scan refused (Scan Kirim, Stok Opname): a short low buzz through Web Audio (no file to fetch). Silent
 * where the browser has no audio (tests, a locked-down browser).
 */
export function refusalBuzz(): void {
  const Context = globalThis.AudioContext as typeof AudioContext | undefined;
  if (Context === undefined) return;
  try {
    const audio = new Context();
    const oscillator = audio.createOscillator();
    const gain = audio.createGain();
    oscillator.type = 'square';
    oscillator.frequency.value = 180;
    gain.gain.value = 0.15;
    oscillator.connect(gain).connect(audio.destination);
    oscillator.start();
    oscillator.stop(audio.currentTime + 0.25);
    oscillator.onended = () => void audio.close();
  } catch {
    // No sound: the red flash and the message still say it.
  }
}

/**
 * Puts the code into the field as a USB scanner would: the text (through the native setter, so
 * that React sees an input event), then Enter (keydown, and a submit of its form when no handler
 * took the key).
 */
export function typeAsScanner(input: HTMLInputElement, code: string): void {
  input.focus();
  const setter = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')?.set;
  setter?.call(input, code);
  input.dispatchEvent(new Event('input', { bubbles: true }));
  const enter = new KeyboardEvent('keydown', {
    key: 'Enter',
    code: 'Enter',
    keyCode: 13,
    bubbles: true,
    cancelable: true,
  });
  const handled = !input.dispatchEvent(enter);
  input.dispatchEvent(new KeyboardEvent('keyup', { key: 'Enter', code: 'Enter', bubbles: true }));
  if (!handled) input.form?.requestSubmit();
}
