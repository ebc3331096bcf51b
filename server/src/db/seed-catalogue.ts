import { count, sql } from 'drizzle-orm';
import { PRODUCT_CATEGORIES, type ProductCategory, type ProductSpec } from '@marketplace/shared/contracts';
import type { Db } from './client';
import { products, shops } from './schema';
import { inTransaction } from './transaction';
import { createLedgerRepository } from '../modules/ledger/ledger.repository';
import { seedDemoReviews } from './seed-reviews';

/** Demo catalogue size: every category gets the same share. */
const DEMO_SHOP_COUNT = 36;
const DEMO_PRODUCTS_PER_CATEGORY = 64;

/** mulberry32: a tiny seeded PRNG, so every first start builds the same catalogue. */
const prng = (seed: number) => {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
};

interface Noun {
  name: string;
  /** Price range in whole currency units. */
  price: [number, number];
  specs: ProductSpec[];
}
interface CategoryWords {
  brands: string[];
  adjectives: string[];
  nouns: Noun[];
  /** Sentences a description is made of; `{noun}` and `{brand}` are filled in. */
  lines: string[];
}

const colours = (...options: string[]): ProductSpec => ({ name: 'Colour', options });
const sizes = (...options: string[]): ProductSpec => ({ name: 'Size', options });
const CLOTHING_SIZES = sizes('S', 'M', 'L', 'XL', 'XXL');

