// Demo data for local development (behaviour.md#staff-sessions-and-permissions): declarations only; scripts/seed.ts does the writing.
// Money here is in TL for readability; the seed converts to integer kuruş with toKurus.
// Days are offsets from today's Istanbul business date, so the data stays "current" whenever it is seeded.
import type { WorkingDay, WorkingHours } from '../../worker/src/db/schema';

// ---------------------------------------------------------------- staff

export const ROLES = [
  { name: 'Admin', type: 'admin' as const, description: 'Tüm yetkilere sahip yönetici' },
  { name: 'Manager', type: 'manager' as const, description: 'Rezervasyon ve saha yönetimi yapan müdür' },
];

export const STAFF = [
  {
    username: 'admin',
    email: 'admin@example.com',
    password: 'admin1234',
    firstName: 'Sistem',
    lastName: 'Yöneticisi',
    role: 'admin' as const,
  },
  {
    username: 'mudur',
    email: 'mudur@example.com',
    password: 'mudur1234',
    firstName: 'Mehmet',
    lastName: 'Aydoğan',
    role: 'manager' as const,
  },
];

// ---------------------------------------------------------------- site content

export const SITE_SETTINGS = {
  siteName: 'Bursa Halı Saha',
  tagline: 'Şehrin en iyi halı saha kompleksi: boş saati seçin, kaporayı yatırın, maça çıkın.',
  contactPhones: ['0224 451 23 45', '0532 451 23 45', '0544 451 23 45'],
  contactEmail: 'info@bursahalisaha.com.tr',
  address: 'Özlüce Mah. Ahmet Taner Kışlalı Cad. No: 24, 16285 Nilüfer/Bursa',
  city: 'Bursa',
};

/** SEO rows by page key; `path` becomes the canonical URL under SITE_URL. */
export const SEO_PAGES = [
  {
    key: 'home',
    path: '/',
    metaTitle: 'Bursa Halı Saha | Online Halı Saha Rezervasyonu',
    metaDescription:
      'Bursa’nın en iyi halı sahalarında boş saatleri anında görün, online rezervasyon yapın. Nilüfer, Osmangazi, Yıldırım, Mudanya ve Gürsu’da sahalar.',
    keywords:
      'bursa halı saha, halı saha rezervasyon, online halı saha, nilüfer halı saha, osmangazi halı saha, bursa futbol sahası',
    ogTitle: 'Bursa Halı Saha – Boş saati seç, hemen rezervasyon yap',
    ogDescription: 'Bursa’daki halı sahaların müsaitlik takvimi tek yerde. Kaporayı yatır, rezervasyonun onaylansın.',
    structured: true,
  },
  {
    key: 'sahalar',
    path: '/sahalar',
    metaTitle: 'Halı Sahalar | Bursa Halı Saha',
    metaDescription:
      'Bursa’daki tüm halı sahaları fiyat, konum ve olanaklarına göre karşılaştırın; otopark, duş, servis ve gece aydınlatması olan sahaları bulun.',
    keywords: 'bursa halı sahalar, halı saha fiyatları bursa, servisli halı saha, kapalı halı saha bursa',
  },
  {
    key: 'rezervasyon-takip',
    path: '/rezervasyon-takip',
    metaTitle: 'Rezervasyon Takip | Bursa Halı Saha',
    metaDescription: 'Rezervasyon numaranız veya abone telefon numaranızla rezervasyonunuzun durumunu sorgulayın.',
    keywords: 'halı saha rezervasyon sorgulama, rezervasyon takip, rezervasyon numarası sorgula',
  },
  {
    key: 'iletisim',
    path: '/iletisim',
    metaTitle: 'İletişim | Bursa Halı Saha',
    metaDescription:
      'Bursa Halı Saha ile iletişime geçin: telefon, e-posta ve adres bilgileri. Rezervasyon iptalleri maç saatinden en az 24 saat önce yapılabilir.',
    keywords: 'bursa halı saha iletişim, halı saha telefon, rezervasyon iptal',
  },
  {
    key: 'giris',
    path: '/giris',
    metaTitle: 'Yönetici Girişi | Bursa Halı Saha',
    metaDescription: 'Saha yöneticileri için giriş sayfası.',
    keywords: 'yönetici girişi, yönetim paneli',
  },
];

