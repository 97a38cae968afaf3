import { useState } from 'react';
import type { ReactNode } from 'react';
import { createPortal, flushSync } from 'react-dom';
import styled, { createGlobalStyle } from 'styled-components';
import { formatLongDate } from './formatters';

// The print layout is a direct child of <body> (a portal), so that printing can drop everything
// else (the shell's sidebar, header, buttons) with display:none and leave no blank pages.
const PrintOnlyLayout = createGlobalStyle`
  @media screen {
    [data-print-area] {
      display: none !important;
    }
  }
  @media print {
    @page {
      size: A4;
      margin: 12mm;
    }
    body > :not([data-print-area]) {
      display: none !important;
    }
    body {
      background: #fff;
    }
  }
`;

const Sheet = styled.div`
  color: #000;
  background: #fff;
  font-size: 11pt;
`;

export interface PrintLayoutProps {
  children: ReactNode;
  /** Names the layout for assistive technology and tests. */
  label: string;
}

/** What goes to paper while it is rendered: only this, on A4, without the app around it. */
export function PrintLayout({ children, label }: PrintLayoutProps) {
  return createPortal(
    <Sheet data-print-area="" role="document" aria-label={label}>
      <PrintOnlyLayout />
      {children}
    </Sheet>,
    document.body,
  );
}

export const PRINT_TEXTS = {
  printedAt: 'Dicetak pada',
  period: 'Periode',
} as const;

/**
 * The table of a print: full width, black rules. Long text wraps, even a long word without
 * spaces, so every column stays on the page. A cell marked `data-keep` (a code, resi,
 * amount or date) never breaks inside: not at a hyphen ('AKS-003'), not between 'Rp' and the
 * amount. `data-numeric` cells are right-aligned and kept too. `data-words` cells (a
 * category, a brand) break between words only.
 */
export const PrintTable = styled.table`
  width: 100%;
  border-collapse: collapse;
  font-size: 9pt;
  th,
  td {
    border: 1px solid #000;
    padding: 3px 4px;
    text-align: left;
    vertical-align: top;
    overflow-wrap: anywhere;
  }
  th {
    overflow-wrap: normal;
  }
  /* Short names (category, brand) break between words only. */
  [data-words] {
    overflow-wrap: break-word;
  }
  [data-keep],
  [data-numeric] {
    white-space: nowrap;
    overflow-wrap: normal;
    hyphens: none;
  }
  [data-numeric] {
    text-align: right;
  }
`;

const PrintedAtLine = styled.p`
  margin: 0;
  @media screen {
    &[data-print-only] {
      display: none;
    }
  }
`;

/**
 * 'Dicetak pada: Selasa, 24 November 2026' for the head of every print. `printOnly` hides it on
 * screen (kept for remotes built before PrintReport printed it; new code has no use for it).
 */
export function PrintedAt({ at, printOnly = false }: { at?: Date; printOnly?: boolean }) {
  return (
    <PrintedAtLine data-print-only={printOnly ? '' : undefined} data-printed-at="">
      {PRINT_TEXTS.printedAt}: {formatLongDate(at ?? new Date())}
    </PrintedAtLine>
  );
}

export interface PrintRequest {
  /** True while the print layout should be rendered (from print() until the dialog closes). */
  printing: boolean;
  /** Renders the print layout, opens the browser's print dialog, then removes the layout. */
  print: () => void;
}

/**
 * Printing: print() renders the layout synchronously (flushSync, layout effects included, so
 * drawn content such as barcodes is there), opens the browser's dialog (window.print() returns
 * when it closes), then removes the layout again.
 */
export function usePrintRequest(): PrintRequest {
  const [printing, setPrinting] = useState(false);
  const print = () => {
    flushSync(() => setPrinting(true));
    try {
      window.print();
    } finally {
      setPrinting(false);
    }
  };
  return { printing, print };
}

const DOWNLOAD_URL_LIFETIME_MS = 30_000;

/** Saves `blob` as a file named `fileName` through the browser's download. */
export function downloadBlob(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.rel = 'noopener';
  document.body.append(link);
  link.click();
  link.remove();
  // Revoked later: the browser reads the URL after click() has returned.
  setTimeout(() => URL.revokeObjectURL(url), DOWNLOAD_URL_LIFETIME_MS);
}
