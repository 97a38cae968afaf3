import { useEffect, useId, useLayoutEffect, useRef, useState } from 'react';
import { NavLink, Outlet, useLocation } from 'react-router-dom';
import styled from 'styled-components';
import { isManager, selectCurrentUser, useAppDispatch, useAppSelector } from '@gudang/api-client';
import {
  Button,
  CloseIcon,
  MenuIcon,
  formatLongDate,
  theme,
  useMediaQuery,
} from '@gudang/shared-ui';
import { signOut } from '../auth/sign-out';
import { NewVersionNotice } from '../remotes/new-version-notice';
import { DISABLED_TEXTS, useDisabledRemotes } from '../remotes/disabled-remote';
import { KillSwitchSettings } from './kill-switch-settings';
import { findRoute, routesForRole } from '../routes';
import { useAppRoutes } from '../use-app-routes';
import { warmOfflinePages } from '../pwa/warm-offline-pages';
import { PRODUCT_NAME, useDocumentTitle } from './document-title';
import { ChevronDownIcon, RouteIcon } from './icons';
import { RestockBadge, ShortOrdersBadge } from './restock-badge';
import { useScrollEdges } from './scroll-edges';

const SIDEBAR_WIDTH = '256px';
// A laptop's 768 px (less the browser's bars) holds the whole manager's menu with tighter rows.
const SHORT_SCREEN = '(max-height: 820px)';
// The 'more below' cue's height: a link scrolled into view stops above it, not under it.
const CUE_HEIGHT_PX = 36;
// The header stays above the opened sidebar on small screens, so its toggle can close it again.
const HEADER_HEIGHT = '64px';

const Frame = styled.div`
  display: flex;
  min-height: 100vh;
  background: ${({ theme }) => theme.colors.background};
`;

// The dark column always spans the whole page height (it stretches with the content), and its
// content (menu, user, Logout) sticks to the viewport while a long page scrolls.
const Sidebar = styled.aside`
  flex: 0 0 ${SIDEBAR_WIDTH};
  width: ${SIDEBAR_WIDTH};
  background: ${({ theme }) => theme.colors.grey900};
  color: ${({ theme }) => theme.colors.white};
  /* display above would otherwise override the hidden attribute of the collapsed sidebar */
  &[hidden] {
    display: none;
  }
  @media ${({ theme }) => theme.media.belowLg} {
    position: fixed;
    top: ${HEADER_HEIGHT};
    bottom: 0;
    left: 0;
    z-index: ${({ theme }) => theme.zIndex.sidebar};
    box-shadow: ${({ theme }) => theme.shadows.lg};
  }
`;

const SidebarContent = styled.div`
  position: sticky;
  top: 0;
  display: flex;
  flex-direction: column;
  height: 100vh;
  @media ${({ theme }) => theme.media.belowLg} {
    position: static;
    height: 100%;
  }
`;

const Backdrop = styled.div`
  display: none;
  @media ${({ theme }) => theme.media.belowLg} {
    display: block;
    position: fixed;
    inset: ${HEADER_HEIGHT} 0 0 0;
    z-index: ${({ theme }) => theme.zIndex.sidebar - 1};
    background: ${({ theme }) => theme.colors.overlay};
  }
`;

const Brand = styled.div`
  padding: ${({ theme }) => theme.spacing.xl};
  font-size: ${({ theme }) => theme.fontSizes.xl};
  font-weight: 700;
  border-bottom: 1px solid ${({ theme }) => theme.colors.grey700};
`;

// The menu scrolls between the title and the user box when the screen is too short for it; a
// visible scrollbar and the cues above and below say so (issue 42 c1).
const MenuArea = styled.div`
  position: relative;
  display: flex;
  flex: 1;
  min-height: 0;
`;

