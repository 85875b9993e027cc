/**
 * Procedural artificial-turf football pitch renderer with a tiny PNG encoder.
 *
 * Dependency free: only `node:zlib` (deflate) and `node:buffer` are used.
 *
 *   variant 0  full pitch, top-down, daylight
 *   variant 1  elevated close-up of one penalty box with a 3D goal frame and net
 *   variant 2  full pitch at night: darker turf lit by 2-4 floodlight glows
 *
 * Everything is deterministic for a given option set (seeded PRNG, no Math.random).
 *
 * Rendering works per pixel in "world" space (metres on the pitch plane): each pixel is
 * mapped to the ground, together with the Jacobian (world metres per pixel step), so lines,
 * stripe edges and net strands can be anti-aliased analytically for both the orthographic
 * top views and the perspective close-up. Slowly varying terms (turf patches, wear, lighting)
 * are evaluated on an 8 px grid and interpolated.
 *
 * Output is quantised "luma locked" (see finish()) and rows are filtered with None/Sub/Up,
 * which together keep the default 960x640 PNGs at roughly 100-135 KB.
 */

import { Buffer } from 'node:buffer';
import { deflateSync, constants as zconst } from 'node:zlib';

export interface FacilityImageOptions {
  width?: number;
  height?: number;
  /** 0-360, base turf hue, default 120 */
  hue?: number;
  /** 0: full pitch top view, 1: close-up of penalty box with goal, 2: night view with floodlight glows */
  variant?: 0 | 1 | 2;
  /** seed for the deterministic noise */
  seed?: number;
}

// ---------------------------------------------------------------------------------------------
// Pitch geometry (metres). Pitch x runs along the length (goal to goal), y across, z up.
// ---------------------------------------------------------------------------------------------
const PL = 105;
const PW = 68;
const CY = PW / 2;
const CIRCLE_R = 9.15;
const BOX_D = 16.5;
const BOX_HW = 20.16;
const SIX_D = 5.5;
const SIX_HW = 9.16;
const SPOT_X = 11;
const GOAL_HW = 3.66;
const GOAL_H = 2.44;
const NET_TOP_D = 0.9; // depth of the flat roof of the net behind the crossbar
const NET_BASE_D = 2.0; // depth of the net at ground level
const SURROUND_AT = 4.0; // distance outside the lines where the perimeter walkway starts
const FENCE_AT = 5.2; // distance outside the lines of the netted cage fence typical of artificial-turf pitches
const FENCE_H = 6;
const POLE_STEP = 4.6;
const WIRES = [1.6, 3.1, 4.6];
const TOP_MARGIN = 6.3; // metres shown around the pitch in the top views
const GOAL_FOV = 58; // horizontal field of view of the close-up camera

// ---------------------------------------------------------------------------------------------
// Small math helpers
// ---------------------------------------------------------------------------------------------
const clamp01 = (v: number): number => (v < 0 ? 0 : Math.min(v, 1));
const mix = (a: number, b: number, t: number): number => a + (b - a) * t;
const hyp2 = (a: number, b: number): number => Math.sqrt(a * a + b * b);
const hyp3 = (a: number, b: number, c: number): number => Math.sqrt(a * a + b * b + c * c);
const smooth = (t: number): number => {
  const c = clamp01(t);
  return c * c * (3 - 2 * c);
};

