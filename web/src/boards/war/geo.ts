// The WAR map drawn from real geography: Natural Earth countries (world-atlas, 1:110m) grouped
// into the board's 42 territories. Countries that hold several territories (USA, Canada, Russia)
// are cut by a power diagram of the territories' anchor points; island countries (Indonesia,
// Malaysia) give each island to its nearest anchor. Computed once, at first use, in the browser.
import { geoProjection, geoStream, type GeoStream } from 'd3-geo';
import { feature, merge } from 'topojson-client';
import type { GeometryCollection, Topology } from 'topojson-specification';
import world from 'world-atlas/countries-110m.json';

export const W = 1000;
const DEG = Math.PI / 180;

// Whole countries: the territory each belongs to. Countries not named are drawn as neutral land.
const COUNTRY: Record<string, string> = {
  Greenland: 'groenlandia',
  Mexico: 'mexico', Guatemala: 'mexico', Belize: 'mexico', Honduras: 'mexico', 'El Salvador': 'mexico',
  Nicaragua: 'mexico', 'Costa Rica': 'mexico', Panama: 'mexico', Cuba: 'mexico', Haiti: 'mexico',
  'Dominican Rep.': 'mexico', Bahamas: 'mexico', Jamaica: 'mexico', 'Puerto Rico': 'mexico',
  Colombia: 'venezuela', Venezuela: 'venezuela', Guyana: 'venezuela', Suriname: 'venezuela',
  Ecuador: 'venezuela', 'Trinidad and Tobago': 'venezuela',
  Peru: 'peru', Bolivia: 'peru', Chile: 'peru',
  Brazil: 'brasil',
  Argentina: 'argentina', Uruguay: 'argentina', Paraguay: 'argentina', 'Falkland Is.': 'argentina',
  Iceland: 'islandia',
  'United Kingdom': 'inglaterra', Ireland: 'inglaterra',
  Sweden: 'suecia', Norway: 'suecia', Finland: 'suecia', Denmark: 'alemanha',
  Ukraine: 'moscou', Belarus: 'moscou', Estonia: 'moscou', Latvia: 'moscou', Lithuania: 'moscou',
  Germany: 'alemanha', Netherlands: 'alemanha', Belgium: 'alemanha', Luxembourg: 'alemanha',
  Austria: 'alemanha', Switzerland: 'alemanha',
  Poland: 'polonia', Czechia: 'polonia', Slovakia: 'polonia', Hungary: 'polonia', Romania: 'polonia',
  Moldova: 'polonia', Bulgaria: 'polonia', Serbia: 'polonia', Croatia: 'polonia', Slovenia: 'polonia',
  'Bosnia and Herz.': 'polonia', Montenegro: 'polonia', Kosovo: 'polonia', Macedonia: 'polonia',
  Albania: 'polonia', Greece: 'polonia',
  Portugal: 'portugal', Spain: 'portugal', France: 'portugal', Italy: 'portugal',
  Algeria: 'argelia', Nigeria: 'argelia', Morocco: 'argelia', 'W. Sahara': 'argelia', Tunisia: 'argelia',
  Mauritania: 'argelia', Mali: 'argelia', Niger: 'argelia', Senegal: 'argelia', Gambia: 'argelia',
  Guinea: 'argelia', 'Guinea-Bissau': 'argelia', 'Sierra Leone': 'argelia', Liberia: 'argelia',
  "Côte d'Ivoire": 'argelia', Ghana: 'argelia', Togo: 'argelia', Benin: 'argelia', 'Burkina Faso': 'argelia',
  Egypt: 'egito', Libya: 'egito',
  Sudan: 'sudao', 'S. Sudan': 'sudao', Chad: 'sudao', Ethiopia: 'sudao', Eritrea: 'sudao', Djibouti: 'sudao',
  Somalia: 'sudao', Somaliland: 'sudao', Kenya: 'sudao', Uganda: 'sudao',
  'Dem. Rep. Congo': 'congo', Congo: 'congo', Gabon: 'congo', 'Eq. Guinea': 'congo', Cameroon: 'congo',
  'Central African Rep.': 'congo', Angola: 'congo', Rwanda: 'congo', Burundi: 'congo',
  'South Africa': 'africadosul', Namibia: 'africadosul', Botswana: 'africadosul', Zimbabwe: 'africadosul',
  Zambia: 'africadosul', Mozambique: 'africadosul', Malawi: 'africadosul', Lesotho: 'africadosul',
  eSwatini: 'africadosul', Tanzania: 'africadosul',
  Madagascar: 'madagascar',
  Turkey: 'orientemedio', Syria: 'orientemedio', Iraq: 'orientemedio', Iran: 'orientemedio',
  'Saudi Arabia': 'orientemedio', Jordan: 'orientemedio', Israel: 'orientemedio', Palestine: 'orientemedio',
  Lebanon: 'orientemedio', Kuwait: 'orientemedio', Qatar: 'orientemedio', 'United Arab Emirates': 'orientemedio',
  Oman: 'orientemedio', Cyprus: 'orientemedio', 'N. Cyprus': 'orientemedio',
  Georgia: 'orientemedio', Armenia: 'orientemedio', Azerbaijan: 'orientemedio',
  Kazakhstan: 'aral', Uzbekistan: 'aral', Turkmenistan: 'aral', Kyrgyzstan: 'aral', Tajikistan: 'aral',
  Afghanistan: 'aral',
  Mongolia: 'mongolia',
  China: 'china', Taiwan: 'china', 'North Korea': 'china', 'South Korea': 'china',
  India: 'india', Pakistan: 'india', Nepal: 'india', Bhutan: 'india', Bangladesh: 'india', 'Sri Lanka': 'india',
  Japan: 'japao',
  Vietnam: 'vietna', Laos: 'vietna', Cambodia: 'vietna', Thailand: 'vietna', Myanmar: 'vietna',
  Brunei: 'borneu', Philippines: 'borneu',
  'Papua New Guinea': 'novaguine', 'Timor-Leste': 'novaguine', 'Solomon Is.': 'novaguine',
  Australia: 'australia',
};