const Menu = styled.nav`
  flex: 1;
  min-height: 0;
  overflow-y: auto;
  overscroll-behavior: contain;
  /* An item reached by Tab stops clear of the shade above and the cue below. */
  scroll-padding: ${({ theme }) => theme.spacing.lg} 0 ${CUE_HEIGHT_PX}px;
  scrollbar-width: thin;
  scrollbar-color: ${({ theme }) => `${theme.colors.grey500} transparent`};
  padding: ${({ theme }) => theme.spacing.md};
  ul {
    list-style: none;
    margin: 0;
    padding: 0;
  }
  li {
    position: relative;
  }
  a {
    display: flex;
    align-items: center;
    gap: ${({ theme }) => theme.spacing.md};
    padding: ${({ theme }) => `${theme.spacing.sm} ${theme.spacing.md}`};
    margin-bottom: 2px;
    border-radius: ${({ theme }) => theme.radii.md};
    color: ${({ theme }) => theme.colors.grey300};
    text-decoration: none;
  }
  @media ${SHORT_SCREEN} {
    padding: ${({ theme }) => `${theme.spacing.sm} ${theme.spacing.md}`};
    a {
      padding: 6px ${({ theme }) => theme.spacing.md};
    }
  }
  a:hover {
    background: ${({ theme }) => theme.colors.grey700};
    color: ${({ theme }) => theme.colors.white};
  }
  a.active {
    background: ${({ theme }) => theme.colors.primary};
    color: ${({ theme }) => theme.colors.white};
  }
  /* A switched-off remote's item (the kill switch): seen, not followed. */
  a[aria-disabled='true'] {
    opacity: 0.55;
    cursor: not-allowed;
    flex-wrap: wrap;
  }
  a[aria-disabled='true']:hover {
    background: none;
    color: ${({ theme }) => theme.colors.grey300};
  }
`;

const DisabledReason = styled.small`
  display: block;
  margin: -2px 0 4px 44px;
  font-size: ${({ theme }) => theme.fontSizes.xs};
  color: ${({ theme }) => theme.colors.grey300};
`;

// Shown over the menu's edge while part of it is scrolled out of sight there.
const TopShade = styled.div`
  position: absolute;
  top: 0;
  left: 0;
  right: 0;
  height: ${({ theme }) => theme.spacing.lg};
  background: linear-gradient(
    ${({ theme }) => theme.colors.grey900},
    ${({ theme }) => `${theme.colors.grey900}00`}
  );
  pointer-events: none;
`;

const MoreBelow = styled.div`
  position: absolute;
  bottom: 0;
  left: 0;
  right: 0;
  height: ${CUE_HEIGHT_PX}px;
  display: flex;
  align-items: flex-end;
  justify-content: center;
  gap: ${({ theme }) => theme.spacing.xs};
  padding-bottom: ${({ theme }) => theme.spacing.xs};
  background: linear-gradient(
    ${({ theme }) => `${theme.colors.grey900}00`},
    ${({ theme }) => theme.colors.grey900} 55%
  );
  color: ${({ theme }) => theme.colors.grey300};
  font-size: ${({ theme }) => theme.fontSizes.xs};
  pointer-events: none;
`;

const UserBox = styled.div`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.spacing.xs};
  padding: ${({ theme }) => theme.spacing.lg};
  @media ${SHORT_SCREEN} {
    padding: ${({ theme }) => `${theme.spacing.md} ${theme.spacing.lg}`};
  }
  border-top: 1px solid ${({ theme }) => theme.colors.grey700};
  font-size: ${({ theme }) => theme.fontSizes.sm};
  word-break: break-all;
`;

const Role = styled.span`
  color: ${({ theme }) => theme.colors.grey400};
  text-transform: capitalize;
  margin-bottom: ${({ theme }) => theme.spacing.sm};
  @media ${SHORT_SCREEN} {
    margin-bottom: ${({ theme }) => theme.spacing.xs};
  }
`;

const Column = styled.div`
  display: flex;
  flex-direction: column;
  flex: 1;
  min-width: 0;
`;

