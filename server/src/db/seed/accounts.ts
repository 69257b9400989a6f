import type { Language } from '@roam/contract/languages';
import type { users } from '../schema.ts';
import { LEGAL_DETAILS } from './legal-details.ts';
import type { CountryCode } from './places.ts';
import { seedId } from './random.ts';

// Demo accounts (README "demo accounts"): fixed e-mails, passwords and ids so people and tests can sign in.

type UserRow = typeof users.$inferInsert;

/** The distinct demo passwords: each is hashed once per seed (argon2id is deliberately slow) and the hash reused. */
export const PASSWORDS = { driver: 'Driver-2026!', supplier: 'Supplier-2026!', admin: 'Admin-2026!' } as const;
export type PasswordKey = keyof typeof PASSWORDS;

type DemoAccount = { id: string; email: string; password: string; fullName: string };
const account = (key: string, email: string, password: string, fullName: string): DemoAccount => ({
  id: seedId(`user:${key}`),
  email,
  password,
  fullName,
});

export const DEMO_ACCOUNTS = {
  /** Verified driver, born 1990 (30+), English. */
  driver: account('driver', 'driver@roam.localhost', PASSWORDS.driver, 'Camille Martin'),
  /** A second verified driver, born 1994, to test that drivers only see their own bookings. */
  driver2: account('driver2', 'driver2@roam.localhost', PASSWORDS.driver, 'Jonas Berg'),
  /** The demo supplier: Azur Coast Rentals, price change 0 %, pay later allowed, no licence required. */
  supplier: account('supplier', 'supplier@roam.localhost', PASSWORDS.supplier, 'Azur Coast Rentals'),
  admin: account('admin', 'admin@roam.localhost', PASSWORDS.admin, 'Alex Admin'),
  /** Blacklisted (suspended) driver: signing in must be refused. */
  suspended: account('suspended', 'suspended@roam.localhost', PASSWORDS.driver, 'Sacha Suspended'),
  /** Driver who never activated the account. */
  unverified: account('unverified', 'unverified@roam.localhost', PASSWORDS.driver, 'Uma Unverified'),
  /** Azur Coast's manager: fleet, prices, bookings, the counter; no money reports, no members. */
  manager: account('manager', 'manager@roam.localhost', PASSWORDS.supplier, 'Morgan Moreau'),
  /** Azur Coast's counter agent: today's bookings, check-out and return, walk-ins, the scheduler. */
  counter: account('counter', 'counter@roam.localhost', PASSWORDS.supplier, 'Chris Dupont'),
  /** Azur Coast's accountant: bookings, statements, invoices and exports, read only. */
  accountant: account('accountant', 'accountant@roam.localhost', PASSWORDS.supplier, 'Alex Martin'),
  /** The platform's support agent: reads every booking and account, acts on bookings; no settings, no money. */
  support: account('support', 'support@roam.localhost', PASSWORDS.admin, 'Sam Support'),
} as const;

/** The demo memberships (docs/decisions/0010-members-of-a-business.md): Azur Coast's team beside its own account, and the platform's support agent. */
export const DEMO_MEMBERSHIPS = [
  { key: 'manager', role: 'manager' },
  { key: 'counter', role: 'counter' },
  { key: 'accountant', role: 'accountant' },
  { key: 'support', role: 'support' },
] as const;

export type SupplierKey =
  | 'azurCoast'
  | 'atlasDrive'
  | 'iberiaWheels'
  | 'nordwind'
  | 'northstar'
  | 'thames'
  | 'kestrel'
  | 'sirocco';

export type SupplierSeed = {
  key: SupplierKey;
  id: string;
  name: string;
  initials: string;
  email: string;
  colour: string;
  language: Language;
  phone: string;
  location: string;
  bio: string;
  priceChangeRate: number;
  payLater: boolean;
  licenseRequired: boolean;
  /** Countries whose locations the supplier serves. */
  countries: readonly CountryCode[];
  /** 'utility': mostly vans, minibuses, trucks and motorhomes. */
  fleet: 'general' | 'utility';
};

