/// Big-endian reads from one OpenType table (GSUB, GPOS), bounds-checked: anything outside the
/// table reads as nil, so a malformed table makes the direct shaping path step aside for
/// HarfBuzz — it never crashes and never guesses.
///
/// The table's bytes belong to the `FontFace` that read it (HarfBuzz blobs over the face's own
/// buffer in read-only mode), so a table is valid as long as its face lives.
struct OpenTypeTable: @unchecked Sendable {
    let base: UnsafeRawPointer?
    let count: Int

    static let empty = OpenTypeTable(base: nil, count: 0)

    @inline(__always)
    func u16(_ o: Int) -> Int? {
        guard let base, o >= 0, o + 2 <= count else { return nil }
        return Int(UInt16(bigEndian: base.loadUnaligned(fromByteOffset: o, as: UInt16.self)))
    }

    @inline(__always)
    func i16(_ o: Int) -> Int? {
        guard let base, o >= 0, o + 2 <= count else { return nil }
        return Int(Int16(bigEndian: base.loadUnaligned(fromByteOffset: o, as: Int16.self)))
    }

    @inline(__always)
    func u32(_ o: Int) -> Int? {
        guard let base, o >= 0, o + 4 <= count else { return nil }
        return Int(UInt32(bigEndian: base.loadUnaligned(fromByteOffset: o, as: UInt32.self)))
    }

    /// An offset field at `o`, resolved against `from`; nil when the field is outside the table
    /// or is 0 (OpenType's "no table").
    @inline(__always)
    func offset(_ o: Int, from: Int) -> Int? {
        guard let v = u16(o), v != 0 else { return nil }
        return from + v
    }

    /// Whether `n` records of `size` bytes from `first` are all inside the table. HarfBuzz's
    /// sanitizer checks a whole array before it uses any of it, and neuters (treats as absent) a
    /// Coverage or ClassDef whose array runs past its table; reading only the entries needed
    /// would use what HarfBuzz ignores (the font fuzzer found a ClassDef of 256 classes in a
    /// table with room for 20 kerned differently).
    @inline(__always)
    func fits(_ first: Int, count n: Int, size: Int) -> Bool {
        base != nil && first >= 0 && n >= 0 && first + n * size <= count
    }

    // MARK: Coverage and class definitions

    /// Calls `body(glyph, coverageIndex)` for every glyph of the Coverage table at `at`; false
    /// when the table is malformed (or has a format this reader does not know).
    func forEachCovered(_ at: Int, glyphCount: Int, _ body: (Int, Int) -> Void) -> Bool {
        guard let format = u16(at), let n = u16(at + 2), fits(at + 4, count: n, size: format == 2 ? 6 : 2) else { return false }
        switch format {
        // Glyphs (ranges) must be in increasing order, as OpenType requires: HarfBuzz looks them up
        // by binary search, which on an unsorted table finds other glyphs than a walk does (a
        // font fuzzer finding); such a table is malformed here.
        case 1:
            var previous = -1
            for k in 0..<n {
                guard let g = u16(at + 4 + 2 * k), g > previous else { return false }
                previous = g
                if g < glyphCount { body(g, k) }
            }
            return true
        case 2:
            var previous = -1
            for r in 0..<n {
                let rec = at + 4 + 6 * r
                guard let start = u16(rec), let end = u16(rec + 2), let index = u16(rec + 4), start <= end, start > previous else { return false }
                previous = end
                for g in start...end where g < glyphCount { body(g, index + g - start) }
            }
            return true
        default:
            return false
        }
    }

    /// The coverage index of `glyph` in the Coverage table at `at`: `-1` when not covered, nil
    /// when the table is malformed.
    func coverageIndex(_ at: Int, _ glyph: Int) -> Int? {
        guard let format = u16(at), let n = u16(at + 2), fits(at + 4, count: n, size: format == 2 ? 6 : 2) else { return nil }
        switch format {
        case 1:
            var lo = 0, hi = n - 1
            while lo <= hi {
                let mid = (lo + hi) >> 1
                guard let g = u16(at + 4 + 2 * mid) else { return nil }
                if g == glyph { return mid }
                if g < glyph { lo = mid + 1 } else { hi = mid - 1 }
            }
            return -1
        case 2:
            guard let rec = rangeRecord(at + 4, count: n, glyph) else { return nil }
            guard rec >= 0 else { return -1 }
            guard let start = u16(rec), let index = u16(rec + 4) else { return nil }
            return index + glyph - start
        default:
            return nil
        }
    }

    /// The offset of the 6-byte range record (start, end, value) among `count` sorted ones from
    /// `first` whose range holds `glyph`: -1 when none does, nil when a record cannot be read.
    private func rangeRecord(_ first: Int, count: Int, _ glyph: Int) -> Int? {
        var lo = 0, hi = count - 1
        while lo <= hi {
            let mid = (lo + hi) >> 1
            let rec = first + 6 * mid
            guard let start = u16(rec), let end = u16(rec + 2) else { return nil }
            if glyph < start {
                hi = mid - 1
            } else if glyph > end {
                lo = mid + 1
            } else {
                return rec
            }
        }
        return -1
    }

    /// The class of `glyph` in the ClassDef table at `at` (0 for glyphs it does not list), nil
    /// when the table is malformed.
    func glyphClass(_ at: Int, _ glyph: Int) -> Int? {
        guard let format = u16(at) else { return nil }
        switch format {
        case 1:
            guard let start = u16(at + 2), let n = u16(at + 4), fits(at + 6, count: n, size: 2) else { return nil }
            guard glyph >= start && glyph < start + n else { return 0 }
            return u16(at + 6 + 2 * (glyph - start))
        case 2:
            guard let n = u16(at + 2), fits(at + 4, count: n, size: 6), let rec = rangeRecord(at + 4, count: n, glyph) else { return nil }
            return rec < 0 ? 0 : u16(rec + 4)
        default:
            return nil
        }
    }

    /// Every glyph's class in the ClassDef table at `at`, as an array indexed by glyph (0 for
    /// glyphs it does not list); nil when the table is malformed.
    func classArray(_ at: Int, glyphCount: Int) -> [UInt16]? {
        var out = [UInt16](repeating: 0, count: glyphCount)
        guard let format = u16(at) else { return nil }
        switch format {
        case 1:
            guard let start = u16(at + 2), let n = u16(at + 4), fits(at + 6, count: n, size: 2) else { return nil }
            for k in 0..<n where start + k < glyphCount {
                guard let c = u16(at + 6 + 2 * k) else { return nil }
                out[start + k] = UInt16(c)
            }
        case 2:
            guard let n = u16(at + 2), fits(at + 4, count: n, size: 6) else { return nil }
            var previous = -1
            for r in 0..<n {
                let rec = at + 4 + 6 * r
                guard let start = u16(rec), let end = u16(rec + 2), let c = u16(rec + 4), start <= end, start > previous else { return nil }
                previous = end
                for g in start...end where g < glyphCount { out[g] = UInt16(c) }
            }
        default:
            return nil
        }
        return out
    }
}
