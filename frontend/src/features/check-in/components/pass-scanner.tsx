import { useEffect, useRef, useState } from 'react';
import styles from './check-in.module.css';

interface Detector {
  detect(source: HTMLVideoElement): Promise<Array<{ rawValue: string }>>;
}
declare global {
  interface Window {
    BarcodeDetector?: new (options: { formats: string[] }) => Detector;
  }
}

/**
 * The camera, reading QR passes: the browser's BarcodeDetector where it has one, else
 * @zxing/browser, loaded only then. Calls `onCode` once per pass shown (the parent closes it).
 */
export function PassScanner({ onCode, onClose }: { onCode: (text: string) => void; onClose: () => void }) {
  const video = useRef<HTMLVideoElement>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const handled = useRef(false);
  const report = useRef(onCode);
  useEffect(() => {
    report.current = onCode;
  });

  useEffect(() => {
    let stopped = false;
    let stop: () => void = () => undefined;
    const found = (text: string) => {
      if (handled.current || stopped) return;
      handled.current = true;
      report.current(text);
    };
    (async () => {
      const element = video.current;
      if (!element) return;
      if (!navigator.mediaDevices?.getUserMedia) {
        setProblem('This browser cannot use the camera here. Search by name instead.');
        return;
      }
      if (window.BarcodeDetector) {
        const stream = await navigator.mediaDevices.getUserMedia({ video: { facingMode: 'environment' } });
        if (stopped) return stream.getTracks().forEach((t) => t.stop());
        element.srcObject = stream;
        await element.play().catch(() => undefined);
        const detector = new window.BarcodeDetector({ formats: ['qr_code'] });
        const timer = setInterval(() => {
          if (element.readyState < 2) return;
          detector
            .detect(element)
            .then((codes) => codes[0] && found(codes[0].rawValue))
            .catch(() => undefined);
        }, 250);
        stop = () => {
          clearInterval(timer);
          stream.getTracks().forEach((t) => t.stop());
        };
      } else {
        const { BrowserQRCodeReader } = await import('@zxing/browser');
        if (stopped) return;
        const reader = new BrowserQRCodeReader();
        const controls = await reader.decodeFromConstraints(
          { video: { facingMode: 'environment' } },
          element,
          (result) => result && found(result.getText()),
        );
        stop = () => controls.stop();
      }
      if (stopped) stop();
    })().catch((error: Error) =>
      setProblem(
        error.name === 'NotAllowedError'
          ? 'Camera access was refused. Allow it in the browser settings, or search by name.'
          : 'The camera could not be started. Search by name instead.',
      ),
    );
    return () => {
      stopped = true;
      stop();
    };
  }, []);

  return (
    <div className={styles.scanner}>
      <video ref={video} className={styles.video} muted playsInline aria-label="Camera view" />
      <div className={styles.frame} aria-hidden />
      {problem ? (
        <p className={styles.scanProblem}>{problem}</p>
      ) : (
        <p className={styles.scanHint}>Hold the pass inside the frame</p>
      )}
      <button type="button" className={styles.linkButton} onClick={onClose}>
        Close camera
      </button>
    </div>
  );
}
