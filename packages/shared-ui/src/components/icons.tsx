import type { SVGProps } from 'react';

// A handful of stroke icons (24x24, currentColor) so that pages need no icon library.
type IconProps = SVGProps<SVGSVGElement>;

function Svg({ children, ...rest }: IconProps) {
  return (
    <svg
      viewBox="0 0 24 24"
      width="1em"
      height="1em"
      fill="none"
      stroke="currentColor"
      strokeWidth={2}
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
      {...rest}
    >
      {children}
    </svg>
  );
}

/** An icon drawn as the paths `d` (one stroke each). */
const pathIcon =
  (...d: string[]) =>
  (props: IconProps) => (
    <Svg {...props}>
      {d.map((path) => (
        <path key={path} d={path} />
      ))}
    </Svg>
  );

export const EditIcon = pathIcon('M12 20h9', 'M16.5 3.5a2.12 2.12 0 0 1 3 3L7 19l-4 1 1-4Z');

export const TrashIcon = pathIcon('M3 6h18', 'M8 6V4h8v2', 'M19 6l-1 14H6L5 6');

export const CloseIcon = pathIcon('M18 6 6 18', 'm6 6 12 12');

export const PlusIcon = pathIcon('M12 5v14', 'M5 12h14');

export const SearchIcon = (props: IconProps) => (
  <Svg {...props}>
    <circle cx="11" cy="11" r="7" />
    <path d="m21 21-4.3-4.3" />
  </Svg>
);

export const ChevronLeftIcon = pathIcon('m15 18-6-6 6-6');

export const ChevronRightIcon = pathIcon('m9 18 6-6-6-6');

export const MenuIcon = pathIcon('M4 6h16', 'M4 12h16', 'M4 18h16');
