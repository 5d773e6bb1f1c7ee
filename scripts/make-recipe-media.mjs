/**
 * Draws and encodes the home page's recipe media (coverage.md §2 Home; list in src/features/catalogue/ui/home/recipes.ts):
 *
 *   public/images/recipes/{slug}.svg        eight recipe pictures, 800×600, no text (titles are messages);
 *   public/media/recipes/{slug}.webm / .mp4 six silent 6-second clips of the dish, 640×360 at 24 fps,
 *                                           VP9 and H.264 (each ≤ 400 KB), no audio track;
 *   public/media/recipes/{slug}-poster.webp the poster frame of each video (at 2.5 s).
 *
 * Frames are SVG (scripts/recipe-art) rendered with rsvg-convert (librsvg2-bin) and encoded with
 * ffmpeg; both must be on PATH. Nothing is written into a picture or a frame: the recipe's title is
 * HTML over the video in the shopper's language (RecipeVideos.astro). The frames and pictures are
 * the same on every run (seeded by the recipe's slug). Run with the project's Node (type stripping):
 *
 *   node_modules/.bin/node scripts/make-recipe-media.mjs [--images-only]
 *
 * Encoders run on one thread with bit-exact containers, so two runs give the same files.
 *
 * Errors: exits non-zero when a tool is missing or an encoded file exceeds 400 KB.
 */
