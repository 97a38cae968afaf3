import { Component, Suspense, useState, type ComponentType, type ReactNode } from 'react';
import { ErrorPanel, Spinner } from '@gudang/shared-ui';
import type { AppRoute } from '../routes';
import { RemotesListError, loadRemotePage } from './remote-registry';

interface PageLoad {
  promise: Promise<void>;
  component?: ComponentType;
  error?: unknown;
}

// One load per route, kept so that going back to a page does not load it again. A page that has
// loaded renders at once, without a Suspense fallback: React holds back a boundary's content for
// at least 300 ms after its fallback appeared, which would delay every first paint (see
// preloadPage). A failed load is forgotten on retry so that the retry loads afresh.
const pageLoads = new Map<string, PageLoad>();

/** Starts loading a route's page (idempotent): the shell calls it at start for the URL it opens. */
export function preloadPage(route: AppRoute): PageLoad {
  let load = pageLoads.get(route.path);
  if (!load) {
    const entry: PageLoad = { promise: Promise.resolve() };
    entry.promise = loadRemotePage(route.remote, route.module).then(
      (module) => {
        entry.component = module.default;
      },
      (error: unknown) => {
        entry.error = error;
      },
    );
    pageLoads.set(route.path, entry);
    load = entry;
  }
  return load;
}

export function forgetLoadedPages(): void {
  pageLoads.clear();
}

/** The loaded page, or suspends (the Suspense protocol) until it is. */
function LoadedPage({ route }: { route: AppRoute }) {
  const load = preloadPage(route);
  if (load.error !== undefined) throw load.error;
  if (!load.component) throw load.promise;
  const Page = load.component;
  return <Page />;
}

interface BoundaryProps {
  label: string;
  onRetry: () => void;
  children: ReactNode;
}

interface BoundaryState {
  error: Error | null;
}

class RemoteErrorBoundary extends Component<BoundaryProps, BoundaryState> {
  override state: BoundaryState = { error: null };

  static getDerivedStateFromError(error: unknown): BoundaryState {
    return { error: error instanceof Error ? error : new Error(String(error)) };
  }

  override componentDidCatch(error: unknown): void {
    console.warn('[shell] remote page failed to load', error);
  }

  override render() {
    const { error } = this.state;
    if (!error) return this.props.children;
    const message =
      error instanceof RemotesListError
        ? 'Daftar modul gagal dimuat. Periksa koneksi lalu coba lagi.'
        : `Modul ${this.props.label} gagal dimuat.`;
    return <ErrorPanel message={message} onRetry={this.props.onRetry} />;
  }
}

export interface RemotePageProps {
  route: AppRoute;
}

/** A route's page from its remote, behind a spinner while loading and an error panel on failure. */
export function RemotePage({ route }: RemotePageProps) {
  const [attempt, setAttempt] = useState(0);

  const retry = () => {
    pageLoads.delete(route.path);
    setAttempt((n) => n + 1);
  };

  return (
    <RemoteErrorBoundary key={`${route.path}#${attempt}`} label={route.label} onRetry={retry}>
      <Suspense fallback={<Spinner label="Memuat halaman..." />}>
        <LoadedPage route={route} />
      </Suspense>
    </RemoteErrorBoundary>
  );
}