/** mulberry32: tiny, fast, good-enough seeded PRNG returning floats in [0, 1). */
function mulberry32(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** HSL (h in degrees, s/l in 0..1) to RGB floats 0..1. */
function hsl(h: number, s: number, l: number): [number, number, number] {
  const hh = (((h % 360) + 360) % 360) / 60;
  const c = (1 - Math.abs(2 * l - 1)) * s;
  const x = c * (1 - Math.abs((hh % 2) - 1));
  const m = l - c / 2;
  let r = 0;
  let g = 0;
  let b = 0;
  if (hh < 1) [r, g, b] = [c, x, 0];
  else if (hh < 2) [r, g, b] = [x, c, 0];
  else if (hh < 3) [r, g, b] = [0, c, x];
  else if (hh < 4) [r, g, b] = [0, x, c];
  else if (hh < 5) [r, g, b] = [x, 0, c];
  else [r, g, b] = [c, 0, x];
  return [r + m, g + m, b + m];
}

/** Smooth 2D value noise on a 128x128 wrapping lattice filled from the seeded PRNG. */
class ValueNoise {
  private readonly grid = new Float32Array(128 * 128);
  constructor(rnd: () => number) {
    for (let i = 0; i < this.grid.length; i++) this.grid[i] = rnd() * 2 - 1;
  }
  /** Returns roughly -1..1. */
  at(x: number, y: number): number {
    const xf = Math.floor(x);
    const yf = Math.floor(y);
    let tx = x - xf;
    let ty = y - yf;
    tx = tx * tx * (3 - 2 * tx);
    ty = ty * ty * (3 - 2 * ty);
    const x0 = xf & 127;
    const y0 = (yf & 127) << 7;
    const x1 = (xf + 1) & 127;
    const y1 = ((yf + 1) & 127) << 7;
    const g = this.grid;
    const a = g[y0 + x0] + (g[y0 + x1] - g[y0 + x0]) * tx;
    const b = g[y1 + x0] + (g[y1 + x1] - g[y1 + x0]) * tx;
    return a + (b - a) * ty;
  }
  fbm(x: number, y: number): number {
    return (
      this.at(x, y) * 0.6 +
      this.at(x * 2.03 + 17.1, y * 2.03 - 9.7) * 0.28 +
      this.at(x * 4.1 - 31.7, y * 4.1 + 5.3) * 0.12
    );
  }
}

// ---------------------------------------------------------------------------------------------
// Views: map a pixel to the ground plane, with the Jacobian (metres per pixel step).
// ---------------------------------------------------------------------------------------------
interface GroundSample {
  x: number;
  y: number;
  /** d(world)/d(pixel x) */
  jxx: number;
  jxy: number;
  /** d(world)/d(pixel y) */
  jyx: number;
  jyy: number;
}

interface View {
  /** Fills `out` for pixel centre (px + 0.5, py + 0.5). Returns false when the ray misses the ground. */
  ground(px: number, py: number, out: GroundSample): boolean;
  /** World point to continuous image coordinates + depth; null when behind the camera. */
  project(x: number, y: number, z: number): [number, number, number] | null;
  /** Representative metres-per-pixel used to size markings. */
  refScale: number;
  /** Perspective only: where the pixel's ray crosses the vertical plane x = X ([y, z, metres per pixel]). */
  planeX?(px: number, py: number, X: number, out: Float64Array): boolean;
  /** Perspective only: focal length in pixels. */
  focal?: number;
}

function orthoView(w: number, h: number, x0: number, x1: number, y0: number, y1: number): View {
  const s = Math.max((x1 - x0) / w, (y1 - y0) / h);
  const ox = (x0 + x1) / 2 - (w / 2) * s;
  const oy = (y0 + y1) / 2 - (h / 2) * s;
  return {
    refScale: s,
    ground(px, py, o) {
      o.x = ox + (px + 0.5) * s;
      o.y = oy + (py + 0.5) * s;
      o.jxx = s;
      o.jxy = 0;
      o.jyx = 0;
      o.jyy = s;
      return true;
    },
    project(x, y) {
      return [(x - ox) / s, (y - oy) / s, 1];
    },
  };
}

function perspectiveView(
  w: number,
  h: number,
  eye: [number, number, number],
  target: [number, number, number],
  hfovDeg: number,
): View {
  const [ex, ey, ez] = eye;
  let fx = target[0] - ex;
  let fy = target[1] - ey;
  let fz = target[2] - ez;
  const fl = hyp3(fx, fy, fz);
  fx /= fl;
  fy /= fl;
  fz /= fl;
  // right = forward x up(0,0,1)
  let rx = fy;
  let ry = -fx;
  const rl = hyp2(rx, ry);
  rx /= rl;
  ry /= rl;
  const rz = 0;
  // camera up = right x forward
  const ux = ry * fz - rz * fy;
  const uy = rz * fx - rx * fz;
  const uz = rx * fy - ry * fx;
  // hfovDeg is the horizontal FOV of a 3:2 image. Other aspect ratios keep that vertical FOV, so
  // tall images crop the sides and wide ones see more to the sides (capped at ~120 degrees).
  const tanV = Math.tan((hfovDeg * Math.PI) / 360) * (2 / 3);
  const focal = Math.max(h / 2 / tanV, w / 2 / Math.tan(Math.PI / 3));
  const cx = w / 2;
  const cy = h / 2;
  // Ray direction for continuous pixel (sx, sy) is linear: D = A*sx + B*sy + C.
  const Ax = rx;
  const Ay = ry;
  const Az = rz;
  const Bx = -ux;
  const By = -uy;
  const Bz = -uz;
  const Cx = fx * focal - rx * cx + ux * cy;
  const Cy = fy * focal - ry * cx + uy * cy;
  const Cz = fz * focal - rz * cx + uz * cy;
  const view: View = {
    refScale: 0,
    focal,
    planeX(px, py, X, out) {
      const sx = px + 0.5;
      const sy = py + 0.5;
      const dx = Ax * sx + Bx * sy + Cx;
      if (dx <= 1e-9) return false;
      const dy = Ay * sx + By * sy + Cy;
      const dz = Az * sx + Bz * sy + Cz;
      const t = (X - ex) / dx;
      out[0] = ey + dy * t;
      out[1] = ez + dz * t;
      // Distance along the ray divided by focal length ~ metres per pixel at that depth.
      out[2] = (t * hyp3(dx, dy, dz)) / focal;
      return true;
    },
    ground(px, py, o) {
      // Ground hit X = E - ez * D / Dz: a homography of the pixel, with an analytic Jacobian.
      const sx = px + 0.5;
      const sy = py + 0.5;
      const dz = Az * sx + Bz * sy + Cz;
      if (dz >= -1e-9) return false;
      const dx = Ax * sx + Bx * sy + Cx;
      const dy = Ay * sx + By * sy + Cy;
      const k = -ez / dz;
      o.x = ex + dx * k;
      o.y = ey + dy * k;
      const k2 = k / dz;
      o.jxx = k2 * (Ax * dz - dx * Az);
      o.jxy = k2 * (Ay * dz - dy * Az);
      o.jyx = k2 * (Bx * dz - dx * Bz);
      o.jyy = k2 * (By * dz - dy * Bz);
      return true;
    },
    project(x, y, z) {
      const vx = x - ex;
      const vy = y - ey;
      const vz = z - ez;
      const d = vx * fx + vy * fy + vz * fz;
      if (d <= 1e-6) return null;
      return [cx + (focal * (vx * rx + vy * ry + vz * rz)) / d, cy - (focal * (vx * ux + vy * uy + vz * uz)) / d, d];
    },
  };
  const tmp = { x: 0, y: 0, jxx: 0, jxy: 0, jyx: 0, jyy: 0 };
  view.ground(Math.floor(w / 2), Math.floor(h / 2), tmp);
  view.refScale = Math.sqrt(Math.abs(tmp.jxx * tmp.jyy - tmp.jxy * tmp.jyx));
  return view;
}

// ---------------------------------------------------------------------------------------------
// Pitch markings as analytic shapes: capsules (segments / spots) and circular arcs.
// ---------------------------------------------------------------------------------------------
interface Shape {
  kind: 0 | 1; // 0 capsule, 1 arc
  ax: number;
  ay: number;
  bx: number;
  by: number;
  r: number; // arc radius
  a0: number; // arc start angle
  span: number; // arc angular span
  hw: number; // half width
  minX: number;
  maxX: number;
  minY: number;
  maxY: number;
}

function seg(ax: number, ay: number, bx: number, by: number, hw: number): Shape {
  return {
    kind: 0,
    ax,
    ay,
    bx,
    by,
    r: 0,
    a0: 0,
    span: 0,
    hw,
    minX: Math.min(ax, bx) - hw,
    maxX: Math.max(ax, bx) + hw,
    minY: Math.min(ay, by) - hw,
    maxY: Math.max(ay, by) + hw,
  };
}

function arc(cx: number, cy: number, r: number, a0: number, span: number, hw: number): Shape {
  // Bounding box: conservative (full circle) - cheap and good enough for a couple of arcs.
  return {
    kind: 1,
    ax: cx,
    ay: cy,
    bx: 0,
    by: 0,
    r,
    a0,
    span,
    hw,
    minX: cx - r - hw,
    maxX: cx + r + hw,
    minY: cy - r - hw,
    maxY: cy + r + hw,
  };
}

function fieldMarkings(hw: number, spotR: number): Shape[] {
  const s: Shape[] = [];
  // Touchlines, goal lines, halfway line.
  s.push(seg(0, 0, PL, 0, hw), seg(0, PW, PL, PW, hw), seg(0, 0, 0, PW, hw), seg(PL, 0, PL, PW, hw));
  s.push(seg(PL / 2, 0, PL / 2, PW, hw));
  // Centre circle and spot.
  s.push(arc(PL / 2, CY, CIRCLE_R, 0, Math.PI * 2, hw));
  s.push(seg(PL / 2, CY, PL / 2, CY, spotR * 1.25));
  const arcHalf = Math.acos((BOX_D - SPOT_X) / CIRCLE_R);
  for (const end of [0, 1]) {
    const gx = end === 0 ? 0 : PL;
    const dir = end === 0 ? 1 : -1;
    const bx = gx + dir * BOX_D;
    const sx = gx + dir * SIX_D;
    // Penalty box.
    s.push(
      seg(gx, CY - BOX_HW, bx, CY - BOX_HW, hw),
      seg(gx, CY + BOX_HW, bx, CY + BOX_HW, hw),
      seg(bx, CY - BOX_HW, bx, CY + BOX_HW, hw),
    );
    // Goal box.
    s.push(
      seg(gx, CY - SIX_HW, sx, CY - SIX_HW, hw),
      seg(gx, CY + SIX_HW, sx, CY + SIX_HW, hw),
      seg(sx, CY - SIX_HW, sx, CY + SIX_HW, hw),
    );
    // Penalty spot and the arc outside the box.
    const px = gx + dir * SPOT_X;
    s.push(seg(px, CY, px, CY, spotR));
    s.push(arc(px, CY, CIRCLE_R, end === 0 ? -arcHalf : Math.PI - arcHalf, arcHalf * 2, hw));
  }
  // Corner arcs (1 m).
  s.push(arc(0, 0, 1, 0, Math.PI / 2, hw), arc(PL, 0, 1, Math.PI / 2, Math.PI / 2, hw));
  s.push(arc(PL, PW, 1, Math.PI, Math.PI / 2, hw), arc(0, PW, 1, (Math.PI * 3) / 2, Math.PI / 2, hw));
  return s;
}

/** Coverage (0..1) of a band of half width `hw` at signed distance `d` (world), with `rate` metres per pixel. */
function bandCoverage(d: number, hw: number, rate: number): number {
  if (2 * hw >= rate) return clamp01((hw - d) / rate + 0.5);
  // Sub-pixel band: spread its area over one pixel.
  return ((2 * hw) / rate) * clamp01(1 - d / rate);
}

const NO_SHAPES: Shape[] = [];

/** The shapes whose bounding boxes overlap the given world-space box. */
function shapesInBox(list: Shape[], x0: number, y0: number, x1: number, y1: number): Shape[] {
  let out = NO_SHAPES;
  for (let i = 0; i < list.length; i++) {
    const sh = list[i];
    if (sh.maxX >= x0 && sh.minX <= x1 && sh.maxY >= y0 && sh.minY <= y1) {
      if (out === NO_SHAPES) out = [];
      out.push(sh);
    }
  }
  return out;
}

/** Maximum coverage over a list of shapes (the union of the markings). */
function maxCoverage(list: Shape[], g: GroundSample): number {
  let cov = 0;
  for (let k = 0; k < list.length; k++) {
    const c = shapeCoverage(list[k], g);
    if (c > cov) {
      cov = c;
      if (cov >= 1) break;
    }
  }
  return cov;
}

/** Anti-aliased coverage of one shape at ground sample g (0 when far away). */
function shapeCoverage(sh: Shape, g: GroundSample): number {
  const x = g.x;
  const y = g.y;
  let d: number;
  let nx: number;
  let ny: number;
  if (sh.kind === 0) {
    const vx = sh.bx - sh.ax;
    const vy = sh.by - sh.ay;
    const ll = vx * vx + vy * vy;
    let t = ll > 0 ? ((x - sh.ax) * vx + (y - sh.ay) * vy) / ll : 0;
    t = t < 0 ? 0 : Math.min(t, 1);
    nx = x - (sh.ax + vx * t);
    ny = y - (sh.ay + vy * t);
    d = hyp2(nx, ny);
  } else {
    const px = x - sh.ax;
    const py = y - sh.ay;
    const rr = hyp2(px, py);
    let rel = Math.atan2(py, px) - sh.a0;
    rel -= Math.floor(rel / (Math.PI * 2)) * Math.PI * 2;
    if (rel <= sh.span || sh.span >= Math.PI * 2 - 1e-9) {
      d = Math.abs(rr - sh.r);
      const k = rr > 1e-9 ? (rr >= sh.r ? 1 : -1) / rr : 0;
      nx = px * k;
      ny = py * k;
    } else {
      const e0x = sh.ax + Math.cos(sh.a0) * sh.r;
      const e0y = sh.ay + Math.sin(sh.a0) * sh.r;
      const e1x = sh.ax + Math.cos(sh.a0 + sh.span) * sh.r;
      const e1y = sh.ay + Math.sin(sh.a0 + sh.span) * sh.r;
      const d0 = hyp2(x - e0x, y - e0y);
      const d1 = hyp2(x - e1x, y - e1y);
      if (d0 < d1) {
        d = d0;
        nx = x - e0x;
        ny = y - e0y;
      } else {
        d = d1;
        nx = x - e1x;
        ny = y - e1y;
      }
    }
  }
  if (d > sh.hw * 4 + 1) {
    // Cheap early out before computing the footprint along the gradient.
    const maxRate = Math.max(Math.abs(g.jxx) + Math.abs(g.jyx), Math.abs(g.jxy) + Math.abs(g.jyy));
    if (d > sh.hw + 2 * maxRate) return 0;
  }
  // World distance covered by one pixel step along the distance gradient.
  const nl = hyp2(nx, ny);
  let rate: number;
  if (nl > 1e-12) {
    const ux = nx / nl;
    const uy = ny / nl;
    rate = hyp2(ux * g.jxx + uy * g.jxy, ux * g.jyx + uy * g.jyy);
  } else {
    rate = Math.sqrt(Math.abs(g.jxx * g.jyy - g.jxy * g.jyx));
  }
  return bandCoverage(d, sh.hw, Math.max(rate, 1e-6));
}

// ---------------------------------------------------------------------------------------------
// Image-space helpers for the 3D goal frame (variant 1).
// ---------------------------------------------------------------------------------------------
interface Tube {
  ax: number;
  ay: number;
  bx: number;
  by: number;
  ra: number;
  rb: number;
  shade: number; // base brightness
}

const tubeOut = new Float64Array(2);
/** Coverage and across-tube coordinate (-1..1) of a tapered capsule in pixel space (shared result array). */
function tubeHit(t: Tube, x: number, y: number): Float64Array {
  const vx = t.bx - t.ax;
  const vy = t.by - t.ay;
  const ll = vx * vx + vy * vy;
  let u = ll > 0 ? ((x - t.ax) * vx + (y - t.ay) * vy) / ll : 0;
  u = u < 0 ? 0 : Math.min(u, 1);
  const qx = x - (t.ax + vx * u);
  const qy = y - (t.ay + vy * u);
  const r = mix(t.ra, t.rb, u);
  const d = hyp2(qx, qy);
  // Across coordinate: sign by side of the axis (used for cylinder shading).
  const len = Math.sqrt(ll) || 1;
  const side = (vx * qy - vy * qx) / len;
  const cov = r >= 0.5 ? clamp01(r - d + 0.5) : 2 * r * clamp01(1 - d);
  tubeOut[0] = cov;
  tubeOut[1] = clamp01(0.5 + (0.5 * side) / Math.max(r, 0.5)) * 2 - 1;
  return tubeOut;
}

// ---------------------------------------------------------------------------------------------
// PNG encoding
// ---------------------------------------------------------------------------------------------
const CRC_TABLE = (() => {
  const t = new Uint32Array(256);
  for (let n = 0; n < 256; n++) {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    t[n] = c >>> 0;
  }
  return t;
})();

export function crc32(buf: Uint8Array, start = 0, end = buf.length): number {
  let c = 0xffffffff;
  for (let i = start; i < end; i++) c = CRC_TABLE[(c ^ buf[i]) & 0xff] ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}

function pngChunk(type: string, data: Uint8Array): Buffer {
  const out = Buffer.alloc(12 + data.length);
  out.writeUInt32BE(data.length, 0);
  out.write(type, 4, 'ascii');
  out.set(data, 8);
  out.writeUInt32BE(crc32(out, 4, 8 + data.length), 8 + data.length);
  return out;
}

/**
 * Default deflate level. On these 960x640 images level 9 spent 175-430 ms in deflate alone (zlib's
 * 4096-step match chains crawl over the many small filter residuals of smooth shading) for files
 * only 7-9% smaller than level 6, which takes 25-50 ms. Pass `{ level: 9 }` when file size matters
 * more than time.
 */
export const DEFAULT_PNG_LEVEL = 6;

export interface PngEncodeOptions {
  /** zlib level 0-9 (default DEFAULT_PNG_LEVEL). */
  level?: number;
}

/** Encodes 8-bit RGB pixels as PNG, choosing filter None/Sub/Up per row (minimum-sum-of-absolute heuristic). */
export function encodePngRgb(width: number, height: number, rgb: Uint8Array, enc: PngEncodeOptions = {}): Buffer {
  if (rgb.length !== width * height * 3)
    throw new RangeError(`expected ${width * height * 3} RGB bytes, got ${rgb.length}`);
  const stride = width * 3;
  const raw = Buffer.alloc(height * (stride + 1));
  const cand = [new Uint8Array(stride), new Uint8Array(stride), new Uint8Array(stride)];
  for (let y = 0; y < height; y++) {
    const row = y * stride;
    const prev = row - stride;
    const none = cand[0];
    const sub = cand[1];
    const up = cand[2];
    let sNone = 0;
    let sSub = 0;
    let sUp = 0;
    for (let i = 0; i < stride; i++) {
      const v = rgb[row + i];
      const a = i >= 3 ? rgb[row + i - 3] : 0;
      const b = y > 0 ? rgb[prev + i] : 0;
      const fs = (v - a) & 255;
      const fu = (v - b) & 255;
      none[i] = v;
      sub[i] = fs;
      up[i] = fu;
      sNone += v < 128 ? v : 256 - v;
      sSub += fs < 128 ? fs : 256 - fs;
      sUp += fu < 128 ? fu : 256 - fu;
    }
    let best = 0;
    let bestSum = sNone;
    if (sSub < bestSum) {
      best = 1;
      bestSum = sSub;
    }
    if (sUp < bestSum) best = 2;
    const off = y * (stride + 1);
    raw[off] = best;
    raw.set(cand[best], off + 1);
  }
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr[8] = 8; // bit depth
  ihdr[9] = 2; // colour type RGB
  ihdr[10] = 0; // deflate
  ihdr[11] = 0; // adaptive filtering
  ihdr[12] = 0; // no interlace
  const level = Math.max(0, Math.min(9, Math.round(enc.level ?? DEFAULT_PNG_LEVEL)));
  const idat = deflateSync(raw, { level, memLevel: 9, strategy: zconst.Z_DEFAULT_STRATEGY });
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    pngChunk('IHDR', ihdr),
    pngChunk('IDAT', idat),
    pngChunk('IEND', new Uint8Array(0)),
  ]);
}

