/*
 * The OSD logo as the service takes it (spec §5, §7 uploadfile): the image the person chose, drawn by the browser
 * at the logo's width x height, as a bottom-up raster of A, R, G, B bytes (straight alpha), uploaded as
 * `logo.argb` with content type image/x-rgb. The engine flips it back and overlays it with its alpha.
 */

/** RGBA rows top-down (a canvas's ImageData) to ARGB rows bottom-up. */
export function bottomUpArgb(rgba: Uint8ClampedArray | Uint8Array, width: number, height: number): Uint8Array {
  const out = new Uint8Array(width * height * 4);
  for (let y = 0; y < height; y++) {
    const from = y * width * 4;
    const to = (height - 1 - y) * width * 4;
    for (let x = 0; x < width * 4; x += 4) {
      out[to + x] = rgba[from + x + 3]!;
      out[to + x + 1] = rgba[from + x]!;
      out[to + x + 2] = rgba[from + x + 1]!;
      out[to + x + 3] = rgba[from + x + 2]!;
    }
  }
  return out;
}

/** Why a chosen file cannot be the logo (a locale key of the `settings` namespace), or undefined. */
export function logoFileProblem(file: { type: string }): string | undefined {
  return file.type.startsWith('image/') ? undefined : 'screens.osd.notImage';
}

/** The chosen image drawn at width x height, as the bottom-up ARGB raster; throws when the browser cannot decode it. */
export async function logoRaster(file: Blob, width: number, height: number): Promise<Uint8Array> {
  const bitmap = await createImageBitmap(file);
  try {
    const canvas = document.createElement('canvas');
    canvas.width = width;
    canvas.height = height;
    const ctx = canvas.getContext('2d');
    if (!ctx) throw new Error('no 2d canvas');
    ctx.drawImage(bitmap, 0, 0, width, height);
    return bottomUpArgb(ctx.getImageData(0, 0, width, height).data, width, height);
  } finally {
    bitmap.close();
  }
}