// Countries shared by territories: [territory, lon, lat, weight]. 'clip' cuts the land by the
// power diagram of the anchors (weight enlarges a cell); 'rings' gives each island whole to the
// nearest anchor.
type Seed = [string, number, number, number?];
const SPLIT: Record<string, { mode: 'clip' | 'rings'; seeds: Seed[] }> = {
  'United States of America': { mode: 'clip', seeds: [['alasca', -152, 64, 600], ['california', -112, 40], ['novayork', -84, 38]] },
  Canada: { mode: 'clip', seeds: [['mackenzie', -116, 68, 300], ['vancouver', -120, 53], ['ottawa', -90, 50], ['labrador', -68, 54]] },
  Russia: {
    mode: 'clip',
    seeds: [['moscou', 40, 58], ['omsk', 72, 60], ['dudinka', 97, 66], ['siberia', 122, 69], ['tchita', 115, 55, 100], ['vladivostok', 150, 60, 300]],
  },
  Indonesia: {
    mode: 'rings',
    seeds: [['sumatra', 101, -1], ['sumatra', 110, -7], ['borneu', 114, 0], ['borneu', 121, -2], ['novaguine', 138, -4], ['novaguine', 125, -9]],
  },
  Malaysia: { mode: 'rings', seeds: [['vietna', 102, 4], ['borneu', 114, 3]] },
};

// Where each territory's army count stands (lon, lat).
export const LABEL: Record<string, [number, number]> = {
  alasca: [-152, 64], mackenzie: [-118, 65], vancouver: [-121, 55], ottawa: [-92, 52], labrador: [-68, 53],
  groenlandia: [-41, 73], california: [-115, 39], novayork: [-86, 37], mexico: [-102, 23],
  venezuela: [-68, 5], peru: [-70, -14], brasil: [-50, -9], argentina: [-64, -33],
  islandia: [-19, 65], inglaterra: [-2, 53], suecia: [16, 64], moscou: [37, 56], alemanha: [10, 50.5],
  polonia: [22, 47], portugal: [1, 43],
  argelia: [1, 22], egito: [26, 27], sudao: [34, 10], congo: [20, -3], africadosul: [26, -21], madagascar: [46.5, -19.5],
  orientemedio: [44, 30], aral: [64, 45], omsk: [73, 59], dudinka: [93, 67], siberia: [124, 67], tchita: [112, 55],
  mongolia: [102, 46.5], vladivostok: [152, 62], china: [106, 32], india: [78, 22], japao: [139, 37],
  vietna: [102, 16], sumatra: [101, -1], borneu: [114, 1], novaguine: [143, -6], australia: [134, -25],
};