const WORDS: Record<ProductCategory, CategoryWords> = {
  computer: {
    brands: ['Lumina', 'Corebyte', 'Nexa', 'Arcbook', 'Quanta'],
    adjectives: ['Slim', 'Pro', 'Ultralight', 'Gaming', 'Silent', 'Compact'],
    nouns: [
      {
        name: 'Laptop',
        price: [459, 2399],
        specs: [colours('Space Grey', 'Silver'), { name: 'Memory', options: ['8 GB', '16 GB', '32 GB'] }],
      },
      { name: 'Mechanical Keyboard', price: [39, 189], specs: [{ name: 'Switch', options: ['Red', 'Brown', 'Blue'] }] },
      { name: 'Wireless Mouse', price: [12, 89], specs: [colours('Black', 'White', 'Pink')] },
      { name: 'Monitor', price: [119, 899], specs: [sizes('24 inch', '27 inch', '32 inch')] },
      { name: 'SSD', price: [35, 299], specs: [{ name: 'Capacity', options: ['500 GB', '1 TB', '2 TB'] }] },
      { name: 'Webcam', price: [25, 149], specs: [{ name: 'Resolution', options: ['1080p', '4K'] }] },
    ],
    lines: [
      'The {brand} {noun} is built for long working days and quick evenings of play.',
      'Tested for thousands of hours before it leaves the factory.',
      'Plug and play on Windows, macOS and Linux.',
      'Comes with a two-year warranty and friendly support.',
    ],
  },
  electrical: {
    brands: ['Voltra', 'HomeSpark', 'Brisk', 'Kelvin', 'Auralux'],
    adjectives: ['Smart', 'Quiet', 'Energy-saving', 'Portable', 'Digital', 'Classic'],
    nouns: [
      {
        name: 'Air Fryer',
        price: [45, 219],
        specs: [{ name: 'Capacity', options: ['3.5 L', '5.5 L', '8 L'] }, colours('Black', 'White')],
      },
      { name: 'Kettle', price: [15, 79], specs: [colours('Steel', 'Cream', 'Black')] },
      { name: 'Desk Fan', price: [19, 99], specs: [colours('White', 'Grey')] },
      { name: 'Robot Vacuum', price: [129, 699], specs: [{ name: 'Model', options: ['Standard', 'Mop Edition'] }] },
      { name: 'Hair Dryer', price: [22, 159], specs: [colours('Rose', 'Black', 'Blue')] },
      { name: 'Rice Cooker', price: [29, 189], specs: [{ name: 'Capacity', options: ['1 L', '1.8 L'] }] },
    ],
    lines: [
      'The {brand} {noun} saves time every single day.',
      'Low power use and a safety cut-off keep your home calm.',
      'Easy to clean: the parts that touch food come off.',
      'Ships with a multi-region plug and a clear manual.',
    ],
  },
  outdoors: {
    brands: ['Trailpeak', 'Northfold', 'Camprise', 'Riverstone', 'Skyline'],
    adjectives: ['Waterproof', 'Lightweight', 'All-season', 'Foldable', 'Rugged', 'Trail'],
    nouns: [
      {
        name: 'Tent',
        price: [49, 399],
        specs: [{ name: 'Capacity', options: ['2 person', '4 person', '6 person'] }, colours('Olive', 'Orange')],
      },
      { name: 'Hiking Backpack', price: [29, 189], specs: [{ name: 'Volume', options: ['30 L', '45 L', '60 L'] }] },
      { name: 'Sleeping Bag', price: [25, 229], specs: [{ name: 'Rating', options: ['5 °C', '-5 °C', '-15 °C'] }] },
      { name: 'Camping Stove', price: [19, 119], specs: [{ name: 'Fuel', options: ['Gas', 'Multi-fuel'] }] },
      { name: 'Trekking Poles', price: [15, 99], specs: [colours('Black', 'Red')] },
      { name: 'Headlamp', price: [9, 69], specs: [{ name: 'Brightness', options: ['300 lm', '800 lm'] }] },
    ],
    lines: [
      'The {brand} {noun} goes where the path ends.',
      'Made of recycled fabric with taped seams.',
      'Packs small and weighs less than you expect.',
      'Field-tested on mountain routes in every season.',
    ],
  },
  familyLife: {
    brands: ['Hearth', 'Nestwell', 'Oakden', 'Linenry', 'Casaluz'],
    adjectives: ['Cosy', 'Soft', 'Stackable', 'Handmade', 'Modern', 'Everyday'],
    nouns: [
      {
        name: 'Duvet Cover Set',
        price: [25, 149],
        specs: [sizes('Single', 'Double', 'King'), colours('White', 'Sage', 'Sand')],
      },
      { name: 'Storage Box', price: [8, 49], specs: [sizes('Small', 'Medium', 'Large')] },
      { name: 'Frying Pan', price: [15, 119], specs: [sizes('24 cm', '28 cm')] },
      { name: 'Bath Towel', price: [9, 59], specs: [colours('White', 'Grey', 'Blue')] },
      { name: 'Table Lamp', price: [19, 129], specs: [colours('Brass', 'Black')] },
      { name: 'Dinner Plate Set', price: [19, 99], specs: [{ name: 'Pieces', options: ['4', '6', '12'] }] },
    ],
    lines: [
      'The {brand} {noun} makes home feel like home.',
      'Durable materials chosen for daily family use.',
      'Machine washable or dishwasher safe where it applies.',
      'Designed in a small studio and made to last.',
    ],
  },
  health: {
    brands: ['Vitalis', 'PureLeaf', 'Medora', 'Zenfit', 'Wellspring'],
    adjectives: ['Daily', 'Natural', 'Gentle', 'Advanced', 'Sugar-free', 'Vegan'],
    nouns: [
      { name: 'Vitamin C Tablets', price: [6, 29], specs: [{ name: 'Pack', options: ['60 tablets', '120 tablets'] }] },
      {
        name: 'Yoga Mat',
        price: [15, 89],
        specs: [colours('Purple', 'Teal', 'Black'), { name: 'Thickness', options: ['4 mm', '6 mm'] }],
      },
      { name: 'Electric Toothbrush', price: [19, 149], specs: [colours('White', 'Black')] },
      { name: 'Blood Pressure Monitor', price: [25, 119], specs: [{ name: 'Cuff', options: ['Upper arm', 'Wrist'] }] },
      {
        name: 'Protein Powder',
        price: [19, 69],
        specs: [{ name: 'Flavour', options: ['Vanilla', 'Chocolate', 'Unflavoured'] }],
      },
      { name: 'Massage Gun', price: [39, 199], specs: [colours('Graphite', 'Sand')] },
    ],
    lines: [
      'The {brand} {noun} supports a healthy routine.',
      'Quality-checked by an independent laboratory.',
      'Simple to use from the very first day.',
      'Ask a doctor if you have any health concerns.',
    ],
  },
  menClothing: {
    brands: ['Harbor & Co', 'Ironweave', 'Denimark', 'Fieldman', 'Urbano'],
    adjectives: ['Slim-fit', 'Classic', 'Organic Cotton', 'Stretch', 'Linen', 'Relaxed'],
    nouns: [
      { name: 'Shirt', price: [19, 89], specs: [CLOTHING_SIZES, colours('White', 'Navy', 'Light Blue')] },
      { name: 'Jeans', price: [29, 119], specs: [sizes('30', '32', '34', '36'), colours('Indigo', 'Black')] },
      { name: 'Hoodie', price: [25, 99], specs: [CLOTHING_SIZES, colours('Grey', 'Black', 'Forest')] },
      { name: 'Chinos', price: [25, 89], specs: [sizes('30', '32', '34', '36'), colours('Khaki', 'Navy')] },
      { name: 'Jacket', price: [49, 299], specs: [CLOTHING_SIZES, colours('Black', 'Olive')] },
      { name: 'Polo Shirt', price: [15, 69], specs: [CLOTHING_SIZES, colours('White', 'Red', 'Navy')] },
    ],
    lines: [
      'The {brand} {noun} fits well from morning to night.',
      'Pre-washed so it keeps its shape and size.',
      'Check the size chart: it runs true to size.',
      'Cut and sewn in a certified factory.',
    ],
  },
  womenClothing: {
    brands: ['Maison Lila', 'Petalwear', 'Aurelle', 'Sofina', 'Northbloom'],
    adjectives: ['Floral', 'Elegant', 'Wrap', 'Pleated', 'Linen', 'Knitted'],
    nouns: [
      { name: 'Dress', price: [25, 149], specs: [sizes('XS', 'S', 'M', 'L', 'XL'), colours('Rose', 'Black', 'Sky')] },
      { name: 'Blouse', price: [19, 79], specs: [sizes('XS', 'S', 'M', 'L', 'XL'), colours('Ivory', 'Blush')] },
      { name: 'Skirt', price: [19, 89], specs: [sizes('XS', 'S', 'M', 'L'), colours('Camel', 'Black')] },
      { name: 'Cardigan', price: [25, 109], specs: [sizes('S', 'M', 'L'), colours('Oat', 'Sage', 'Plum')] },
      { name: 'Trench Coat', price: [69, 299], specs: [sizes('S', 'M', 'L'), colours('Beige', 'Navy')] },
      { name: 'Leggings', price: [12, 49], specs: [sizes('S', 'M', 'L'), colours('Black', 'Grey')] },
    ],
    lines: [
      'The {brand} {noun} flatters every figure.',
      'Soft, breathable fabric for all-day comfort.',
      'Gentle machine wash at 30 °C.',
      'A wardrobe favourite that mixes with anything.',
    ],
  },
  food: {
    brands: ['Golden Field', 'Mountain Tea Co', 'Sweet Orchard', 'Baker Lane', 'Spice Route'],
    adjectives: ['Organic', 'Hand-picked', 'Premium', 'Roasted', 'Traditional', 'Family Size'],
    nouns: [
      { name: 'Green Tea', price: [5, 49], specs: [{ name: 'Weight', options: ['100 g', '250 g', '500 g'] }] },
      {
        name: 'Coffee Beans',
        price: [7, 39],
        specs: [
          { name: 'Roast', options: ['Light', 'Medium', 'Dark'] },
          { name: 'Weight', options: ['250 g', '1 kg'] },
        ],
      },
      { name: 'Dark Chocolate', price: [3, 19], specs: [{ name: 'Cocoa', options: ['70%', '85%'] }] },
      { name: 'Mixed Nuts', price: [6, 29], specs: [{ name: 'Weight', options: ['200 g', '500 g', '1 kg'] }] },
      { name: 'Olive Oil', price: [8, 39], specs: [{ name: 'Volume', options: ['500 ml', '1 L'] }] },
      { name: 'Honey', price: [6, 35], specs: [{ name: 'Weight', options: ['250 g', '500 g'] }] },
    ],
    lines: [
      'The {brand} {noun} tastes like it should.',
      'No artificial colours or preservatives.',
      'Store in a cool, dry place away from sunlight.',
      'Packed fresh and sealed for flavour.',
    ],
  },
  mobilePhone: {
    brands: ['Orbit', 'Pixelon', 'Novaphone', 'Zentro', 'Kaiyo'],
    adjectives: ['5G', 'Max', 'Lite', 'Fold', 'Plus', 'Mini'],
    nouns: [
      {
        name: 'Smartphone',
        price: [149, 1299],
        specs: [
          colours('Midnight', 'Starlight', 'Ocean'),
          { name: 'Storage', options: ['128 GB', '256 GB', '512 GB'] },
        ],
      },
      { name: 'Phone Case', price: [5, 39], specs: [colours('Clear', 'Black', 'Lilac')] },
      { name: 'Fast Charger', price: [9, 59], specs: [{ name: 'Power', options: ['20 W', '45 W', '65 W'] }] },
      { name: 'Wireless Earbuds', price: [19, 249], specs: [colours('White', 'Black')] },
      { name: 'Power Bank', price: [15, 89], specs: [{ name: 'Capacity', options: ['10000 mAh', '20000 mAh'] }] },
      { name: 'Screen Protector', price: [4, 25], specs: [{ name: 'Pack', options: ['1 piece', '3 pieces'] }] },
    ],
    lines: [
      'The {brand} {noun} keeps you connected all day.',
      'Certified for safe charging and long battery life.',
      'Works with the latest Android and iOS phones.',
      'Includes a one-year replacement warranty.',
    ],
  },
  toys: {
    brands: ['Playnook', 'Tinker Town', 'Bright Cubs', 'Wonderkit', 'Puzzleo'],
    adjectives: ['Wooden', 'Educational', 'Classic', 'Glow-in-the-dark', 'Mini', 'Deluxe'],
    nouns: [
      { name: 'Building Blocks', price: [12, 129], specs: [{ name: 'Pieces', options: ['100', '500', '1000'] }] },
      { name: 'Jigsaw Puzzle', price: [8, 39], specs: [{ name: 'Pieces', options: ['500', '1000', '2000'] }] },
      { name: 'Plush Bear', price: [9, 59], specs: [sizes('25 cm', '40 cm', '60 cm'), colours('Brown', 'Cream')] },
      { name: 'Remote Control Car', price: [19, 149], specs: [colours('Red', 'Blue')] },
      { name: 'Board Game', price: [15, 69], specs: [{ name: 'Edition', options: ['Standard', 'Family'] }] },
      { name: 'Art Set', price: [9, 49], specs: [{ name: 'Pieces', options: ['48', '96'] }] },
    ],
    lines: [
      'The {brand} {noun} brings hours of play.',
      'Safety tested to EN 71 for ages three and up.',
      'Non-toxic materials and rounded edges.',
      'A thoughtful gift for birthdays and holidays.',
    ],
  },
};

