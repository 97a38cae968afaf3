// Request checks live in the validation layer (plugins/validation.ts); what remains here is the
// answer the incoming, outgoing and damaged-goods services share.

export const MSG_RECORD_NOT_FOUND = 'Data tidak ditemukan';
