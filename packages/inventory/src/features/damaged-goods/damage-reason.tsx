import { DAMAGE_REASON_MAX } from '@gudang/api-client';

/** The reason cut at DAMAGE_REASON_MAX characters, with the whole text as tooltip. */
export function DamageReason({ text }: { text: string }) {
  if (text.length <= DAMAGE_REASON_MAX) return <span>{text}</span>;
  return <span title={text}>{`${text.slice(0, DAMAGE_REASON_MAX)}...`}</span>;
}