const SHOP_WORDS = {
  first: ['Sunny', 'Blue', 'Maple', 'Silver', 'Happy', 'Green', 'Golden', 'Urban', 'Lucky', 'Bright', 'Cedar', 'Coral'],
  second: ['Harbour', 'Corner', 'Valley', 'Market', 'Bazaar', 'Depot', 'Outlet', 'Store', 'Emporium', 'House'],
};

const pick = <T>(random: () => number, list: readonly T[]): T => list[Math.floor(random() * list.length)] as T;
const between = (random: () => number, min: number, max: number) => min + Math.floor(random() * (max - min + 1));

type ShopSeed = typeof shops.$inferInsert;
/** Takes `n` draws and forgets them, so the draws after them stay what they were. */
const skipDraws = (random: () => number, n: number) => {
  for (let i = 0; i < n; i += 1) random();
};

/** Every product starts unrated; the seeded reviews (seed-reviews.ts) set the demo's ratings. */
const NO_RATINGS = { ratingCount: 0, productScoreSum: 0, serviceScoreSum: 0, postageScoreSum: 0 };

type ProductSeed = Omit<typeof products.$inferInsert, 'shopId'> & { shopIndex: number };

type Range = readonly [min: number, max: number];

/** A shop row of either catalogue; draws from `random` in this order, so a catalogue stays the same. */
const shopRow = (
  random: () => number,
  name: string,
  mainCategory: ProductCategory,
  ranges: { sales: Range; favorableRate: Range; totalSales: Range; ageDays: Range },
  now: Date,
): ShopSeed & { mainCategory: ProductCategory } => ({
  name,
  mainCategory,
  description: `${name} sells ${pick(random, WORDS[mainCategory].adjectives).toLowerCase()} goods with fast dispatch and friendly service.`,
  sales: between(random, ...ranges.sales),
  fans: 0,
  favorableRate: between(random, ...ranges.favorableRate),
  totalSales: between(random, ...ranges.totalSales) * 100,
  supportDays: between(random, 0, 60),
  createdAt: new Date(now.getTime() - between(random, ...ranges.ageDays) * 86_400_000),
});

