// The manager's kill switch (issue 49): the setting `disabled_remotes`, kept in the shell (not in
// a remote) so that switching off any remote, even the admin one, never hides the way back.
import { useState, type FormEvent } from 'react';
import styled from 'styled-components';
import { REMOTE_MODULES, RESTOCK_MESSAGES, errorMessage } from '@gudang/api-client';
import type { RemoteModule } from '@gudang/api-client';
import { Button, FormModal, MutedText, Spinner, useToast } from '@gudang/shared-ui';
import { currentRoutes } from '../routes';
import { setSettingSwitch } from '../remotes/kill-switch';
import { useGetKillSwitchSettingsQuery, useUpdateKillSwitchMutation } from './kill-switch-api';

export const KILL_SWITCH_TEXTS = {
  open: 'Nonaktifkan modul',
  title: 'Nonaktifkan modul sementara',
  intro:
    'Modul yang dicentang tidak dimuat untuk semua pengguna sampai centangnya dihapus; menunya tampil nonaktif dengan keterangan Dinonaktifkan sementara. Shell (menu, login) selalu aktif.',
  saveFailed: 'Gagal menyimpan modul yang dinonaktifkan',
} as const;

const Choice = styled.label`
  display: flex;
  gap: ${({ theme }) => theme.spacing.sm};
  align-items: flex-start;
  margin-bottom: ${({ theme }) => theme.spacing.sm};
  small {
    display: block;
    color: ${({ theme }) => theme.colors.textMuted};
  }
`;

/** A remote's menu items, so that the manager sees what switching it off takes away. */
const pagesOf = (remote: RemoteModule) =>
  currentRoutes()
    .filter((route) => route.remote === remote)
    .map((route) => route.label)
    .join(', ');

function Choices({ saved, onDone }: { saved: readonly string[]; onDone: () => void }) {
  const toast = useToast();
  const [chosen, setChosen] = useState(() => new Set(saved));
  const [save, { isLoading }] = useUpdateKillSwitchMutation();
  const dirty = [...chosen].sort().join(',') !== [...saved].sort().join(',');

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (isLoading) return;
    try {
      const result = await save({
        disabled_remotes: REMOTE_MODULES.filter((name) => chosen.has(name)),
      }).unwrap();
      // This tab follows at once; other tabs at their next load.
      setSettingSwitch(result.disabled_remotes ?? []);
      toast.success(RESTOCK_MESSAGES.settingsSaved);
      onDone();
    } catch (error) {
      toast.error(errorMessage(error, KILL_SWITCH_TEXTS.saveFailed));
    }
  };

  return (
    <FormModal
      title={KILL_SWITCH_TEXTS.title}
      onClose={onDone}
      onSubmit={(event) => void submit(event)}
      saving={isLoading}
      dirty={dirty}
    >
      <MutedText $below="md">{KILL_SWITCH_TEXTS.intro}</MutedText>
      {REMOTE_MODULES.map((name) => (
        <Choice key={name}>
          <input
            type="checkbox"
            checked={chosen.has(name)}
            onChange={() =>
              setChosen((current) => {
                const next = new Set(current);
                if (next.has(name)) next.delete(name);
                else next.add(name);
                return next;
              })
            }
          />
          <span>
            {name}
            <small>{pagesOf(name)}</small>
          </span>
        </Choice>
      ))}
    </FormModal>
  );
}

function Dialog({ onDone }: { onDone: () => void }) {
  const settings = useGetKillSwitchSettingsQuery(undefined, { refetchOnMountOrArgChange: true });
  if (!settings.currentData) return <Spinner label="Memuat..." />;
  return <Choices saved={settings.currentData.disabled_remotes ?? []} onDone={onDone} />;
}

/** 'Nonaktifkan modul' in the sidebar (the manager's): the dialog of the setting. */
export function KillSwitchSettings() {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button variant="ghost" size="sm" onClick={() => setOpen(true)}>
        {KILL_SWITCH_TEXTS.open}
      </Button>
      {open ? <Dialog onDone={() => setOpen(false)} /> : null}
    </>
  );
}
