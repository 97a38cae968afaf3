#!/usr/bin/env node
// gen-dataset.mjs - deterministic synthetic dataset of an Indonesian online shop's back office.
//
//   node gen-dataset.mjs <outDir> [--today=YYYY-MM-DD] [--seed=N] [--scale=F]
//
// Writes products.csv, incoming.csv, outgoing.csv, orders.csv, damaged.csv, activity.csv and
// summary.json into <outDir>. Node 20, no dependencies. The same seed, scale and --today give
// byte-identical files (--today defaults to the local date). Dates cover the 3 years up to today.
// Stock is consistent: replaying incoming and outgoing in date order (outgoing first within a
// day), no product ever goes below zero; current = initial + incoming - outgoing, ~3% end at 0.

import fs from 'node:fs';
import path from 'node:path';

// ---------------------------------------------------------------------------------------------
// Arguments

const args = process.argv.slice(2);
const outDir = args.find((a) => !a.startsWith('--'));
const opt = (name, dflt) => {
  const hit = args.find((a) => a.startsWith(`--${name}=`));
  return hit ? hit.slice(name.length + 3) : dflt;
};
if (!outDir) {
  console.error('usage: node gen-dataset.mjs <outDir> [--today=YYYY-MM-DD] [--seed=N] [--scale=F]');
  process.exit(2);
}
const SEED = Number(opt('seed', '20240601')) >>> 0;
const SCALE = Number(opt('scale', '1'));
const localToday = () => {
  const d = new Date();
  const p = (n) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${p(d.getMonth() + 1)}-${p(d.getDate())}`;
};
const TODAY = opt('today', localToday());
if (!/^\d{4}-\d{2}-\d{2}$/.test(TODAY) || Number.isNaN(Date.parse(`${TODAY}T00:00:00Z`))) {
  console.error(`bad --today: ${TODAY}`);
  process.exit(2);
}
if (!(SCALE > 0 && SCALE <= 1)) {
  console.error('--scale must be in (0, 1]');
  process.exit(2);
}

const N = {
  products: Math.max(50, Math.round(5000 * SCALE)),
  incoming: Math.round(400000 * SCALE),
  outgoing: Math.round(600000 * SCALE),
  orders: Math.round(200000 * SCALE),
  damaged: Math.round(50000 * SCALE),
  activity: Math.round(200000 * SCALE),
};
const ZERO_END_SHARE = 0.03;

// ---------------------------------------------------------------------------------------------
// Randomness: mulberry32, one stream, consumed in a fixed order.

function mulberry32(a) {
  return function next() {
    a |= 0;
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
const rand = mulberry32(SEED);
const int = (lo, hi) => lo + Math.floor(rand() * (hi - lo + 1)); // inclusive
const pick = (arr) => arr[Math.floor(rand() * arr.length)];
const approxNormal = () => (rand() + rand() + rand() + rand() - 2) * Math.sqrt(3);

// Weighted choice over a fixed list: cumulative table + binary search.
function weightedPicker(weights) {
  const cum = new Float64Array(weights.length);
  let s = 0;
  for (let i = 0; i < weights.length; i++) cum[i] = s += weights[i];
  return () => {
    const x = rand() * s;
    let lo = 0;
    let hi = cum.length - 1;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (cum[mid] > x) hi = mid;
      else lo = mid + 1;
    }
    return lo;
  };
}

// ---------------------------------------------------------------------------------------------
// Calendar: day 0 = today minus 3 years plus one day, last day = today.

const DAY_MS = 86400000;
const todayMs = Date.parse(`${TODAY}T00:00:00Z`);
const startDate = new Date(todayMs);
startDate.setUTCFullYear(startDate.getUTCFullYear() - 3);
const startMs = startDate.getTime() + DAY_MS;
const DAYS = Math.round((todayMs - startMs) / DAY_MS) + 1;
const dayStr = Array.from({ length: DAYS }, (_, d) =>
  new Date(startMs + d * DAY_MS).toISOString().slice(0, 10),
);

// Business grows over the period: density on [0,1] proportional to 1 + G*x.
const G = 1;
const randomDay = () => {
  const u = rand();
  const x = (-1 + Math.sqrt(1 + 2 * G * u * (1 + G / 2))) / G;
  return Math.min(DAYS - 1, Math.floor(x * DAYS));
};

// ---------------------------------------------------------------------------------------------
// Vocabulary (ASCII only). Each category: [name, variant kinds, product nouns, price level IDR].

const CATEGORIES = [
  [
    'Pakaian Pria',
    ['color', 'size'],
    [
      'Kaos Polos',
      'Kemeja Flanel',
      'Celana Chino',
      'Jaket Bomber',
      'Hoodie',
      'Polo Shirt',
      'Celana Jeans',
    ],
    90000,
  ],
  [
    'Pakaian Wanita',
    ['color', 'size'],
    ['Blouse', 'Gamis', 'Tunik', 'Rok Plisket', 'Cardigan Rajut', 'Dress Midi', 'Celana Kulot'],
    110000,
  ],
  [
    'Hijab & Busana Muslim',
    ['color'],
    ['Hijab Segi Empat', 'Pashmina Ceruti', 'Bergo Instan', 'Mukena', 'Sarung Tenun', 'Baju Koko'],
    70000,
  ],
  [
    'Fashion Anak',
    ['color', 'size'],
    ['Setelan Anak', 'Kaos Anak', 'Piyama Anak', 'Celana Anak', 'Jumper Bayi'],
    60000,
  ],
  [
    'Sepatu & Sandal',
    ['color', 'shoe'],
    [
      'Sepatu Sneakers',
      'Sepatu Kets',
      'Sandal Jepit',
      'Sepatu Pantofel',
      'Sandal Slop',
      'Sepatu Lari',
    ],
    150000,
  ],
  [
    'Tas & Dompet',
    ['color'],
    ['Tas Ransel', 'Tas Selempang', 'Dompet Kulit', 'Tote Bag', 'Waist Bag', 'Koper Kabin'],
    120000,
  ],
  [
    'Aksesoris Fashion',
    ['color'],
    ['Topi Baseball', 'Kacamata Hitam', 'Ikat Pinggang', 'Kaos Kaki', 'Bros Hijab', 'Bandana'],
    35000,
  ],
  [
    'Jam Tangan',
    ['color'],
    ['Jam Tangan Analog', 'Jam Tangan Digital', 'Smartwatch', 'Strap Jam'],
    180000,
  ],
  [
    'Perhiasan',
    ['metal'],
    ['Kalung Titanium', 'Gelang Rantai', 'Cincin Couple', 'Anting Mutiara', 'Liontin'],
    80000,
  ],
  [
    'Handphone & Aksesoris',
    ['color'],
    [
      'Casing HP',
      'Tempered Glass',
      'Kabel Data USB-C',
      'Charger Fast Charging',
      'Powerbank 10000mAh',
      'Holder HP',
    ],
    45000,
  ],
  [
    'Komputer & Laptop',
    ['none'],
    ['Mouse Wireless', 'Keyboard Mekanik', 'Flashdisk 64GB', 'Cooling Pad', 'Mousepad', 'USB Hub'],
    120000,
  ],
  [
    'Elektronik Rumah',
    ['none'],
    ['Kipas Angin', 'Setrika Uap', 'Rice Cooker', 'Blender', 'Lampu LED 12W', 'Dispenser Air'],
    250000,
  ],
  [
    'Audio',
    ['color'],
    ['Earphone Bluetooth', 'Headset', 'Speaker Portable', 'Earbuds TWS', 'Mikrofon Kondenser'],
    160000,
  ],
  [
    'Kamera & Foto',
    ['none'],
    ['Tripod', 'Ring Light', 'Action Cam', 'Memory Card 128GB', 'Lensa Clip'],
    200000,
  ],
  [
    'Gaming',
    ['none'],
    ['Gamepad', 'Mouse Gaming', 'Headset Gaming', 'Keyboard Gaming', 'Joystick'],
    220000,
  ],
  [
    'Peralatan Dapur',
    ['none'],
    [
      'Wajan Anti Lengket',
      'Panci Set',
      'Pisau Dapur',
      'Talenan Kayu',
      'Spatula Silikon',
      'Rak Piring',
    ],
    85000,
  ],
  [
    'Peralatan Rumah Tangga',
    ['color'],
    ['Sapu Lantai', 'Alat Pel', 'Keranjang Baju', 'Gantungan Baju', 'Tempat Sampah', 'Rak Sepatu'],
    55000,
  ],
  [
    'Dekorasi Rumah',
    ['color'],
    ['Vas Bunga', 'Bingkai Foto', 'Jam Dinding', 'Karpet Bulu', 'Gorden', 'Lampu Tidur'],
    75000,
  ],
  [
    'Kasur & Bantal',
    ['bed'],
    ['Bantal Tidur', 'Guling', 'Sprei Katun', 'Selimut Microfiber', 'Kasur Lipat'],
    130000,
  ],
  [
    'Makanan Ringan',
    ['weight'],
    [
      'Keripik Singkong',
      'Keripik Pisang',
      'Kacang Mete',
      'Basreng Pedas',
      'Makaroni Pedas',
      'Kerupuk Udang',
    ],
    25000,
  ],
  [
    'Minuman',
    ['volume'],
    ['Teh Kemasan', 'Susu UHT', 'Sirup Melon', 'Minuman Serbuk', 'Air Mineral', 'Jus Buah'],
    15000,
  ],
  [
    'Kopi & Teh',
    ['weight'],
    [
      'Kopi Bubuk Robusta',
      'Kopi Arabika Gayo',
      'Teh Hijau',
      'Teh Tubruk',
      'Kopi Susu Gula Aren',
      'Teh Celup',
    ],
    45000,
  ],
  [
    'Bumbu Dapur',
    ['weight'],
    [
      'Sambal Bawang',
      'Bumbu Rendang',
      'Kecap Manis',
      'Saus Sambal',
      'Kaldu Jamur',
      'Bawang Goreng',
    ],
    20000,
  ],
  [
    'Sembako',
    ['weight'],
    ['Beras Pulen', 'Minyak Goreng', 'Gula Pasir', 'Tepung Terigu', 'Mie Instan', 'Garam Dapur'],
    30000,
  ],
  [
    'Makanan Beku',
    ['weight'],
    ['Nugget Ayam', 'Sosis Sapi', 'Bakso Sapi', 'Dimsum Ayam', 'Kentang Goreng Beku'],
    40000,
  ],
  [
    'Perawatan Wajah',
    ['volume'],
    [
      'Sabun Cuci Muka',
      'Serum Vitamin C',
      'Toner Wajah',
      'Sunscreen SPF 50',
      'Masker Wajah',
      'Pelembab Wajah',
    ],
    65000,
  ],
  [
    'Perawatan Tubuh',
    ['volume'],
    ['Body Lotion', 'Sabun Mandi Cair', 'Lulur Mandi', 'Deodoran', 'Body Mist'],
    40000,
  ],
  [
    'Kosmetik',
    ['shade'],
    ['Lipstik Matte', 'Bedak Padat', 'Maskara', 'Eyeliner', 'Cushion', 'Blush On'],
    55000,
  ],
  [
    'Perawatan Rambut',
    ['volume'],
    ['Sampo', 'Kondisioner', 'Minyak Rambut', 'Hair Tonic', 'Pomade'],
    35000,
  ],
  [
    'Ibu & Bayi',
    ['pack'],
    ['Popok Bayi', 'Tisu Basah', 'Botol Susu', 'Minyak Telon', 'Bedak Bayi'],
    50000,
  ],
  [
    'Kesehatan',
    ['pack'],
    [
      'Masker Medis',
      'Vitamin C 1000mg',
      'Minyak Kayu Putih',
      'Hand Sanitizer',
      'Plester Luka',
      'Termometer Digital',
    ],
    30000,
  ],
  [
    'Mainan Anak',
    ['color'],
    [
      'Mobil Remote Control',
      'Boneka',
      'Puzzle Kayu',
      'Balok Susun',
      'Slime',
      'Mainan Masak-masakan',
    ],
    70000,
  ],
  [
    'Alat Tulis',
    ['pack'],
    ['Pulpen Gel', 'Buku Tulis', 'Pensil 2B', 'Stabilo', 'Map Plastik', 'Sticky Notes'],
    15000,
  ],
  [
    'Buku',
    ['none'],
    ['Novel Remaja', 'Buku Resep', 'Buku Mewarnai', 'Komik', 'Buku Doa Harian'],
    60000,
  ],
  [
    'Olahraga',
    ['color'],
    ['Matras Yoga', 'Dumbbell', 'Raket Badminton', 'Bola Futsal', 'Jersey Bola', 'Tali Skipping'],
    95000,
  ],
  [
    'Otomotif',
    ['none'],
    ['Helm Full Face', 'Sarung Motor', 'Oli Mesin', 'Lampu LED Motor', 'Pengharum Mobil', 'Kanebo'],
    90000,
  ],
  [
    'Perkakas',
    ['none'],
    ['Obeng Set', 'Tang Kombinasi', 'Bor Listrik', 'Meteran', 'Lakban', 'Kunci Pas Set'],
    70000,
  ],
  [
    'Pertanian & Kebun',
    ['pack'],
    ['Pupuk Organik', 'Bibit Cabai', 'Pot Bunga', 'Selang Air', 'Semprotan Tanaman'],
    25000,
  ],
  [
    'Hewan Peliharaan',
    ['weight'],
    ['Makanan Kucing', 'Pasir Kucing', 'Kalung Kucing', 'Pelet Ikan', 'Kandang Hamster'],
    45000,
  ],
  [
    'Hobi & Koleksi',
    ['none'],
    ['Action Figure', 'Diecast', 'Kartu Koleksi', 'Rubik', 'Benang Rajut', 'Cat Akrilik'],
    65000,
  ],
];
const VARIANTS = {
  color: [
    'Hitam',
    'Putih',
    'Merah',
    'Biru',
    'Hijau',
    'Abu-abu',
    'Coklat',
    'Navy',
    'Krem',
    'Pink',
    'Maroon',
    'Kuning',
  ],
  size: ['S', 'M', 'L', 'XL', 'XXL', 'All Size'],
  shoe: ['37', '38', '39', '40', '41', '42', '43', '44'],
  metal: ['Silver', 'Gold', 'Rose Gold'],
  bed: ['Single', 'Queen', 'King', '90x200', '160x200'],
  weight: ['100g', '150g', '250g', '500g', '1kg', '5kg'],
  volume: ['60ml', '100ml', '250ml', '500ml', '1L'],
  shade: ['Nude', 'Rose', 'Coral', 'Natural', 'Ivory', 'Beige'],
  pack: ['isi 5', 'isi 10', 'isi 12', '1 Pak', '1 Set', '1 Lusin'],
  none: [''],
};
const QUALIFIERS = [
  'Premium',
  'Original',
  'Super',
  'Klasik',
  'Deluxe',
  'Eco',
  'Pro',
  'Lite',
  'Jumbo',
  'Mini',
  'Plus',
  'Ekstra',
  'Motif Batik',
  'Polos',
  'Import',
  'Lokal',
];
const BRAND_A = [
  'Sinar',
  'Maju',
  'Cahaya',
  'Sumber',
  'Berkah',
  'Mitra',
  'Karya',
  'Putra',
  'Indo',
  'Nusa',
  'Mega',
  'Prima',
  'Sari',
  'Bintang',
  'Gemilang',
  'Surya',
  'Rajawali',
  'Garuda',
  'Merapi',
  'Tirta',
];
const BRAND_B = [
  'Jaya',
  'Abadi',
  'Makmur',
  'Sentosa',
  'Mandiri',
  'Lestari',
  'Utama',
  'Sejahtera',
  'Perkasa',
  'Agung',
  'Raya',
  'Baru',
];
const PLATFORMS = [
  ['Shopee', 35],
  ['Tokopedia', 25],
  ['TikTok Shop', 20],
  ['Lazada', 10],
  ['Offline', 10],
];
const COURIERS = ['SPXID', 'JP', 'JNE', 'JX', 'TKP', 'LXAD', 'SCP'];
const BANKS = [
  ['BCA', 30],
  ['BRI', 18],
  ['Mandiri', 16],
  ['BNI', 10],
  ['BSI', 6],
  ['CIMB Niaga', 4],
  ['', 16],
];
const DAMAGE_REASONS = [
  'Kemasan rusak',
  'Pecah saat pengiriman',
  'Kedaluwarsa',
  'Cacat produksi',
  'Basah terkena air',
  'Tergores',
  'Segel terbuka',
  'Retur pelanggan rusak',
];
const ACTIONS = [
  ['LOGIN', 14],
  ['INCOMING_GOODS', 22],
  ['OUTGOING_GOODS', 34],
  ['CREATE_ORDER', 12],
  ['DAMAGED_GOODS', 3],
  ['CREATE_PRODUCT', 2],
  ['UPDATE_PRODUCT', 3],
  ['GENERATE_REPORT', 3],
  ['GENERATE_BARCODE', 3],
  ['UPDATE_PEMBUKUAN', 4],
];

// ---------------------------------------------------------------------------------------------
// CSV output

fs.mkdirSync(outDir, { recursive: true });
const csvField = (v) => {
  const s = String(v);
  return /[",\n\r]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
};
function writeCsv(name, header, count, rowAt) {
  const fd = fs.openSync(path.join(outDir, name), 'w');
  let buf = `${header.join(',')}\n`;
  for (let i = 0; i < count; i++) {
    buf += `${rowAt(i).map(csvField).join(',')}\n`;
    if (buf.length > 1 << 20) {
      fs.writeSync(fd, buf);
      buf = '';
    }
  }
  fs.writeSync(fd, buf);
  fs.closeSync(fd);
}
const money = (x) => x.toFixed(2);

// Unique, random-looking 12-digit numbers: (id * multiplier coprime to 10 + offset) mod 10^12, a
// bijection on ids; id * multiplier stays below 2^53 for the row counts used here.
const serial12 = (id, mult) => String((id * mult + 271828182845) % 1e12).padStart(12, '0');

// Sort row indices by day, stable (counting sort), so ids follow the calendar.
function orderByDay(days) {
  const counts = new Uint32Array(DAYS + 1);
  for (let i = 0; i < days.length; i++) counts[days[i] + 1]++;
  for (let d = 1; d <= DAYS; d++) counts[d] += counts[d - 1];
  const order = new Uint32Array(days.length);
  for (let i = 0; i < days.length; i++) order[counts[days[i]]++] = i;
  return order;
}

// ---------------------------------------------------------------------------------------------
// Brands and products

const brandNames = [];
for (const a of BRAND_A) for (const b of BRAND_B) if (a !== b) brandNames.push(`${a} ${b}`);
for (let i = brandNames.length - 1; i > 0; i--) {
  const j = Math.floor(rand() * (i + 1));
  [brandNames[i], brandNames[j]] = [brandNames[j], brandNames[i]];
}
const BRANDS = brandNames.slice(0, 150);
const brandsOfCategory = CATEGORIES.map(() => []);
BRANDS.forEach((b, i) => {
  for (const c of new Set([i % 40, (i * 7 + 3) % 40, (i * 13 + 11) % 40]))
    brandsOfCategory[c].push(b);
});

const categoryPicker = weightedPicker(CATEGORIES.map((_, i) => 1 + ((i * 37) % 11) / 5));
const P = N.products;
const products = [];
for (let id = 1; id <= P; id++) {
  const ci = categoryPicker();
  const [category, kinds, nouns, priceLevel] = CATEGORIES[ci];
  const parts = [pick(nouns)];
  if (rand() < 0.6) parts.push(pick(QUALIFIERS));
  for (const k of kinds) {
    const v = pick(VARIANTS[k]);
    if (v) parts.push(v);
  }
  const brand = pick(brandsOfCategory[ci]);
  const body = `899${String((id * 7919 + 104729) % 1e9).padStart(9, '0')}`;
  let sum = 0;
  for (let k = 0; k < 12; k++) sum += Number(body[k]) * (k % 2 ? 3 : 1);
  const purchase = Math.max(
    2000,
    Math.round((priceLevel * Math.exp(0.5 * approxNormal())) / 500) * 500,
  );
  products.push({
    id,
    barcode: body + ((10 - (sum % 10)) % 10),
    code: `BRG${String(id).padStart(5, '0')}`,
    name: parts.join(' '),
    category,
    brand,
    purchase,
    markup: 1.15 + rand() * 0.45,
    popularity: Math.exp(0.9 * approxNormal()),
  });
}
const popularityPicker = weightedPicker(products.map((p) => p.popularity));
const zeroEnd = new Uint8Array(P + 1);
const zeroEndCount = Math.round(P * ZERO_END_SHARE);
for (let placed = 0; placed < zeroEndCount;) {
  const id = int(1, P);
  if (!zeroEnd[id]) {
    zeroEnd[id] = 1;
    placed++;
  }
}
const normalIds = products.filter((p) => !zeroEnd[p.id]).map((p) => p.id);
const normalPicker = weightedPicker(normalIds.map((id) => products[id - 1].popularity));
const priceOn = (p, day) => {
  // Prices drift up ~10% over the period, rounded to Rp100.
  const drift = 1 + (0.1 * day) / DAYS;
  const purchase = Math.round((p.purchase * drift) / 100) * 100;
  const selling = Math.round((p.purchase * p.markup * drift) / 100) * 100;
  return { purchase, selling };
};

// ---------------------------------------------------------------------------------------------
// Outgoing goods (generated first: they bound what the zero-ending products may receive)

const outDay = new Int32Array(N.outgoing);
const outProd = new Int32Array(N.outgoing);
const outQty = new Int8Array(N.outgoing);
const outDisc = new Float64Array(N.outgoing);
const OUT_QTY = weightedPicker([55, 20, 12, 7, 6]);
const firstOut = new Int32Array(P + 1).fill(DAYS);
const outTotal = new Float64Array(P + 1);
for (let i = 0; i < N.outgoing; i++) {
  const pid = popularityPicker() + 1;
  const day = randomDay();
  const q = OUT_QTY() + 1;
  outDay[i] = day;
  outProd[i] = pid;
  outQty[i] = q;
  outDisc[i] = rand() < 0.55 ? 0 : 0.01 + rand() * 0.24;
  if (day < firstOut[pid]) firstOut[pid] = day;
  outTotal[pid] += q;
}

// ---------------------------------------------------------------------------------------------
// Incoming goods. A zero-ending product only receives goods before its first sale and never
// more than it will sell; any other draw for it goes to a normal product instead.

const inDay = new Int32Array(N.incoming);
const inProd = new Int32Array(N.incoming);
const inQty = new Int8Array(N.incoming);
const inPlat = new Int8Array(N.incoming);
const ROUND_QTY = [5, 10, 12, 20, 24, 25, 30, 36, 40, 48, 50];
const platformPicker = weightedPicker(PLATFORMS.map((p) => p[1]));
const inTotal = new Float64Array(P + 1);
for (let i = 0; i < N.incoming; i++) {
  let pid = popularityPicker() + 1;
  const day = randomDay();
  const q = rand() < 0.4 ? pick(ROUND_QTY) : int(1, 50);
  if (zeroEnd[pid] && !(day < firstOut[pid] && inTotal[pid] + q <= outTotal[pid]))
    pid = normalIds[normalPicker()];
  inDay[i] = day;
  inProd[i] = pid;
  inQty[i] = q;
  inPlat[i] = platformPicker();
  inTotal[pid] += q;
}

// ---------------------------------------------------------------------------------------------
// Initial stock: replay by day (outgoing before incoming within a day) to find each product's
// deepest shortfall; normal products start above it, zero-ending ones start at exactly out - in.

const outOrder = orderByDay(outDay);
const inOrder = orderByDay(inDay);
const balance = new Float64Array(P + 1);
const lowest = new Float64Array(P + 1);
for (let d = 0, oi = 0, ii = 0; d < DAYS; d++) {
  for (; oi < outOrder.length && outDay[outOrder[oi]] === d; oi++) {
    const r = outOrder[oi];
    const b = (balance[outProd[r]] -= outQty[r]);
    if (b < lowest[outProd[r]]) lowest[outProd[r]] = b;
  }
  for (; ii < inOrder.length && inDay[inOrder[ii]] === d; ii++)
    balance[inProd[inOrder[ii]]] += inQty[inOrder[ii]];
}
for (const p of products) {
  if (zeroEnd[p.id]) p.initial = outTotal[p.id] - inTotal[p.id];
  else p.initial = Math.max(-lowest[p.id] + 1, Math.round(rand() * rand() * 200));
  p.current = p.initial + inTotal[p.id] - outTotal[p.id];
  if (p.current < 0 || p.initial < 0) throw new Error(`inconsistent stock for product ${p.id}`);
}

// ---------------------------------------------------------------------------------------------
// Write products, incoming, outgoing

writeCsv(
  'products.csv',
  ['id', 'barcode_id', 'code', 'name', 'initial_stock', 'category', 'brand'],
  P,
  (i) => {
    const p = products[i];
    return [p.id, p.barcode, p.code, p.name, p.initial, p.category, p.brand];
  },
);
writeCsv(
  'incoming.csv',
  ['id', 'product_id', 'resi_number', 'quantity', 'platform', 'date'],
  N.incoming,
  (i) => {
    const r = inOrder[i];
    const id = i + 1;
    return [
      id,
      inProd[r],
      `IN${serial12(id, 7777777771)}`,
      inQty[r],
      PLATFORMS[inPlat[r]][0],
      dayStr[inDay[r]],
    ];
  },
);
writeCsv(
  'outgoing.csv',
  [
    'id',
    'product_id',
    'resi_number',
    'quantity',
    'date',
    'purchase_price',
    'selling_price',
    'discount',
  ],
  N.outgoing,
  (i) => {
    const r = outOrder[i];
    const id = i + 1;
    const { purchase, selling } = priceOn(products[outProd[r] - 1], outDay[r]);
    const discount = Math.round(selling * outDisc[r] * 100) / 100;
    return [
      id,
      outProd[r],
      `${COURIERS[id % COURIERS.length]}${serial12(id, 9876543211)}`,
      outQty[r],
      dayStr[outDay[r]],
      money(purchase),
      money(selling),
      money(discount),
    ];
  },
);

// ---------------------------------------------------------------------------------------------
// Orders, damaged goods, activity log

{
  const day = new Int32Array(N.orders);
  const prod = new Int32Array(N.orders);
  const qty = new Int8Array(N.orders);
  const bank = new Int8Array(N.orders);
  const bankPicker = weightedPicker(BANKS.map((b) => b[1]));
  const QTY = weightedPicker([50, 22, 10, 6, 4, 3, 2, 1, 1, 1]);
  for (let i = 0; i < N.orders; i++) {
    prod[i] = popularityPicker() + 1;
    day[i] = randomDay();
    qty[i] = QTY() + 1;
    bank[i] = bankPicker();
  }
  const order = orderByDay(day);
  writeCsv(
    'orders.csv',
    ['id', 'product_id', 'quantity', 'price', 'resi_number', 'bank', 'date'],
    N.orders,
    (i) => {
      const r = order[i];
      const id = i + 1;
      return [
        id,
        prod[r],
        qty[r],
        money(priceOn(products[prod[r] - 1], day[r]).selling),
        `ORD${serial12(id, 5555555557)}`,
        BANKS[bank[r]][0],
        dayStr[day[r]],
      ];
    },
  );
}
let damagedQty = 0;
{
  const day = new Int32Array(N.damaged);
  const prod = new Int32Array(N.damaged);
  const qty = new Int8Array(N.damaged);
  const reason = new Int8Array(N.damaged);
  for (let i = 0; i < N.damaged; i++) {
    prod[i] = popularityPicker() + 1;
    day[i] = randomDay();
    qty[i] = rand() < 0.7 ? 1 : int(2, 5);
    reason[i] = Math.floor(rand() * DAMAGE_REASONS.length);
    damagedQty += qty[i];
  }
  const order = orderByDay(day);
  writeCsv('damaged.csv', ['id', 'product_id', 'quantity', 'reason', 'date'], N.damaged, (i) => {
    const r = order[i];
    return [i + 1, prod[r], qty[r], DAMAGE_REASONS[reason[r]], dayStr[day[r]]];
  });
}
{
  const day = new Int32Array(N.activity);
  const sec = new Int32Array(N.activity);
  const user = new Int8Array(N.activity);
  const action = new Int8Array(N.activity);
  const prod = new Int32Array(N.activity);
  const qty = new Int8Array(N.activity);
  const actionPicker = weightedPicker(ACTIONS.map((a) => a[1]));
  for (let i = 0; i < N.activity; i++) {
    day[i] = randomDay();
    sec[i] = int(7 * 3600, 22 * 3600 - 1);
    user[i] = int(1, 3);
    action[i] = actionPicker();
    prod[i] = popularityPicker() + 1;
    qty[i] = int(1, 20);
  }
  // Order by day, then by time of day.
  const order = Array.from(orderByDay(day));
  order.sort((a, b) => day[a] - day[b] || sec[a] - sec[b]);
  const hms = (s) =>
    [Math.floor(s / 3600), Math.floor(s / 60) % 60, s % 60]
      .map((n) => String(n).padStart(2, '0'))
      .join(':');
  const details = (a, p, q, d) => {
    switch (ACTIONS[a][0]) {
      case 'LOGIN':
        return 'Login berhasil';
      case 'INCOMING_GOODS':
        return `Barang masuk: ${p.name} (${q} unit)`;
      case 'OUTGOING_GOODS':
        return `Barang keluar: ${p.name} (${Math.min(q, 5)} unit)`;
      case 'CREATE_ORDER':
        return `Pesanan dibuat: ${p.name} (${Math.min(q, 10)} unit)`;
      case 'DAMAGED_GOODS':
        return `Barang rusak: ${p.name} (${Math.min(q, 5)} unit)`;
      case 'CREATE_PRODUCT':
        return `Produk dibuat: ${p.name} (${p.code})`;
      case 'UPDATE_PRODUCT':
        return `Produk diubah: ${p.name} (${p.code})`;
      case 'GENERATE_REPORT':
        return `Laporan stok ${dayStr[Math.max(0, d - 30)]} s.d. ${dayStr[d]}`;
      case 'GENERATE_BARCODE':
        return `Barcode dicetak: ${p.code}`;
      default:
        return `Harga transaksi diperbarui: ${p.code}`;
    }
  };
  writeCsv('activity.csv', ['id', 'user_id', 'action', 'details', 'timestamp'], N.activity, (i) => {
    const r = order[i];
    return [
      i + 1,
      user[r],
      ACTIONS[action[r]][0],
      details(action[r], products[prod[r] - 1], qty[r], day[r]),
      `${dayStr[day[r]]} ${hms(sec[r])}`,
    ];
  });
}

// ---------------------------------------------------------------------------------------------
// Summary

const sum = (f) => products.reduce((s, p) => s + f(p), 0);
const words = new Map();
for (const p of products)
  for (const w of new Set(p.name.split(' ')))
    if (/^[A-Za-z-]{4,}$/.test(w)) words.set(w, (words.get(w) || 0) + 1);
const top = products.reduce((a, b) => (b.current > a.current ? b : a));
const summary = {
  seed: SEED,
  scale: SCALE,
  today: TODAY,
  dateFrom: dayStr[0],
  dateTo: dayStr[DAYS - 1],
  rows: {
    products: P,
    incoming: N.incoming,
    outgoing: N.outgoing,
    orders: N.orders,
    damaged: N.damaged,
    activity: N.activity,
  },
  categories: new Set(products.map((p) => p.category)).size,
  brands: new Set(products.map((p) => p.brand)).size,
  totals: {
    initialStock: sum((p) => p.initial),
    incomingQuantity: sum((p) => inTotal[p.id]),
    outgoingQuantity: sum((p) => outTotal[p.id]),
    currentStock: sum((p) => p.current),
    damagedQuantity: damagedQty,
  },
  productsAtZeroStock: products.filter((p) => p.current === 0).length,
  largestStockProduct: { id: top.id, code: top.code, currentStock: top.current },
  commonNameWords: [...words]
    .sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1))
    .slice(0, 8)
    .map(([word, products]) => ({ word, products })),
};
fs.writeFileSync(path.join(outDir, 'summary.json'), `${JSON.stringify(summary, null, 2)}\n`);
console.log(JSON.stringify(summary));
