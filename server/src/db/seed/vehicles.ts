import type { CarRange, FuelType } from '@roam/contract/cars';

// The demo fleet's catalogue: real model names per range (spec §3: mini = Car, midi = SUV, maxi = Van), with the
// fuel types each model really comes in and its seats and doors.

export type VehicleModel = { name: string; fuels: readonly FuelType[]; seats: number; doors: number };

const model = (name: string, fuels: readonly FuelType[], seats: number, doors: number): VehicleModel => ({
  name,
  fuels,
  seats,
  doors,
});

export const MODELS: Record<CarRange, readonly VehicleModel[]> = {
  mini: [
    model('Renault Clio', ['gasoline', 'diesel', 'hybrid'], 5, 5),
    model('Peugeot 208', ['gasoline', 'diesel'], 5, 5),
    model('Peugeot e-208', ['electric'], 5, 5),
    model('Volkswagen Polo', ['gasoline'], 5, 5),
    model('Volkswagen Golf', ['gasoline', 'diesel', 'plugInHybrid'], 5, 5),
    model('Fiat 500', ['gasoline', 'hybrid'], 4, 3),
    model('Fiat 500e', ['electric'], 4, 3),
    model('Toyota Yaris', ['hybrid', 'gasoline'], 5, 5),
    model('Toyota Corolla', ['hybrid'], 5, 5),
    model('Citroën C3', ['gasoline', 'diesel'], 5, 5),
    model('Dacia Sandero', ['gasoline'], 5, 5),
    model('Opel Corsa', ['gasoline', 'electric'], 5, 5),
    model('Seat Ibiza', ['gasoline'], 5, 5),
    model('Renault Zoe', ['electric'], 5, 5),
    model('Skoda Octavia', ['diesel', 'gasoline'], 5, 5),
    model('Mercedes-Benz A-Class', ['gasoline', 'diesel', 'plugInHybrid'], 5, 5),
    model('BMW 1 Series', ['gasoline', 'diesel'], 5, 5),
    model('Tesla Model 3', ['electric'], 5, 4),
    model('Kia Picanto', ['gasoline'], 4, 5),
    model('Hyundai i10', ['gasoline'], 4, 5),
    model('MINI Cooper', ['gasoline', 'electric'], 4, 3),
    model('Volvo V60', ['diesel', 'plugInHybrid'], 5, 5),
  ],
  midi: [
    model('Peugeot 3008', ['diesel', 'gasoline', 'hybrid', 'plugInHybrid'], 5, 5),
    model('Peugeot 5008', ['diesel', 'gasoline'], 7, 5),
    model('Dacia Duster', ['diesel', 'gasoline'], 5, 5),
    model('Renault Captur', ['gasoline', 'hybrid'], 5, 5),
    model('Volkswagen Tiguan', ['diesel', 'gasoline'], 5, 5),
    model('Toyota RAV4', ['hybrid', 'plugInHybrid'], 5, 5),
    model('Nissan Qashqai', ['gasoline', 'hybrid'], 5, 5),
    model('Hyundai Tucson', ['hybrid', 'gasoline'], 5, 5),
    model('Kia Sportage', ['diesel', 'hybrid'], 5, 5),
    model('Jeep Compass', ['gasoline', 'plugInHybrid'], 5, 5),
    model('BMW X3', ['diesel', 'plugInHybrid'], 5, 5),
    model('Volvo XC60', ['plugInHybrid', 'diesel'], 5, 5),
    model('Volvo EX40', ['electric'], 5, 5),
    model('Tesla Model Y', ['electric'], 5, 5),
    model('Skoda Kodiaq', ['diesel'], 7, 5),
    model('Kia EV6', ['electric'], 5, 5),
    model('Audi Q5', ['diesel'], 5, 5),
  ],
  maxi: [
    model('Renault Trafic', ['diesel'], 9, 4),
    model('Volkswagen Transporter', ['diesel'], 9, 4),
    model('Volkswagen ID. Buzz', ['electric'], 7, 5),
    model('Mercedes-Benz V-Class', ['diesel'], 8, 5),
    model('Mercedes-Benz Vito Tourer', ['diesel', 'electric'], 9, 4),
    model('Ford Transit Custom', ['diesel', 'plugInHybrid'], 9, 4),
    model('Citroën SpaceTourer', ['diesel'], 9, 4),
    model('Peugeot Traveller', ['diesel'], 8, 4),
    model('Opel Zafira Life', ['diesel'], 8, 4),
    model('Toyota Proace Verso', ['diesel'], 9, 4),
  ],
  scooter: [
    model('Vespa Primavera 125', ['gasoline'], 2, 0),
    model('Vespa Elettrica', ['electric'], 2, 0),
    model('Piaggio Liberty 125', ['gasoline'], 2, 0),
    model('Honda PCX 125', ['gasoline'], 2, 0),
    model('Yamaha NMAX 125', ['gasoline'], 2, 0),
    model('Yamaha XMAX 300', ['gasoline'], 2, 0),
    model('Kymco Agility 125', ['gasoline'], 2, 0),
    model('Peugeot Django 125', ['gasoline'], 2, 0),
    model('NIU NQi GTS', ['electric'], 2, 0),
    model('Silence S01', ['electric'], 2, 0),
  ],
  bus: [
    model('Mercedes-Benz Sprinter Minibus', ['diesel'], 19, 2),
    model('Iveco Daily Minibus', ['diesel'], 22, 2),
    model('Ford Transit Minibus', ['diesel'], 17, 2),
    model('Volkswagen Crafter Minibus', ['diesel'], 16, 2),
    model('Karsan e-JEST', ['electric'], 22, 2),
    model('Mercedes-Benz Tourismo', ['diesel'], 49, 2),
    model('Setra S 515 HD', ['diesel'], 49, 2),
    model("MAN Lion's Coach", ['diesel'], 51, 2),
  ],
  truck: [
    model('Iveco Daily', ['diesel'], 3, 2),
    model('Mercedes-Benz Sprinter', ['diesel'], 3, 4),
    model('Renault Master', ['diesel', 'electric'], 3, 4),
    model('Ford Transit Luton', ['diesel'], 3, 2),
    model('Volkswagen Crafter', ['diesel'], 3, 4),
    model('Citroën Jumper', ['diesel'], 3, 4),
    model('Peugeot Boxer', ['diesel'], 3, 4),
    model('Fiat Ducato', ['diesel'], 3, 4),
    model('MAN TGL 7.5 t', ['diesel'], 3, 2),
  ],
  caravan: [
    model('Hymer Exsis', ['diesel'], 4, 3),
    model('Hymer B-Class', ['diesel'], 4, 3),
    model('Adria Coral', ['diesel'], 4, 3),
    model('Bürstner Lyseo', ['diesel'], 4, 3),
    model('Knaus Sky TI', ['diesel'], 4, 3),
    model('Dethleffs Trend', ['diesel'], 4, 3),
    model('Pössl Roadcruiser', ['diesel'], 4, 3),
    model('Volkswagen California', ['diesel', 'gasoline'], 4, 4),
  ],
};

