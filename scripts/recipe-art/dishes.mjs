/**
 * The fourteen recipe dishes of src/features/catalogue/ui/home/recipes.ts, drawn from above with the shapes of
 * primitives.mjs. `DISHES[slug]` gives `bg` and `accent` colours (#rrggbb), `local`, the dish's
 * local name (a note for the maker; never drawn: pictures and clips carry no text), and
 * `draw(rand)`, the dish as an SVG string about 260 px across, centred on (0, 0).
 */
import * as p from './primitives.mjs';

const { at, scatter } = p;

/** Rings of `shape` at a distance `d` from the centre, `n` copies evenly spread. */
const ring = (shape, n, d, rot = 0, scale = 1) =>
  Array.from({ length: n }, (_, i) => {
    const a = (i / n) * Math.PI * 2 + (rot * Math.PI) / 180;
    return at(Math.cos(a) * d, Math.sin(a) * d, (a * 180) / Math.PI + 90, scale, shape);
  }).join('');

export const DISHES = {
  'braised-pork-belly': {
    bg: '#6e2a12', accent: '#ffd166', local: 'Tau Yew Bak · 卤肉',
    draw: (r) => p.bowl(120, '#4a200c') + p.ripples(100, '#f6c27a') + scatter(r, p.porkCube, { count: 8, radius: 70, gap: 30, scale: 1.25 }) +
      at(-40, 50, 20, 1.3, p.braisedEgg) + at(45, -48, -30, 1.3, p.braisedEgg) + at(58, 38, 60, 1.3, p.braisedEgg) +
      at(-62, -30, 10, 1.4, p.starAnise) + at(10, 72, 40, 1.2, p.starAnise) + scatter(r, p.springOnion, { count: 4, radius: 60, gap: 20 }),
  },
  'bak-kut-teh': {
    bg: '#3b2418', accent: '#f6c453', local: 'Bak Kut Teh · 肉骨茶',
    draw: (r) => p.claypot(115, '#6b3a19') + p.ripples(95, '#f3c98b') + scatter(r, p.rib, { count: 6, radius: 62, gap: 34, scale: 1.2 }) +
      at(-58, 40, 0, 1.3, p.garlic) + at(50, 54, 0, 1.2, p.garlic) + scatter(r, p.tofuPuff, { count: 3, radius: 72, gap: 30, scale: 1.2 }) +
      at(62, -40, 0, 1.2, p.shiitake) + at(-30, -66, 0, 1.1, p.shiitake) + scatter(r, p.coriander, { count: 4, radius: 60, gap: 22, scale: 1.3 }) +
      scatter(r, p.goji, { count: 6, radius: 80, gap: 10, scale: 1.2 }),
  },
  'pan-fried-dumplings': {
    bg: '#a15f00', accent: '#fff0c2', local: 'Guo Tie · 锅贴',
    draw: () => p.plate(125) + ring(p.dumpling, 7, 70, 0, 1.25) + at(0, 0, 0, 1.15, p.sauceDish),
  },
  'sambal-anchovies': {
    bg: '#a3201b', accent: '#ffe08a', local: 'Sambal Ikan Bilis',
    draw: (r) => p.plate(125, '#fbf7ef') + at(-8, -6, 15, 1, p.sambalBlob(58)) + scatter(r, p.anchovy, { count: 22, radius: 56, gap: 11, cx: -8, cy: -6, scale: 1.3 }) +
      scatter(r, p.peanut, { count: 12, radius: 40, gap: 11, cx: -8, cy: -6, scale: 1.2 }) + ring(p.cucumber, 4, 78, 20, 1.1) + at(62, 50, 30, 1.3, p.egg) + at(-72, 44, -20, 1.3, p.egg),
  },
  'steamed-fish-ginger': {
    bg: '#17506f', accent: '#ffd166', local: '姜蒸鱼',
    draw: (r) => p.ovalPlate(140, 92) +
      `<ellipse rx="108" ry="56" fill="#7a4b24" opacity=".55"/><path d="M-86 0Q-40 -42 40 -30Q70 -22 82 0Q70 22 40 30Q-40 42 -86 0Z" fill="#c9d2d4"/><path d="M82 0L112 -26V26Z" fill="#aeb9bc"/><path d="M-86 0Q-70 -20 -50 -22V22Q-70 20 -86 0Z" fill="#b5bfc2"/><circle cx="-66" cy="-6" r="4" fill="#333"/><path d="M-20 -30Q-14 0 -20 30M10 -30Q16 0 10 30M40 -26Q46 0 40 26" stroke="#9aa6a9" stroke-width="3" fill="none"/>` +
      scatter(r, p.gingerStrips, { count: 6, radius: 34, gap: 16, cx: 0, cy: 0, scale: 1.2 }) + scatter(r, p.springOnion, { count: 5, radius: 40, gap: 18, scale: 1.1 }) + at(-30, 8, 0, 1, p.chilli),
  },
  'mushroom-chicken-rice': {
    bg: '#2b6134', accent: '#f6e27a', local: '香菇鸡饭',
    draw: (r) => p.bowl(120, '#f3eee1', '#f4efe6', '#2f6b3a') + at(-28, 0, 0, 1, p.riceDome(72)) + scatter(r, p.chickenPiece, { count: 5, radius: 34, gap: 22, cx: 36, cy: -12, scale: 1.25 }) +
      scatter(r, p.shiitake, { count: 4, radius: 30, gap: 24, cx: 30, cy: 30, scale: 1.15 }) + at(-54, 56, 30, 1.3, p.choySum) + at(-70, -44, -40, 1.2, p.choySum) + scatter(r, p.sesame, { count: 14, radius: 50, gap: 6, cx: 30 }),
  },
  'honey-char-siu': {
    bg: '#8c1c2a', accent: '#ffd166', local: '蜜汁叉烧',
    draw: (r) => p.plate(125) + `<ellipse rx="92" ry="54" cy="-8" fill="#b5352f" opacity=".25"/>` + Array.from({ length: 6 }, (_, i) => at(-66 + i * 26, -10 + (i % 2) * 8, -10, 1.6, p.charSiu)).join('') +
      at(-50, 60, 20, 1.2, p.cucumber) + at(-20, 70, 0, 1.2, p.cucumber) + at(10, 72, -20, 1.2, p.cucumber) + scatter(r, p.sesame, { count: 18, radius: 50, gap: 6 }),
  },
  'sweet-sour-pork': {
    bg: '#b14d0f', accent: '#fff1c9', local: '咕噜肉',
    draw: (r) => p.plate(125) + `<circle r="82" fill="#e8641c" opacity=".25"/>` + scatter(r, p.sweetSourChunk, { count: 10, radius: 68, gap: 26, scale: 1.3 }) +
      scatter(r, p.pineapple, { count: 5, radius: 70, gap: 24, scale: 1.2 }) + scatter(r, p.pepperPiece('#3d9a3f'), { count: 4, radius: 70, gap: 22 }) +
      scatter(r, p.pepperPiece('#d33b2f'), { count: 4, radius: 70, gap: 22 }) + scatter(r, p.onionArc, { count: 4, radius: 60, gap: 20 }),
  },
  'lap-cheong-claypot-rice': {
    bg: '#4a2a1b', accent: '#f6c453', local: '腊肠煲仔饭',
    draw: (r) => p.claypot(112, '#f6f0e2') + at(0, 0, 0, 1, p.riceDome(86)) + ring(p.sausageSlice, 8, 56, 0, 1.35) + ring(p.sausageSlice, 4, 24, 45, 1.3) +
      at(44, 8, 0, 1.2, p.egg) + scatter(r, p.springOnion, { count: 4, radius: 70, gap: 20 }) + at(-70, 10, 90, 1, p.choySum),
  },
  'fishball-noodle-soup': {
    bg: '#17506f', accent: '#ffe08a', local: '鱼丸面',
    draw: (r) => p.bowl(120, '#e7c98f', '#f4efe6', '#1d5f82') + at(0, 0, 0, 1, p.noodles(90)) + ring(p.fishball, 7, 58, 10, 1.45) +
      at(0, 0, 0, 1.4, p.fishball) + at(-46, 60, 20, 1.3, p.choySum) + scatter(r, p.springOnion, { count: 5, radius: 70, gap: 20 }),
  },
  'sambal-prawns': {
    bg: '#a3201b', accent: '#ffe08a', local: 'Sambal Udang',
    draw: (r) => p.plate(125) + at(0, 0, 0, 1, p.sambalBlob(80)) + ring(p.prawn, 6, 50, 0, 1.3) + scatter(r, p.onionArc, { count: 5, radius: 60, gap: 18 }) +
      scatter(r, p.chilli, { count: 2, radius: 40, gap: 30 }),
  },
  'lotus-root-rib-soup': {
    bg: '#5a3a1f', accent: '#f6c453', local: '莲藕排骨汤',
    draw: (r) => p.bowl(120, '#c8965d', '#f4efe6', '#8a5a2b') + p.ripples(100) + ring(p.lotusSlice, 5, 60, 20, 1.35) + ring(p.rib, 3, 22, 0, 1.1) +
      scatter(r, p.goji, { count: 8, radius: 85, gap: 12, scale: 1.3 }) + scatter(r, p.coriander, { count: 3, radius: 80, gap: 30, scale: 1.2 }),
  },
  'steamed-minced-pork': {
    bg: '#7a4a12', accent: '#fff1c9', local: '咸蛋蒸肉饼',
    draw: (r) => p.plate(125, '#f5eee0') + `<ellipse rx="94" ry="86" fill="#a8693b" opacity=".35"/><path d="M-86 0Q-80 -74 0 -78Q84 -74 88 0Q82 76 0 80Q-82 74 -86 0Z" fill="#c58d66"/>` +
      scatter(r, `<circle r="3" fill="#a86f47"/>`, { count: 40, radius: 70, gap: 8 }) + `<circle r="24" fill="#f08c1a"/><circle r="24" fill="none" stroke="#c96a0b" stroke-width="3"/><ellipse cx="-7" cy="-8" rx="8" ry="4" fill="#fff" opacity=".35"/>` +
      scatter(r, p.springOnion, { count: 4, radius: 60, gap: 30 }),
  },
  'dried-chilli-squid': {
    bg: '#6b1712', accent: '#ffd166', local: '干辣椒炒苏东',
    draw: (r) => p.plate(125, '#f8f3ea') + `<circle r="86" fill="#9c5a2a" opacity=".55"/>` + scatter(r, p.squidRing, { count: 14, radius: 72, gap: 22, scale: 1.35 }) + scatter(r, p.driedChilli, { count: 9, radius: 74, gap: 18, scale: 1.2 }) +
      scatter(r, p.springOnion, { count: 5, radius: 70, gap: 18 }) + scatter(r, p.sesame, { count: 16, radius: 70, gap: 6 }),
  },
};
