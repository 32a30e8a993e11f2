import type { Page } from 'playwright-core';

/** An image made by the browser itself (a gradient with text), as the bytes a camera would hand the file input. */
export async function makeImage(page: Page, width: number, height: number, type: 'image/jpeg' | 'image/png', noise = false): Promise<Buffer> {
  const base64 = await page.evaluate(
    async ([w, h, t, n]) => {
      const canvas = new OffscreenCanvas(w, h);
      const ctx = canvas.getContext('2d')!;
      const g = ctx.createLinearGradient(0, 0, w, h);
      g.addColorStop(0, '#c62828');
      g.addColorStop(1, '#1a5fb4');
      ctx.fillStyle = g;
      ctx.fillRect(0, 0, w, h);
      if (n) {
        const data = ctx.getImageData(0, 0, w, h);
        for (let i = 0; i < data.data.length; i++) if (i % 4 !== 3) data.data[i] = (Math.random() * 256) | 0;
        ctx.putImageData(data, 0, 0);
      }
      ctx.fillStyle = '#fff';
      ctx.font = `${Math.round(h / 8)}px sans-serif`;
      ctx.fillText('Tagbook test photo', w / 10, h / 2);
      const blob = await canvas.convertToBlob({ type: t, quality: 0.95 });
      const bytes = new Uint8Array(await blob.arrayBuffer());
      let s = '';
      for (let i = 0; i < bytes.length; i += 0x8000) s += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
      return btoa(s);
    },
    [width, height, type, noise] as const,
  );
  return Buffer.from(base64, 'base64');
}
