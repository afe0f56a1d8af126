/**
 * Chooses the phone rendition's WebP quality by measurement: for each photo given (paths), the
 * bytes and the SSIM (8x8 blocks, luma) of a 640 px WebP at several qualities against the same
 * resize kept lossless, made from the original and from the stored 800 px WebP (q65) as the
 * background job does. `npx tsx scripts/photo-quality.ts photo.jpg ...`; with no path, a photo like
 * the e2e image server's (grain and a sun).
 */
import sharp from "sharp";

const WIDTH = 640;
const QUALITIES = [45, 50, 55, 60, 65, 70, 75, 80];

async function luma(image: sharp.Sharp) {
  const { data, info } = await image.greyscale().raw().toBuffer({ resolveWithObject: true });
  return { data, width: info.width, height: info.height };
}

function ssim(a: Awaited<ReturnType<typeof luma>>, b: Awaited<ReturnType<typeof luma>>) {
  const [c1, c2] = [(0.01 * 255) ** 2, (0.03 * 255) ** 2];
  let total = 0;
  let blocks = 0;
  for (let y = 0; y + 8 <= a.height; y += 8) {
    for (let x = 0; x + 8 <= a.width; x += 8) {
      let [ma, mb, va, vb, cov] = [0, 0, 0, 0, 0];
      for (let j = 0; j < 8; j++)
        for (let i = 0; i < 8; i++) {
          const k = (y + j) * a.width + x + i;
          ma += a.data[k];
          mb += b.data[k];
        }
      ma /= 64;
      mb /= 64;
      for (let j = 0; j < 8; j++)
        for (let i = 0; i < 8; i++) {
          const k = (y + j) * a.width + x + i;
          va += (a.data[k] - ma) ** 2;
          vb += (b.data[k] - mb) ** 2;
          cov += (a.data[k] - ma) * (b.data[k] - mb);
        }
      [va, vb, cov] = [va / 63, vb / 63, cov / 63];
      total += ((2 * ma * mb + c1) * (2 * cov + c2)) / ((ma * ma + mb * mb + c1) * (va + vb + c2));
      blocks++;
    }
  }
  return total / blocks;
}

async function synthetic() {
  const [width, height] = [1600, 1000];
  return sharp({
    create: {
      width,
      height,
      channels: 3,
      background: { r: 40, g: 110, b: 160 },
      noise: { type: "gaussian", mean: 128, sigma: 30 },
    },
  })
    .composite([
      {
        input: Buffer.from(
          `<svg width="${width}" height="${height}"><circle cx="800" cy="500" r="333" fill="#f6bd60"/></svg>`,
        ),
      },
    ])
    .blur(1)
    .jpeg({ quality: 85 })
    .toBuffer();
}

const paths = process.argv.slice(2);
const photos = paths.length ? paths.map((path) => ({ name: path.split("/").pop()!, input: path })) : [];
if (!paths.length) photos.push({ name: "synthetic 1600", input: (await synthetic()) as unknown as string });
for (const { name, input } of photos) {
  const reference = await luma(sharp(input).resize({ width: WIDTH }));
  const stored800 = await sharp(input)
    .resize({ width: 800, withoutEnlargement: true })
    .webp({ quality: 65 })
    .toBuffer();
  const from800 = await sharp(stored800).resize({ width: WIDTH }).webp({ quality: 65 }).toBuffer();
  console.log(`${name}: the 800 px at q65 is ${stored800.length} B`);
  for (const quality of QUALITIES) {
    const direct = await sharp(input).resize({ width: WIDTH }).webp({ quality }).toBuffer();
    const derived = await sharp(stored800).resize({ width: WIDTH }).webp({ quality }).toBuffer();
    const s1 = ssim(reference, await luma(sharp(direct)));
    const s2 = ssim(reference, await luma(sharp(derived)));
    console.log(
      `  q${quality}: from the original ${direct.length} B, SSIM ${s1.toFixed(4)}; ` +
        `from the stored 800 px ${derived.length} B, SSIM ${s2.toFixed(4)}`,
    );
  }
  void from800;
}
