/**
 * The camera view of /guard/scan (docs/gate.md#verifying-a-pass): the rear camera first, a switch
 * when the
 * device has several, a torch toggle where the track supports it. A decoded QR code is
 * handed to `onCode` (the same verify as a typed token) with a short beep and vibration.
 * Decoding uses the browser's BarcodeDetector where it reads QR codes, else the ZXing
 * WebAssembly polyfill, whose .wasm file our own server serves (a tablet on a LAN without
 * internet scans). Refused or absent camera: a clear message; typing keeps working. The
 * camera stops when the screen is left.
 */
import { Camera, CameraOff, Flashlight, FlashlightOff, SwitchCamera } from 'lucide-react';
import { useCallback, useEffect, useRef, useState } from 'react';

import { Button } from '../../components/Button';
import { i18n, useMessages } from '../../lib/i18n';

const messages = i18n('CameraScanner', {
  camera: 'Camera',
  cameraView: "Camera view: hold the pass's QR code in front of the camera",
  denied: 'Camera access was refused. Allow the camera for this site in the browser settings, or type the pass code below.',
  unavailable:
    'No camera is available here (the camera needs a camera, and HTTPS or localhost). Type or scan the pass code into the field below.',
  cameraOff: 'The camera is off.',
  stopCamera: 'Stop Camera',
  startCamera: 'Start Camera',
  switchCamera: 'Switch Camera',
  torch: 'Torch',
});

/** How often a frame is decoded (ms). */
const DECODE_INTERVAL_MS = 200;
/** The same code read again within this time is the same scan (ms). */
const SAME_CODE_MS = 3_000;

interface Detector {
  detect(source: HTMLVideoElement): Promise<{ rawValue: string }[]>;
}

/** A QR detector: the native one if it reads QR codes, else the WebAssembly one (loaded now, from our server). */
async function createDetector(): Promise<Detector> {
  const Native = (globalThis as { BarcodeDetector?: { new (options: { formats: string[] }): Detector; getSupportedFormats(): Promise<string[]> } })
    .BarcodeDetector;
  if (Native && (await Native.getSupportedFormats().catch((): string[] => [])).includes('qr_code')) {
    return new Native({ formats: ['qr_code'] });
  }
  const [{ BarcodeDetector, prepareZXingModule }, { default: wasmUrl }] = await Promise.all([
    import('barcode-detector/ponyfill'),
    import('zxing-wasm/reader/zxing_reader.wasm?url'),
  ]);
  await prepareZXingModule({
    overrides: { locateFile: (path: string, prefix: string) => (path.endsWith('.wasm') ? wasmUrl : prefix + path) },
    fireImmediately: true,
  });
  return new BarcodeDetector({ formats: ['qr_code'] });
}

/** A short beep and a vibration: a code was read. */
function signalRead(): void {
  navigator.vibrate?.(80);
  try {
    const AudioContextClass = window.AudioContext ?? (window as { webkitAudioContext?: typeof AudioContext }).webkitAudioContext;
    if (!AudioContextClass) return;
    const audio = new AudioContextClass();
    const tone = audio.createOscillator();
    const gain = audio.createGain();
    tone.frequency.value = 1_046;
    gain.gain.value = 0.15;
    tone.connect(gain).connect(audio.destination);
    tone.start();
    tone.stop(audio.currentTime + 0.12);
    tone.onended = () => void audio.close();
  } catch {
    // No sound is no failure.
  }
}

type CameraState = 'starting' | 'running' | 'stopped' | 'denied' | 'unavailable';

