// What only a signed-in user needs (the layout and the remote pages): one chunk, off the login
// page's path (issue 48). bootstrap starts loading it at once when a session is stored.
export { AppLayout } from './app-layout';
export { RemotePage } from '../remotes/remote-page';