/**
 * The product columns from the description to the score sums, alike in both catalogues; draws the image
 * count, then three draws the score sums once took (the ratings now come from the seeded reviews,
 * seed-reviews.ts), from `random`, in this order.
 */
const productBody = (
  random: () => number,
  { brand, noun, sentences }: { brand: string; noun: Noun; sentences: string[] },
) => {
  const imageCount = between(random, 2, 4);
  skipDraws(random, 3);
  return {
    description: sentences
      .map((line) => line.replace('{brand}', brand).replace('{noun}', noun.name.toLowerCase()))
      .join(' '),
    specs: noun.specs,
    imageCount,
    ...NO_RATINGS,
  };
};

/** Builds the demo catalogue in memory; pure and deterministic. */
const buildDemoCatalogue = (now: Date) => {
  const random = prng(20_260_401);
  const shopRows: (ShopSeed & { mainCategory: ProductCategory })[] = [];
  const usedNames = new Set<string>();
  for (let i = 0; shopRows.length < DEMO_SHOP_COUNT; i += 1) {
    const mainCategory = PRODUCT_CATEGORIES[shopRows.length % PRODUCT_CATEGORIES.length] as ProductCategory;
    const name = `${pick(random, SHOP_WORDS.first)} ${pick(random, WORDS[mainCategory].brands)} ${pick(random, SHOP_WORDS.second)}`;
    if (usedNames.has(name)) continue;
    usedNames.add(name);
    shopRows.push(
      shopRow(
        random,
        name,
        mainCategory,
        { sales: [200, 20_000], favorableRate: [88, 100], totalSales: [5_000, 900_000], ageDays: [30, 900] },
        now,
      ),
    );
  }
  const productRows: ProductSeed[] = [];
  PRODUCT_CATEGORIES.forEach((category, categoryIndex) => {
    const words = WORDS[category];
    const categoryShops = shopRows
      .map((shop, index) => ({ shop, index }))
      .filter((s) => s.shop.mainCategory === category);
    for (let n = 0; n < DEMO_PRODUCTS_PER_CATEGORY; n += 1) {
      const noun = pick(random, words.nouns);
      const brand = pick(random, words.brands);
      const adjective = pick(random, words.adjectives);
      // Most products come from the category's own shops; a few from any shop.
      const shopIndex = random() < 0.85 ? pick(random, categoryShops).index : between(random, 0, shopRows.length - 1);
      const [low, high] = noun.price;
      const unitPrice = between(random, low, high) * 100 + pick(random, [0, 0, 49, 90, 99]);
      // Once the rating count: the draw stays so the rest of the catalogue does.
      skipDraws(random, 1);
      const sentences = [...words.lines].sort(() => random() - 0.5).slice(0, 3);
      productRows.push({
        shopIndex,
        title: `${brand} ${adjective} ${noun.name}`,
        keyword: noun.name,
        category,
        unitPrice,
        stock: between(random, 0, 20) === 0 ? 0 : between(random, 5, 500),
        sold: between(random, 0, 5_000),
        seen: between(random, 0, 20_000),
        ...productBody(random, { brand, noun, sentences }),
        // Distinct times so "newest" has one order.
        createdAt: new Date(
          now.getTime() -
            (categoryIndex * DEMO_PRODUCTS_PER_CATEGORY + n + 1) * 3_600_000 -
            between(random, 0, 3_599) * 1000,
        ),
      });
    }
  });
  return { shops: shopRows, products: productRows };
};

