// One language's server texts, one file per area (the same files in every language: ../../resources.ts).
export { default as account } from './account.json';
export { default as bookingAccess } from './bookingAccess.json';
export { default as counter } from './counter.json';
export { default as documents } from './documents.json';
export { default as exports } from './exports.json';
export { default as invoices } from './invoices.json';
export { default as newsletter } from './newsletter.json';
export { default as notices } from './notices.json';
export { default as reminders } from './reminders.json';
export { default as setup } from './setup.json';
