/**
 * Reads QR codes from the camera (docs/door.md): the browser's BarcodeDetector where it exists and
 * reads QR codes, else jsQR (loaded only then) on a downscaled frame. Calls `onCode` for every code
 * seen; the caller decides what a repeat is.
 */

interface Detector {
  detect(source: HTMLVideoElement): Promise<{ rawValue: string }[]>;
}
interface DetectorClass {
  new (options: { formats: string[] }): Detector;
  getSupportedFormats?(): Promise<string[]>;
}

type Decode = (video: HTMLVideoElement) => Promise<string | null>;

const FRAME_MS = 120;
const MAX_WIDTH = 640;

async function nativeDecoder(): Promise<Decode | null> {
  const Native = (globalThis as unknown as { BarcodeDetector?: DetectorClass }).BarcodeDetector;
  if (!Native) return null;
  try {
    const formats = (await Native.getSupportedFormats?.()) ?? [];
    if (!formats.includes('qr_code')) return null;
    const detector = new Native({ formats: ['qr_code'] });
    return async (video) => (await detector.detect(video))[0]?.rawValue ?? null;
  } catch {
    return null;
  }
}

let jsQrModule: Promise<typeof import('jsqr')> | null = null;
const loadJsQr = () => (jsQrModule ??= import('jsqr'));

/**
 * Loads the fallback decoder now, while the connection is there: a door that goes offline before
 * it turns its camera on must still be able to read codes.
 */
export function preloadDecoder(): void {
  const Native = (globalThis as unknown as { BarcodeDetector?: unknown }).BarcodeDetector;
  if (!Native) void loadJsQr().catch(() => (jsQrModule = null));
}

async function jsQrDecoder(): Promise<Decode> {
  const { default: jsQR } = await loadJsQr();
  const canvas = document.createElement('canvas');
  const context = canvas.getContext('2d', { willReadFrequently: true });
  // Without a 2D canvas no frame can be read: every decode finds nothing.
  if (!context) return () => Promise.resolve(null);
  const readFrame = (video: HTMLVideoElement): string | null => {
    if (!video.videoWidth) return null;
    const scale = Math.min(1, MAX_WIDTH / video.videoWidth);
    canvas.width = Math.round(video.videoWidth * scale);
    canvas.height = Math.round(video.videoHeight * scale);
    context.drawImage(video, 0, 0, canvas.width, canvas.height);
    const frame = context.getImageData(0, 0, canvas.width, canvas.height);
    return jsQR(frame.data, frame.width, frame.height, { inversionAttempts: 'dontInvert' })?.data ?? null;
  };
  // A promise, so a throw while reading a frame rejects the decode (the scan loop skips that frame).
  return (video) => new Promise<string | null>((resolve) => resolve(readFrame(video)));
}

/** Starts the back camera into `video` and reads codes until the returned stop is called. */
export async function startQrCamera(video: HTMLVideoElement, onCode: (code: string) => void): Promise<() => void> {
  const stream = await navigator.mediaDevices.getUserMedia({ video: { facingMode: 'environment' }, audio: false });
  const stopped = new AbortController();
  video.srcObject = stream;
  video.muted = true;
  video.playsInline = true;
  await video.play().catch(() => {});
  const decode = (await nativeDecoder()) ?? (await jsQrDecoder());
  const running = () => !stopped.signal.aborted;
  const loop = async () => {
    while (running()) {
      const code = await decode(video).catch(() => null);
      if (code && running()) onCode(code);
      await new Promise((r) => setTimeout(r, FRAME_MS));
    }
  };
  void loop();
  return () => {
    stopped.abort();
    stream.getTracks().forEach((t) => t.stop());
    video.srcObject = null;
  };
}
