import { Component, Suspense, useState, type ReactNode } from 'react';
import { ErrorPanel, Spinner } from '@gudang/shared-ui';
import type { AppRoute } from '../routes';
import { forgetLoadedPage, loadedPageVersion, preloadPage } from './page-loads';
import {
  RemoteLoadError,
  RemoteVersionChangedError,
  RemotesListError,
  type RetryKind,
} from './remote-registry';
import { RemoteIncompatibleError, isTimeout } from './resilience-plugin';
import { VersionReload } from './version-reload';

export { forgetLoadedPages, preloadPage } from './page-loads';

/** The loaded page, or suspends (the Suspense protocol) until it is. */
function LoadedPage({ route, retry }: { route: AppRoute; retry?: RetryKind }) {
  const load = preloadPage(route, retry);
  if (load.error !== undefined) throw load.error;
  if (!load.component) throw load.promise;
  const Page = load.component;
  return <Page />;
}

interface BoundaryProps {
  label: string;
  remote: string;
  path: string;
  onRetry: (kind: RetryKind) => void;
  children: ReactNode;
}

interface BoundaryState {
  error: Error | null;
}

const named = (remote: string, version: string | null, needs?: string) =>
  `(Kode untuk admin: ${remote}${version ? ` ${version}` : ''}${needs ? `; butuh ${needs}` : ''})`;

/**
 * Says to shop staff what failed and what to do, with a code (module, version) for the admin. A
 * crash names the version whose code ran (the page's load), not the one live now.
 */
export function panelMessage(
  error: Error,
  { label, remote, path }: { label: string; remote: string; path: string },
) {
  if (error instanceof RemotesListError)
    return 'Daftar modul gagal dimuat. Periksa koneksi internet, lalu tekan Coba lagi.';
  if (error instanceof RemoteIncompatibleError)
    return `Modul ${label} tidak cocok dengan aplikasi ini. Muat ulang halaman; jika tetap muncul, hubungi admin. ${named(error.remote, error.version, error.unmet.join(', '))}`;
  if (error instanceof RemoteLoadError)
    return `Modul ${label} gagal dimuat. Periksa koneksi internet, lalu tekan Coba lagi. ${named(error.remote, error.version)}`;
  return `Modul ${label} gagal ditampilkan. Tekan Coba lagi; jika tetap muncul, hubungi admin. ${named(remote, loadedPageVersion(path))}`;
}

/** A failed load (nothing rendered) or a page that crashed while rendering. */
function retryKindOf(error: Error): RetryKind {
  if (error instanceof RemoteLoadError) return isTimeout(error.cause) ? 'hung' : 'load';
  return error instanceof RemotesListError || error instanceof RemoteIncompatibleError
    ? 'load'
    : 'crash';
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
    if (error instanceof RemoteVersionChangedError)
      return <VersionReload error={error} label={this.props.label} />;
    return (
      <ErrorPanel
        message={panelMessage(error, this.props)}
        onRetry={() => this.props.onRetry(retryKindOf(error))}
      />
    );
  }
}

export interface RemotePageProps {
  route: AppRoute;
}

/** A route's page from its remote, behind a spinner while loading and an error panel on failure. */
export function RemotePage({ route }: RemotePageProps) {
  // The retry belongs to the page that failed: React Router keeps this component (and its state)
  // across route changes, and a later page must load as usual, not re-register its remote
  // (micro-frontend audit N2).
  const [retried, setRetried] = useState<{ path: string; attempt: number; kind: RetryKind }>();
  const attempt = retried?.path === route.path ? retried.attempt : 0;

  const retry = (kind: RetryKind) => {
    forgetLoadedPage(route.path);
    setRetried({ path: route.path, attempt: attempt + 1, kind });
  };

  return (
    <RemoteErrorBoundary
      key={`${route.path}#${attempt}`}
      label={route.label}
      remote={route.remote}
      path={route.path}
      onRetry={retry}
    >
      <Suspense fallback={<Spinner label="Memuat halaman..." />}>
        <LoadedPage route={route} retry={attempt > 0 ? retried?.kind : undefined} />
      </Suspense>
    </RemoteErrorBoundary>
  );
}