// ---------------------------------------------------------------------------------------------
// Renderer
// ---------------------------------------------------------------------------------------------
interface Light {
  x: number; // image coords (continuous)
  y: number;
  radius: number;
  r: number;
  g: number;
  b: number;
  power: number;
}

/** Everything the per-row ground shader needs (kept out of renderFloat so the hot code stays small). */
interface GroundCtx {
  w: number;
  variant: 0 | 1 | 2;
  checker: boolean;
  view: View;
  img: Float32Array;
  field: Float32Array;
  gw: number;
  tilesX: number;
  tileShapes: Shape[][];
  tileFence: Shape[][];
  tileShadows: Shape[][];
  noise: ValueNoise;
  lineHalfW: number;
  turfA: number[];
  turfB: number[];
  worn: number[];
  surround: number[];
  kerb: number[];
  paint: number[];
  hedge: number[];
  hullBox: number[];
  netHull: Array<[number, number]>;
  g: GroundSample;
  gs: GroundSample;
  sm: Float64Array;
  fenceHit: Float64Array;
}

const GRID = 8; // spacing of the smooth-field grid (px)
const NF = 8; // smooth fields: 0 shade, 1 wear, 2-4 light rgb, 5-7 additive bloom rgb
const TILE = 32; // tile size for shape culling (px)
const STRIPE_W = PL / 18; // mowing stripe width (m)
const CHECK_W = PW / 8; // cross stripes of the checkerboard pattern (m)
const SHADOW_SOFT = 0.12; // metres of penumbra for the goal shadows
const WALL_H = 0.45; // low concrete wall under the fence (variant 1)
const WALL_COL = [0.5, 0.51, 0.49];
const MESH_COL = [0.06, 0.08, 0.07];