type SupplierInput = Omit<SupplierSeed, 'id' | 'email'> & { email?: string };

const SUPPLIER_INPUTS: readonly SupplierInput[] = [
  {
    key: 'azurCoast',
    name: DEMO_ACCOUNTS.supplier.fullName,
    initials: 'AC',
    colour: '#0e7490',
    language: 'en',
    phone: '+33 4 93 00 12 34',
    location: 'Nice, France',
    bio: 'Cars, SUVs and scooters from the Riviera to Andalusia and Morocco.',
    priceChangeRate: 0,
    payLater: true,
    licenseRequired: false,
    countries: ['FR', 'ES', 'MA'],
    fleet: 'general',
  },
  {
    key: 'atlasDrive',
    name: 'Atlas Drive',
    initials: 'AD',
    colour: '#b45309',
    language: 'fr',
    phone: '+212 522 00 45 67',
    location: 'Casablanca, Morocco',
    bio: 'Rentals at every major Moroccan airport, and in Paris and Lyon.',
    priceChangeRate: 5,
    payLater: true,
    licenseRequired: false,
    countries: ['MA', 'FR'],
    fleet: 'general',
  },
  {
    key: 'iberiaWheels',
    name: 'Iberia Wheels',
    initials: 'IW',
    colour: '#be123c',
    language: 'es',
    phone: '+34 910 00 23 45',
    location: 'Madrid, Spain',
    bio: 'Spanish mainland and Canary Islands, plus Tangier and Marrakech.',
    priceChangeRate: -5,
    payLater: true,
    licenseRequired: false,
    countries: ['ES', 'MA'],
    fleet: 'general',
  },
  {
    key: 'nordwind',
    name: 'Nordwind Mobil',
    initials: 'NM',
    colour: '#6d28d9',
    language: 'de',
    phone: '+49 30 0001 2345',
    location: 'Berlin, Germany',
    bio: 'German and Swedish city and airport rentals.',
    priceChangeRate: 10,
    payLater: true,
    licenseRequired: true,
    countries: ['DE', 'SE'],
    fleet: 'general',
  },
  {
    key: 'northstar',
    name: 'Northstar Fleet',
    initials: 'NF',
    colour: '#1d4ed8',
    language: 'se',
    phone: '+46 8 000 123 45',
    location: 'Stockholm, Sweden',
    bio: 'Electric-first fleet in Scandinavia, Germany and the UK.',
    priceChangeRate: 7.5,
    payLater: true,
    licenseRequired: false,
    countries: ['SE', 'DE', 'GB'],
    fleet: 'general',
  },
  {
    key: 'thames',
    name: 'Thames Motor Hire',
    initials: 'TM',
    colour: '#047857',
    language: 'en',
    phone: '+44 20 0000 1234',
    location: 'London, United Kingdom',
    bio: 'London airports, Manchester and Edinburgh; Paris through our partners.',
    priceChangeRate: 2.5,
    payLater: false,
    licenseRequired: false,
    countries: ['GB', 'FR'],
    fleet: 'general',
  },
  {
    key: 'kestrel',
    name: 'Kestrel Vans & Campers',
    initials: 'KV',
    colour: '#334155',
    language: 'en',
    phone: '+44 161 000 5678',
    location: 'Manchester, United Kingdom',
    bio: 'Vans, minibuses, trucks and motorhomes across Europe.',
    priceChangeRate: 12,
    payLater: false,
    licenseRequired: true,
    countries: ['GB', 'FR', 'DE', 'ES'],
    fleet: 'utility',
  },
  {
    key: 'sirocco',
    name: 'Sirocco Mobility',
    initials: 'SM',
    colour: '#c2410c',
    language: 'fr',
    phone: '+33 4 91 00 67 89',
    location: 'Marseille, France',
    bio: 'Sun-belt rentals: Provence, Spain and Morocco.',
    priceChangeRate: -2.5,
    payLater: true,
    licenseRequired: false,
    countries: ['FR', 'ES', 'MA'],
    fleet: 'general',
  },
];

