// Gives a demo vehicle a cover photo the way its owner would: signed in through the app, a photo picked on its page
// (the first photo becomes the cover), uploaded scaled as the app scales photos. The photo is drawn by the browser
// with a camera's grain, so its JPEG weighs what a phone photo does after the app's scaling.
import { chromium } from 'playwright-core';
import { chromiumPath } from '../tests/helpers/chromium-path.mjs';
import { signIn } from './browser-lib.mjs';

/** Returns the stored photo's size in bytes. */
export async function giveCoverPhoto(baseUrl, { email, password, tag, width = 1600, height = 900 }) {
  const browser = await chromium.launch({ executablePath: chromiumPath(), args: ['--no-sandbox', '--headless'] });
  try {
    const page = await browser.newPage({ viewport: { width: 412, height: 915 } });
    await signIn(page, baseUrl, { email, password });
    await page.goto(`${baseUrl}/${tag}`);
    await page.locator('[data-photos] [data-file-input]').waitFor({ state: 'attached' });
    const photo = await page.evaluate(
      async ([w, h]) => {
        const canvas = new OffscreenCanvas(w, h);
        const ctx = canvas.getContext('2d');
        const sky = ctx.createLinearGradient(0, 0, 0, h);
        sky.addColorStop(0, '#f4a261');
        sky.addColorStop(0.55, '#e76f51');
        sky.addColorStop(0.56, '#264653');
        sky.addColorStop(1, '#1b262c');
        ctx.fillStyle = sky;
        ctx.fillRect(0, 0, w, h);
        ctx.fillStyle = '#9b2226';
        ctx.beginPath();
        ctx.roundRect(w * 0.18, h * 0.45, w * 0.64, h * 0.2, h * 0.05);
        ctx.fill();
        ctx.fillStyle = '#111';
        for (const x of [0.3, 0.7]) {
          ctx.beginPath();
          ctx.arc(w * x, h * 0.66, h * 0.07, 0, Math.PI * 2);
          ctx.fill();
        }
        // A camera's grain: what makes a photo weigh what it does.
        const image = ctx.getImageData(0, 0, w, h);
        for (let i = 0; i < image.data.length; i++) if (i % 4 !== 3) image.data[i] = Math.max(0, Math.min(255, image.data[i] + (Math.random() - 0.5) * 18));
        ctx.putImageData(image, 0, 0);
        const blob = await canvas.convertToBlob({ type: 'image/jpeg', quality: 0.82 });
        const bytes = new Uint8Array(await blob.arrayBuffer());
        let s = '';
        for (let i = 0; i < bytes.length; i += 0x8000) s += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
        return btoa(s);
      },
      [width, height],
    );
    const buffer = Buffer.from(photo, 'base64');
    await page.locator('[data-photos] [data-file-input]').setInputFiles({ name: 'cover.jpg', mimeType: 'image/jpeg', buffer });
    await page.locator('[data-photos] [data-uploaded="1"]').waitFor();
    // Done once a stranger's first answer shows it: the photo stored, and the cover choice synced to the server.
    for (;;) {
      const html = await (await fetch(`${baseUrl}/${tag}`)).text();
      if (html.includes('data-cover="photo"')) break;
      await page.waitForTimeout(200);
    }
    return buffer.length;
  } finally {
    await browser.close();
  }
}