/**
 * More nouns for the large catalogue (`SEED_PRODUCTS`), so it is not the demo's 60 nouns over and over;
 * the 640-product demo catalogue stays exactly as it was.
 */
const EXTRA_NOUNS: Record<ProductCategory, Noun[]> = {
  computer: [
    { name: 'Keyboard', price: [15, 99], specs: [colours('Black', 'White')] },
    { name: 'Tablet', price: [99, 999], specs: [{ name: 'Storage', options: ['64 GB', '128 GB', '256 GB'] }] },
    { name: 'Printer', price: [59, 499], specs: [{ name: 'Type', options: ['Inkjet', 'Laser'] }] },
    { name: 'USB Hub', price: [9, 59], specs: [{ name: 'Ports', options: ['4', '7', '10'] }] },
    { name: 'Gaming Headset', price: [25, 199], specs: [colours('Black', 'Red')] },
  ],
  electrical: [
    { name: 'Blender', price: [25, 199], specs: [colours('Black', 'Silver')] },
    { name: 'Toaster', price: [19, 129], specs: [{ name: 'Slots', options: ['2', '4'] }] },
    { name: 'Microwave Oven', price: [69, 399], specs: [{ name: 'Capacity', options: ['20 L', '25 L', '30 L'] }] },
    { name: 'Steam Iron', price: [19, 99], specs: [colours('Blue', 'Purple')] },
    { name: 'Space Heater', price: [29, 179], specs: [{ name: 'Power', options: ['1000 W', '2000 W'] }] },
  ],
  outdoors: [
    { name: 'Bicycle Helmet', price: [25, 149], specs: [sizes('S', 'M', 'L')] },
    { name: 'Fishing Rod', price: [19, 249], specs: [{ name: 'Length', options: ['1.8 m', '2.4 m', '3 m'] }] },
    { name: 'Water Bottle', price: [7, 45], specs: [{ name: 'Volume', options: ['500 ml', '750 ml', '1 L'] }] },
    { name: 'Camping Chair', price: [15, 99], specs: [colours('Green', 'Blue')] },
  ],
  familyLife: [
    { name: 'Curtains', price: [15, 119], specs: [sizes('140 x 160 cm', '140 x 245 cm'), colours('Linen', 'Navy')] },
    { name: 'Pillow', price: [9, 69], specs: [{ name: 'Firmness', options: ['Soft', 'Medium', 'Firm'] }] },
    { name: 'Cutlery Set', price: [19, 129], specs: [{ name: 'Pieces', options: ['16', '24', '48'] }] },
    { name: 'Flower Vase', price: [9, 79], specs: [colours('Clear', 'White', 'Terracotta')] },
  ],
  health: [
    { name: 'Fitness Tracker', price: [25, 199], specs: [colours('Black', 'Pink', 'Blue')] },
    { name: 'Dumbbells', price: [19, 199], specs: [{ name: 'Weight', options: ['2 x 5 kg', '2 x 10 kg'] }] },
    { name: 'Digital Thermometer', price: [7, 49], specs: [{ name: 'Type', options: ['Forehead', 'Ear'] }] },
    { name: 'Face Mask', price: [4, 25], specs: [{ name: 'Pack', options: ['10 pieces', '50 pieces'] }] },
  ],
  menClothing: [
    { name: 'T-Shirt', price: [9, 49], specs: [CLOTHING_SIZES, colours('White', 'Black', 'Grey')] },
    { name: 'Sweater', price: [25, 119], specs: [CLOTHING_SIZES, colours('Navy', 'Camel')] },
    { name: 'Shorts', price: [15, 59], specs: [sizes('30', '32', '34', '36'), colours('Khaki', 'Black')] },
    { name: 'Sneakers', price: [39, 179], specs: [sizes('41', '42', '43', '44', '45'), colours('White', 'Black')] },
  ],
  womenClothing: [
    { name: 'Handbag', price: [25, 299], specs: [colours('Black', 'Tan', 'Red')] },
    { name: 'Sandals', price: [19, 119], specs: [sizes('36', '37', '38', '39', '40'), colours('Nude', 'Black')] },
    { name: 'Jumpsuit', price: [29, 139], specs: [sizes('XS', 'S', 'M', 'L'), colours('Olive', 'Black')] },
    { name: 'Silk Scarf', price: [15, 89], specs: [colours('Ivory', 'Emerald', 'Rose')] },
  ],
  food: [
    { name: 'Pasta', price: [2, 15], specs: [{ name: 'Weight', options: ['500 g', '1 kg'] }] },
    { name: 'Basmati Rice', price: [4, 29], specs: [{ name: 'Weight', options: ['1 kg', '5 kg'] }] },
    { name: 'Butter Biscuits', price: [3, 19], specs: [{ name: 'Pack', options: ['1', '3', '6'] }] },
    { name: 'Strawberry Jam', price: [3, 15], specs: [{ name: 'Weight', options: ['250 g', '450 g'] }] },
  ],
  mobilePhone: [
    { name: 'Headphones', price: [19, 349], specs: [colours('Black', 'Silver', 'Blue')] },
    { name: 'Smartwatch', price: [39, 499], specs: [sizes('41 mm', '45 mm'), colours('Black', 'Gold')] },
    { name: 'iPhone Case', price: [5, 45], specs: [colours('Clear', 'Black', 'Sky')] },
    { name: 'Car Phone Holder', price: [7, 39], specs: [{ name: 'Mount', options: ['Vent', 'Dashboard'] }] },
  ],
  toys: [
    { name: 'Doll House', price: [25, 199], specs: [{ name: 'Rooms', options: ['3', '5', '8'] }] },
    { name: 'Kite', price: [9, 59], specs: [colours('Rainbow', 'Red')] },
    { name: 'Toy Train Set', price: [19, 149], specs: [{ name: 'Pieces', options: ['30', '80'] }] },
    { name: 'Science Kit', price: [15, 79], specs: [{ name: 'Age', options: ['6+', '8+', '12+'] }] },
  ],
};

