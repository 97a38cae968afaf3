// The dynamic import lets Module Federation negotiate the shared modules before any of them
// is evaluated (async startup).
void import('./bootstrap');