// ---------------------------------------------------------------- pitches

const day = (start: string, end: string, isOpen = true): WorkingDay => ({ isOpen, start, end });
function week(weekday: WorkingDay, weekend: WorkingDay = weekday, overrides: Partial<WorkingHours> = {}): WorkingHours {
  return {
    monday: weekday,
    tuesday: weekday,
    wednesday: weekday,
    thursday: weekday,
    friday: weekday,
    saturday: weekend,
    sunday: weekend,
    ...overrides,
  };
}

export const AMENITY_ICONS: Record<string, string> = {
  Otopark: 'car',
  Duş: 'shower',
  'Soyunma Odası': 'shirt',
  Kantin: 'coffee',
  WiFi: 'wifi',
  Güvenlik: 'shield',
  Tribün: 'users',
  'Gece Aydınlatma': 'lightbulb',
  'Kapalı Saha': 'check',
  'Sentetik Çim': 'grass',
  'Doğal Çim': 'leaf',
};
type AmenityName = keyof typeof AMENITY_ICONS;

/** Bank EFT codes used to build valid TR IBANs. */
const BANKS = {
  garanti: { name: 'Türkiye Garanti Bankası', code: '00062' },
  isbank: { name: 'Türkiye İş Bankası', code: '00064' },
  akbank: { name: 'Akbank', code: '00046' },
  vakif: { name: 'Türkiye Vakıflar Bankası', code: '00015' },
  ykb: { name: 'Yapı ve Kredi Bankası', code: '00067' },
};

/** A TR IBAN with correct ISO 13616 check digits: TR + check + bank code (5) + reserve '0' + account (16). */
export function trIban(bankCode: string, account: string): string {
  const bban = bankCode + '0' + account.padStart(16, '0');
  const numeric = bban + '2927' + '00'; // T=29 R=27, check digits 00
  let rem = 0;
  for (const ch of numeric) rem = (rem * 10 + Number(ch)) % 97;
  return `TR${String(98 - rem).padStart(2, '0')}${bban}`;
}

export const mapsUrl = (lat: number, lng: number) => `https://www.google.com/maps/search/?api=1&query=${lat}%2C${lng}`;

export interface FacilityImageSeed {
  variant: 0 | 1 | 2;
  hue: number;
  alt: string;
}
export interface PickupSeed {
  name: string;
  address: string;
  description?: string;
  time?: string;
  minutesBefore?: number;
}

export interface FacilitySeed {
  key: string;
  slug: string;
  name: string;
  description: string;
  address: string;
  location: string;
  latitude: number;
  longitude: number;
  hourlyPrice: number; // TL
  depositAmount: number; // TL
  bank: keyof typeof BANKS;
  account: string;
  recipientName: string;
  phoneNumbers: string[];
  email: string;
  workingHours: WorkingHours;
  bookingTimeType: 'hourly' | 'half-hourly';
  startTimeOffset: 'full_hour' | 'half_hour';
  /**
   * Match length (docs/behaviour.md#match-length): the lengths offered (minutes; left out: one slot's), whether a
   * half-hourly pitch lets a match start on the half hour (left out: yes), and a deposit per hour (left out: per booking).
   */
  matchLengths?: number[];
  halfHourStarts?: boolean;
  depositPerHour?: boolean;
  autoApprovalTimeout: number;
  priority: number;
  seoTitle: string;
  seoDescription: string;
  seoKeywords: string;
  facilityServices: string[];
  services: string[];
  amenities: [AmenityName, boolean][];
  transport?: {
    price: number;
    description: string;
    vehicleType: string;
    vehicleCapacity: number;
    pickupPoints: PickupSeed[];
  };
  images: FacilityImageSeed[];
}