import { execFileSync, spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { RECIPE_IMAGES, RECIPE_VIDEOS, RECIPE_IMAGE_SIZE, RECIPE_VIDEO_SIZE } from '../src/features/catalogue/ui/home/recipes.ts';
import { DISHES } from './recipe-art/dishes.mjs';
import { at, seeded, steam } from './recipe-art/primitives.mjs';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const IMAGES = path.join(ROOT, 'public/images/recipes');
const MEDIA = path.join(ROOT, 'public/media/recipes');
const FPS = 24;
const SECONDS = 6;
const POSTER_AT_S = 2.5;
const MAX_BYTES = 400 * 1024;
const clamp01 = (x) => Math.min(1, Math.max(0, x));
const svg = (w, h, body) => `<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}" viewBox="0 0 ${w} ${h}">${body}</svg>\n`;

/** Chopsticks lying beside a dish. */
const chopsticksBody = `<rect x="-4" y="-190" width="9" height="380" rx="4" fill="#8b5a2b"/><rect x="10" y="-186" width="9" height="376" rx="4" fill="#9c6a37"/><rect x="-4" y="-190" width="23" height="46" rx="4" fill="#c0392b"/>`;
const chopsticks = (x, y, rot) => at(x, y, rot, 1, chopsticksBody);

/** A recipe picture: a linen table, a place mat in the dish's colour, the dish and chopsticks. */
function recipeImageSvg(slug) {
  const dish = DISHES[slug];
  const { width: w, height: h } = RECIPE_IMAGE_SIZE;
  const stripes = Array.from({ length: 16 }, (_, i) => `<path d="M${i * 60 - 300} 0L${i * 60} ${h}" stroke="#e9dfcf" stroke-width="14" opacity=".5"/>`).join('');
  return svg(w, h, `<rect width="${w}" height="${h}" fill="#f6efe3"/>${stripes}<circle cx="${w / 2 - 20}" cy="${h / 2}" r="270" fill="${dish.bg}" opacity=".9"/><circle cx="${w / 2 - 20}" cy="${h / 2}" r="250" fill="none" stroke="${dish.accent}" stroke-width="3" opacity=".5" stroke-dasharray="2 10"/>` +
    at(w / 2 - 20, h / 2, 0, 1.75, dish.draw(seeded(slug))) + chopsticks(w - 90, h / 2 + 10, 8));
}

/**
 * One video frame at `t` seconds: the dish on its place mat turning slowly with steam and moving in
 * a little, chopsticks beside it, fades at both ends. No text (the title is HTML over the video).
 */
function videoFrameSvg(slug, t) {
  const dish = DISHES[slug];
  const { width: w, height: h } = RECIPE_VIDEO_SIZE;
  const k = t / SECONDS;
  const fade = Math.max(clamp01(1 - t / 0.6), clamp01((t - (SECONDS - 0.6)) / 0.6));
  const dishGroup = at(w / 2, h / 2 + 24, -8 + 16 * k, 1.0 + 0.1 * k, dish.draw(seeded(slug)) + steam((t / 2.2) % 1, { spread: 120, height: 70, y: -30 }));
  return svg(w, h,
    `<defs><radialGradient id="g" cx="0.5" cy="0.55" r="0.6"><stop offset="0" stop-color="#fff" stop-opacity=".22"/><stop offset="1" stop-color="#fff" stop-opacity="0"/></radialGradient></defs>` +
    `<rect width="${w}" height="${h}" fill="${dish.bg}"/><rect width="${w}" height="${h}" fill="url(#g)"/>` +
    `<circle cx="${w / 2}" cy="${h / 2 + 24}" r="150" fill="${dish.accent}" opacity=".18"/>` + at(w - 110, h / 2 + 40, 10, 0.55, chopsticksBody) + dishGroup +
    (fade > 0 ? `<rect width="${w}" height="${h}" fill="${dish.bg}" opacity="${fade.toFixed(3)}"/>` : ''));
}

/** Runs `jobs` (functions returning promises) with at most `n` at a time. */
async function pool(jobs, n) {
  let next = 0;
  await Promise.all(Array.from({ length: n }, async () => { while (next < jobs.length) await jobs[next++](); }));
}

function rsvg(svgFile, pngFile) {
  return new Promise((resolve, reject) => {
    const child = spawn('rsvg-convert', ['-o', pngFile, svgFile], { stdio: 'inherit' });
    child.on('error', reject);
    child.on('exit', (code) => (code === 0 ? resolve() : reject(new Error(`rsvg-convert failed on ${svgFile}`))));
  });
}

const ffmpeg = (args) => execFileSync('ffmpeg', ['-hide_banner', '-loglevel', 'error', '-y', ...args], { stdio: 'inherit' });

function checkSize(file) {
  const bytes = statSync(file).size;
  console.log(`  ${path.relative(ROOT, file)}  ${(bytes / 1024).toFixed(0)} KB`);
  if (bytes > MAX_BYTES) throw new Error(`${file} is larger than 400 KB`);
}

/** Renders the frames of one video and encodes WebM (VP9), MP4 (H.264) and the WebP poster. */
async function makeVideo(slug) {
  const tmp = mkdtempSync(path.join(os.tmpdir(), `recipe-${slug}-`));
  const frames = SECONDS * FPS;
  await pool(Array.from({ length: frames }, (_, i) => async () => {
    const base = path.join(tmp, `f${String(i).padStart(3, '0')}`);
    writeFileSync(`${base}.svg`, videoFrameSvg(slug, i / FPS));
    await rsvg(`${base}.svg`, `${base}.png`);
  }), os.cpus().length);
  const input = ['-framerate', String(FPS), '-i', path.join(tmp, 'f%03d.png')];
  const out = path.join(MEDIA, slug);
  ffmpeg([...input, '-c:v', 'libvpx-vp9', '-b:v', '0', '-crf', '42', '-row-mt', '0', '-threads', '1', '-deadline', 'good', '-cpu-used', '2', '-pix_fmt', 'yuv420p', '-an', '-map_metadata', '-1', '-fflags', '+bitexact', `${out}.webm`]);
  ffmpeg([...input, '-c:v', 'libx264', '-preset', 'veryslow', '-threads', '1', '-crf', '30', '-profile:v', 'main', '-pix_fmt', 'yuv420p', '-movflags', '+faststart', '-an', '-map_metadata', '-1', '-fflags', '+bitexact', '-flags:v', '+bitexact', `${out}.mp4`]);
  ffmpeg(['-i', path.join(tmp, `f${String(Math.round(POSTER_AT_S * FPS)).padStart(3, '0')}.png`), '-c:v', 'libwebp', '-quality', '80', '-map_metadata', '-1', `${out}-poster.webp`]);
  rmSync(tmp, { recursive: true, force: true });
  for (const ext of ['.webm', '.mp4', '-poster.webp']) checkSize(`${out}${ext}`);
}

rmSync(IMAGES, { recursive: true, force: true });
mkdirSync(IMAGES, { recursive: true });
for (const r of RECIPE_IMAGES) writeFileSync(path.join(IMAGES, `${r.slug}.svg`), recipeImageSvg(r.slug));
console.log(`${RECIPE_IMAGES.length} recipe images in ${path.relative(ROOT, IMAGES)}`);

if (!process.argv.includes('--images-only')) {
  mkdirSync(MEDIA, { recursive: true });
  for (const r of RECIPE_VIDEOS) {
    console.log(r.slug);
    await makeVideo(r.slug);
  }
}
