/**
 * Why the form came back from the payment step (the step's address, `?booking=`, left for the form's): the pay step
 * navigates back with it as the location's state, and the form reads it. A module of its own so that neither imports
 * the other for it (the form loads the pay step lazily).
 */
export type BackFromPayment = { paymentFailed?: boolean; carTaken?: boolean; holdLapsed?: boolean };