/** Shades one row of ground pixels into ctx.img. */
function groundRow(c: GroundCtx, py: number): void {
  const { w, variant, checker, view, img, field, gw, tilesX, tileShapes, tileFence, tileShadows, noise } = c;
  const { lineHalfW, turfA, turfB, worn, surround, kerb, paint, hullBox, netHull, g, gs, sm } = c;
  const stripeW = STRIPE_W;
  const checkW = CHECK_W;
  const shadowSoft = SHADOW_SOFT;
  const tileRow = ((py / TILE) | 0) * tilesX;
  const j0 = (py / GRID) | 0;
  const ty = (py - j0 * GRID) / GRID;
  for (let px = 0; px < w; px++) {
    const o = (py * w + px) * 3;
    // Interpolate the smooth fields.
    const i0 = (px / GRID) | 0;
    const tx = (px - i0 * GRID) / GRID;
    const f00 = (j0 * gw + i0) * NF;
    const f01 = f00 + gw * NF;
    const w00 = (1 - tx) * (1 - ty);
    const w10 = tx * (1 - ty);
    const w01 = (1 - tx) * ty;
    const w11 = tx * ty;
    for (let k = 0; k < NF; k++) {
      sm[k] = field[f00 + k] * w00 + field[f00 + NF + k] * w10 + field[f01 + k] * w01 + field[f01 + NF + k] * w11;
    }
    let lr = sm[2];
    let lg = sm[3];
    let lb = sm[4];
    if (!view.ground(px, py, g)) {
      if (variant === 1) {
        fenceBackdrop(c, o, px, py, 1, lg);
        continue;
      }
      img[o] = surround[0] * lr;
      img[o + 1] = surround[1] * lg;
      img[o + 2] = surround[2] * lb;
      continue;
    }
    const ti = tileRow + ((px / TILE) | 0);
    const x = g.x;
    const y = g.y;
    if (variant === 1 && x > PL + FENCE_AT) {
      fenceBackdrop(c, o, px, py, sm[0], lg);
      continue;
    }
    const footX = Math.sqrt(g.jxx * g.jxx + g.jyx * g.jyx);
    const footY = Math.sqrt(g.jxy * g.jxy + g.jyy * g.jyy);
    const foot = Math.max(footX, footY);

    // Distance outside the playing rectangle (negative inside).
    const out = Math.max(-x, x - PL, -y, y - PW);

    // Stripes: bands across the length, analytically box-filtered over the pixel footprint.
    const u = x / stripeW;
    const iu = Math.floor(u);
    const fu = u - iu;
    const own = (iu & 1) === 0 ? 0 : 1;
    const wOwn = clamp01(0.5 + Math.min(fu, 1 - fu) / Math.max((footX / stripeW) * 1.3, 1e-6));
    let stripe = own * wOwn + (1 - own) * (1 - wOwn);
    if (checker) {
      const v = y / checkW;
      const iv = Math.floor(v);
      const fv = v - iv;
      const ownY = (iv & 1) === 0 ? 0 : 1;
      const wY = clamp01(0.5 + Math.min(fv, 1 - fv) / Math.max((footY / checkW) * 1.3, 1e-6));
      const sy2 = ownY * wY + (1 - ownY) * (1 - wY);
      stripe = stripe + sy2 - 2 * stripe * sy2;
    }
    // Outside the lines the stripes fade and the turf gets darker (run-off).
    const fRun = clamp01((out - lineHalfW) / Math.max(foot, 1e-6) + 0.5);
    stripe -= (stripe - 0.5) * fRun * 0.55;
    const runDark = 1 - 0.13 * fRun;
    let r = (turfA[0] + (turfB[0] - turfA[0]) * stripe) * runDark;
    let gg = (turfA[1] + (turfB[1] - turfA[1]) * stripe) * runDark;
    let b = (turfA[2] + (turfB[2] - turfA[2]) * stripe) * runDark * 1.02;

    // Worn areas (goal mouths, spots) where the dark infill shows through.
    const wa = sm[1];
    if (wa > 0.002) {
      r += (worn[0] - r) * wa;
      gg += (worn[1] - gg) * wa;
      b += (worn[2] - b) * wa;
    }

    // Perimeter: a thin kerb, then a darker walkway surround.
    if (out > SURROUND_AT - 0.5) {
      const kc = bandCoverage(Math.abs(out - SURROUND_AT), 0.11, Math.max(foot, 1e-6));
      const fs = clamp01((out - SURROUND_AT - 0.11) / Math.max(foot, 1e-6) + 0.5);
      r = mix(mix(r, surround[0], fs), kerb[0], kc);
      gg = mix(mix(gg, surround[1], fs), kerb[1], kc);
      b = mix(mix(b, surround[2], fs), kerb[2], kc);
    }

    // Large soft patches (turf) or grime (walkway).
    const shade = sm[0];
    r *= shade;
    gg *= shade;
    b *= shade;

    // Fence (top views): dark mesh line and posts.
    const fc = tileFence[ti];
    if (fc.length > 0) {
      const f = 1 - maxCoverage(fc, g) * 0.7;
      r *= f;
      gg *= f;
      b *= f;
    }

    // Markings.
    const cand = tileShapes[ti];
    if (cand.length > 0) {
      const cov = maxCoverage(cand, g);
      if (cov > 0) {
        const a = cov * (0.88 + 0.08 * noise.at(x * 1.5 - 70, y * 1.5 + 33));
        r += (paint[0] - r) * a;
        gg += (paint[1] - gg) * a;
        b += (paint[2] - b) * a;
      }
    }

    // Goal frame + net shadows (variant 1).
    if (variant === 1) {
      let sh = 0;
      const sc = tileShadows[ti];
      if (sc.length > 0) {
        gs.x = x;
        gs.y = y;
        gs.jxx = Math.abs(g.jxx) + shadowSoft;
        gs.jxy = 0;
        gs.jyx = 0;
        gs.jyy = Math.abs(g.jyy) + shadowSoft;
        sh = maxCoverage(sc, gs) * 0.5;
      }
      if (x > hullBox[0] && x < hullBox[2] && y > hullBox[1] && y < hullBox[3]) {
        sh = Math.max(sh, smooth(0.5 - hullSignedDistance(netHull, x, y) / 0.6) * 0.16);
      }
      lr *= 1 - sh * 0.95;
      lg *= 1 - sh;
      lb *= 1 - sh * 0.85;
    }
    img[o] = r * lr + sm[5];
    img[o + 1] = gg * lg + sm[6];
    img[o + 2] = b * lb + sm[7];
  }
}