type Pt = [number, number];
export interface MapShapes {
  width: number;
  height: number;
  territories: Record<string, string>; // territory -> SVG path
  neutral: string; // land that is no territory
  label: Record<string, Pt>; // territory -> projected label point
  project: (lon: number, lat: number) => Pt;
}

// Miller's cylindrical projection, with Europe magnified (the board's Europe is crowded).
function miller(l: number, p: number): Pt {
  return [l, 1.25 * Math.log(Math.tan(Math.PI / 4 + 0.4 * Math.max(-1.5, Math.min(1.5, p))))];
}
const LON0 = 11; // the map's centre: the cut falls at 169°W, between Chukotka and Alaska
const lens = { c: miller((17 - LON0) * DEG, 52 * DEG), r: 0.62, k: 0.9 };
function raw(l: number, p: number): Pt {
  const [x, y] = miller(l, p);
  const dx = x - lens.c[0], dy = y - lens.c[1];
  const d = Math.hypot(dx, dy);
  if (d >= lens.r || d === 0) return [x, y];
  const u = d / lens.r;
  const g = ((1 + lens.k) * u) / (1 + lens.k * u);
  return [lens.c[0] + (dx * g) / u, lens.c[1] + (dy * g) / u];
}

const TOP = 83, BOTTOM = -56;

function area(r: Pt[]): number {
  let a = 0;
  for (let i = 0, j = r.length - 1; i < r.length; j = i++) a += (r[j][0] + r[i][0]) * (r[j][1] - r[i][1]);
  return a / 2;
}
function centroid(r: Pt[]): Pt {
  let x = 0, y = 0, a = 0;
  for (let i = 0, j = r.length - 1; i < r.length; j = i++) {
    const f = r[j][0] * r[i][1] - r[i][0] * r[j][1];
    x += (r[j][0] + r[i][0]) * f;
    y += (r[j][1] + r[i][1]) * f;
    a += f;
  }
  if (Math.abs(a) < 1e-9) return r[0];
  return [x / (3 * a), y / (3 * a)];
}

// Sutherland–Hodgman against the half-plane n·p <= c.
function clipHalf(ring: Pt[], n: Pt, c: number): Pt[] {
  const out: Pt[] = [];
  for (let i = 0; i < ring.length; i++) {
    const a = ring[i], b = ring[(i + 1) % ring.length];
    const da = n[0] * a[0] + n[1] * a[1] - c, db = n[0] * b[0] + n[1] * b[1] - c;
    if (da <= 0) out.push(a);
    if ((da < 0 && db > 0) || (da > 0 && db < 0)) {
      const t = da / (da - db);
      out.push([a[0] + t * (b[0] - a[0]), a[1] + t * (b[1] - a[1])]);
    }
  }
  return out;
}

function ringPath(r: Pt[]): string {
  let s = '';
  for (let i = 0; i < r.length; i++) s += (i ? 'L' : 'M') + r[i][0].toFixed(1) + ',' + r[i][1].toFixed(1);
  return s + 'Z';
}

let cached: MapShapes | null = null;