/** The eight suppliers; the first is the demo supplier account, the others are supplier2…8@roam.localhost. */
export const SUPPLIERS: readonly SupplierSeed[] = SUPPLIER_INPUTS.map((input, index) => ({
  ...input,
  id: index === 0 ? DEMO_ACCOUNTS.supplier.id : seedId(`supplier:${input.key}`),
  email: index === 0 ? DEMO_ACCOUNTS.supplier.email : `supplier${index + 1}@roam.localhost`,
}));

export const logoFileId = (supplier: SupplierSeed) => seedId(`file:logo:${supplier.key}`);

/** Every account row; `hashes` holds one argon2id hash per distinct password. */
export function buildUserRows(hashes: Record<PasswordKey, string>, verifiedAt: Date): UserRow[] {
  const { driver, driver2, admin, suspended, unverified, manager, counter, accountant, support } = DEMO_ACCOUNTS;
  const person = (
    demo: DemoAccount,
    fields: Pick<UserRow, 'phone' | 'location' | 'birthDate'> & Partial<UserRow>,
  ): UserRow => ({
    id: demo.id,
    type: 'user',
    email: demo.email,
    fullName: demo.fullName,
    passwordHash: hashes.driver,
    language: 'en',
    verified: true,
    verifiedAt,
    ...fields,
  });
  return [
    person(driver, { phone: '+33 6 12 34 56 78', location: 'Paris, France', birthDate: '1990-04-12' }),
    person(driver2, { phone: '+46 70 123 45 67', location: 'Stockholm, Sweden', birthDate: '1994-07-21' }),
    person(admin, { type: 'admin', passwordHash: hashes.admin, phone: null, location: null, birthDate: null }),
    person(support, { type: 'admin', passwordHash: hashes.admin, phone: null, location: null, birthDate: null }),
    person(manager, {
      type: 'supplier',
      passwordHash: hashes.supplier,
      phone: null,
      location: null,
      birthDate: null,
      language: 'fr',
    }),
    person(counter, {
      type: 'supplier',
      passwordHash: hashes.supplier,
      phone: null,
      location: null,
      birthDate: null,
      language: 'fr',
    }),
    person(accountant, {
      type: 'supplier',
      passwordHash: hashes.supplier,
      phone: null,
      location: null,
      birthDate: null,
      language: 'fr',
    }),
    person(suspended, {
      phone: '+34 612 345 678',
      location: 'Madrid, Spain',
      birthDate: '1988-01-30',
      blacklisted: true,
    }),
    person(unverified, {
      phone: '+49 151 2345 6789',
      location: 'Hamburg, Germany',
      birthDate: '1996-10-05',
      verified: false,
      verifiedAt: null,
    }),
    ...SUPPLIERS.map(
      (supplier): UserRow => ({
        id: supplier.id,
        type: 'supplier',
        email: supplier.email,
        fullName: supplier.name,
        passwordHash: hashes.supplier,
        phone: supplier.phone,
        location: supplier.location,
        bio: supplier.bio,
        language: supplier.language,
        verified: true,
        verifiedAt,
        logoFileId: logoFileId(supplier),
        priceChangeRate: supplier.priceChangeRate,
        payLater: supplier.payLater,
        licenseRequired: supplier.licenseRequired,
        ...LEGAL_DETAILS[supplier.key],
      }),
    ),
  ];
}

/** The membership rows of DEMO_MEMBERSHIPS: the business members work for Azur Coast, the support agent for Roam. */
export function buildMembershipRows() {
  const azurCoast = DEMO_ACCOUNTS.supplier.id;
  return DEMO_MEMBERSHIPS.map(({ key, role }) => ({
    userId: DEMO_ACCOUNTS[key].id,
    businessId: role === 'support' ? null : azurCoast,
    role,
    status: 'active' as const,
    invitedBy: role === 'support' ? DEMO_ACCOUNTS.admin.id : azurCoast,
  }));
}
