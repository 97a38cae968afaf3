import type { ReactNode } from 'react';
import type { IconName } from '../routes';

/** The paths `d`, one stroke each. */
const strokes = (...d: string[]) => (
  <>
    {d.map((path) => (
      <path key={path} d={path} />
    ))}
  </>
);

// Simple 24x24 stroke icons (no emoji, no icon font), drawn with currentColor.
const paths: Record<IconName, ReactNode> = {
  dashboard: (
    <>
      <rect x="3" y="3" width="7" height="9" rx="1" />
      <rect x="14" y="3" width="7" height="5" rx="1" />
      <rect x="14" y="12" width="7" height="9" rx="1" />
      <rect x="3" y="16" width="7" height="5" rx="1" />
    </>
  ),
  products: strokes('M21 8l-9-5-9 5 9 5 9-5z', 'M3 8v8l9 5 9-5V8', 'M12 13v8'),
  incoming: strokes('M12 3v12', 'M7 10l5 5 5-5', 'M4 17v3h16v-3'),
  outgoing: strokes('M12 15V3', 'M7 8l5-5 5 5', 'M4 17v3h16v-3'),
  damaged: strokes('M12 3l10 18H2L12 3z', 'M12 10v4', 'M12 17.5v.5'),
  barcode: strokes('M4 5v14M7 5v14M11 5v14M14 5v14M18 5v14M20 5v14'),
  reports: strokes('M6 3h9l4 4v14H6z', 'M9 13h6M9 17h6M9 9h3'),
  orders: strokes('M9 5h11M9 12h11M9 19h11', 'M4 5h.01M4 12h.01M4 19h.01'),
  // A shopping bag: the buyers' orders from the marketplaces.
  marketplace: strokes('M5 8h14l-1 13H6z', 'M9 11V6a3 3 0 016 0v5'),
  // A list with ticked boxes: Daftar Ambil, picking from the shelves.
  pick: strokes('M4 5h3v3H4zM4 11h3v3H4zM4 17h3v3H4z', 'M10 6.5h10M10 12.5h10M10 18.5h10'),
  // A parcel with a scan line: packing and shipping by scanning.
  packing: strokes('M4 8l8-4 8 4v8l-8 4-8-4z', 'M4 8l8 4 8-4M12 12v8'),
  // A curved arrow back: a returned package.
  returns: strokes('M9 14L4 9l5-5', 'M4 9h10a6 6 0 010 12h-3'),
  // A clipboard with ticks: a stock take.
  opname: strokes('M9 4h6v3H9z', 'M7 5H5v16h14V5h-2', 'M8 12l2 2 4-4M8 17h8'),
  pembukuan: strokes('M4 4h12a3 3 0 013 3v13H7a3 3 0 01-3-3z', 'M8 9h7M8 13h7'),
  // Money coming in: a coin with an arrow down into the tray.
  settlements: (
    <>
      <circle cx="12" cy="8" r="5" />
      <path d="M12 5.5v5M10 8.5l2 2 2-2" />
      <path d="M4 15v5h16v-5" />
    </>
  ),
  activity: strokes('M3 12h4l3-8 4 16 3-8h4'),
  users: (
    <>
      <circle cx="9" cy="8" r="3.5" />
      <path d="M2.5 20a6.5 6.5 0 0113 0M16 4.5a3.5 3.5 0 010 7M18 14a5 5 0 013.5 6" />
    </>
  ),
  // A build going up: an arrow out of a tray.
  deploy: strokes('M12 15V4M7.5 8.5 12 4l4.5 4.5', 'M4 14v6h16v-6'),
};

/** A name the set does not have (a remote's declared page may name one): a plain square. */
const GENERIC_ICON = <rect x="4" y="4" width="16" height="16" rx="2" />;

/** A decorative 24x24 stroke icon of `size` pixels, in currentColor. */
function StrokeSvg({
  size,
  strokeWidth,
  children,
}: {
  size: string;
  strokeWidth: string;
  children: ReactNode;
}) {
  return (
    <svg
      width={size}
      height={size}
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth={strokeWidth}
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
    >
      {children}
    </svg>
  );
}

export function RouteIcon({ name }: { name: string }) {
  return (
    <StrokeSvg size="20" strokeWidth="2">
      {Object.prototype.hasOwnProperty.call(paths, name) ? paths[name as IconName] : GENERIC_ICON}
    </StrokeSvg>
  );
}

/** The sidebar's 'more below' cue. */
export function ChevronDownIcon() {
  return (
    <StrokeSvg size="14" strokeWidth="2.5">
      <path d="m6 9 6 6 6-6" />
    </StrokeSvg>
  );
}
