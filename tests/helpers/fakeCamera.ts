import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import qrcode from 'qrcode-generator';

const WIDTH = 640;
const HEIGHT = 480;

/**
 * A one-frame Y4M video of a QR code holding `text`, for Chromium's fake camera
 * (--use-file-for-fake-video-capture): black modules on white, with a quiet zone, centred. Written directly (the
 * format is a text header and raw YUV 4:2:0 planes), so no video tool is needed.
 */
export function fakeCameraFile(text: string): string {
  const code = qrcode(0, 'M');
  code.addData(text);
  code.make();
  const modules = code.getModuleCount();
  const scale = Math.floor((HEIGHT * 0.75) / (modules + 8));
  const size = modules * scale;
  const left = Math.floor((WIDTH - size) / 2);
  const top = Math.floor((HEIGHT - size) / 2);
  const luma = Buffer.alloc(WIDTH * HEIGHT, 235);
  for (let y = 0; y < size; y++) {
    for (let x = 0; x < size; x++) {
      if (code.isDark(Math.floor(y / scale), Math.floor(x / scale))) luma[(top + y) * WIDTH + left + x] = 16;
    }
  }
  const chroma = Buffer.alloc((WIDTH / 2) * (HEIGHT / 2) * 2, 128);
  const header = Buffer.from(`YUV4MPEG2 W${WIDTH} H${HEIGHT} F30:1 Ip A1:1 C420jpeg\nFRAME\n`, 'latin1');
  const file = join(mkdtempSync(join(tmpdir(), 'tagbook-camera-')), 'qr.y4m');
  writeFileSync(file, Buffer.concat([header, luma, chroma]));
  return file;
}

/** Chromium flags for a fake camera showing `file` (permission granted without asking). */
export function fakeCameraArgs(file: string): string[] {
  return ['--use-fake-ui-for-media-stream', '--use-fake-device-for-media-stream', `--use-file-for-fake-video-capture=${file}`];
}
