import { logout, logoutAllDevices, settleQueueBeforeSignOut } from '@gudang/api-client';
import type { AppDispatch } from '@gudang/api-client';
import { confirmAction } from '@gudang/shared-ui';

/**
 * Keluar (issue 48: data of one user never shows to the next): the user's scans kept offline
 * are sent first; what cannot be sent is removed from the device only when the user agrees,
 * else the user stays signed in.
 */
export async function signOut(
  dispatch: AppDispatch,
  userId: number,
  everywhere = false,
): Promise<void> {
  if (!(await settleQueueBeforeSignOut(userId, confirmAction))) return;
  await dispatch(everywhere ? logoutAllDevices() : logout());
}
