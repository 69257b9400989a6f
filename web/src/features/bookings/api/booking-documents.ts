// A booking's documents: plain downloads the browser fetches with the session cookie, so no
// TanStack query — only their addresses, one place for both.

export const bookingReceiptUrl = (bookingId: string) => `/api/booking-receipt/${encodeURIComponent(bookingId)}`;
export const bookingCalendarUrl = (bookingId: string) => `/api/booking-calendar/${encodeURIComponent(bookingId)}`;