const BRAND_PARTS = {
  first: ['Zen', 'Vo', 'Lu', 'Kai', 'Tor', 'Mi', 'Sa', 'Quo', 'Ve', 'Ori', 'Ta', 'Bel'],
  second: ['ra', 'tek', 'lia', 'nix', 'vo', 'do', 'mo', 'rix'],
};

/** Products per shop of the large catalogue, on average. */
const LARGE_PRODUCTS_PER_SHOP = 50;
const INSERT_BATCH = 5_000;

/**
 * The products and shops a large catalogue adds to the demo one, up to `total` products: every
 * category the same share, more nouns, brands and shops, sales skewed as in a real marketplace (a few
 * best sellers, a long tail). Pure and deterministic: the same `total` builds the same catalogue.
 */
const buildLargeCatalogue = (total: number, now: Date, demoShopNames: Set<string>) => {
  const random = prng(20_260_428);
  const extra = Math.max(0, total - DEMO_PRODUCTS_PER_CATEGORY * PRODUCT_CATEGORIES.length);
  const brandsOf = (category: ProductCategory) => [
    ...WORDS[category].brands,
    ...BRAND_PARTS.first.map(
      (first, n) => `${first}${BRAND_PARTS.second[(n + PRODUCT_CATEGORIES.indexOf(category)) % 8]}`,
    ),
  ];
  const shopCount = Math.ceil(extra / LARGE_PRODUCTS_PER_SHOP);
  const shopRows: (ShopSeed & { mainCategory: ProductCategory })[] = [];
  const usedNames = new Set(demoShopNames);
  for (let attempt = 0; shopRows.length < shopCount; attempt += 1) {
    const mainCategory = PRODUCT_CATEGORIES[shopRows.length % PRODUCT_CATEGORIES.length] as ProductCategory;
    const base = `${pick(random, SHOP_WORDS.first)} ${pick(random, brandsOf(mainCategory))} ${pick(random, SHOP_WORDS.second)}`;
    // Past the combinations, a branch number keeps names unique.
    const name = attempt < shopCount * 3 ? base : `${base} ${attempt}`;
    if (usedNames.has(name)) continue;
    usedNames.add(name);
    shopRows.push(
      shopRow(
        random,
        name,
        mainCategory,
        { sales: [0, 20_000], favorableRate: [80, 100], totalSales: [0, 900_000], ageDays: [1, 1500] },
        now,
      ),
    );
  }
  const shopsByCategory = new Map<ProductCategory, number[]>();
  shopRows.forEach((shop, index) => {
    shopsByCategory.set(shop.mainCategory, [...(shopsByCategory.get(shop.mainCategory) ?? []), index]);
  });
  const productRows: ProductSeed[] = [];
  for (let n = 0; n < extra; n += 1) {
    const category = PRODUCT_CATEGORIES[n % PRODUCT_CATEGORIES.length] as ProductCategory;
    const words = WORDS[category];
    const noun = pick(random, [...words.nouns, ...EXTRA_NOUNS[category]]);
    const brand = pick(random, brandsOf(category));
    const adjective = pick(random, words.adjectives);
    const shopIndex =
      random() < 0.9 ? pick(random, shopsByCategory.get(category) ?? [0]) : between(random, 0, shopRows.length - 1);
    const [low, high] = noun.price;
    // Once the rating count: the draw stays so the rest of the catalogue does.
    skipDraws(random, 1);
    const sentences = [...words.lines].sort(() => random() - 0.5).slice(0, 3);
    // Pareto-like: most products sell a little, a few sell a lot.
    const sold = Math.floor(20 / Math.max(0.002, random()) ** 1.2) - 20;
    productRows.push({
      shopIndex,
      title: `${brand} ${adjective} ${noun.name}`,
      keyword: noun.name,
      category,
      unitPrice: between(random, low, high) * 100 + pick(random, [0, 0, 49, 90, 99]),
      stock: between(random, 0, 20) === 0 ? 0 : between(random, 5, 500),
      sold: Math.min(sold, 200_000),
      seen: sold * between(random, 2, 20) + between(random, 0, 500),
      ...productBody(random, { brand, noun, sentences }),
      createdAt: new Date(now.getTime() - between(random, 1, 3 * 365 * 24 * 3600) * 1000),
    });
  }
  return { shops: shopRows, products: productRows };
};

