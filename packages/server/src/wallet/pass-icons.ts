import sharp from 'sharp';

/** A ticket glyph on the pass's own colour: Wallet needs icon.png (29 pt, lock screen and mail) and shows logo.png on the front. */
const GLYPH = (size: number) =>
  Buffer.from(
    `<svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${size}" viewBox="0 0 32 32"><rect width="32" height="32" rx="7" fill="#182030"/>` +
      '<path d="M7 10h18v4a2 2 0 0 0 0 4v4H7v-4a2 2 0 0 0 0-4z" fill="none" stroke="#fff" stroke-width="2" stroke-linejoin="round"/></svg>',
  );

const SIZES = { 'icon.png': 29, 'icon@2x.png': 58, 'icon@3x.png': 87, 'logo.png': 50, 'logo@2x.png': 100 } as const;

let icons: Promise<Record<string, Buffer>> | null = null;

/** The pass images, drawn once per process. */
export function passIcons(): Promise<Record<string, Buffer>> {
  icons ??= Promise.all(Object.entries(SIZES).map(async ([name, size]) => [name, await sharp(GLYPH(size)).png().toBuffer()] as const)).then(Object.fromEntries);
  return icons;
}
