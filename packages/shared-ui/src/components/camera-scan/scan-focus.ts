/**
 * A scan field's onBlur: the field takes the focus back when it went nowhere (a tap on the
 * page), so that the next scan lands in it; focus moved on purpose (a number being typed, a
 * button) stays where it went. Known only after the blur, hence the timeout.
 */
export function keepScanFocus(focus: () => void): void {
  window.setTimeout(() => {
    const active = document.activeElement;
    if (active === document.body || active === null) focus();
  }, 0);
}
