// The demo shop's catalogue: Indonesian products, made-up brands, Rupiah prices.

export interface CatalogItem {
  name: string;
  category: string;
  brand: string;
  /** Harga beli (cost) per unit. */
  cost: number;
  /** Harga jual per unit. */
  price: number;
}

export const DEMO_CATALOG: readonly CatalogItem[] = [
  {
    name: 'Kabel Data USB-C 1 Meter',
    category: 'Aksesoris HP',
    brand: 'Voltra',
    cost: 12000,
    price: 25000,
  },
  {
    name: 'Charger Fast Charging 20W',
    category: 'Aksesoris HP',
    brand: 'Voltra',
    cost: 45000,
    price: 79000,
  },
  {
    name: 'Earphone Bluetooth TWS',
    category: 'Aksesoris HP',
    brand: 'Suarakita',
    cost: 85000,
    price: 149000,
  },
  {
    name: 'Powerbank 10000mAh',
    category: 'Aksesoris HP',
    brand: 'Voltra',
    cost: 110000,
    price: 175000,
  },
  {
    name: 'Casing HP Silikon Bening',
    category: 'Aksesoris HP',
    brand: 'Lindungi',
    cost: 8000,
    price: 19000,
  },
  {
    name: 'Tempered Glass Anti Gores',
    category: 'Aksesoris HP',
    brand: 'Lindungi',
    cost: 6000,
    price: 15000,
  },
  {
    name: 'Kaos Polos Cotton Combed 30s',
    category: 'Fashion Pria',
    brand: 'Kainku',
    cost: 32000,
    price: 55000,
  },
  {
    name: 'Kemeja Flanel Kotak-kotak',
    category: 'Fashion Pria',
    brand: 'Kainku',
    cost: 68000,
    price: 115000,
  },
  {
    name: 'Celana Chino Slim Fit',
    category: 'Fashion Pria',
    brand: 'Gaya Muda',
    cost: 85000,
    price: 139000,
  },
  {
    name: 'Kemeja Batik Lengan Pendek',
    category: 'Fashion Pria',
    brand: 'Batik Nusantara',
    cost: 95000,
    price: 165000,
  },
  {
    name: 'Hijab Segi Empat Voal',
    category: 'Fashion Wanita',
    brand: 'Anggun',
    cost: 22000,
    price: 45000,
  },
  {
    name: 'Gamis Katun Rayon',
    category: 'Fashion Wanita',
    brand: 'Anggun',
    cost: 98000,
    price: 169000,
  },
  {
    name: 'Tunik Linen Kancing Depan',
    category: 'Fashion Wanita',
    brand: 'Gaya Muda',
    cost: 72000,
    price: 125000,
  },
  {
    name: 'Rok Plisket Premium',
    category: 'Fashion Wanita',
    brand: 'Anggun',
    cost: 48000,
    price: 89000,
  },
  {
    name: 'Serum Vitamin C 20ml',
    category: 'Kecantikan',
    brand: 'Glowria',
    cost: 38000,
    price: 79000,
  },
  {
    name: 'Sunscreen SPF 50 PA++++',
    category: 'Kecantikan',
    brand: 'Glowria',
    cost: 42000,
    price: 85000,
  },
  { name: 'Lip Cream Matte', category: 'Kecantikan', brand: 'Pesona', cost: 18000, price: 39000 },
  {
    name: 'Masker Wajah Clay 100g',
    category: 'Kecantikan',
    brand: 'Pesona',
    cost: 25000,
    price: 52000,
  },
  {
    name: 'Sabun Cuci Muka Gentle',
    category: 'Kecantikan',
    brand: 'Glowria',
    cost: 21000,
    price: 42000,
  },
  {
    name: 'Panci Set Anti Lengket 3 pcs',
    category: 'Rumah Tangga',
    brand: 'Dapur Bunda',
    cost: 145000,
    price: 229000,
  },
  {
    name: 'Rak Piring Stainless 2 Susun',
    category: 'Rumah Tangga',
    brand: 'Dapur Bunda',
    cost: 88000,
    price: 145000,
  },
  {
    name: 'Botol Minum 1 Liter',
    category: 'Rumah Tangga',
    brand: 'Segar',
    cost: 19000,
    price: 39000,
  },
  {
    name: 'Sapu Lantai Ijuk',
    category: 'Rumah Tangga',
    brand: 'Bersih Jaya',
    cost: 15000,
    price: 29000,
  },
  {
    name: 'Kotak Makan Sekat 3',
    category: 'Rumah Tangga',
    brand: 'Segar',
    cost: 27000,
    price: 49000,
  },
  {
    name: 'Keripik Singkong Balado 250g',
    category: 'Makanan & Minuman',
    brand: 'Rasa Nusa',
    cost: 11000,
    price: 22000,
  },
  {
    name: 'Kopi Bubuk Robusta 200g',
    category: 'Makanan & Minuman',
    brand: 'Kopi Lereng',
    cost: 28000,
    price: 48000,
  },
  {
    name: 'Teh Hijau Celup isi 25',
    category: 'Makanan & Minuman',
    brand: 'Rasa Nusa',
    cost: 9000,
    price: 17000,
  },
  {
    name: 'Sambal Bawang Botol 150g',
    category: 'Makanan & Minuman',
    brand: 'Rasa Nusa',
    cost: 16000,
    price: 32000,
  },
  {
    name: 'Madu Hutan Murni 500g',
    category: 'Makanan & Minuman',
    brand: 'Kopi Lereng',
    cost: 62000,
    price: 98000,
  },
  { name: 'Matras Yoga 6mm', category: 'Olahraga', brand: 'SportaFit', cost: 65000, price: 119000 },
  {
    name: 'Dumbbell Vinyl 2 kg (sepasang)',
    category: 'Olahraga',
    brand: 'SportaFit',
    cost: 55000,
    price: 95000,
  },
  {
    name: 'Tali Skipping Speed Rope',
    category: 'Olahraga',
    brand: 'SportaFit',
    cost: 14000,
    price: 29000,
  },
  {
    name: 'Sepatu Lari Ringan',
    category: 'Olahraga',
    brand: 'Langkah',
    cost: 185000,
    price: 299000,
  },
  {
    name: 'Kaos Kaki Olahraga isi 3',
    category: 'Olahraga',
    brand: 'Langkah',
    cost: 17000,
    price: 35000,
  },
  {
    name: 'Mainan Balok Susun Kayu',
    category: 'Mainan Anak',
    brand: 'Ceria',
    cost: 45000,
    price: 85000,
  },
  {
    name: 'Puzzle Peta Indonesia',
    category: 'Mainan Anak',
    brand: 'Ceria',
    cost: 29000,
    price: 55000,
  },
];

