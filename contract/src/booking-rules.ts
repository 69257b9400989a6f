// Without zod, like enum-values.ts: the web's first download reads these (see why there).

/** Booking time rules shared by the search form and the server (spec §5 date messages). */
export const BOOKING_RULES = {
  minPickupLeadHours: 1,
  minRentalHours: 1,
  /** The longest rental one booking may be: a quarter (the admin changes it: console, booking rules). */
  maxRentalDays: 90,
  earliestHour: 7,
  latestHour: 22,
  minDriverAge: 21,
  minPasswordLength: 6,
  cancellationThresholdHours: 24,
  depositThresholds: [250, 500, 750],
  pageSize: { general: 30, cars: 15, bookings: 20, bookingsMobile: 10, notifications: 30 },
} as const;

/** The rental period rules of every deployment (spec §9 constants), as the settings give them to the screens. */
export const RENTAL_PERIOD_RULES = {
  minPickupLeadHours: BOOKING_RULES.minPickupLeadHours,
  minRentalHours: BOOKING_RULES.minRentalHours,
  maxRentalDays: BOOKING_RULES.maxRentalDays,
  earliestPickupHour: BOOKING_RULES.earliestHour,
  latestPickupHour: BOOKING_RULES.latestHour,
  earliestDropoffHour: BOOKING_RULES.earliestHour,
  latestDropoffHour: BOOKING_RULES.latestHour,
};
