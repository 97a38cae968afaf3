import {
  Component,
  Suspense,
  lazy,
  useState,
  type ComponentType,
  type LazyExoticComponent,
  type ReactNode,
} from 'react';
import { ErrorPanel, Spinner } from '@gudang/shared-ui';
import type { AppRoute } from '../routes';
import { RemotesListError, loadRemotePage } from './remote-registry';

type LazyPage = LazyExoticComponent<ComponentType>;

// One lazy component per route, created the first time the route is shown, so that going back
// to a page does not load it again. A failed load is forgotten so that a retry loads afresh.
const lazyPages = new Map<string, LazyPage>();

function lazyPageFor(route: AppRoute): LazyPage {
  let page = lazyPages.get(route.path);
  if (!page) {
    page = lazy(() => loadRemotePage(route.remote, route.module));
    lazyPages.set(route.path, page);
  }
  return page;
}

export function forgetLoadedPages(): void {
  lazyPages.clear();
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
  const Page = lazyPageFor(route);

  const retry = () => {
    lazyPages.delete(route.path);
    setAttempt((n) => n + 1);
  };

  return (
    <RemoteErrorBoundary key={`${route.path}#${attempt}`} label={route.label} onRetry={retry}>
      <Suspense fallback={<Spinner label="Memuat halaman..." />}>
        {/* eslint-disable-next-line react-hooks/static-components -- cached per route in lazyPages, so its identity is stable across renders */}
        <Page />
      </Suspense>
    </RemoteErrorBoundary>
  );
}
