/**
 * The refusal sound of Scan Kirim: a short low buzz through Web Audio (no file to fetch). Silent
 * where the browser has no audio (tests, a locked-down browser).
 */
export function playBuzz(): void {
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
