import type { TDoorResult } from '@foyer/contracts';

/** A sound and a vibration for each result (docs/door.md): one short high beep, two, or one long low one. */
let audio: AudioContext | null = null;

/** Called from a tap (Start scanning): browsers allow sound only after one. */
export function unlockSound(): void {
  try {
    audio ??= new AudioContext();
    void audio.resume();
  } catch {
    audio = null;
  }
}

function beep(frequency: number, startMs: number, lengthMs: number) {
  if (!audio) return;
  const osc = audio.createOscillator();
  const gain = audio.createGain();
  osc.frequency.value = frequency;
  osc.type = 'square';
  gain.gain.value = 0.15;
  osc.connect(gain).connect(audio.destination);
  const t0 = audio.currentTime + startMs / 1000;
  osc.start(t0);
  osc.stop(t0 + lengthMs / 1000);
}

/** Safari has no navigator.vibrate, whatever the DOM types say. */
function vibrate(pattern: VibratePattern): void {
  (navigator as Partial<Navigator>).vibrate?.(pattern);
}

export function signal(outcome: TDoorResult['outcome']): void {
  if (outcome === 'admitted') {
    beep(1200, 0, 140);
    vibrate(120);
  } else if (outcome === 'already_admitted') {
    beep(700, 0, 140);
    beep(700, 220, 140);
    vibrate([120, 100, 120]);
  } else {
    beep(220, 0, 500);
    vibrate([400, 100, 400]);
  }
}