/** The live camera view; `onCode` gets each QR code read (the same code at most every 3 s). */
export function CameraScanner({ onCode }: { onCode: (value: string) => void }) {
  const t = useMessages(messages);
  const videoRef = useRef<HTMLVideoElement>(null);
  const streamRef = useRef<MediaStream | null>(null);
  const onCodeRef = useRef(onCode);
  onCodeRef.current = onCode;
  const [state, setState] = useState<CameraState>('starting');
  const [cameras, setCameras] = useState<MediaDeviceInfo[]>([]);
  const [cameraIndex, setCameraIndex] = useState(-1);
  const [torchAvailable, setTorchAvailable] = useState(false);
  const [torchOn, setTorchOn] = useState(false);

  const stop = useCallback(() => {
    streamRef.current?.getTracks().forEach((track) => track.stop());
    streamRef.current = null;
    if (videoRef.current) videoRef.current.srcObject = null;
  }, []);

  const start = useCallback(
    async (deviceId?: string) => {
      stop();
      setTorchOn(false);
      if (!navigator.mediaDevices?.getUserMedia) {
        setState('unavailable');
        return;
      }
      setState('starting');
      try {
        const stream = await navigator.mediaDevices.getUserMedia({
          video: deviceId ? { deviceId: { exact: deviceId } } : { facingMode: { ideal: 'environment' } },
          audio: false,
        });
        streamRef.current = stream;
        const video = videoRef.current;
        if (!video) {
          stop();
          return;
        }
        video.srcObject = stream;
        await video.play().catch(() => {});
        const track = stream.getVideoTracks()[0];
        const capabilities = (track?.getCapabilities?.() ?? {}) as { torch?: boolean };
        setTorchAvailable(capabilities.torch === true);
        const devices = (await navigator.mediaDevices.enumerateDevices()).filter((device) => device.kind === 'videoinput');
        setCameras(devices);
        const current = track?.getSettings().deviceId;
        setCameraIndex(devices.findIndex((device) => device.deviceId === current));
        setState('running');
      } catch (error) {
        const name = error instanceof DOMException ? error.name : '';
        setState(name === 'NotAllowedError' || name === 'SecurityError' ? 'denied' : 'unavailable');
      }
    },
    [stop],
  );

  // Start on arrival; stop when the screen is left.
  useEffect(() => {
    void start();
    return stop;
  }, [start, stop]);

  // Decode frames while running.
  useEffect(() => {
    if (state !== 'running') return;
    let cancelled = false;
    let detector: Detector | null = null;
    let busy = false;
    let last = { value: '', at: 0 };
    createDetector().then(
      (made) => {
        detector = made;
      },
      () => {
        if (!cancelled) setState('unavailable');
      },
    );
    const timer = setInterval(() => {
      const video = videoRef.current;
      if (!detector || busy || !video || video.readyState < 2) return;
      busy = true;
      detector
        .detect(video)
        .then((codes) => {
          const value = codes[0]?.rawValue?.trim();
          if (cancelled || !value) return;
          const now = Date.now();
          if (value === last.value && now - last.at < SAME_CODE_MS) return;
          last = { value, at: now };
          signalRead();
          onCodeRef.current(value);
        })
        .catch(() => {})
        .finally(() => {
          busy = false;
        });
    }, DECODE_INTERVAL_MS);
    return () => {
      cancelled = true;
      clearInterval(timer);
    };
  }, [state]);

  const toggleTorch = async () => {
    const track = streamRef.current?.getVideoTracks()[0];
    if (!track) return;
    const next = !torchOn;
    try {
      await track.applyConstraints({ advanced: [{ torch: next } as MediaTrackConstraintSet] });
      setTorchOn(next);
    } catch {
      setTorchAvailable(false);
    }
  };

  const message = state === 'denied' ? t.denied : state === 'unavailable' ? t.unavailable : undefined;
  return (
    <section aria-label={t.camera}>
      {/* A viewfinder stays dark in both themes: fixed colours, not the theme's palette. */}
      <div className="relative overflow-hidden rounded-2xl bg-[#0f172a]">
        <video
          ref={videoRef}
          muted
          playsInline
          aria-label={t.cameraView}
          className={state === 'running' || state === 'starting' ? 'aspect-[4/3] max-h-80 w-full object-cover' : 'hidden'}
        />
        {state === 'running' && (
          <div aria-hidden="true" className="pointer-events-none absolute inset-[18%] rounded-2xl border-4 border-[#ffffffcc]" />
        )}
        {message && (
          <p role="status" className="flex items-start gap-3 p-5 text-base font-medium text-[#fff]">
            <CameraOff aria-hidden="true" className="mt-0.5 size-6 shrink-0" />
            {message}
          </p>
        )}
        {state === 'stopped' && (
          <p className="p-5 text-base font-medium text-[#fff]">{t.cameraOff}</p>
        )}
      </div>
      <div className="mt-3 flex flex-wrap gap-3">
        {state === 'running' || state === 'starting' ? (
          <Button
            variant="secondary"
            size="lg"
            icon={<CameraOff aria-hidden="true" className="size-5" />}
            onClick={() => {
              stop();
              setState('stopped');
            }}
          >
            {t.stopCamera}
          </Button>
        ) : (
          <Button variant="secondary" size="lg" icon={<Camera aria-hidden="true" className="size-5" />} onClick={() => void start()}>
            {t.startCamera}
          </Button>
        )}
        {state === 'running' && cameras.length > 1 && (
          <Button
            variant="secondary"
            size="lg"
            icon={<SwitchCamera aria-hidden="true" className="size-5" />}
            onClick={() => {
              const next = cameras[(cameraIndex + 1) % cameras.length];
              if (next) void start(next.deviceId);
            }}
          >
            {t.switchCamera}
          </Button>
        )}
        {state === 'running' && torchAvailable && (
          <Button
            variant="secondary"
            size="lg"
            aria-pressed={torchOn}
            icon={torchOn ? <FlashlightOff aria-hidden="true" className="size-5" /> : <Flashlight aria-hidden="true" className="size-5" />}
            onClick={() => void toggleTorch()}
          >
            {t.torch}
          </Button>
        )}
      </div>
    </section>
  );
}