export const FACILITIES: FacilitySeed[] = [
  {
    key: 'nilufer',
    slug: 'nilufer-arena-hali-saha',
    name: 'Nilüfer Arena Halı Saha',
    description:
      'Özlüce’nin merkezinde, FIFA onaylı 5. nesil sentetik çimle kaplı iki kapalı saha. Isıtmalı soyunma odaları, sıcak duş ve geniş otoparkıyla ' +
      'kış yaz demeden maç keyfi. Görükle ve Nilüfer’den ücretli servis hizmeti vardır.',
    address: 'Özlüce Mah. Ahmet Taner Kışlalı Cad. No: 24, 16285 Nilüfer/Bursa',
    location: 'Nilüfer, Bursa',
    latitude: 40.2196,
    longitude: 28.9711,
    hourlyPrice: 1500,
    depositAmount: 300,
    bank: 'garanti',
    account: '1290600012345678',
    recipientName: 'Nilüfer Arena Spor Tesisleri Ltd. Şti.',
    phoneNumbers: ['0224 443 12 12', '0532 443 12 12'],
    email: 'nilufer@bursahalisaha.com.tr',
    workingHours: week(day('10:00', '23:00'), day('09:00', '23:00')),
    bookingTimeType: 'hourly',
    // Two-hour matches too (docs/behaviour.md#match-length).
    matchLengths: [60, 120],
    startTimeOffset: 'full_hour',
    autoApprovalTimeout: 60,
    priority: 10,
    seoTitle: 'Nilüfer Arena Halı Saha | Özlüce Kapalı Halı Saha Kiralama',
    seoDescription:
      'Nilüfer Özlüce’de kapalı, ısıtmalı halı saha. Online rezervasyon, servis hizmeti, otopark ve duş imkânı.',
    seoKeywords: 'nilüfer halı saha, özlüce halı saha, kapalı halı saha bursa, servisli halı saha',
    facilityServices: ['Krampon kiralama', 'Yelek ve top temini', 'Maç sonrası çay ikramı', 'Maç videosu çekimi'],
    services: ['Saatlik saha kiralama', 'Turnuva organizasyonu', 'Kurumsal lig'],
    amenities: [
      ['Otopark', true],
      ['Duş', true],
      ['Soyunma Odası', true],
      ['Kantin', true],
      ['WiFi', true],
      ['Güvenlik', true],
      ['Tribün', false],
      ['Gece Aydınlatma', true],
      ['Kapalı Saha', true],
      ['Sentetik Çim', true],
      ['Doğal Çim', false],
    ],
    transport: {
      price: 50,
      description:
        'Görükle, Beşevler ve FSM Bulvarı’ndan sahaya servis. Servis, maç saatinden önce alış noktalarından hareket eder; dönüş aynı güzergâhtandır.',
      vehicleType: 'Minibüs',
      vehicleCapacity: 14,
      pickupPoints: [
        {
          name: 'Görükle Kampüs Kapısı',
          address: 'Bursa Uludağ Üniversitesi Görükle Kampüsü Ana Giriş, Nilüfer/Bursa',
          description: 'Ana kapının karşısındaki durak',
          minutesBefore: 50,
        },
        {
          name: 'Beşevler Metro İstasyonu',
          address: 'Beşevler Mah. İzmir Yolu Cad., Nilüfer/Bursa',
          description: 'Metro çıkışı, taksi durağı önü',
          minutesBefore: 35,
        },
        {
          name: 'FSM Bulvarı Migros Önü',
          address: 'Fethiye Mah. Fatih Sultan Mehmet Blv., Nilüfer/Bursa',
          description: 'Saat, maç saatine göre telefonla bildirilir',
        },
      ],
    },
    images: [
      { variant: 0, hue: 118, alt: 'Nilüfer Arena Halı Saha – sahanın üstten görünümü' },
      { variant: 1, hue: 122, alt: 'Nilüfer Arena Halı Saha – kale ve ceza sahası' },
      { variant: 2, hue: 116, alt: 'Nilüfer Arena Halı Saha – gece aydınlatması' },
    ],
  },
  {
    key: 'osmangazi',
    slug: 'osmangazi-yildiz-spor-tesisleri',
    name: 'Osmangazi Yıldız Spor Tesisleri',
    description:
      'Ankara Yolu üzerinde, tribünlü ve profesyonel aydınlatmalı açık saha. Gece geç saatlere kadar, sabaha karşı 02:00’ye dek açık; ' +
      'iş çıkışı ve gece maçları için ideal.',
    address: 'Demirtaş Dumlupınar Mah. Ankara Yolu Cad. No: 112, 16245 Osmangazi/Bursa',
    location: 'Osmangazi, Bursa',
    latitude: 40.2112,
    longitude: 29.0823,
    hourlyPrice: 2400,
    depositAmount: 500,
    bank: 'isbank',
    account: '0421000987654321',
    recipientName: 'Yıldız Spor Turizm A.Ş.',
    phoneNumbers: ['0224 362 45 45', '0533 362 45 45', '0555 362 45 45'],
    email: 'osmangazi@bursahalisaha.com.tr',
    workingHours: week(day('18:00', '02:00')),
    bookingTimeType: 'hourly',
    startTimeOffset: 'full_hour',
    autoApprovalTimeout: 120,
    priority: 9,
    seoTitle: 'Osmangazi Yıldız Spor Tesisleri | Gece Açık Halı Saha Bursa',
    seoDescription:
      'Osmangazi’de 02:00’ye kadar açık, tribünlü ve aydınlatmalı halı saha. Gece maçları için online rezervasyon.',
    seoKeywords: 'osmangazi halı saha, gece açık halı saha, tribünlü halı saha, ankara yolu halı saha',
    facilityServices: ['Hakem desteği', 'Skor tabelası', 'Yelek ve top temini'],
    services: ['Saatlik saha kiralama', 'Gece ligi'],
    amenities: [
      ['Otopark', true],
      ['Duş', true],
      ['Soyunma Odası', true],
      ['Kantin', true],
      ['WiFi', false],
      ['Güvenlik', true],
      ['Tribün', true],
      ['Gece Aydınlatma', true],
      ['Sentetik Çim', true],
      ['Doğal Çim', false],
    ],
    images: [
      { variant: 2, hue: 112, alt: 'Osmangazi Yıldız Spor Tesisleri – projektörlerle aydınlatılmış gece sahası' },
      { variant: 0, hue: 108, alt: 'Osmangazi Yıldız Spor Tesisleri – saha genel görünümü' },
      { variant: 1, hue: 110, alt: 'Osmangazi Yıldız Spor Tesisleri – kale ağları' },
      { variant: 2, hue: 125, alt: 'Osmangazi Yıldız Spor Tesisleri – gece maçı' },
    ],
  },
  {
    key: 'mudanya',
    slug: 'mudanya-sahil-hali-saha',
    name: 'Mudanya Sahil Halı Saha',
    description:
      'Güzelyalı sahiline yürüme mesafesinde, deniz manzaralı açık saha. Yarım saatlik rezervasyon imkânıyla kısa antrenmanlar ve ' +
      'çocuk maçları için uygun. Pazartesi günleri bakım nedeniyle kapalıdır.',
    address: 'Güzelyalı Siteler Mah. Sahil Yolu Cad. No: 8, 16940 Mudanya/Bursa',
    location: 'Mudanya, Bursa',
    latitude: 40.3764,
    longitude: 28.8829,
    hourlyPrice: 900,
    depositAmount: 200,
    bank: 'akbank',
    account: '0008000246813579',
    recipientName: 'Sahil Spor Hizmetleri Ltd. Şti.',
    phoneNumbers: ['0224 544 78 78'],
    email: 'mudanya@bursahalisaha.com.tr',
    workingHours: week(day('10:00', '22:00'), day('10:00', '22:00'), { monday: day('10:00', '22:00', false) }),
    bookingTimeType: 'half-hourly',
    // Half an hour (its demo bookings), an hour, an hour and a half or two, starting on any half hour
    // (docs/behaviour.md#match-length).
    matchLengths: [30, 60, 90, 120],
    halfHourStarts: true,
    startTimeOffset: 'full_hour',
    autoApprovalTimeout: 90,
    priority: 6,
    seoTitle: 'Mudanya Sahil Halı Saha | Deniz Manzaralı Halı Saha',
    seoDescription: 'Mudanya Güzelyalı’da deniz manzaralı halı saha. Yarım saatlik rezervasyon, kantin ve otopark.',
    seoKeywords: 'mudanya halı saha, güzelyalı halı saha, sahil halı saha, yarım saat halı saha',
    facilityServices: ['Çocuk futbol okulu', 'Doğum günü organizasyonu'],
    services: ['Yarım saatlik kiralama', 'Futbol okulu'],
    amenities: [
      ['Otopark', true],
      ['Duş', false],
      ['Soyunma Odası', true],
      ['Kantin', true],
      ['WiFi', true],
      ['Güvenlik', false],
      ['Tribün', false],
      ['Gece Aydınlatma', true],
      ['Sentetik Çim', true],
      ['Doğal Çim', false],
    ],
    images: [
      { variant: 0, hue: 128, alt: 'Mudanya Sahil Halı Saha – saha görünümü' },
      { variant: 1, hue: 130, alt: 'Mudanya Sahil Halı Saha – kale önü' },
    ],
  },
  {
    key: 'yildirim',
    slug: 'yildirim-genclik-hali-saha',
    name: 'Yıldırım Gençlik Halı Saha',
    description:
      'Yıldırım’ın en uygun fiyatlı halı sahası. Maçlar buçuklu saatlerde başlar (10:30, 11:30 …). Öğrenci ve mahalle takımları için ' +
      'uygun fiyat, sıcak duş ve kantin.',
    address: 'Millet Mah. Gençlik Cad. No: 41, 16320 Yıldırım/Bursa',
    location: 'Yıldırım, Bursa',
    latitude: 40.1903,
    longitude: 29.1117,
    hourlyPrice: 750,
    depositAmount: 150,
    bank: 'vakif',
    account: '0015800013572468',
    recipientName: 'Hakan Güneş',
    phoneNumbers: ['0224 360 11 22', '0542 360 11 22'],
    email: 'yildirim@bursahalisaha.com.tr',
    workingHours: week(day('10:00', '23:30')),
    bookingTimeType: 'hourly',
    startTimeOffset: 'half_hour',
    autoApprovalTimeout: 60,
    priority: 4,
    seoTitle: 'Yıldırım Gençlik Halı Saha | Uygun Fiyatlı Halı Saha Bursa',
    seoDescription: 'Yıldırım’da uygun fiyatlı halı saha. Buçuklu saatlerde maç, duş ve kantin; online rezervasyon.',
    seoKeywords: 'yıldırım halı saha, ucuz halı saha bursa, öğrenci halı saha, millet mahallesi halı saha',
    facilityServices: ['Top temini', 'Öğrenci indirimi'],
    services: ['Saatlik saha kiralama'],
    amenities: [
      ['Otopark', false],
      ['Duş', true],
      ['Soyunma Odası', true],
      ['Kantin', true],
      ['WiFi', false],
      ['Güvenlik', true],
      ['Tribün', false],
      ['Gece Aydınlatma', true],
      ['Sentetik Çim', true],
      ['Doğal Çim', false],
    ],
    images: [
      { variant: 0, hue: 100, alt: 'Yıldırım Gençlik Halı Saha – sahanın üstten görünümü' },
      { variant: 2, hue: 104, alt: 'Yıldırım Gençlik Halı Saha – akşam maçı' },
      { variant: 1, hue: 98, alt: 'Yıldırım Gençlik Halı Saha – kale' },
    ],
  },
  {
    key: 'gursu',
    slug: 'gursu-doga-park-cim-saha',
    name: 'Gürsu Doğa Park Çim Saha',
    description:
      'Uludağ eteklerinde, doğal çim zeminli 7’ye 7 saha. Temiz hava, geniş otopark ve mangal alanıyla hafta sonu maçları ve ' +
      'şirket turnuvaları için ideal.',
    address: 'Kurtuluş Mah. Doğa Park Yolu No: 3, 16580 Gürsu/Bursa',
    location: 'Gürsu, Bursa',
    latitude: 40.2171,
    longitude: 29.1918,
    hourlyPrice: 1800,
    depositAmount: 400,
    bank: 'ykb',
    account: '0000067890123456',
    recipientName: 'Doğa Park Spor ve Rekreasyon A.Ş.',
    phoneNumbers: ['0224 373 90 90', '0530 373 90 90'],
    email: 'gursu@bursahalisaha.com.tr',
    workingHours: week(day('09:00', '22:00'), day('08:00', '22:00')),
    bookingTimeType: 'hourly',
    // 60 to 180 minutes, the deposit per hour of the match (docs/behaviour.md#match-length).
    matchLengths: [60, 120, 180],
    depositPerHour: true,
    startTimeOffset: 'full_hour',
    autoApprovalTimeout: 1440,
    priority: 2,
    seoTitle: 'Gürsu Doğa Park Çim Saha | Doğal Çim Futbol Sahası Bursa',
    seoDescription:
      'Gürsu’da doğal çim zeminli futbol sahası. Hafta sonu maçları ve şirket turnuvaları için online rezervasyon.',
    seoKeywords: 'gürsu halı saha, doğal çim saha bursa, çim saha kiralama, şirket turnuvası bursa',
    facilityServices: ['Mangal alanı', 'Turnuva organizasyonu', 'Hakem desteği'],
    services: ['Saatlik saha kiralama', 'Kurumsal etkinlik'],
    amenities: [
      ['Otopark', true],
      ['Duş', true],
      ['Soyunma Odası', true],
      ['Kantin', false],
      ['WiFi', false],
      ['Güvenlik', true],
      ['Tribün', true],
      ['Gece Aydınlatma', true],
      ['Sentetik Çim', false],
      ['Doğal Çim', true],
    ],
    images: [
      { variant: 0, hue: 132, alt: 'Gürsu Doğa Park Çim Saha – doğal çim saha' },
      { variant: 1, hue: 135, alt: 'Gürsu Doğa Park Çim Saha – kale önü' },
    ],
  },
];