/** Variant 1, beyond the far fence: dark shrubs seen through the mesh, above a low concrete wall. */
function fenceBackdrop(c: GroundCtx, o: number, px: number, py: number, blob: number, light: number): void {
  const { hedge, fenceHit, img } = c;
  let r = hedge[0] * blob;
  let gg = hedge[1] * blob;
  let b = hedge[2] * blob;
  if (c.view.planeX!(px, py, PL + FENCE_AT, fenceHit)) {
    const fy = fenceHit[0];
    const fz = fenceHit[1];
    const rate = Math.max(fenceHit[2], 1e-6);
    if (fz < WALL_H) {
      // Concrete wall with a lighter top edge and slight grime towards the ground.
      const lit = 0.82 + 0.18 * clamp01(fz / WALL_H) + 0.06 * c.noise.at(fy * 2, fz * 2);
      const top = bandCoverage(WALL_H - fz, 0.03, rate) * 0.15;
      r = WALL_COL[0] * lit + top;
      gg = WALL_COL[1] * lit + top;
      b = WALL_COL[2] * lit + top;
    } else if (fz < FENCE_H) {
      // Fine knotted mesh: too small to resolve, so it acts as a dark veil, plus a few
      // horizontal tension wires. Higher up the shrubs are further away and darker.
      const far = 1 - 0.12 * clamp01(fz / FENCE_H);
      r *= far;
      gg *= far;
      b *= far;
      let a = 0.38;
      for (let k = 0; k < WIRES.length; k++) a = Math.max(a, bandCoverage(Math.abs(fz - WIRES[k]), 0.012, rate) * 0.9);
      r += (MESH_COL[0] - r) * a;
      gg += (MESH_COL[1] - gg) * a;
      b += (MESH_COL[2] - b) * a;
    }
  }
  img[o] = r * light;
  img[o + 1] = gg * light;
  img[o + 2] = b * light;
}

