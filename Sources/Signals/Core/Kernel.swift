// The kernel's entry points: everything an operator (a file in Operators/) may build on
// below the public API, in one place, with what each promises. `.ci/kernel-rule.sh` reads
// this list: an operator file that names a `_`-prefixed declaration of Core/ not listed
// here fails the check (Contracts.md, "The kernel rule"). An entry with an argument label
// (`_bind(stateless:)`) allows that form only.
//
// Bind: the primitive (Bind.swift).
// - `bind(_:)`, public, with `inout Bool` — for each source event the binding returns a
//   signal to merge into the output, or nil; `stop` ends the source. Promises bind's five
//   rules (subscribe the source; subscribe each returned signal at once, re-entrant events
//   queued; forward every value; complete when the source and every inner have; fail at
//   the first inner failure) and its three guarantees: serialised output, stack safety
//   through tail calls, no subscription or allocation for `just`, `empty`, `error`.
// - `bind(_:)`, public, with `BindControl` — the same, and the binding may cut every live
//   inner subscription (`cancelInners()`) before the signal it returns is subscribed; a cut
//   inner delivers nothing more and no longer counts for completion or failure.
// - `_bind(stateless:)` — bind for a binding that keeps no state (concat's links, the
//   merge inside `take(until:)`): one closure serves every subscription, so subscribing
//   allocates no binding, and a constant source is kept as it is. Same events as `bind`.
// - `_bind(constantValueEnds:)` — flattenMap's bind, for a binding that returns nil for
//   `.completed` and keeps no state: over a constant `just(v)` the signal it returns for `v`
//   is the whole output, subscribed as a tail call. Same events as `bind`.
//
// The fused stage (ConstantStage.swift).
// - `_flattenMapToConstants(_:)` — `flattenMap` with a transform that returns one value or
//   none (`map`, `filter`, `compactMap`): consecutive ones fuse into one binder over the
//   run's source, by bind's associativity. Same events as the nested binds; one binder's
//   stack and one crossing per value for a whole run.
//
// The constant fold (ConstantFlatten.swift).
// - `_flattenedIfConstant(_:)` — the flattening of a constant outer signal (`just(v)`:
//   `deferred { f(v) }`; `empty`; `error(e)`), or nil when the outer signal is not one:
//   every strategy gives those events, and a recursion through it runs in a loop.
// - `_flattenedIfEnded()` — the same for an outer signal that sends no value (`empty`,
//   `error(e)`), or nil.
//
// The associative fold (AssociativeFold.swift).
// - `Signal(associative:_:compose:)`, internal — a node listing the parts of an
//   associative composition (`concat`, `merge`); nested nodes of one key flatten into one
//   list when subscribed, and tear down without recursion. `compose` must be associative.
//
// Promptness (Promptness.swift).
// - `_promptness(composing:)` — declares that a signal subscribes as promptly as the
//   least prompt of the signals it is composed of (`merge`, `take(until:)`, `on`), where the
//   kernel cannot see the parts itself. Changes no event.
//
// Support for bindings (Core/Support/): state and small structures, no subscriptions.
// - `_BindingState` — `BindingState`, the binding's state cell: one allocation, touched
//   only by the binding (its calls never overlap).
// - `_Queue` — a FIFO queue (values waiting their turn).
// - `_SequenceCursor` — an iterator shared by the links of one lazy concatenation.
// - `_Handoff` — the one value a binding hands to a timer: sent by whoever claims it first.
// - `_ThrottleWindow` — throttle's window, shared by its binding and its timer.
// - `_precondition` — stops the process with a "Signals: …" message naming the call and the
//   fix when a programmer error is caught, in every build configuration.
//
// Not in Core, but the same idea one level up: `bindTrackingInners(_:)`
// (Operators/Signal+BindTrackingInners.swift) is a composition of `bind`, a `Subject` and
// `merge` that tells the binding when an inner signal it returned has completed; every
// operator that must see an inner signal end (`flatten(.concat)`, `.first`,
// `.concurrent(limit:)`, `exhaustMap`-like bindings) uses it rather than a loop of its own.