/** Fleet mix: weighted towards cars, SUVs and vans. */
export const RANGE_WEIGHTS: readonly (readonly [CarRange, number])[] = [
  ['mini', 36],
  ['midi', 24],
  ['maxi', 13],
  ['scooter', 9],
  ['bus', 5],
  ['truck', 7],
  ['caravan', 6],
];

/** A specialist in vans, trucks and campers. */
export const UTILITY_RANGE_WEIGHTS: readonly (readonly [CarRange, number])[] = [
  ['midi', 10],
  ['maxi', 30],
  ['bus', 10],
  ['truck', 25],
  ['caravan', 25],
];

/** Body colours of the generated car images: `shade` draws bumpers and trim. */
export const COLOURS = [
  { key: 'red', body: '#c62828', shade: '#8e1b1b' },
  { key: 'blue', body: '#1e56c8', shade: '#143a88' },
  { key: 'graphite', body: '#3f4753', shade: '#262b33' },
  { key: 'silver', body: '#a7afba', shade: '#747d89' },
  { key: 'green', body: '#2e7d4f', shade: '#1d5434' },
  { key: 'orange', body: '#e8750c', shade: '#a65207' },
] as const;

export type Colour = (typeof COLOURS)[number];
export type ColourKey = Colour['key'];

/** Base daily price in EUR per range (min, max) before the country factor. */
export const DAILY_PRICE_EUR: Record<CarRange, readonly [number, number]> = {
  mini: [25, 60],
  midi: [45, 95],
  maxi: [70, 130],
  scooter: [15, 35],
  bus: [180, 380],
  truck: [60, 140],
  caravan: [95, 190],
};

/** Deposits in EUR (around the 250/500/750 filter thresholds, spec §9) per range. */
export const DEPOSITS_EUR: Record<CarRange, readonly number[]> = {
  mini: [200, 250, 300, 450, 500, 600, 750],
  midi: [450, 500, 600, 750, 900],
  maxi: [500, 600, 750, 900, 1200],
  scooter: [200, 250, 300],
  bus: [900, 1200],
  truck: [600, 750, 900, 1200],
  caravan: [900, 1200],
};
