// RTK's idiom for an endpoint or thunk that takes no argument: `void` lets the hook or action
// creator be called with none. Named once so the lint rule against `void` arguments has one
// exception.
// eslint-disable-next-line @typescript-eslint/no-invalid-void-type
export type NoArg = void;
