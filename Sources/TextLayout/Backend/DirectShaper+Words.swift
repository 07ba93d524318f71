/// What the word path (`Preparer.prepareWords`, `WordCache`) may assume of a font's units, read
/// from the direct shaper's compiled plans.
extension DirectShaper {
    /// What the word cache (`WordCache`) may assume of each BMP code unit, whatever the script
    /// of its run among the left-to-right scripts shaped here. Bits 0–5, its *reach*: 0 — the
    /// unit has a record and no rule starts at its glyph in any of their plans (*plain*); 1–62 —
    /// the only rules starting at its glyph are GSUB ligatures of at most that many glyphs (so
    /// whether one forms depends on the units from it up to that many, and a run where none
    /// forms is shaped as if it were plain); `wordReachUnknown` — anything else (no record, a
    /// context rule, a glyph HarfBuzz must shape). Bit 6: some pair lookup of those plans kerns
    /// its glyph as a first glyph (where none does, that kerning is 0 whatever follows). In a
    /// run shaped here with nothing substituted, a unit's advance is its hmtx advance plus the
    /// pair kerning with the glyph after it, and nothing else.
    func wordTraitsTable() -> [UInt8] {
        wordTraits.withLock { cached in
            if let cached { return cached }
            let table = makeWordTraitsTable()
            cached = table
            return table
        }
    }

    /// The hmtx advance (font units) of each BMP code unit's glyph, as this path shapes it (0
    /// for a unit without a record); nil unless both Latin and Han runs are shaped here (the
    /// scripts whose runs `Preparer.prepareWords` writes from these advances).
    func unitAdvances() -> [UInt16]? {
        guard plans.count > 1, let latin = plans[0], let han = plans[1], latin.forms.isEmpty, han.forms.isEmpty else { return nil }
        return (0..<65_536).map { UInt16(truncatingIfNeeded: records[$0] >> 16) }
    }

    private func makeWordTraitsTable() -> [UInt8] {
        var table = [UInt8](repeating: DirectShaper.wordReachUnknown, count: 65_536)
        let planned = plans.indices.filter { p in
            plans[p].map { $0.forms.isEmpty && !DirectShaper.isRightToLeft(DirectShaper.scripts[p]) } ?? false
        }
        guard !planned.isEmpty else { return table }
        // Per plan, each check glyph's reach (computed once per glyph met); and every glyph some
        // ligature of those plans has after its first (a ligature covers the glyphs after its
        // first only while each is one of these).
        var reaches = [[UInt8]](repeating: [], count: plans.count)
        var continues = [Bool](repeating: false, count: glyphCount)
        for p in planned {
            guard let plan = plans[p] else { continue }
            var r = [UInt8](repeating: 0, count: plan.flags.count)
            for g in plan.flags.indices where plan.flags[g] != DirectShaper.plain {
                var reach = 0
                if plan.flags[g] == DirectShaper.check {
                    for c in Int(plan.checkStart[g])..<Int(plan.checkStart[g + 1]) {
                        let check = plan.checks[c]
                        guard check.kind == .ligature, !check.inGPOS, let n = ligatureReach(check, continues: &continues) else {
                            reach = Int(DirectShaper.wordReachUnknown)
                            break
                        }
                        reach = max(reach, n)
                    }
                }
                r[g] = plan.flags[g] == DirectShaper.check && reach > 0 ? UInt8(min(reach, Int(DirectShaper.wordReachUnknown)))
                    : DirectShaper.wordReachUnknown
            }
            reaches[p] = r
        }
        // Per glyph, the reach over every plan (a glyph HarfBuzz must shape in one: unknown).
        var glyphReach = [UInt8](repeating: 0, count: glyphCount)
        for p in planned {
            for g in 0..<min(glyphCount, reaches[p].count) { glyphReach[g] = max(glyphReach[g], reaches[p][g]) }
        }
        var flagMask: UInt64 = 0, harfBuzzBits: UInt64 = 0, kernBits: UInt64 = 0
        for p in planned {
            flagMask |= 7 << UInt64(32 + 3 * p)
            harfBuzzBits |= UInt64(DirectShaper.harfBuzz) << UInt64(32 + 3 * p)
            kernBits |= 4 << UInt64(32 + 3 * p)
        }
        glyphReach.withUnsafeBufferPointer { glyphReach in
            table.withUnsafeMutableBufferPointer { table in
                for u in 0..<65_536 {
                    let record = records[u]
                    guard record != 0 else { continue }
                    let g = Int(record & 0xFFFF)
                    let bits = record & flagMask
                    // (A plan's flag is 2 bits: HarfBuzz is 2, never 3.)
                    let harfBuzz = (bits & (harfBuzzBits)) != 0 || g >= glyphReach.count
                    let reach = harfBuzz ? DirectShaper.wordReachUnknown : glyphReach[g]
                    table[u] = reach | (bits & kernBits != 0 ? DirectShaper.wordKerns : 0)
                        | (g >= continues.count || continues[g] ? DirectShaper.wordContinues : 0)
                }
            }
        }
        return table
    }

    /// `wordTraitsTable()`'s bits: the reach of "anything else", "kerned as a first glyph", and
    /// "may be a ligature's glyph after its first" (bit 7: a unit without it ends any ligature
    /// before it — "of " cannot reach past its space, whatever "f" starts).
    static let wordReachUnknown: UInt8 = 63
    static let wordKerns: UInt8 = 64
    static let wordContinues: UInt8 = 128

    /// The most glyphs a ligature of `check`'s set (its glyph's ligatures in the subtable) has,
    /// or nil when the subtable cannot be read; each ligature's glyphs after its first are marked
    /// in `continues`.
    private func ligatureReach(_ check: Check, continues: inout [Bool]) -> Int? {
        let t = gsub
        let st = Int(check.subtable)
        let field = st + 6 + 2 * Int(check.coverageIndex)
        guard let set = t.offset(field, from: st) else { return t.u16(field) == nil ? nil : 1 }
        guard let count = t.u16(set) else { return nil }
        var most = 1
        for l in 0..<count {
            guard let lig = t.offset(set + 2 + 2 * l, from: set), let comps = t.u16(lig + 2), comps >= 1 else { return nil }
            most = max(most, comps)
            for c in 1..<max(comps, 1) {
                guard let g = t.u16(lig + 4 + 2 * (c - 1)) else { return nil }
                if g < continues.count { continues[g] = true }
            }
        }
        return most
    }
}
