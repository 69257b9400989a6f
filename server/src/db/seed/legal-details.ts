import type { SupplierKey } from './accounts.ts';

// The demo suppliers as the seller on their invoices (docs/decisions/0011-invoices.md): a legal name, a registered
// address and a VAT number in each country's format. Invented: no real company is named.

export const LEGAL_DETAILS: Record<SupplierKey, { legalName: string; legalAddress: string; vatNumber: string }> = {
  azurCoast: {
    legalName: 'Azur Coast Location SAS',
    legalAddress: '12 promenade des Anglais, 06000 Nice, France',
    vatNumber: 'FR40123456789',
  },
  atlasDrive: {
    legalName: 'Atlas Drive SARL',
    legalAddress: '45 boulevard d’Anfa, 20000 Casablanca, Maroc',
    vatNumber: 'MA12345678',
  },
  iberiaWheels: {
    legalName: 'Iberia Wheels S.L.',
    legalAddress: 'Calle de Alcalá 120, 28009 Madrid, España',
    vatNumber: 'ESB12345678',
  },
  nordwind: {
    legalName: 'Nordwind Mobil GmbH',
    legalAddress: 'Invalidenstraße 90, 10115 Berlin, Deutschland',
    vatNumber: 'DE123456789',
  },
  northstar: {
    legalName: 'Northstar Biluthyrning AB',
    legalAddress: 'Sveavägen 44, 111 34 Stockholm, Sverige',
    vatNumber: 'SE556677889901',
  },
  thames: {
    legalName: 'Thames Car Hire Ltd',
    legalAddress: '20 Albert Embankment, London SE1 7TJ, United Kingdom',
    vatNumber: 'GB123456789',
  },
  kestrel: {
    legalName: 'Kestrel Vehicle Rental Ltd',
    legalAddress: '1 Piccadilly Gardens, Manchester M1 1RG, United Kingdom',
    vatNumber: 'GB987654321',
  },
  sirocco: {
    legalName: 'Sirocco Location SARL',
    legalAddress: '8 quai du Port, 13002 Marseille, France',
    vatNumber: 'FR81987654321',
  },
};
