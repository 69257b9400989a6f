import type { ReactNode, SVGProps } from 'react';

// Small decorative icons drawn on a 24-unit grid with the current text colour. They are always
// aria-hidden: the text next to them (or the control's label) carries the meaning.

export type IconProps = Omit<SVGProps<SVGSVGElement>, 'children'> & { size?: number };

/** The shared frame; an icon used by one lazily loaded screen is drawn with it there, keeping it out of the entry. */
export function Icon({ size = 20, ...props }: IconProps & { children: ReactNode }) {
  return (
    <svg
      viewBox="0 0 24 24"
      width={size}
      height={size}
      fill="none"
      stroke="currentColor"
      strokeWidth={2}
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
      {...props}
    />
  );
}

export function LogoMark(props: IconProps) {
  return (
    <svg viewBox="0 0 32 32" width={props.size ?? 32} height={props.size ?? 32} aria-hidden="true" focusable="false">
      <rect width="32" height="32" rx="8" fill="#ffb300" />
      <path
        d="M10 23V9h6.5a4.5 4.5 0 0 1 0 9H13m3 0 5 5"
        fill="none"
        stroke="#111"
        strokeWidth="3"
        strokeLinecap="round"
        strokeLinejoin="round"
      />
    </svg>
  );
}

export function GlobeIcon(props: IconProps) {
  return (
    <Icon {...props}>
      <circle cx="12" cy="12" r="9" />
      <path d="M3 12h18M12 3a14 14 0 0 1 0 18M12 3a14 14 0 0 0 0 18" />
    </Icon>
  );
}

export function BellIcon(props: IconProps) {
  return (
    <Icon {...props}>
      <path d="M6 8a6 6 0 0 1 12 0c0 7 3 9 3 9H3s3-2 3-9" />
      <path d="M10.3 21a1.94 1.94 0 0 0 3.4 0" />
    </Icon>
  );
}

export function ChevronDownIcon(props: IconProps) {
  return (
    <Icon size={16} {...props}>
      <path d="m6 9 6 6 6-6" />
    </Icon>
  );
}

export function UserIcon(props: IconProps) {
  return (
    <Icon {...props}>
      <circle cx="12" cy="8" r="4" />
      <path d="M4 21a8 8 0 0 1 16 0" />
    </Icon>
  );
}

export function CheckIcon(props: IconProps) {
  return (
    <Icon size={18} {...props}>
      <path d="m5 12 5 5 9-10" />
    </Icon>
  );
}
