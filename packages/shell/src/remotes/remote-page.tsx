import {
  Component,
  Suspense,
  memo,
  type ComponentType,
  useDeferredValue,
  useState,
  useSyncExternalStore,
  type ReactNode,
} from 'react';
import { ErrorPanel, Spinner } from '@gudang/shared-ui';
import type { AppRoute } from '../routes';
import {
  forgetLoadedPage,
  loadIsSlow,
  loadedPageVersion,
  preloadPage,
  subscribeSlowLoads,
} from './page-loads';
import {
  RemoteLoadError,
  RemoteVersionChangedError,
  RemotesListError,
  type RetryKind,
} from './remote-registry';
import { RemoteIncompatibleError, SlowLinkTimeoutError, isTimeout } from './resilience-plugin';
import { VersionReload } from './version-reload';
import { reportRemoteFailure } from './failure-report';
import { RemoteDisabledError } from './kill-switch';
import { DisabledRemotePanel, useDisabledRemotes } from './disabled-remote';

export { forgetLoadedPages, preloadPage } from './page-loads';

/** The loaded page, or suspends (the Suspense protocol) until it is. */
function LoadedPage({ route, retry }: { route: AppRoute; retry?: RetryKind }) {
  const load = preloadPage(route, retry);
  if (load.error !== undefined) throw load.error;
  if (!load.component) throw load.promise;
  return (
    <RenderInBackground fallback={<PageLoading path={route.path} />}>
      <PageOf component={load.component} />
    </RenderInBackground>
  );
}

/**
 * The page itself, rendered again only by its own state and data: the shell's own updates (the
 * menu's declared pages, the kill switch, a badge) do not re-render a whole page.
 */
const PageOf = memo(function PageOf({ component: Page }: { component: ComponentType }) {
  return <Page />;
});

/**
 * Its children, rendered first as a background render that React splits into short tasks: a
 * page's first render (a whole dashboard) would otherwise run as one long task whenever the update
 * that reaches it is urgent, blocking taps for its length (issue 48, total blocking time). The
 * fallback shows meanwhile, one frame at most on a fast device.
 */
function RenderInBackground({ fallback, children }: { fallback: ReactNode; children: ReactNode }) {
  const ready = useDeferredValue(true, false);
  return ready ? children : fallback;
}

export const SLOW_LINK_TEXTS = {
  loading: 'Koneksi lambat: halaman masih dimuat, mohon tunggu...',
  failed: (label: string) =>
    `Koneksi lambat: modul ${label} belum selesai dimuat. Tekan Coba lagi saat koneksi lebih baik.`,
} as const;

/** The spinner while a page loads; over a slow link past the usual wait, 'Koneksi lambat'. */
function PageLoading({ path }: { path: string }) {
  const slow = useSyncExternalStore(subscribeSlowLoads, () => loadIsSlow(path));
  return <Spinner label={slow ? SLOW_LINK_TEXTS.loading : 'Memuat halaman...'} />;
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
  if (error instanceof RemoteLoadError && error.cause instanceof SlowLinkTimeoutError)
    return `${SLOW_LINK_TEXTS.failed(label)} ${named(error.remote, error.version)}`;
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
    // Told to the server once per remote, version and kind (the deploy panel counts them).
    if (error instanceof Error)
      reportRemoteFailure(error, { ...this.props, version: loadedPageVersion(this.props.path) });
  }

  override render() {
    const { error } = this.state;
    if (!error) return this.props.children;
    if (error instanceof RemoteVersionChangedError)
      return <VersionReload error={error} label={this.props.label} />;
    if (error instanceof RemoteDisabledError)
      return <DisabledRemotePanel label={this.props.label} by={error.by} />;
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
  // The kill switch: a switched-off remote's page is a panel; its remote is never loaded.
  const disabled = useDisabledRemotes().get(route.remote);

  const retry = (kind: RetryKind) => {
    forgetLoadedPage(route.path);
    setRetried({ path: route.path, attempt: attempt + 1, kind });
  };

  if (disabled) return <DisabledRemotePanel label={route.label} by={disabled} />;

  return (
    <RemoteErrorBoundary
      key={`${route.path}#${attempt}`}
      label={route.label}
      remote={route.remote}
      path={route.path}
      onRetry={retry}
    >
      <Suspense fallback={<PageLoading path={route.path} />}>
        <LoadedPage route={route} retry={attempt > 0 ? retried?.kind : undefined} />
      </Suspense>
    </RemoteErrorBoundary>
  );
}