const insertProducts = async (tx: Pick<Db, 'execute'>, rows: Record<string, unknown>[]) => {
  // One statement with one JSON parameter: PGlite runs on the main thread, and this keeps the seed short.
  await tx.execute(sql`
      INSERT INTO products (shop_id, title, keyword, category, unit_price, stock, sold, seen, description, specs,
        image_count, rating_count, product_score_sum, service_score_sum, postage_score_sum, created_at)
      SELECT "shopId", title, keyword, category, "unitPrice", stock, sold, seen, description, specs,
        "imageCount", "ratingCount", "productScoreSum", "serviceScoreSum", "postageScoreSum", "createdAt"
      FROM jsonb_to_recordset(${JSON.stringify(rows)}::jsonb) AS r("shopId" int, title text, keyword text,
        category text, "unitPrice" bigint, stock int, sold int, seen int, description text, specs jsonb,
        "imageCount" smallint, "ratingCount" int, "productScoreSum" int, "serviceScoreSum" int,
        "postageScoreSum" int, "createdAt" timestamptz)`);
};

/**
 * Idempotent: builds the demo catalogue once, when there are no shops yet, in one transaction. With
 * `products` above the demo's 640 (SEED_PRODUCTS), a generated large catalogue follows, so the demo's
 * products keep their ids. The search vocabulary is rebuilt after either.
 */