/** Renders the pitch into a float RGB buffer (0..1, may exceed 1 before tone mapping). */
function renderFloat(w: number, h: number, hue: number, variant: 0 | 1 | 2, seed: number): Float32Array {
  const rnd = mulberry32(seed ^ 0x9e3779b9);
  const noise = new ValueNoise(rnd);
  const img = new Float32Array(w * h * 3);
  const sizeK = Math.max(0.45, Math.min(w / 960, h / 640));
  const night = variant === 2;
  // Mowing pattern, picked by the seed: plain stripes or a checkerboard.
  const checker = rnd() < 0.35;

  // --- view -----------------------------------------------------------------------------------
  let view: View;
  if (variant === 1) {
    // Elevated "drone" view from in front of the right-hand goal, slightly off-centre.
    const side = rnd() < 0.5 ? -1 : 1;
    view = perspectiveView(w, h, [PL - 24, CY + side * 4.5, 12], [PL - 8.8, CY + side * 0.6, 0], GOAL_FOV);
  } else {
    view = orthoView(w, h, -TOP_MARGIN, PL + TOP_MARGIN, -TOP_MARGIN, PW + TOP_MARGIN);
  }
  const lineHalfW = Math.max(0.06, ((3.4 * sizeK) / 2) * view.refScale);
  const spotR = Math.max(0.11, 2.6 * sizeK * view.refScale);
  const shapes = fieldMarkings(lineHalfW, spotR);
  // Top views: the perimeter fence seen from above (a thin dark line with posts).
  const fenceShapes: Shape[] = [];
  if (variant !== 1) {
    const F = FENCE_AT;
    const fhw = 0.65 * sizeK * view.refScale;
    fenceShapes.push(
      seg(-F, -F, PL + F, -F, fhw),
      seg(-F, PW + F, PL + F, PW + F, fhw),
      seg(-F, -F, -F, PW + F, fhw),
      seg(PL + F, -F, PL + F, PW + F, fhw),
    );
    const pr = 2.1 * sizeK * view.refScale;
    const nx = Math.round((PL + 2 * F) / POLE_STEP);
    const ny = Math.round((PW + 2 * F) / POLE_STEP);
    for (let i = 0; i <= nx; i++) {
      const x = -F + ((PL + 2 * F) * i) / nx;
      fenceShapes.push(seg(x, -F, x, -F, pr), seg(x, PW + F, x, PW + F, pr));
    }
    for (let i = 1; i < ny; i++) {
      const y = -F + ((PW + 2 * F) * i) / ny;
      fenceShapes.push(seg(-F, y, -F, y, pr), seg(PL + F, y, PL + F, y, pr));
    }
  }

  // --- palette --------------------------------------------------------------------------------
  const turfA = hsl(hue, 0.5, 0.335); // darker stripe
  const turfB = hsl(hue + 2, 0.47, 0.385); // lighter stripe
  const surround = hsl(hue + 15, 0.1, 0.17); // perimeter walkway around the pitch
  const kerb = [0.5, 0.51, 0.5];
  const worn = hsl(hue + 25, 0.18, 0.27); // rubber infill showing through in worn areas
  const paint = [0.95, 0.96, 0.93];
  const hedge = hsl(hue + 18, 0.26, 0.2);

  // --- lights ---------------------------------------------------------------------------------
  const lights: Light[] = [];
  if (night) {
    // Floodlight masts just outside the corners of the fence, projected to the image.
    const M = FENCE_AT + 3.5;
    const corners = (
      [
        [-M, -M],
        [PL + M, -M],
        [PL + M, PW + M],
        [-M, PW + M],
      ] as const
    ).map(([x, y]) => view.project(x, y, 0)!);
    // 2-4 floodlights in the corners, chosen by the seed.
    const count = 2 + Math.floor(rnd() * 3);
    const start = Math.floor(rnd() * 4);
    const order = count === 2 ? (rnd() < 0.5 ? [0, 2] : [0, 1]) : count === 3 ? [0, 1, 2] : [0, 1, 2, 3];
    const diag = hyp2(corners[2][0] - corners[0][0], corners[2][1] - corners[0][1]);
    for (const k of order) {
      const [cx, cy] = corners[(k + start) % 4];
      const warm = rnd();
      lights.push({
        x: cx,
        y: cy,
        radius: diag * (0.34 + rnd() * 0.06),
        r: 1.0,
        g: mix(0.97, 0.9, warm),
        b: mix(0.93, 0.78, warm),
        power: (count === 2 ? 1.5 : count === 3 ? 1.25 : 1.05) * (0.92 + rnd() * 0.16),
      });
    }
  }

  // --- goal shadows (variant 1) ----------------------------------------------------------------
  const sun = { x: 0.5, y: 0.32, z: 0.8 }; // direction towards the sun
  const shadowOff = (z: number): [number, number] => [(-z * sun.x) / sun.z, (-z * sun.y) / sun.z];
  const goalShadow: Shape[] = [];
  let netHull: Array<[number, number]> = [];
  const hullBox = [Infinity, Infinity, -Infinity, -Infinity];
  if (variant === 1) {
    const gx = PL;
    const yl = CY - GOAL_HW;
    const yr = CY + GOAL_HW;
    const [ox, oy] = shadowOff(GOAL_H);
    const phw = 0.075;
    goalShadow.push(
      seg(gx, yl, gx + ox, yl + oy, phw),
      seg(gx, yr, gx + ox, yr + oy, phw),
      seg(gx + ox, yl + oy, gx + ox, yr + oy, phw),
    );
    // Soft shadow of the net volume: convex hull of the projected net corners.
    const pts: Array<[number, number]> = [];
    for (const [px, py, pz] of [
      [gx, yl, GOAL_H],
      [gx, yr, GOAL_H],
      [gx + NET_TOP_D, yl, GOAL_H],
      [gx + NET_TOP_D, yr, GOAL_H],
      [gx, yl, 0],
      [gx, yr, 0],
      [gx + NET_BASE_D, yl, 0],
      [gx + NET_BASE_D, yr, 0],
    ] as Array<[number, number, number]>) {
      const [sx, sy] = shadowOff(pz);
      pts.push([px + sx, py + sy]);
    }
    netHull = convexHull(pts);
    for (const [hx, hy] of netHull) {
      hullBox[0] = Math.min(hullBox[0], hx - 0.6);
      hullBox[1] = Math.min(hullBox[1], hy - 0.6);
      hullBox[2] = Math.max(hullBox[2], hx + 0.6);
      hullBox[3] = Math.max(hullBox[3], hy + 0.6);
    }
  }

  // --- per-tile culling of the analytic shapes --------------------------------------------------
  const tilesX = Math.ceil(w / TILE);
  const tilesY = Math.ceil(h / TILE);
  const tileShapes: Shape[][] = new Array(tilesX * tilesY);
  const tileShadows: Shape[][] = new Array(tilesX * tilesY);
  const tileFence: Shape[][] = new Array(tilesX * tilesY);
  {
    const g: GroundSample = { x: 0, y: 0, jxx: 0, jxy: 0, jyx: 0, jyy: 0 };
    for (let ty = 0; ty < tilesY; ty++) {
      for (let tx = 0; tx < tilesX; tx++) {
        let minX = Infinity;
        let minY = Infinity;
        let maxX = -Infinity;
        let maxY = -Infinity;
        let foot = 0;
        const px0 = tx * TILE;
        const py0 = ty * TILE;
        const px1 = Math.min(w - 1, px0 + TILE - 1);
        const py1 = Math.min(h - 1, py0 + TILE - 1);
        for (let k = 0; k < 4; k++) {
          if (!view.ground(k & 1 ? px1 : px0, k & 2 ? py1 : py0, g)) {
            minX = minY = -Infinity;
            maxX = maxY = Infinity;
            continue;
          }
          minX = Math.min(minX, g.x);
          maxX = Math.max(maxX, g.x);
          minY = Math.min(minY, g.y);
          maxY = Math.max(maxY, g.y);
          foot = Math.max(foot, Math.abs(g.jxx) + Math.abs(g.jyx) + Math.abs(g.jxy) + Math.abs(g.jyy));
        }
        const m = 2 * foot + 0.05;
        const ti = ty * tilesX + tx;
        tileShapes[ti] = shapesInBox(shapes, minX - m, minY - m, maxX + m, maxY + m);
        tileShadows[ti] = shapesInBox(goalShadow, minX - m - 0.3, minY - m - 0.3, maxX + m + 0.3, maxY + m + 0.3);
        tileFence[ti] = shapesInBox(fenceShapes, minX - m, minY - m, maxX + m, maxY + m);
      }
    }
  }

  // --- smooth fields on a coarse grid -----------------------------------------------------------
  // Everything that varies slowly (turf patches, worn areas, sun/floodlight lighting, lamp bloom)
  // is evaluated every GRID pixels and bilinearly interpolated, which is ~1/64 of the per-pixel
  // cost and keeps the hot loop small enough for the JIT.
  const gw = Math.floor((w - 1) / GRID) + 2;
  const gh = Math.floor((h - 1) / GRID) + 2;
  const field = new Float32Array(gw * gh * NF);
  {
    const spots: Array<[number, number, number]> = [
      // x, y, strength: penalty spots, centre spot, goal mouths
      [SPOT_X, CY, 0.5],
      [PL - SPOT_X, CY, 0.5],
      [PL / 2, CY, 0.2],
      [2.4, CY, 0.55],
      [PL - 2.4, CY, 0.55],
    ];
    const gn: GroundSample = { x: 0, y: 0, jxx: 0, jxy: 0, jyx: 0, jyy: 0 };
    for (let j = 0; j < gh; j++) {
      for (let i = 0; i < gw; i++) {
        const px = i * GRID;
        const py = j * GRID;
        const f = (j * gw + i) * NF;
        let shade = 1;
        let wear = 0;
        if (view.ground(px, py, gn)) {
          const x = gn.x;
          const y = gn.y;
          const out = Math.max(-x, x - PL, -y, y - PW);
          if (variant === 1 && x > PL + FENCE_AT) {
            shade = 0.78 + 0.4 * smooth(0.5 + noise.at(x * 0.32 + 11, y * 0.32 - 5) * 1.1); // shrubs behind the fence
          } else if (out > SURROUND_AT + 0.5) {
            shade = 1 + noise.at(x * 0.3, y * 0.3) * 0.05;
          } else {
            shade = 1 + noise.fbm(x * 0.085, y * 0.085) * 0.06;
            // Close to the camera (variant 1) the turf shows finer clumps; fade them out where
            // the grid cannot resolve them.
            const cell = GRID * Math.sqrt(Math.abs(gn.jxx * gn.jyy - gn.jxy * gn.jyx));
            const detail = 1 - smooth((cell - 0.12) / 0.15);
            if (detail > 0) shade += noise.at(x * 1.3 + 91, y * 1.3 - 17) * 0.035 * detail;
            for (let k = 0; k < spots.length; k++) {
              const sp = spots[k];
              const dx = x - sp[0];
              const dy = (y - sp[1]) * (k >= 3 ? 0.5 : 1);
              const d2 = dx * dx + dy * dy;
              if (d2 < 30) wear = Math.max(wear, sp[2] * Math.exp(-d2 / (k >= 3 ? 6 : 1.5)));
            }
            if (wear > 0.01) wear *= clamp01(0.55 + noise.fbm(x * 0.45 + 3, y * 0.45 - 7) * 0.9) * 0.42;
          }
        }
        field[f] = shade;
        field[f + 1] = wear;
        const cx = px + 0.5;
        const cy = py + 0.5;
        if (night) {
          let lr = 0.19;
          let lg = 0.23;
          let lb = 0.33;
          let ar = 0;
          let ag = 0;
          let ab = 0;
          for (let li = 0; li < lights.length; li++) {
            const L = lights[li];
            const dx = (cx - L.x) / L.radius;
            const dy = (cy - L.y) / L.radius;
            const d2 = dx * dx + dy * dy;
            const q = 1 + d2 * 2.6;
            const inten = L.power / (q * Math.sqrt(q));
            lr += inten * L.r;
            lg += inten * L.g;
            lb += inten * L.b;
            // Lamp bloom / haze (additive).
            const bloom = Math.exp(-d2 * 10) * 0.7 + Math.exp(-d2 * 2.5) * 0.06;
            ar += bloom * L.r;
            ag += bloom * L.g;
            ab += bloom * L.b;
          }
          field[f + 2] = lr;
          field[f + 3] = lg;
          field[f + 4] = lb;
          field[f + 5] = ar;
          field[f + 6] = ag;
          field[f + 7] = ab;
        } else {
          const sx = cx / w - 0.5;
          const sy = cy / h - 0.5;
          const sunL = variant === 1 ? 1.03 - sy * 0.06 : 1.04 - (sx * 0.05 + sy * 0.07);
          field[f + 2] = sunL * 1.02;
          field[f + 3] = sunL;
          field[f + 4] = sunL * 0.97;
        }
      }
    }
  }

  // --- ground pass ----------------------------------------------------------------------------
  const ctx: GroundCtx = {
    w,
    variant,
    checker,
    view,
    img,
    field,
    gw,
    tilesX,
    tileShapes,
    tileFence,
    tileShadows,
    noise,
    lineHalfW,
    turfA,
    turfB,
    worn,
    surround,
    kerb,
    paint,
    hedge,
    hullBox,
    netHull,
    g: { x: 0, y: 0, jxx: 0, jxy: 0, jyx: 0, jyy: 0 },
    gs: { x: 0, y: 0, jxx: 0, jxy: 0, jyx: 0, jyy: 0 },
    sm: new Float64Array(NF),
    fenceHit: new Float64Array(3),
  };
  // Rows are visited in a strided order: the first sweep samples every part of the image, so the
  // JIT sees every branch (fence, lines, shadows...) early instead of deoptimising repeatedly.
  const ROW_STRIDE = 16;
  for (let phase = 0; phase < ROW_STRIDE; phase++) {
    for (let py = phase; py < h; py += ROW_STRIDE) groundRow(ctx, py);
  }

  if (variant === 1) drawGoal(img, w, h, view, sun);
  return img;
}

/** Monotone chain convex hull (counter-clockwise). */
function convexHull(points: Array<[number, number]>): Array<[number, number]> {
  const p = [...points].sort((a, b) => a[0] - b[0] || a[1] - b[1]);
  const cross = (o: [number, number], a: [number, number], b: [number, number]) =>
    (a[0] - o[0]) * (b[1] - o[1]) - (a[1] - o[1]) * (b[0] - o[0]);
  const lower: Array<[number, number]> = [];
  for (const q of p) {
    while (lower.length >= 2 && cross(lower[lower.length - 2], lower[lower.length - 1], q) <= 0) lower.pop();
    lower.push(q);
  }
  const upper: Array<[number, number]> = [];
  for (let i = p.length - 1; i >= 0; i--) {
    const q = p[i];
    while (upper.length >= 2 && cross(upper[upper.length - 2], upper[upper.length - 1], q) <= 0) upper.pop();
    upper.push(q);
  }
  upper.pop();
  lower.pop();
  return lower.concat(upper);
}

