// The server's calendar dates: the one date module of the contract (date-fns with @date-fns/tz),
// under the names the modules import from here.
export { addDays, todayIn, zonedTime } from '@gudang/api-client/contract';
