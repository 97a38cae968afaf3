import { createGlobalStyle } from 'styled-components';

const breakpoints = { sm: 640, md: 768, lg: 1024, xl: 1280 } as const;

/**
 * The one theme of the UI kit. Every styled component reads colours and sizes from here. Text
 * colours keep at least 4.5:1 (WCAG 2.1 AA) on white and on the soft backgrounds they sit on:
 * `green` and `textMuted` are a shade darker than the usual palette for that reason.
 */
export const theme = {
  colors: {
    primary: '#2563eb',
    primaryHover: '#1d4ed8',
    primarySoft: '#dbeafe',
    green: '#15803d',
    greenHover: '#166534',
    greenSoft: '#dcfce7',
    greenText: '#166534',
    red: '#dc2626',
    redHover: '#b91c1c',
    redSoft: '#fee2e2',
    redText: '#991b1b',
    amber: '#f59e0b',
    amberSoft: '#fef3c7',
    amberText: '#92400e',
    /** White text on amber (the warning toast) needs this darker amber. */
    amberStrong: '#b45309',
    blueText: '#1e40af',
    white: '#ffffff',
    text: '#111827',
    textMuted: '#4b5563',
    border: '#d1d5db',
    borderLight: '#e5e7eb',
    background: '#f3f4f6',
    surface: '#ffffff',
    grey50: '#f9fafb',
    grey100: '#f3f4f6',
    grey200: '#e5e7eb',
    grey300: '#d1d5db',
    grey400: '#9ca3af',
    grey500: '#6b7280',
    grey600: '#4b5563',
    grey700: '#374151',
    grey900: '#111827',
    overlay: 'rgba(17, 24, 39, 0.5)',
  },
  radii: { sm: '4px', md: '6px', lg: '8px', xl: '12px', full: '9999px' },
  spacing: { xs: '4px', sm: '8px', md: '12px', lg: '16px', xl: '24px', xxl: '32px' },
  fontSizes: { xs: '12px', sm: '14px', md: '16px', lg: '18px', xl: '20px', xxl: '24px' },
  fonts: {
    body: "system-ui, -apple-system, 'Segoe UI', Roboto, 'Helvetica Neue', Arial, 'Noto Sans', sans-serif",
    mono: "ui-monospace, SFMono-Regular, Menlo, Consolas, 'Liberation Mono', monospace",
  },
  shadows: {
    sm: '0 1px 2px rgba(0, 0, 0, 0.05)',
    md: '0 4px 6px -1px rgba(0, 0, 0, 0.1), 0 2px 4px -2px rgba(0, 0, 0, 0.1)',
    lg: '0 10px 15px -3px rgba(0, 0, 0, 0.1), 0 4px 6px -4px rgba(0, 0, 0, 0.1)',
  },
  breakpoints,
  /**
   * Media queries: `narrow` is below `sm` (phones), `belowMd` is where lists become cards,
   * `belowLg` is where the sidebar collapses.
   */
  media: {
    narrow: `(max-width: ${breakpoints.sm - 0.02}px)`,
    belowMd: `(max-width: ${breakpoints.md - 0.02}px)`,
    belowLg: `(max-width: ${breakpoints.lg - 0.02}px)`,
    sm: `(min-width: ${breakpoints.sm}px)`,
    md: `(min-width: ${breakpoints.md}px)`,
    lg: `(min-width: ${breakpoints.lg}px)`,
  },
  zIndex: { sidebar: 30, modal: 50, toast: 60 },
} as const;

export type Theme = typeof theme;

declare module 'styled-components' {
  // Module augmentation: styled-components reads the theme type from this interface.
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type
  export interface DefaultTheme extends Theme {}
}

export const GlobalStyle = createGlobalStyle`
  *, *::before, *::after { box-sizing: border-box; }
  html, body { margin: 0; padding: 0; }
  body {
    font-family: ${({ theme }) => theme.fonts.body};
    font-size: ${({ theme }) => theme.fontSizes.sm};
    line-height: 1.5;
    color: ${({ theme }) => theme.colors.text};
    background: ${({ theme }) => theme.colors.background};
    -webkit-font-smoothing: antialiased;
  }
  button, input, select, textarea { font: inherit; color: inherit; }
  h1, h2, h3, h4 { margin: 0; line-height: 1.25; }
  a { color: ${({ theme }) => theme.colors.primary}; }
  :focus-visible { outline: 2px solid ${({ theme }) => theme.colors.primary}; outline-offset: 2px; }
`;