export const bankOf = (p: FacilitySeed) => BANKS[p.bank];

// ---------------------------------------------------------------- customers and bookings

export interface CustomerSeed {
  key: string;
  name: string;
  phone: string;
  email?: string;
  subscriber?: boolean;
}

export const CUSTOMERS: CustomerSeed[] = [
  { key: 'ahmet', name: 'Ahmet Yılmaz', phone: '05321234567', email: 'ahmet.yilmaz@example.com' },
  { key: 'mehmet', name: 'Mehmet Demir', phone: '05339876543' },
  { key: 'mustafa', name: 'Mustafa Çelik', phone: '05051112233', email: 'mustafa.celik@example.com' },
  { key: 'ali', name: 'Ali Öztürk', phone: '05424445566' },
  { key: 'huseyin', name: 'Hüseyin Arslan', phone: '05357778899' },
  { key: 'hasan', name: 'Hasan Koç', phone: '05462223344' },
  { key: 'ibrahim', name: 'İbrahim Kurt', phone: '05385556677' },
  { key: 'murat', name: 'Murat Aydın', phone: '05418889900', email: 'murat.aydin@example.com' },
  { key: 'serkan', name: 'Serkan Özdemir', phone: '05301239876' },
  { key: 'oguz', name: 'Oğuz Polat', phone: '05556543210' },
  { key: 'tolga', name: 'Tolga Erdoğan', phone: '05076665544' },
  { key: 'cem', name: 'Cem Yıldız', phone: '05443332211' },
  { key: 'kaan', name: 'Kaan Doğan', phone: '05329998877' }, // three consecutive cancellations
  { key: 'onur', name: 'Onur Şimşek', phone: '05364441122' },
  { key: 'baris', name: 'Barış Aksoy', phone: '05497773355', email: 'baris.aksoy@example.com' },
  { key: 'emre', name: 'Emre Kaya', phone: '05312345678', email: 'emre.kaya@example.com', subscriber: true },
  { key: 'burak', name: 'Burak Şahin', phone: '05427654321', subscriber: true },
];

