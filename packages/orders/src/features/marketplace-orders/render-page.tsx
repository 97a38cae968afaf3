// Test helper: Pesanan Marketplace rendered for a signed-in role, with the URL's query shown in an
// <output aria-label="url"> (tests only; not part of the remote's bundle).
import { makeStore, signedIn } from '@gudang/api-client';
import type { Role } from '@gudang/api-client';
import { renderWithProviders } from '@gudang/shared-ui/testing';
import { useLocation } from 'react-router-dom';
import { MarketplaceOrdersPage } from './marketplace-orders-page';

function Url() {
  return <output aria-label="url">{useLocation().search}</output>;
}

export function renderMarketplaceAs(role: Role, route = '/marketplace-orders') {
  const store = makeStore();
  store.dispatch(
    signedIn({ token: 'token', user: { id: 1, email: `${role}@gudang.test`, name: role, role } }),
  );
  return renderWithProviders(
    <>
      <MarketplaceOrdersPage />
      <Url />
    </>,
    { store, route },
  );
}
