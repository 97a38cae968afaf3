// The dynamic import lets Module Federation set up the shared modules before the app runs.
void import('./bootstrap');