/** Signed distance (negative inside) to a CCW convex polygon; approximate outside corners. */
function hullSignedDistance(hull: Array<[number, number]>, x: number, y: number): number {
  let d = -Infinity;
  for (let i = 0; i < hull.length; i++) {
    const [ax, ay] = hull[i];
    const [bx, by] = hull[(i + 1) % hull.length];
    const ex = bx - ax;
    const ey = by - ay;
    const l = hyp2(ex, ey) || 1;
    // Outward normal of a CCW polygon edge is (ey, -ex).
    const s = ((x - ax) * ey - (y - ay) * ex) / l;
    if (s > d) d = s;
  }
  return d;
}

/** Draws the net (semi-transparent mesh on 4 planes) and the white goal frame over the ground. */
function drawGoal(img: Float32Array, w: number, h: number, view: View, sun: { x: number; y: number; z: number }): void {
  const gx = PL;
  const yl = CY - GOAL_HW;
  const yr = CY + GOAL_HW;
  const P = (x: number, y: number, z: number) => view.project(x, y, z);
  // Net surfaces, parametrised as origin + a*U + b*V with (a,b) in [0,1]^2 (or a triangle-ish quad via mask).
  type Plane = { o: number[]; u: number[]; v: number[]; la: number; lb: number; quad?: boolean; bright: number };
  const planes: Plane[] = [
    // roof
    { o: [gx, yl, GOAL_H], u: [0, 2 * GOAL_HW, 0], v: [NET_TOP_D, 0, 0], la: 2 * GOAL_HW, lb: NET_TOP_D, bright: 1.0 },
    // back (slanted from roof edge down to the base)
    {
      o: [gx + NET_TOP_D, yl, GOAL_H],
      u: [0, 2 * GOAL_HW, 0],
      v: [NET_BASE_D - NET_TOP_D, 0, -GOAL_H],
      la: 2 * GOAL_HW,
      lb: hyp2(NET_BASE_D - NET_TOP_D, GOAL_H),
      bright: 0.93,
    },
    // sides: trapezoids (x from goal line to back, z 0..H) - masked below
    { o: [gx, yl, 0], u: [NET_BASE_D, 0, 0], v: [0, 0, GOAL_H], la: NET_BASE_D, lb: GOAL_H, quad: true, bright: 0.86 },
    { o: [gx, yr, 0], u: [NET_BASE_D, 0, 0], v: [0, 0, GOAL_H], la: NET_BASE_D, lb: GOAL_H, quad: true, bright: 0.9 },
  ];

  // Camera ray reconstruction via projection of two depths is awkward; instead intersect
  // planes by inverting the 2x2 screen-space mapping of each plane (it is a homography).
  // Simple robust approach: per plane, compute the homography from (a,b) to screen with 4 points
  // and invert numerically per pixel.
  const bbox = [Infinity, Infinity, -Infinity, -Infinity];
  const corners3: number[][] = [
    [gx, yl, 0],
    [gx, yr, 0],
    [gx, yl, GOAL_H],
    [gx, yr, GOAL_H],
    [gx + NET_TOP_D, yl, GOAL_H],
    [gx + NET_TOP_D, yr, GOAL_H],
    [gx + NET_BASE_D, yl, 0],
    [gx + NET_BASE_D, yr, 0],
  ];
  for (const c of corners3) {
    const p = P(c[0], c[1], c[2]);
    if (!p) return;
    bbox[0] = Math.min(bbox[0], p[0]);
    bbox[1] = Math.min(bbox[1], p[1]);
    bbox[2] = Math.max(bbox[2], p[0]);
    bbox[3] = Math.max(bbox[3], p[1]);
  }
  const x0 = Math.max(0, Math.floor(bbox[0] - 6));
  const y0 = Math.max(0, Math.floor(bbox[1] - 6));
  const x1 = Math.min(w - 1, Math.ceil(bbox[2] + 6));
  const y1 = Math.min(h - 1, Math.ceil(bbox[3] + 6));

  const homs = planes.map((pl) => {
    const pt = (a: number, b: number) =>
      P(pl.o[0] + pl.u[0] * a + pl.v[0] * b, pl.o[1] + pl.u[1] * a + pl.v[1] * b, pl.o[2] + pl.u[2] * a + pl.v[2] * b)!;
    return invHomography(pt(0, 0), pt(1, 0), pt(1, 1), pt(0, 1));
  });

  // Tubes: projected to pixel space with their radius scaled by depth.
  const tubes: Tube[] = [];
  const addTube = (a: number[], b: number[], radius: number, shade: number) => {
    const pa = P(a[0], a[1], a[2]);
    const pb = P(b[0], b[1], b[2]);
    if (!pa || !pb) return;
    const f = view.focal ?? 1;
    tubes.push({
      ax: pa[0],
      ay: pa[1],
      bx: pb[0],
      by: pb[1],
      ra: (radius * f) / pa[2],
      rb: (radius * f) / pb[2],
      shade,
    });
  };
  const sunSide = sun.y >= 0 ? 1 : -1;
  // Fence posts behind the goal come first: the net and frame are drawn over them.
  for (let k = -8; k <= 8; k++) {
    const yy = CY + (k + 0.5) * POLE_STEP;
    addTube([PL + FENCE_AT, yy, 0], [PL + FENCE_AT, yy, FENCE_H], 0.05, 0.3);
  }
  drawTubes(img, w, h, tubes.splice(0), sunSide);

  const cell = 0.13; // net mesh size (m)
  const strand = 0.018; // strand thickness (m)
  const netCol = [0.93, 0.94, 0.95];
  const sunLit = 1.02;
  for (let py = y0; py <= y1; py++) {
    for (let px = x0; px <= x1; px++) {
      const o = (py * w + px) * 3;
      // Composite the planes far to near: back, sides, roof (roof and front sides are nearest).
      for (let oi = 0; oi < 4; oi++) {
        const idx = PLANE_ORDER[oi];
        const pl = planes[idx];
        const H = homs[idx];
        const sx = px + 0.5;
        const sy = py + 0.5;
        const wz = H[6] * sx + H[7] * sy + H[8];
        const a = (H[0] * sx + H[1] * sy + H[2]) / wz;
        const b = (H[3] * sx + H[4] * sy + H[5]) / wz;
        if (a < -0.02 || a > 1.02 || b < -0.02 || b > 1.02) continue;
        // Side planes are trapezoids: at height b the depth is base - (base - top)*b.
        const aw = a * pl.la;
        const bw = b * pl.lb;
        let edgeMask = 1;
        if (pl.quad) {
          const maxX = NET_BASE_D - (NET_BASE_D - NET_TOP_D) * b;
          if (aw > maxX + 0.02) continue;
          edgeMask = clamp01((maxX - aw) / 0.03 + 0.5);
        }
        // Footprint in plane metres per pixel: analytic derivatives of the homography.
        const dax = ((H[0] - a * H[6]) / wz) * pl.la;
        const day = ((H[1] - a * H[7]) / wz) * pl.la;
        const dbx = ((H[3] - b * H[6]) / wz) * pl.lb;
        const dby = ((H[4] - b * H[7]) / wz) * pl.lb;
        const rateA = hyp2(dax, day);
        const rateB = hyp2(dbx, dby);
        // Square mesh strands along both plane axes.
        const fa = aw / cell - Math.floor(aw / cell);
        const fb = bw / cell - Math.floor(bw / cell);
        const da = Math.min(fa, 1 - fa) * cell;
        const db = Math.min(fb, 1 - fb) * cell;
        let ca = bandCoverage(da, strand / 2, Math.max(rateA, 1e-6));
        let cb = bandCoverage(db, strand / 2, Math.max(rateB, 1e-6));
        // When the mesh gets finer than ~2 pixels, fade to its average density.
        const avg = strand / cell;
        ca = mix(ca, avg, smooth((rateA / cell - 0.35) / 0.4));
        cb = mix(cb, avg, smooth((rateB / cell - 0.35) / 0.4));
        const inside = clamp01(Math.min(a, 1 - a, b, 1 - b) * 400 + 0.5);
        const alpha = (1 - (1 - ca) * (1 - cb)) * 0.92 * inside * edgeMask;
        if (alpha <= 0) continue;
        const lit = pl.bright * sunLit;
        img[o] = mix(img[o], netCol[0] * lit, alpha);
        img[o + 1] = mix(img[o + 1], netCol[1] * lit, alpha);
        img[o + 2] = mix(img[o + 2], netCol[2] * lit, alpha);
      }
    }
  }

  // Frame: back support bars (thin, grey) then posts + crossbar (white, shaded cylinders).
  const br = 0.03;
  addTube([gx + NET_BASE_D, yl, 0], [gx + NET_BASE_D, yr, 0], br, 0.62);
  for (const yy of [yl, yr]) {
    addTube([gx + NET_TOP_D, yy, GOAL_H], [gx + NET_BASE_D, yy, 0], br, 0.66);
    addTube([gx, yy, GOAL_H], [gx + NET_TOP_D, yy, GOAL_H], br, 0.7);
    addTube([gx, yy, 0], [gx + NET_BASE_D, yy, 0], br * 0.8, 0.55);
  }
  addTube([gx + NET_TOP_D, yl, GOAL_H], [gx + NET_TOP_D, yr, GOAL_H], br, 0.68);
  const pr = 0.065;
  addTube([gx, yl, 0], [gx, yl, GOAL_H], pr, 1);
  addTube([gx, yr, 0], [gx, yr, GOAL_H], pr, 1);
  addTube([gx, yl - pr, GOAL_H], [gx, yr + pr, GOAL_H], pr, 1);
  drawTubes(img, w, h, tubes.splice(0), sunSide);
}

