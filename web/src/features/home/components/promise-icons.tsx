import type { ReactNode } from 'react';

function PromiseIcon({ children }: { children: ReactNode }) {
  return (
    <svg
      viewBox="0 0 24 24"
      width="26"
      height="26"
      fill="none"
      stroke="currentColor"
      strokeWidth={1.8}
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
    >
      {children}
    </svg>
  );
}

/** 24-hour roadside assistance: a wrench. */
function RoadsideIcon() {
  return (
    <PromiseIcon>
      <path d="M14.7 6.3a4 4 0 0 0 5 5l-8.4 8.4a2.1 2.1 0 0 1-3-3l8.4-8.4a4 4 0 0 0-2-2Z" />
      <path d="M14.7 6.3 17 4l3 3-2.3 2.3" />
    </PromiseIcon>
  );
}

/** No hidden charges: a price tag. */
function PriceTagIcon() {
  return (
    <PromiseIcon>
      <path d="M20.6 13.4 13.4 20.6a2 2 0 0 1-2.8 0L3 13V3h10l7.6 7.6a2 2 0 0 1 0 2.8Z" />
      <circle cx="7.5" cy="7.5" r="1.5" />
    </PromiseIcon>
  );
}

/** Unlimited mileage: an infinity sign. */
function InfinityIcon() {
  return (
    <PromiseIcon>
      <path d="M12 12c-2-2.7-3.6-4-5.3-4a4 4 0 0 0 0 8c1.7 0 3.3-1.3 5.3-4Zm0 0c2 2.7 3.6 4 5.3 4a4 4 0 0 0 0-8c-1.7 0-3.3 1.3-5.3 4Z" />
    </PromiseIcon>
  );
}

/** Flexible pick-up and drop-off: two places joined by a route. */
function RouteIcon() {
  return (
    <PromiseIcon>
      <circle cx="6" cy="19" r="2.5" />
      <path d="M18 10.5c-1.9 0-3.5-1.6-3.5-3.5S16.1 3.5 18 3.5s3.5 1.6 3.5 3.5-1.6 3.5-3.5 3.5Z" />
      <path d="M8.5 19H16a3 3 0 0 0 0-6H8a3 3 0 0 1 0-6h4.5" />
    </PromiseIcon>
  );
}

/** Instant booking confirmation: a lightning bolt. */
function LightningIcon() {
  return (
    <PromiseIcon>
      <path d="M13 2 4 14h7l-1 8 9-12h-7l1-8Z" />
    </PromiseIcon>
  );
}

/** 24/7 support: a headset. */
function HeadsetIcon() {
  return (
    <PromiseIcon>
      <path d="M4 14v-2a8 8 0 0 1 16 0v2" />
      <path d="M4 14a2 2 0 0 1 2-2h1v6H6a2 2 0 0 1-2-2v-2Zm16 0a2 2 0 0 0-2-2h-1v6h1a2 2 0 0 0 2-2v-2Z" />
      <path d="M17 18a3 3 0 0 1-3 3h-2" />
    </PromiseIcon>
  );
}

export const PROMISE_ICONS = {
  roadside: RoadsideIcon,
  noHiddenCharges: PriceTagIcon,
  unlimitedMileage: InfinityIcon,
  flexiblePickup: RouteIcon,
  instantConfirmation: LightningIcon,
  support: HeadsetIcon,
} as const;
