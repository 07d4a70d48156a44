import WorkloadSpec

extension Sig {
    /// Signals as an `Implementation`.
    public static let implementation = Implementation(
        w1: w1, w2: w2, w3: w3, w3b: w3b, w4: { w4(sources: $0, valuesPerSource: $1) },
        w5Array: w5Array, w5Fold: w5Fold, w6: w6, w7: w7, w8: w8,
        w7b: w7b, w9: w9, w10: w10, w11: w11, w12: { w12(subscribers: $0, sends: $1) },
        w15: { w15(sources: $0, sends: $1) }, w14: w14,
        w16: w16, w17: w17, w18Plain: w18Plain, w18Inlinable: w18Inlinable, w18Builtin: w18Builtin,
        w9b: w9b, w14Clock: w14Clock, w19: { w19($0, $1) }, w21: w21, w22: { w22($0, $1) },
        w23: { w23($0, $1) }
    )
}