export const seedDemoCatalogue = async (db: Db, now = new Date(), { products: total = 0 } = {}): Promise<void> => {
  const [existing] = await db.select({ n: count() }).from(shops);
  if (existing && existing.n > 0) return;
  const catalogue = buildDemoCatalogue(now);
  await inTransaction(db, async (tx) => {
    const inserted = await tx
      .insert(shops)
      .values(catalogue.shops.map(({ mainCategory: _mainCategory, ...shop }) => shop))
      .onConflictDoNothing({ target: shops.name })
      .returning({ id: shops.id, name: shops.name });
    // Another process seeded first: its rows stand.
    if (inserted.length !== catalogue.shops.length) return;
    const ids = new Map(inserted.map((row) => [row.name, row.id]));
    const rows = catalogue.products.map(({ shopIndex, createdAt, ...product }) => ({
      ...product,
      shopId: ids.get(catalogue.shops[shopIndex]?.name ?? '') ?? 0,
      createdAt: createdAt?.toISOString(),
    }));
    await insertProducts(tx, rows);
    await seedDemoReviews(tx, now, createLedgerRepository(db));
    if (total > rows.length) {
      const large = buildLargeCatalogue(total, now, new Set(catalogue.shops.map((shop) => shop.name)));
      const largeShops: { id: number; name: string }[] = [];
      for (let start = 0; start < large.shops.length; start += INSERT_BATCH) {
        largeShops.push(
          ...(await tx
            .insert(shops)
            .values(large.shops.slice(start, start + INSERT_BATCH).map(({ mainCategory: _m, ...shop }) => shop))
            .returning({ id: shops.id, name: shops.name })),
        );
      }
      const largeIds = new Map(largeShops.map((row) => [row.name, row.id]));
      for (let start = 0; start < large.products.length; start += INSERT_BATCH) {
        await insertProducts(
          tx,
          large.products.slice(start, start + INSERT_BATCH).map(({ shopIndex, createdAt, ...product }) => ({
            ...product,
            shopId: largeIds.get(large.shops[shopIndex]?.name ?? '') ?? 0,
            createdAt: createdAt?.toISOString(),
          })),
        );
      }
    }
    await tx.execute(sql`SELECT refresh_search_words()`);
  });
  // Fresh statistics (and visibility map) for the planner, which otherwise knows nothing of the new rows.
  if (total > DEMO_PRODUCTS_PER_CATEGORY * PRODUCT_CATEGORIES.length)
    await db.execute(sql`VACUUM ANALYZE products, search_titles`);
};
