import type { SVGProps } from 'react';

/** Fine gold line icons, drawn for this site. Decorative: always aria-hidden. */
type IconProps = SVGProps<SVGSVGElement>;

function Icon({ children, ...props }: IconProps) {
  return (
    <svg
      viewBox="0 0 48 48"
      width="48"
      height="48"
      fill="none"
      stroke="currentColor"
      strokeWidth="1"
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
      {...props}
    >
      {children}
    </svg>
  );
}

export function JetIcon(props: IconProps) {
  return (
    <Icon {...props}>
      <path d="M6 27.5c6-.6 22-1.6 31-1.6 3.2 0 5.2.9 5.2 1.9S40.2 29.7 37 29.7H9.5L6 27.5z" />
      <path d="M29 26l-4.5-9.5h3L35 26" />
      <path d="M22 29.7l-5 7h3l8-7" />
      <path d="M9.5 26.6l-2.6-6.1h2.3l4.6 5.8" />
      <path d="M17 27.8h.01M20.5 27.8h.01M24 27.8h.01M27.5 27.8h.01M31 27.8h.01" strokeWidth="1.6" />
    </Icon>
  );
}

export function VillaIcon(props: IconProps) {
  return (
    <Icon {...props}>
      <path d="M5 36h38" />
      <path d="M10 36V23h20v13" />
      <path d="M7 23h30" />
      <path d="M16 16h24v20" />
      <path d="M13 16h30" />
      <path d="M14 27h12v5H14zM21 20h14" />
      <path d="M5 40h24" opacity="0.6" />
    </Icon>
  );
}

export function ClocheIcon(props: IconProps) {
  return (
    <Icon {...props}>
      <path d="M8 33c0-9 7.2-16 16-16s16 7 16 16" />
      <path d="M5 33h38M9 37h30" />
      <path d="M22 17v-2.2a2 2 0 014 0V17" />
      <path d="M13.5 28c1.2-3.6 4-6.4 7.5-7.5" opacity="0.7" />
    </Icon>
  );
}

export function ConciergeIcon(props: IconProps) {
  return (
    <Icon {...props}>
      <circle cx="24" cy="24" r="17" />
      <path d="M24 12v12l7.5 4.5" />
      <path d="M24 4v3M24 41v3M4 24h3M41 24h3" opacity="0.7" />
    </Icon>
  );
}

export function ShieldIcon(props: IconProps) {
  return (
    <Icon {...props}>
      <path d="M24 5l15 5.5v10.7C39 31 32.6 39.3 24 43 15.4 39.3 9 31 9 21.2V10.5L24 5z" />
      <path d="M18 24l4.5 4.5L31 20" />
    </Icon>
  );
}

export function KeyIcon(props: IconProps) {
  return (
    <Icon {...props}>
      <circle cx="16" cy="24" r="7" />
      <path d="M23 24h20M37 24v6M42 24v4" />
    </Icon>
  );
}

export function EyeOffIcon(props: IconProps) {
  return (
    <Icon {...props}>
      <path d="M6 24s6.5-10 18-10 18 10 18 10-6.5 10-18 10S6 24 6 24z" />
      <circle cx="24" cy="24" r="5" />
      <path d="M9 39L39 9" />
    </Icon>
  );
}

export function HandshakeIcon(props: IconProps) {
  return (
    <Icon {...props}>
      <path d="M4 20l7-6 7 3 5-2 6 1 7-3 8 7" />
      <path d="M11 14l-7 12 6 5M37 13l7 13-6 5" />
      <path d="M18 17l-5 6c1.3 1.5 3.5 1.5 5 0l3-3 10 9c1 1-0.5 3-2 2" />
      <path d="M28.9 31c1 1-.5 3-2 2l-2-2M24.7 33.1c1 1-.5 3-2 2l-2.5-2.2" />
    </Icon>
  );
}

export function StarBurstIcon(props: IconProps) {
  return (
    <Icon {...props}>
      <path d="M24 5v38M5 24h38M10.6 10.6l26.8 26.8M37.4 10.6L10.6 37.4" opacity="0.55" />
      <path d="M24 15l2.6 6.4L33 24l-6.4 2.6L24 33l-2.6-6.4L15 24l6.4-2.6z" />
    </Icon>
  );
}

export function InstagramIcon(props: IconProps) {
  return (
    <Icon viewBox="0 0 24 24" width="18" height="18" strokeWidth="1.2" {...props}>
      <rect x="3" y="3" width="18" height="18" rx="5" />
      <circle cx="12" cy="12" r="4.2" />
      <circle cx="17.4" cy="6.6" r="0.6" fill="currentColor" stroke="none" />
    </Icon>
  );
}

export function LinkedInIcon(props: IconProps) {
  return (
    <Icon viewBox="0 0 24 24" width="18" height="18" strokeWidth="1.2" {...props}>
      <rect x="3" y="3" width="18" height="18" rx="2.5" />
      <path d="M7.5 10.5v6M7.5 7.4v.1M11.5 16.5v-6M11.5 13c0-1.6 1.1-2.6 2.5-2.6s2.5 1 2.5 2.6v3.5" />
    </Icon>
  );
}

export function ArrowDownIcon(props: IconProps) {
  return (
    <Icon viewBox="0 0 16 40" width="16" height="40" {...props}>
      <path d="M8 2v35M3 32l5 5 5-5" />
    </Icon>
  );
}
