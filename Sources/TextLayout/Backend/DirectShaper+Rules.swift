/// Matching a ligature, context or chained-context subtable's rules against a run: whether a
/// lookup could act there (`DirectShaper` then leaves the run to HarfBuzz).
extension DirectShaper {
    /// Whether the rules of `check` could match at `run[i]` (true also when the table cannot be
    /// read: then HarfBuzz decides).
    func mayApply(_ check: Check, _ run: UnsafeBufferPointer<UInt16>, _ i: Int) -> Bool {
        let t = check.inGPOS ? gpos : gsub
        let st = Int(check.subtable)
        let ci = Int(check.coverageIndex)
        let n = run.count
        @inline(__always) func glyph(_ k: Int) -> Int { Int(run[k]) }

        switch (check.kind, check.format) {
        case (.context, 1), (.chainContext, 1):
            guard let set = t.offset(st + 6 + 2 * ci, from: st) else { return t.u16(st + 6 + 2 * ci) == nil }
            guard let count = t.u16(set) else { return true }
            for r in 0..<count {
                guard let rule = t.offset(set + 2 + 2 * r, from: set) else { return true }
                guard let m = matchRule(t, rule, chained: check.kind == .chainContext, run, i,
                                        { t, o, k in t.u16(o).map { $0 == glyph(k) } },
                                        { _, o, k in t.u16(o).map { $0 == glyph(k) } },
                                        { _, o, k in t.u16(o).map { $0 == glyph(k) } }) else { return true }
                if m { return true }
            }
            return false

        case (.context, 2):
            guard let classDef = t.offset(st + 4, from: st), let cls = t.glyphClass(classDef, glyph(i)) else { return true }
            guard let setCount = t.u16(st + 6) else { return true }
            guard cls < setCount else { return false }
            guard let set = t.offset(st + 8 + 2 * cls, from: st) else { return t.u16(st + 8 + 2 * cls) == nil }
            guard let count = t.u16(set) else { return true }
            let byClass: (OpenTypeTable, Int, Int) -> Bool? = { t, o, k in
                guard let want = t.u16(o), let have = t.glyphClass(classDef, glyph(k)) else { return nil }
                return want == have
            }
            for r in 0..<count {
                guard let rule = t.offset(set + 2 + 2 * r, from: set),
                      let m = matchRule(t, rule, chained: false, run, i, byClass, byClass, byClass) else { return true }
                if m { return true }
            }
            return false

        case (.chainContext, 2):
            guard let inDef = t.offset(st + 6, from: st), let cls = t.glyphClass(inDef, glyph(i)) else { return true }
            let btDef = t.offset(st + 4, from: st), laDef = t.offset(st + 8, from: st)
            guard let setCount = t.u16(st + 10) else { return true }
            guard cls < setCount else { return false }
            guard let set = t.offset(st + 12 + 2 * cls, from: st) else { return t.u16(st + 12 + 2 * cls) == nil }
            guard let count = t.u16(set) else { return true }
            func byClass(_ def: Int?) -> (OpenTypeTable, Int, Int) -> Bool? {
                { t, o, k in
                    guard let want = t.u16(o) else { return nil }
                    guard let def else { return want == 0 }  // no ClassDef: every glyph is class 0
                    guard let have = t.glyphClass(def, glyph(k)) else { return nil }
                    return want == have
                }
            }
            for r in 0..<count {
                guard let rule = t.offset(set + 2 + 2 * r, from: set),
                      let m = matchRule(t, rule, chained: true, run, i, byClass(btDef), byClass(inDef), byClass(laDef))
                else { return true }
                if m { return true }
            }
            return false

        case (.context, 3):
            guard let count = t.u16(st + 2) else { return true }
            guard i + count <= n else { return false }
            for k in 1..<max(count, 1) {
                guard let cov = t.offset(st + 6 + 2 * k, from: st), let idx = t.coverageIndex(cov, glyph(i + k)) else { return true }
                if idx < 0 { return false }
            }
            return true

        case (.chainContext, 3):
            guard let bt = t.u16(st + 2) else { return true }
            let inAt = st + 4 + 2 * bt
            guard let input = t.u16(inAt) else { return true }
            let laAt = inAt + 2 + 2 * input
            guard let la = t.u16(laAt) else { return true }
            guard i - bt >= 0, i + input + la <= n else { return false }
            func covered(_ field: Int, _ k: Int) -> Bool? {
                guard let cov = t.offset(field, from: st), let idx = t.coverageIndex(cov, glyph(k)) else { return nil }
                return idx >= 0
            }
            for k in 0..<bt {
                guard let c = covered(st + 4 + 2 * k, i - 1 - k) else { return true }
                if !c { return false }
            }
            for k in 1..<max(input, 1) {
                guard let c = covered(inAt + 2 + 2 * k, i + k) else { return true }
                if !c { return false }
            }
            for k in 0..<la {
                guard let c = covered(laAt + 2 + 2 * k, i + input + k) else { return true }
                if !c { return false }
            }
            return true

        default:
            return true
        }
    }

    /// Matches one (chain) context rule at `rule` against the run at `i`. `bt`, `input` and
    /// `la` compare the rule's value at a byte offset with the run's glyph at an index (nil:
    /// unreadable). Returns nil when the rule cannot be read.
    private func matchRule(_ t: OpenTypeTable, _ rule: Int, chained: Bool, _ run: UnsafeBufferPointer<UInt16>, _ i: Int,
                           _ bt: (OpenTypeTable, Int, Int) -> Bool?, _ input: (OpenTypeTable, Int, Int) -> Bool?,
                           _ la: (OpenTypeTable, Int, Int) -> Bool?) -> Bool? {
        let n = run.count
        var o = rule
        var btCount = 0
        if chained {
            guard let c = t.u16(o) else { return nil }
            btCount = c
            o += 2
            guard i - btCount >= 0 else { return false }
            for k in 0..<btCount {
                guard let m = bt(t, o + 2 * k, i - 1 - k) else { return nil }
                if !m { return false }
            }
            o += 2 * btCount
        }
        guard let inCount = t.u16(o), inCount >= 1 else { return nil }
        // Plain context rules: glyphCount, then seqLookupCount, then the input.
        o += chained ? 2 : 4
        guard i + inCount <= n else { return false }
        for k in 1..<inCount {
            guard let m = input(t, o + 2 * (k - 1), i + k) else { return nil }
            if !m { return false }
        }
        o += 2 * (inCount - 1)
        if chained {
            guard let laCount = t.u16(o) else { return nil }
            o += 2
            guard i + inCount + laCount <= n else { return false }
            for k in 0..<laCount {
                guard let m = la(t, o + 2 * k, i + inCount + k) else { return nil }
                if !m { return false }
            }
        }
        return true
    }
}