export function mapShapes(): MapShapes {
  if (cached) return cached;
  const scale = W / (2 * Math.PI);
  const yTop = miller(0, TOP * DEG)[1], yBottom = miller(0, BOTTOM * DEG)[1];
  const height = Math.round(scale * (yTop - yBottom));
  const projection = geoProjection(raw)
    .rotate([-LON0, 0])
    .scale(scale)
    .translate([W / 2, scale * yTop])
    .clipExtent([[0, 0], [W, height]])
    .precision(0.3);
  const project = (lon: number, lat: number): Pt => projection([lon, lat]) as Pt;

  // The rings of a geometry, projected and cut at the map's edges.
  const ringsOf = (geometry: any): Pt[][] => {
    const rings: Pt[][] = [];
    let cur: Pt[] = [];
    const sink: GeoStream = {
      point(x, y) { cur.push([x, y]); },
      lineStart() { cur = []; },
      lineEnd() { if (cur.length > 2) rings.push(cur); },
      polygonStart() {},
      polygonEnd() {},
      sphere() {},
    };
    geoStream(geometry, projection.stream(sink));
    return rings.filter((r) => Math.abs(area(r)) > 0.4);
  };

  const topo = world as unknown as Topology;
  const countries = (topo.objects.countries as GeometryCollection).geometries;
  const byTerritory: Record<string, any[]> = {};
  const pieces: Record<string, string[]> = {};
  const label: Record<string, Pt> = {};
  for (const [id, [lon, lat]] of Object.entries(LABEL)) {
    label[id] = project(lon, lat);
    pieces[id] = [];
  }
  const neutral: string[] = [];
  const far = (p: Pt, q: Pt) => Math.hypot(p[0] - q[0], p[1] - q[1]) > 90;

  for (const g of countries) {
    const name = (g.properties as any)?.name as string;
    const split = SPLIT[name];
    if (split) {
      const seeds = split.seeds.map(([t, lon, lat, w]) => ({ t, p: project(lon, lat), w: w ?? 0 }));
      const rings = ringsOf(feature(topo, g as any).geometry);
      const largest = Math.max(...rings.map((r) => Math.abs(area(r))));
      for (const ring of rings) {
        const c = centroid(ring);
        let best = seeds[0], bestD = Infinity;
        for (const s of seeds) {
          const d = (c[0] - s.p[0]) ** 2 + (c[1] - s.p[1]) ** 2 - s.w;
          if (d < bestD) { bestD = d; best = s; }
        }
        if (far(c, best.p)) continue; // Hawaii, the Aleutians past the map's edge
        // Islands go whole to one territory: a cut through an island would join territories
        // that share no border.
        if (split.mode === 'rings' || Math.abs(area(ring)) < 0.25 * largest) {
          pieces[best.t].push(ringPath(ring));
          continue;
        }
        for (const s of seeds) {
          let piece = ring;
          for (const o of seeds) {
            if (o === s || piece.length < 3) continue;
            // |p-s|² - ws <= |p-o|² - wo  <=>  2(o-s)·p <= |o|² - |s|² + ws - wo
            const n: Pt = [2 * (o.p[0] - s.p[0]), 2 * (o.p[1] - s.p[1])];
            const cst = o.p[0] ** 2 + o.p[1] ** 2 - s.p[0] ** 2 - s.p[1] ** 2 + s.w - o.w;
            piece = clipHalf(piece, n, cst);
          }
          if (piece.length >= 3 && Math.abs(area(piece)) > 0.4) pieces[s.t].push(ringPath(piece));
        }
      }
      continue;
    }
    const t = COUNTRY[name];
    if (t) (byTerritory[t] ??= []).push(g);
    else if (name !== 'Antarctica' && name !== 'Fr. S. Antarctic Lands') {
      for (const ring of ringsOf(feature(topo, g as any).geometry)) neutral.push(ringPath(ring));
    }
  }
  // Each territory's whole countries merged into one outline; a far piece (French Guiana) goes to
  // the nearest territory instead.
  for (const [t, geoms] of Object.entries(byTerritory)) {
    const merged = merge(topo, geoms as any);
    for (const ring of ringsOf(merged)) {
      const c = centroid(ring);
      let owner = t;
      if (far(c, label[t])) {
        let bestD = Infinity;
        for (const [u, p] of Object.entries(label)) {
          const d = Math.hypot(c[0] - p[0], c[1] - p[1]);
          if (d < bestD) { bestD = d; owner = u; }
        }
      }
      pieces[owner].push(ringPath(ring));
    }
  }
  const territories: Record<string, string> = {};
  for (const [t, list] of Object.entries(pieces)) territories[t] = list.join('');
  cached = { width: W, height, territories, neutral: neutral.join(''), label, project };
  return cached;
}