const TopBar = styled.header`
  display: flex;
  align-items: center;
  gap: ${({ theme }) => theme.spacing.md};
  min-height: ${HEADER_HEIGHT};
  padding: ${({ theme }) => `${theme.spacing.sm} ${theme.spacing.xl}`};
  background: ${({ theme }) => theme.colors.surface};
  border-bottom: 1px solid ${({ theme }) => theme.colors.borderLight};
  @media ${({ theme }) => theme.media.belowLg} {
    position: sticky;
    top: 0;
    z-index: ${({ theme }) => theme.zIndex.sidebar + 1};
    padding: ${({ theme }) => `${theme.spacing.sm} ${theme.spacing.lg}`};
  }
  @media ${({ theme }) => theme.media.narrow} {
    gap: ${({ theme }) => theme.spacing.sm};
  }
`;

const Toggle = styled.button`
  display: inline-flex;
  padding: ${({ theme }) => theme.spacing.xs};
  border: 0;
  background: transparent;
  color: ${({ theme }) => theme.colors.grey700};
  cursor: pointer;
`;

// The page name stays on one line ('List Order', never 'List' over 'Order'): on a phone in a
// smaller type, cut with an ellipsis (the full name on hover) if it still does not fit.
const PageName = styled.h1`
  flex: 1;
  min-width: 0;
  overflow: hidden;
  white-space: nowrap;
  text-overflow: ellipsis;
  font-size: ${({ theme }) => theme.fontSizes.xl};
  font-weight: 600;
  @media ${({ theme }) => theme.media.narrow} {
    font-size: ${({ theme }) => theme.fontSizes.md};
  }
`;

// The date gives way to the page name on a phone: smaller, and wrapping if it must.
const Today = styled.p`
  margin: 0;
  flex-shrink: 0;
  white-space: nowrap;
  color: ${({ theme }) => theme.colors.textMuted};
  font-size: ${({ theme }) => theme.fontSizes.sm};
  @media ${({ theme }) => theme.media.narrow} {
    flex-shrink: 1;
    /* 'Selasa, 24' over 'November 2026': room for 'Pesanan Marketplace' at 375 px. */
    max-width: 104px;
    white-space: normal;
    text-align: right;
    font-size: ${({ theme }) => theme.fontSizes.xs};
  }
`;

const Content = styled.main`
  flex: 1;
  min-width: 0;
`;

const MORE_BELOW = 'Gulir untuk menu lainnya';