/** Code prefix per category, e.g. 'AKS-001'. */
export const CATEGORY_PREFIX: Readonly<Record<string, string>> = {
  'Aksesoris HP': 'AKS',
  'Fashion Pria': 'FPR',
  'Fashion Wanita': 'FWN',
  Kecantikan: 'KCN',
  'Rumah Tangga': 'RMT',
  'Makanan & Minuman': 'MKN',
  Olahraga: 'OLR',
  'Mainan Anak': 'MNA',
};

export const PLATFORMS = ['Shopee', 'Tokopedia', 'TikTok Shop', 'Lazada'] as const;
export type Platform = (typeof PLATFORMS)[number];

/** Courier resi prefixes as they look on each platform's labels. */
export const RESI_PREFIX: Readonly<Record<Platform, string>> = {
  Shopee: 'SPXID',
  Tokopedia: 'JP',
  'TikTok Shop': 'JX',
  Lazada: 'LXAD',
};

export const BANKS = ['BCA', 'BRI', 'Mandiri', 'BNI'] as const;

export const DAMAGE_REASONS = [
  'Kemasan penyok saat pengiriman',
  'Segel rusak, tidak layak jual',
  'Cacat produksi: jahitan lepas di bagian samping',
  'Terkena air hujan di gudang',
  'Pecah saat bongkar muat',
  'Kedaluwarsa',
  'Warna luntur',
  'Retur pembeli dalam kondisi rusak',
] as const;
