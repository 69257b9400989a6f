import { z } from 'zod';
import { CarRangeSchema } from './cars.schema.ts';
import {
  CATALOGUE_EXTRA_CHARGES,
  CATALOGUE_EXTRA_MESSAGES,
  MAX_EXTRA_QUANTITY,
  MAX_EXTRA_STOCK,
} from './catalogue-extras.ts';
import { text } from './text.schema.ts';

// The schemas of the business's own extras (their rules and types: catalogue-extras.ts).

/** 100,000.00 in minor units: far above any extra's price. */
const MAX_EXTRA_PRICE = 10_000_000;
const Price = z.number().int().min(0).max(MAX_EXTRA_PRICE);
const Name = text().min(1).max(80);

export const CatalogueExtraNamesSchema = z.object({ en: Name, fr: Name, es: Name, se: Name, de: Name });
export const CatalogueExtraChargeSchema = z.enum(CATALOGUE_EXTRA_CHARGES);

/** A location's stock of the extra: how many it has to rent out at once. */
export const ExtraStockSchema = z.object({
  locationId: z.uuid(),
  quantity: z.number().int().min(0).max(MAX_EXTRA_STOCK),
});

/** What the operator edits. An empty `stock` is unlimited everywhere; else only its locations, each its own. */
export const CatalogueExtraFieldsSchema = z
  .object({
    names: CatalogueExtraNamesSchema,
    charge: CatalogueExtraChargeSchema,
    price: Price,
    /** Per day only: the most one of it costs per rental; null: none. */
    maxPerRental: Price.nullable().default(null),
    /** The most one booking may take. */
    maxQuantity: z.number().int().min(1).max(MAX_EXTRA_QUANTITY).default(1),
    /** Added to every booking of the cars that offer it (a cleaning fee). */
    mandatory: z.boolean().default(false),
    /** The cars and ranges that offer it; both empty: every car of the business. */
    carIds: z.array(z.uuid()).max(500).default([]),
    ranges: z.array(CarRangeSchema).max(7).default([]),
    stock: z.array(ExtraStockSchema).max(500).default([]),
  })
  .refine((extra) => extra.charge === 'perDay' || extra.maxPerRental === null, {
    path: ['maxPerRental'],
    error: 'Only a price per day has a maximum per rental.',
  })
  .refine((extra) => extra.maxPerRental === null || extra.maxPerRental > extra.price, {
    path: ['maxPerRental'],
    error: CATALOGUE_EXTRA_MESSAGES.maxBelowPrice,
  })
  .refine((extra) => new Set(extra.stock.map((row) => row.locationId)).size === extra.stock.length, {
    path: ['stock'],
    error: 'Each location once.',
  });

/** `POST /api/create-catalogue-extra`: the admin names the business; a supplier's is its own. */
export const CreateCatalogueExtraBodySchema = CatalogueExtraFieldsSchema.and(
  z.object({ supplierId: z.uuid().optional() }),
);
/** `PUT /api/update-catalogue-extra/{id}`: every field, as the editor shows them. */
export const UpdateCatalogueExtraBodySchema = CatalogueExtraFieldsSchema;

export const CatalogueExtraSchema = z.object({
  _id: z.uuid(),
  supplierId: z.uuid(),
  names: CatalogueExtraNamesSchema,
  charge: CatalogueExtraChargeSchema,
  price: z.number().int(),
  maxPerRental: z.number().int().nullable(),
  maxQuantity: z.number().int(),
  mandatory: z.boolean(),
  carIds: z.array(z.uuid()),
  ranges: z.array(CarRangeSchema),
  stock: z.array(ExtraStockSchema),
});
export const CatalogueExtraListSchema = z.array(CatalogueExtraSchema);
export const CatalogueExtrasQuerySchema = z.object({ supplierId: z.uuid().optional() });

/** `GET /api/car-catalogue-extras/{id}`: what the car offers at the pick-up location over the period. */
export const CarCatalogueExtrasQuerySchema = z.object({
  locationId: z.uuid(),
  pickupAt: z.iso.datetime({ offset: true }),
  dropoffAt: z.iso.datetime({ offset: true }),
});

/** An extra as the checkout offers it: its prices without the percentage (the price engine adds it), and its stock. */
export const OfferedCatalogueExtraSchema = CatalogueExtraSchema.pick({
  _id: true,
  names: true,
  charge: true,
  price: true,
  maxPerRental: true,
  maxQuantity: true,
  mandatory: true,
}).extend({
  /** How many are left at the location over the period; null: no stock kept (unlimited). */
  left: z.number().int().nullable(),
});
export const OfferedCatalogueExtrasSchema = z.array(OfferedCatalogueExtraSchema);

/** The extras a checkout (or a walk-in) takes: each once, with its quantity; mandatory ones are added. */
export const ChosenCatalogueExtrasSchema = z
  .array(z.object({ extraId: z.uuid(), quantity: z.number().int().min(1).max(MAX_EXTRA_QUANTITY) }))
  .max(50)
  .refine((chosen) => new Set(chosen.map((row) => row.extraId)).size === chosen.length, { error: 'Each extra once.' });

/** In the booking's terms (booked-terms.ts). */
export const BookedCatalogueExtraSchema = z.object({
  id: z.string(),
  names: z.object({ en: z.string(), fr: z.string(), es: z.string(), se: z.string(), de: z.string() }),
  charge: CatalogueExtraChargeSchema,
  price: z.number().int(),
  maxPerRental: z.number().int().nullable(),
  quantity: z.number().int(),
  mandatory: z.boolean(),
});
