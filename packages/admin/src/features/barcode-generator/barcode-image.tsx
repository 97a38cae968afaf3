import { useLayoutEffect, useRef } from 'react';
import styled from 'styled-components';
import { drawBarcode } from './barcode-drawing';
import type { BarcodeLook } from './barcode-drawing';

const Svg = styled.svg`
  display: block;
  max-width: 100%;
  height: auto;
`;

export interface BarcodeImageProps {
  /** Text CODE128 can encode (check with canEncode first). */
  text: string;
  look: BarcodeLook;
}

/** The barcode as an <svg>, redrawn whenever the text, the size or the text flag changes. */
export function BarcodeImage({ text, look }: BarcodeImageProps) {
  const ref = useRef<SVGSVGElement>(null);
  const { size, showText } = look;
  useLayoutEffect(() => {
    if (ref.current) drawBarcode(ref.current, text, { size, showText });
  }, [text, size, showText]);
  return <Svg ref={ref} role="img" aria-label={`Barcode ${text}`} />;
}