export type SeedStatus = 'pending' | 'approved' | 'rejected' | 'cancelled' | 'expired';

export interface BookingSeed {
  facility: string;
  /** Offset from today (Istanbul). If the pitch is closed that day, or the slot or customer is busy, the seed moves away from today. */
  day: number;
  time: string;
  customer: string;
  status: SeedStatus;
  /** rejected/cancelled: the booking had been approved (and the deposit paid) before. */
  afterApproval?: boolean;
  reason?: string;
  /** Index into the pitch's pickup points: the booking includes the shuttle. */
  pickup?: number;
  notes?: string;
  /** Booked by staff in the panel (approved at once) instead of by the customer on the web. */
  panel?: boolean;
  /** Day offset at which the booking was made (defaults are derived from the slot). */
  createdDay?: number;
}

export const BOOKINGS: BookingSeed[] = [
  // ---- past ----
  {
    facility: 'nilufer',
    day: -13,
    time: '20:00',
    customer: 'ahmet',
    status: 'approved',
    pickup: 0,
    notes: 'Servis için 6 kişiyiz.',
  },
  { facility: 'nilufer', day: -12, time: '19:00', customer: 'kaan', status: 'approved', createdDay: -14 },
  {
    facility: 'nilufer',
    day: -10,
    time: '21:00',
    customer: 'mehmet',
    status: 'rejected',
    reason: 'Kapora ödemesi süresi içinde yapılmadı',
  },
  { facility: 'nilufer', day: -10, time: '21:00', customer: 'mustafa', status: 'approved' },
  { facility: 'nilufer', day: -8, time: '18:00', customer: 'kaan', status: 'cancelled', createdDay: -11 },
  { facility: 'osmangazi', day: -11, time: '23:00', customer: 'ali', status: 'approved' },
  { facility: 'osmangazi', day: -9, time: '01:00', customer: 'huseyin', status: 'expired' },
  {
    facility: 'osmangazi',
    day: -6,
    time: '20:00',
    customer: 'hasan',
    status: 'rejected',
    afterApproval: true,
    reason: 'Saha bakım çalışması nedeniyle iptal edildi',
  },
  { facility: 'mudanya', day: -7, time: '18:30', customer: 'ibrahim', status: 'approved' },
  {
    facility: 'mudanya',
    day: -5,
    time: '11:00',
    customer: 'murat',
    status: 'cancelled',
    reason: 'Takım eksik olduğu için iptal ediyoruz',
  },
  { facility: 'yildirim', day: -4, time: '19:30', customer: 'serkan', status: 'approved' },
  { facility: 'yildirim', day: -2, time: '20:30', customer: 'oguz', status: 'expired' },
  {
    facility: 'gursu',
    day: -3,
    time: '17:00',
    customer: 'tolga',
    status: 'approved',
    notes: 'Şirket maçı, fatura kesilecek.',
  },
  {
    facility: 'gursu',
    day: -1,
    time: '19:00',
    customer: 'cem',
    status: 'rejected',
    reason: 'Talep edilen saatte turnuva organizasyonu var',
  },
  { facility: 'nilufer', day: -3, time: '20:00', customer: 'kaan', status: 'cancelled', createdDay: -6 },
  { facility: 'nilufer', day: -1, time: '22:00', customer: 'onur', status: 'approved', pickup: 2 },
  // ---- today ----
  { facility: 'osmangazi', day: 0, time: '21:00', customer: 'baris', status: 'approved', panel: true },
  { facility: 'yildirim', day: 0, time: '21:30', customer: 'ahmet', status: 'approved' },
  // ---- future ----
  {
    facility: 'nilufer',
    day: 1,
    time: '20:00',
    customer: 'mustafa',
    status: 'pending',
    pickup: 1,
    notes: 'Servisle geleceğiz.',
  },
  { facility: 'nilufer', day: 2, time: '19:00', customer: 'ali', status: 'approved' },
  { facility: 'nilufer', day: 5, time: '20:00', customer: 'kaan', status: 'cancelled', createdDay: -2 },
  { facility: 'osmangazi', day: 1, time: '22:00', customer: 'ibrahim', status: 'pending' },
  {
    facility: 'osmangazi',
    day: 3,
    time: '00:00',
    customer: 'murat',
    status: 'approved',
    notes: 'Gece maçı, 12 kişiyiz.',
  },
  { facility: 'osmangazi', day: 4, time: '23:00', customer: 'serkan', status: 'cancelled', afterApproval: true },
  { facility: 'mudanya', day: 2, time: '19:00', customer: 'oguz', status: 'pending' },
  { facility: 'mudanya', day: 6, time: '12:30', customer: 'tolga', status: 'approved' },
  {
    facility: 'mudanya',
    day: 3,
    time: '20:00',
    customer: 'cem',
    status: 'rejected',
    reason: 'Kapora ödemesi süresi içinde yapılmadı',
  },
  { facility: 'yildirim', day: 1, time: '18:30', customer: 'onur', status: 'approved' },
  { facility: 'yildirim', day: 2, time: '20:30', customer: 'mehmet', status: 'pending' },
  { facility: 'yildirim', day: 8, time: '19:30', customer: 'huseyin', status: 'approved' },
  { facility: 'gursu', day: 2, time: '18:00', customer: 'hasan', status: 'pending', notes: 'Doğum günü maçı.' },
  { facility: 'gursu', day: 4, time: '20:00', customer: 'baris', status: 'approved' },
  { facility: 'gursu', day: 10, time: '10:00', customer: 'ahmet', status: 'approved', panel: true },
  {
    facility: 'gursu',
    day: 12,
    time: '19:00',
    customer: 'serkan',
    status: 'rejected',
    afterApproval: true,
    reason: 'Saha zemin yenileme çalışması nedeniyle kapalı',
  },
];

/** Weekly recurring approved bookings (behaviour.md#subscriptions): from `firstDay` every 7 days while within the seeded slot range. */
export const SUBSCRIPTIONS = [
  { customer: 'emre', facility: 'nilufer', firstDay: -14, time: '21:00', weeks: 8, notes: 'Her hafta sabit kadro.' },
  {
    customer: 'burak',
    facility: 'osmangazi',
    firstDay: -12,
    time: '22:00',
    weeks: 7,
    notes: 'Şirket takımı, haftalık abonelik.',
  },
];

/** Slots are generated for [today + SLOT_FROM_DAY, today + SLOT_TO_DAY]. */
export const SLOT_FROM_DAY = -14;
export const SLOT_TO_DAY = 35;
