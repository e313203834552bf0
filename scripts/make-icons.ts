/**
 * Renders the Hearth mark (pwa/public/icons/hearth-mark.svg) into the PNG sizes browsers and home screens ask for.
 * Run by hand after changing the mark (`node --import tsx scripts/make-icons.ts`); the PNGs are committed so a build
 * needs no image tooling.
 */
import { readFileSync } from 'node:fs';
import sharp from 'sharp';

const iconsDir = new URL('../pwa/public/icons/', import.meta.url);
const mark = readFileSync(new URL('hearth-mark.svg', iconsDir));

/**
 * Home screens crop maskable icons to any shape inside the central 80 %: square corners for a full-bleed background,
 * and the house drawn smaller so no crop cuts it.
 */
function maskable(svg: string): string {
  return svg
    .replace('rx="112"', 'rx="0"')
    .replace(/(<path[\s\S]*<\/path>|<path[\s\S]*\/>)/, '<g transform="translate(256 256) scale(0.8) translate(-256 -256)">$1</g>');
}

async function render(size: number, file: string, options: { maskable?: boolean } = {}) {
  const svg = options.maskable ? Buffer.from(maskable(mark.toString('utf8'))) : mark;
  await sharp(svg, { density: 300 })
    .resize(size, size)
    .png({ compressionLevel: 9 })
    .toFile(new URL(file, iconsDir).pathname);
  console.log(`wrote ${file}`);
}

await render(192, 'icon-192.png');
await render(512, 'icon-512.png');
await render(512, 'icon-maskable-512.png', { maskable: true });
await render(180, 'apple-touch-icon.png');
await render(32, 'favicon-32.png');