/** The signed-in frame: sidebar menu (role-filtered), header with page name and date, content. */
export function AppLayout() {
  const user = useAppSelector(selectCurrentUser);
  const dispatch = useAppDispatch();
  const { pathname } = useLocation();
  const [menuOpen, setMenuOpen] = useState(false);
  // Below 1024 px the sidebar is hidden behind the toggle (docs/product.md point 2).
  const collapsed = useMediaQuery(theme.media.belowLg);
  const sidebarId = useId();
  // The page name of the one route table is the header's and the tab's title.
  const routes = useAppRoutes();
  const pageName = findRoute(pathname, routes)?.label ?? '';
  useDocumentTitle(pageName);
  const sidebarHidden = collapsed && !menuOpen;
  const menuRef = useRef<HTMLElement>(null);
  const [edges, measureMenu] = useScrollEdges(menuRef, user?.role);
  const disabledRemotes = useDisabledRemotes();

  // The current page's item is scrolled into the menu's view (on load, on a phone's opening).
  useLayoutEffect(() => {
    // A hidden menu (a phone's, closed) has nothing to scroll or measure, and reading its boxes
    // forced a layout inside the start's commit (issue 48); this runs again when it opens.
    if (sidebarHidden) return;
    const nav = menuRef.current;
    const link = nav?.querySelector<HTMLElement>('a[aria-current="page"]');
    if (!nav || !link) return;
    const navBox = nav.getBoundingClientRect();
    const box = link.getBoundingClientRect();
    if (box.bottom > navBox.bottom - CUE_HEIGHT_PX)
      nav.scrollTop += box.bottom - navBox.bottom + CUE_HEIGHT_PX;
    else if (box.top < navBox.top) nav.scrollTop -= navBox.top - box.top;
    measureMenu();
  }, [pathname, sidebarHidden, measureMenu, user?.role]);

  // The pages that work offline, loaded for the worker to keep (pwa/warm-offline-pages.ts).
  const role = user?.role;
  useEffect(() => {
    if (role !== undefined) warmOfflinePages(routesForRole(role, routes));
  }, [role, routes]);

  if (!user) return null;
  const menu = routesForRole(user.role, routes);

  return (
    <Frame>
      <Sidebar id={sidebarId} hidden={sidebarHidden}>
        <SidebarContent>
          <Brand>{PRODUCT_NAME}</Brand>
          <MenuArea>
            <Menu ref={menuRef} aria-label="Menu utama" onScroll={measureMenu}>
              <ul>
                {menu.map((route) => (
                  <li key={route.path}>
                    {disabledRemotes.has(route.remote) ? (
                      // The kill switch: the item stays in its place, disabled, with the reason.
                      <>
                        <a
                          role="link"
                          aria-disabled="true"
                          aria-describedby={`${sidebarId}-off${route.path}`}
                        >
                          <RouteIcon name={route.icon} />
                          {route.label}
                        </a>
                        <DisabledReason id={`${sidebarId}-off${route.path}`}>
                          {DISABLED_TEXTS.reason}
                        </DisabledReason>
                      </>
                    ) : (
                      <NavLink to={route.path} onClick={() => setMenuOpen(false)}>
                        <RouteIcon name={route.icon} />
                        {route.label}
                      </NavLink>
                    )}
                    {/* Beside the link, not in it: the link's name stays the page's name. */}
                    {route.path === '/dashboard' ? <RestockBadge /> : null}
                    {route.path === '/marketplace-orders' ? <ShortOrdersBadge /> : null}
                  </li>
                ))}
              </ul>
            </Menu>
            {/* Seen, not read aloud: every item is in the list for a screen reader or Tab. */}
            {edges.above ? <TopShade aria-hidden="true" /> : null}
            {edges.below ? (
              <MoreBelow aria-hidden="true">
                <ChevronDownIcon />
                {MORE_BELOW}
              </MoreBelow>
            ) : null}
          </MenuArea>
          <UserBox>
            <span>{user.email}</span>
            <Role>{user.role}</Role>
            <Button variant="ghost" size="sm" onClick={() => void signOut(dispatch, user.id)}>
              Logout
            </Button>
            {isManager(user) ? <KillSwitchSettings /> : null}
            {isManager(user) ? (
              // Ends the sessions on every device (a lost phone, a shared computer).
              <Button
                variant="ghost"
                size="sm"
                onClick={() => void signOut(dispatch, user.id, true)}
              >
                Keluar dari semua perangkat
              </Button>
            ) : null}
          </UserBox>
        </SidebarContent>
      </Sidebar>
      {collapsed && menuOpen ? <Backdrop onClick={() => setMenuOpen(false)} /> : null}
      <Column>
        <TopBar>
          {collapsed ? (
            <Toggle
              type="button"
              aria-label={menuOpen ? 'Tutup menu' : 'Buka menu'}
              aria-expanded={menuOpen}
              aria-controls={sidebarId}
              onClick={() => setMenuOpen((open) => !open)}
            >
              {menuOpen ? <CloseIcon /> : <MenuIcon />}
            </Toggle>
          ) : null}
          <PageName title={pageName}>{pageName}</PageName>
          {/* Today in the shop's time zone (loaded from /api/settings at start). */}
          <Today>{formatLongDate(new Date())}</Today>
        </TopBar>
        <Content>
          <NewVersionNotice />
          <Outlet />
        </Content>
      </Column>
    </Frame>
  );
}