/** Rasterises shaded, anti-aliased tubes (already projected to pixel space) in order. */
function drawTubes(img: Float32Array, w: number, h: number, tubes: Tube[], sunSide: number): void {
  for (const t of tubes) {
    const pad = Math.max(t.ra, t.rb) + 2;
    const tx0 = Math.max(0, Math.floor(Math.min(t.ax, t.bx) - pad));
    const tx1 = Math.min(w - 1, Math.ceil(Math.max(t.ax, t.bx) + pad));
    const ty0 = Math.max(0, Math.floor(Math.min(t.ay, t.by) - pad));
    const ty1 = Math.min(h - 1, Math.ceil(Math.max(t.ay, t.by) + pad));
    for (let py = ty0; py <= ty1; py++) {
      for (let px = tx0; px <= tx1; px++) {
        const th = tubeHit(t, px + 0.5, py + 0.5);
        const cov = th[0];
        if (cov <= 0) continue;
        const across = th[1];
        // Cylinder shading: bright highlight on the sun side, soft falloff on the other.
        const lam = 0.78 + 0.22 * across * sunSide - 0.12 * across * across;
        const v = t.shade * lam * 1.04;
        const o = (py * w + px) * 3;
        img[o] = mix(img[o], v, cov);
        img[o + 1] = mix(img[o + 1], v, cov);
        img[o + 2] = mix(img[o + 2], v * 1.01, cov);
      }
    }
  }
}

/** Homography mapping unit square corners (0,0),(1,0),(1,1),(0,1) to the given points; returns its inverse (screen -> square). */
function invHomography(p0: number[], p1: number[], p2: number[], p3: number[]): number[] {
  // Square -> quad (Heckbert).
  const [x0, y0] = p0;
  const [x1, y1] = p1;
  const [x2, y2] = p2;
  const [x3, y3] = p3;
  const sx = x0 - x1 + x2 - x3;
  const sy = y0 - y1 + y2 - y3;
  let a: number, b: number, c: number, d: number, e: number, f: number, g: number, hh: number;
  if (Math.abs(sx) < 1e-9 && Math.abs(sy) < 1e-9) {
    a = x1 - x0;
    b = x2 - x1;
    c = x0;
    d = y1 - y0;
    e = y2 - y1;
    f = y0;
    g = 0;
    hh = 0;
  } else {
    const dx1 = x1 - x2;
    const dx2 = x3 - x2;
    const dy1 = y1 - y2;
    const dy2 = y3 - y2;
    const den = dx1 * dy2 - dx2 * dy1;
    g = (sx * dy2 - dx2 * sy) / den;
    hh = (dx1 * sy - sx * dy1) / den;
    a = x1 - x0 + g * x1;
    b = x3 - x0 + hh * x3;
    c = x0;
    d = y1 - y0 + g * y1;
    e = y3 - y0 + hh * y3;
    f = y0;
  }
  // Forward matrix M = [[a,b,c],[d,e,f],[g,hh,1]]; return its adjugate (inverse up to scale).
  return [
    e - f * hh,
    c * hh - b,
    b * f - c * e,
    f * g - d,
    a - c * g,
    c * d - a * f,
    d * hh - e * g,
    b * g - a * hh,
    a * e - b * d,
  ];
}

const PLANE_ORDER = [1, 2, 3, 0];

/**
 * Tone maps, applies the vignette and quantises to 8-bit RGB.
 *
 * Quantisation is "luma locked": the brightest channel is rounded first and the other two are
 * derived from it with the pixel's own channel ratios. Smooth shading then changes all three
 * channels on the same pixels, which roughly halves the number of distinct residuals the PNG
 * filters leave behind (smaller files, faster deflate) without visible colour error.
 */
function finish(img: Float32Array, w: number, h: number, variant: 0 | 1 | 2): Uint8Array {
  const out = new Uint8Array(w * h * 3);
  const vigK = variant === 2 ? 0.45 : variant === 1 ? 0.3 : 0.36;
  const vx2 = new Float64Array(w);
  for (let px = 0; px < w; px++) vx2[px] = ((px + 0.5) / w - 0.5) ** 2;
  for (let py = 0; py < h; py++) {
    const vy2 = ((py + 0.5) / h - 0.5) ** 2;
    for (let px = 0; px < w; px++) {
      const r2 = vx2[px] + vy2;
      const vig = 1 - vigK * (r2 * 0.4 + r2 * r2 * 2.4);
      const o = (py * w + px) * 3;
      // Soft shoulder above 0.8 so the floodlight blooms roll off instead of clipping.
      let r = img[o] * vig;
      let g = img[o + 1] * vig;
      let b = img[o + 2] * vig;
      if (r > 0.8) r = 1 - 0.2 * Math.exp((0.8 - r) * 5);
      if (g > 0.8) g = 1 - 0.2 * Math.exp((0.8 - g) * 5);
      if (b > 0.8) b = 1 - 0.2 * Math.exp((0.8 - b) * 5);
      r = r > 0 ? r * 255 : 0;
      g = g > 0 ? g * 255 : 0;
      b = b > 0 ? b * 255 : 0;
      const m = r > g ? Math.max(r, b) : Math.max(g, b);
      if (m <= 0) continue;
      const k = Math.round(m) / m;
      out[o] = Math.min(255, Math.round(r * k));
      out[o + 1] = Math.min(255, Math.round(g * k));
      out[o + 2] = Math.min(255, Math.round(b * k));
    }
  }
  return out;
}

/** Renders the pitch to raw 8-bit RGB pixels (row-major, no padding). */
export function renderFacilityRgb(opts: FacilityImageOptions = {}): { width: number; height: number; rgb: Uint8Array } {
  const width = Math.max(16, Math.min(8192, Math.round(opts.width ?? 960)));
  const height = Math.max(16, Math.min(8192, Math.round(opts.height ?? 640)));
  const hue = Number.isFinite(opts.hue) ? (opts.hue as number) : 120;
  const variant: 0 | 1 | 2 = opts.variant === 1 || opts.variant === 2 ? opts.variant : 0;
  const seed = (Number.isFinite(opts.seed) ? (opts.seed as number) : 1) >>> 0;
  const img = renderFloat(width, height, hue, variant, seed);
  return { width, height, rgb: finish(img, width, height, variant) };
}

/** Renders the pitch and returns a PNG file as a Buffer. */
export function makeFacilityPng(opts: FacilityImageOptions = {}, enc: PngEncodeOptions = {}): Buffer {
  const { width, height, rgb } = renderFacilityRgb(opts);
  return encodePngRgb(width, height, rgb, enc);
}
