internal import CICUShim

/// UAX #14 line-break opportunities and UAX #29 grapheme clusters, from ICU (through CICUShim).
enum UnicodeBreaks {
    /// Why ICU cannot break text here, or nil when it can: line and grapheme breaks of a probe
    /// text, checked once per process. An engine is not made without them (`TextEngine.init`
    /// throws `unicodeDataUnavailable`), so a failure at run time — which falls back to "break
    /// anywhere a space is" rather than crash — can only be a transient one.
    static let problem: String? = {
        let probe = Array("ab c\u{301}\nd".utf16)  // breaks after "ab ", "c\u{301}\n", "d"
        var positions = [Int32](repeating: 0, count: 16)
        var hard = [UInt8](repeating: 0, count: 16)
        let lines = probe.withUnsafeBufferPointer { t in
            positions.withUnsafeMutableBufferPointer { p in
                hard.withUnsafeMutableBufferPointer { h in le_line_breaks(t.baseAddress, Int32(t.count), p.baseAddress, h.baseAddress, 16) }
            }
        }
        guard lines == 3, Array(positions.prefix(3)) == [3, 6, 7], hard[1] == 1 else {
            return "line breaking (UAX #14) failed" + (lines < 0 ? " with ICU error \(lines)" : ": got \(lines) breaks")
        }
        let clusters = probe.withUnsafeBufferPointer { t in
            positions.withUnsafeMutableBufferPointer { p in le_grapheme_breaks(t.baseAddress, Int32(t.count), p.baseAddress, 16) }
        }
        guard clusters == 6 else {
            return "grapheme clusters (UAX #29) failed" + (clusters < 0 ? " with ICU error \(clusters)" : ": got \(clusters)")
        }
        return nil
    }()

    /// A line-break opportunity: a UTF-16 offset after which a line may (or, if `hard`, must) end.
    struct LineBreak {
        var offset: Int
        var hard: Bool
    }

    /// The line-break opportunities of `text`, ascending; the last is at `text.count`.
    static func lineBreaks(_ text: UnsafeBufferPointer<UInt16>) -> [LineBreak] {
        guard text.count > 0, let base = text.baseAddress else { return [] }
        let capacity = text.count + 1
        var positions = [Int32](repeating: 0, count: capacity)
        var hard = [UInt8](repeating: 0, count: capacity)
        let n = positions.withUnsafeMutableBufferPointer { p in
            hard.withUnsafeMutableBufferPointer { h in
                le_line_breaks(base, Int32(text.count), p.baseAddress, h.baseAddress, Int32(capacity))
            }
        }
        guard n > 0 else { return [LineBreak(offset: text.count, hard: false)] }
        return (0..<Int(n)).map { LineBreak(offset: Int(positions[$0]), hard: hard[$0] != 0) }
    }

    /// Sets `breakAfter[i]` for each grapheme cluster after which UAX #14 allows (or requires)
    /// a line break; `graphemeEnds` are the clusters' ends.
    static func markLineBreaks(_ text: UnsafeBufferPointer<UInt16>, graphemeEnds: UnsafeBufferPointer<Int32>,
                               into breakAfter: UnsafeMutableBufferPointer<Bool>) {
        guard text.count > 0, let base = text.baseAddress else { return }
        if graphemeEnds.count == text.count && simpleLineBreaks(text, into: breakAfter) { return }
        let capacity = text.count + 1
        var positions = [Int32](repeating: 0, count: capacity)
        var hard = [UInt8](repeating: 0, count: capacity)
        let n = positions.withUnsafeMutableBufferPointer { p in
            hard.withUnsafeMutableBufferPointer { h in
                le_line_breaks(base, Int32(text.count), p.baseAddress, h.baseAddress, Int32(capacity))
            }
        }
        guard n > 0 else {
            if !breakAfter.isEmpty { breakAfter[breakAfter.count - 1] = true }
            return
        }
        // Break opportunities land on cluster ends; walk both ascending lists together.
        var b = 0
        let count = Int(n)
        for i in 0..<graphemeEnds.count {
            let end = graphemeEnds[i]
            while b < count && positions[b] < end { b += 1 }
            if b < count && positions[b] == end { breakAfter[i] = true }
        }
    }

    /// UAX #14 line-break classes of the characters the ICU-free path knows.
    enum Class: UInt8 {
        case none = 0  // anything else: ICU decides
        case al, nu, sp, lf, infix, ex, qu, id, cl, op, ns, inseparable, po
    }

    /// The class of code unit `u` for `simpleLineBreaks`: ASCII letters (AL), digits (NU), the
    /// space (SP), the line feed (LF), `. , : ;` (IS), `! ?` (EX), `' "` (QU), `%` (PO), CJK ideographs
    /// U+4E00–9FFF (ID), `，。、」）` (CL), `「（` (OP), `：；` (NS), `！？` (EX), `…` (IN); Hebrew letters
    /// (HL, which among these classes breaks exactly as AL: its own rules, LB21a and LB21b, need
    /// HY, BA or SY), Arabic letters (AL), Arabic-Indic digits (NU), `،` (IS), `؛ ؟ ۔` (EX).
    @inline(__always)
    static func lineClass(_ u: UInt16) -> Class {
        if u < 0x80 {
            switch u {
            case 0x61...0x7A, 0x41...0x5A: return .al
            case 0x30...0x39: return .nu
            case 0x20: return .sp
            case 0x0A: return .lf
            case 0x2E, 0x2C, 0x3A, 0x3B: return .infix
            case 0x21, 0x3F: return .ex
            case 0x27, 0x22: return .qu
            case 0x25: return .po
            default: return .none
            }
        }
        if u >= 0x4E00 && u <= 0x9FFF { return .id }
        switch u {
        case 0x05D0...0x05EA, 0x05EF...0x05F2, 0x0620...0x064A, 0x0671...0x06D3: return .al
        case 0x0660...0x0669, 0x06F0...0x06F9: return .nu
        case 0x060C: return .infix
        case 0x061B, 0x061F, 0x06D4: return .ex
        case 0xFF0C, 0x3002, 0x3001, 0x300D, 0xFF09: return .cl
        case 0x300C, 0xFF08: return .op
        case 0xFF1A, 0xFF1B: return .ns
        case 0xFF01, 0xFF1F: return .ex
        case 0x2026: return .inseparable
        default: return .none
        }
    }

    /// UAX #14 without ICU for text made only of the characters `lineClass` knows (plain
    /// English, Chinese, and the two mixed, with the common punctuation). The rules, in UAX #14's
    /// order (ICU 72, Unicode 15.0): break after LF (LB5); not before LF or SP (LB6, LB7); not
    /// before CL, EX, IS (LB13 — except an IS that starts a number after a space, as ICU has it);
    /// not after OP SP* (LB14), QU SP* before OP (LB15), CL SP* before NS (LB16); after spaces
    /// (LB18); not around QU (LB19); not before NS (LB21) or IN (LB22); not between letters and
    /// digits (LB23, LB28), within numbers (LB25, ICU's pairs: NU × NU, IS × NU), or after IS before a letter
    /// (LB29), nor around a postfix `%` next to a number, letter, ideograph or closing punctuation; everywhere else, yes (LB31) — between ideographs, after CL, EX, NS, IN, before OP.
    /// Writes one flag per code unit (each is its own cluster) and returns true, or returns false
    /// (writing nothing) when another character appears. `UnicodeBreaksTests` checks it against
    /// ICU on random text over these classes and on the oracle corpus.
    static func simpleLineBreaks(_ text: UnsafeBufferPointer<UInt16>, into breakAfter: inout [Bool]) -> Bool {
        breakAfter.withUnsafeMutableBufferPointer { simpleLineBreaks(text, into: $0) }
    }

    /// `simpleLineBreaks(_:into:)` writing into a buffer.
    static func simpleLineBreaks(_ text: UnsafeBufferPointer<UInt16>, into out: UnsafeMutableBufferPointer<Bool>) -> Bool {
        let n = text.count
        let breakAfter = out
        guard n > 0, breakAfter.count == n else { return false }
        return withUnsafeTemporaryAllocation(of: Class.self, capacity: n) { classes -> Bool in
            let table = CharacterTable.table
            for i in 0..<n {
                let raw = UInt8(truncatingIfNeeded: table[Int(text[i])] & CharacterTable.lineClassMask)
                guard raw != 0, let c = Class(rawValue: raw) else { return false }
                // "%(" starts ICU's number patterns (LB25: PO OP IS? NU): left to ICU.
                if c == .op && i > 0 && classes[i - 1] == .po { return false }
                classes[i] = c
            }
            decideBreaks(UnsafeBufferPointer(classes), into: out)
            return true
        }
    }

    /// The break flags of a text from its code units' classes (see `simpleLineBreaks`).
    static func decideBreaks(_ classes: UnsafeBufferPointer<Class>, into out: UnsafeMutableBufferPointer<Bool>) {
        let n = classes.count
        guard n > 0 else { return }
        var beforeSpaces = Class.none  // the last class before the current run of spaces
        var numeric = false  // the text so far ends NU (NU | IS)*
        var numericClose = false  // … or NU (NU | IS)* CL
        let sp = Class.sp.rawValue
        pairDecisions.withUnsafeBufferPointer { pairs in
            for i in 0..<(n - 1) {
                let a = classes[i], b = classes[i + 1]
                // After a space the class before the spaces decides (`pairDecisions`' second half):
                // choices on bytes, not jumps, since spaces come without pattern.
                let space = a.rawValue == sp ? 1 : 0
                let left = a.rawValue == sp ? beforeSpaces.rawValue : a.rawValue
                beforeSpaces = unsafeBitCast(left, to: Class.self)  // a class's raw value
                numericClose = a == .cl && numeric
                numeric = a == .nu || (a == .infix && numeric)
                let d = pairs[space << 8 | Int(left) << 4 | Int(b.rawValue)]
                out[i] = _fastPath(d < 2) ? d == 1
                    : contextualBreak(a, b, beforeSpaces: beforeSpaces, afterNext: i + 2 < n ? classes[i + 2] : .none,
                                      numeric: numeric, numericClose: numericClose)
            }
        }
        out[n - 1] = true
    }

    /// `breakBetween`, out of line: the few pairs the table leaves to it, kept out of the loop.
    @inline(never)
    private static func contextualBreak(_ a: Class, _ b: Class, beforeSpaces: Class, afterNext: Class,
                                        numeric: Bool, numericClose: Bool) -> Bool {
        breakBetween(a, b, beforeSpaces: beforeSpaces, afterNext: afterNext, numeric: numeric, numericClose: numericClose)
    }

    /// `breakBetween` for every pair of classes whose answer needs no other context: 0 no break,
    /// 1 break, 2 ask `breakBetween`. Entry `a << 4 | b` for `a` not a space (the class before the
    /// spaces is then `a` itself); entry `256 | x << 4 | b` for a space after `x` (the class
    /// before the spaces). A pair whose answer depends on a number before it or on the class after
    /// `b` is left to `breakBetween`. Built from `breakBetween` itself, so the two cannot disagree.
    static let pairDecisions: [UInt8] = {
        var table = [UInt8](repeating: 2, count: 512)
        let classes = (0...Int(Class.po.rawValue)).compactMap { Class(rawValue: UInt8($0)) }
        func decide(_ a: Class, _ b: Class, before: Class) -> UInt8 {
            let answers = Set([false, true].flatMap { numeric in
                [Class.none, .nu, .al, .sp].map { next in
                    breakBetween(a, b, beforeSpaces: before, afterNext: next, numeric: numeric, numericClose: numeric)
                }
            })
            return answers.count == 1 ? (answers.first! ? 1 : 0) : 2
        }
        for a in classes where a != .none && a != .sp {
            for b in classes where b != .none {
                if b == .po && (a == .infix || a == .cl) { continue }  // depends on a number before
                table[Int(a.rawValue) << 4 | Int(b.rawValue)] = decide(a, b, before: a)
            }
        }
        for x in classes where x != .sp {  // `.none`: spaces that start the text
            for b in classes where b != .none {
                table[256 | Int(x.rawValue) << 4 | Int(b.rawValue)] = decide(.sp, b, before: x)
            }
        }
        return table
    }()

    /// Whether a line may break between classes `a` and `b` (see `simpleLineBreaks`).
    @inline(__always)
    private static func breakBetween(_ a: Class, _ b: Class, beforeSpaces: Class, afterNext: Class,
                                     numeric: Bool, numericClose: Bool) -> Bool {
        if a == .lf { return true }  // LB5
        if b == .lf || b == .sp { return false }  // LB6, LB7
        if b == .cl || b == .ex { return false }  // LB13
        if b == .infix {  // LB13, but ICU lets " .5" break before the IS that starts a number (not after OP SP*: LB14)
            return a == .sp && afterNext == .nu && beforeSpaces != .op
        }
        if beforeSpaces == .op { return false }  // LB14
        if beforeSpaces == .qu && b == .op { return false }  // LB15
        if beforeSpaces == .cl && b == .ns { return false }  // LB16
        if a == .sp { return true }  // LB18
        if a == .qu || b == .qu { return false }  // LB19
        if b == .ns || b == .inseparable { return false }  // LB21, LB22
        if (a == .al && b == .nu) || (a == .nu && b == .al) || (a == .al && b == .al) { return false }  // LB23, LB28
        if b == .nu && (a == .nu || a == .infix) { return false }  // LB25 as ICU has it (NU × NU, IS × NU)
        if a == .infix && b == .al { return false }  // LB29
        // PO (LB23a, LB24, LB25 as ICU has them): "a%", "中%", "%a"; numbers: "9%", "9.5%", "(9)%",
        // "%9" ("%(" is ICU's to decide: see `simpleLineBreaks`).
        if b == .po && (a == .al || a == .id || a == .nu || (a == .infix && numeric) || (a == .cl && numericClose)) {
            return false
        }
        if a == .po && (b == .nu || b == .al) { return false }
        return true  // LB31
    }

    /// ICU's answer, one flag per code unit (for checking `simpleLineBreaks`).
    static func icuLineBreakFlags(_ text: UnsafeBufferPointer<UInt16>) -> [Bool] {
        var flags = [Bool](repeating: false, count: text.count)
        for b in lineBreaks(text) where b.offset > 0 { flags[b.offset - 1] = true }
        return flags
    }

    /// The ends of the grapheme clusters of `text` (UTF-16 offsets), ascending; the last is `text.count`.
    static func graphemeEnds(_ text: UnsafeBufferPointer<UInt16>) -> [Int32] {
        var ends = [Int32](repeating: 0, count: text.count + 1)
        let n = ends.withUnsafeMutableBufferPointer { graphemeEnds(text, into: $0) }
        ends.removeLast(ends.count - n)
        return ends
    }

    /// `graphemeEnds(_:)` written into `ends` (room for `text.count + 1`); returns how many.
    static func graphemeEnds(_ text: UnsafeBufferPointer<UInt16>, into ends: UnsafeMutableBufferPointer<Int32>) -> Int {
        guard text.count > 0, let base = text.baseAddress, ends.count > text.count else { return 0 }
        if let n = simpleGraphemeEnds(text, into: ends) { return n }
        let n = Int(le_grapheme_breaks(base, Int32(text.count), ends.baseAddress, Int32(ends.count)))
        guard n > 0 else {
            for i in 0..<text.count { ends[i] = Int32(i + 1) }
            return text.count
        }
        return n
    }

    /// Grapheme ends without ICU for text made only of characters that never join a cluster
    /// with a neighbour: Latin-1 and Latin Extended letters (below U+0300), general punctuation
    /// (U+2010–2027, U+2030–205E: dashes, curly quotes, "…"), currency signs, CJK punctuation
    /// (U+3000–3029, U+3030–303F), CJK ideographs (U+4E00–9FFF) and full-width forms
    /// (U+FF01–FF9D). Every such code unit is a cluster of its own, except CR LF. Returns nil when
    /// any other character appears, and ICU decides.
    static func simpleGraphemeEnds(_ text: UnsafeBufferPointer<UInt16>) -> [Int32]? {
        var ends = [Int32](repeating: 0, count: text.count + 1)
        guard let n = ends.withUnsafeMutableBufferPointer({ simpleGraphemeEnds(text, into: $0) }) else { return nil }
        ends.removeLast(ends.count - n)
        return ends
    }

    /// `simpleGraphemeEnds(_:)` written into `ends`; returns how many, or nil (ICU decides).
    static func simpleGraphemeEnds(_ text: UnsafeBufferPointer<UInt16>, into ends: UnsafeMutableBufferPointer<Int32>) -> Int? {
        var i = 0, k = 0
        let n = text.count
        let table = CharacterTable.table
        while i < n {
            let u = text[i]
            guard table[Int(u)] & CharacterTable.simpleGrapheme != 0 else { return nil }
            if u == 0x0D && i + 1 < n && text[i + 1] == 0x0A {
                i += 2
            } else {
                i += 1
            }
            ends[k] = Int32(i)
            k += 1
        }
        return k
    }

    /// Whether code unit `u` is one `simpleGraphemeEnds` treats as a cluster of its own (see there).
    static func isSimpleGrapheme(_ u: UInt16) -> Bool {
        u < 0x300 || (u >= 0x2010 && u <= 0x2027) || (u >= 0x2030 && u <= 0x205E)
            // Hebrew letters; Arabic punctuation, letters and digits (not the prepended number
            // signs U+0600–0605, the letter mark U+061C or any combining mark)
            || (u >= 0x05D0 && u <= 0x05F2) || u == 0x060C || u == 0x061B || u == 0x061F
            || (u >= 0x0620 && u <= 0x064A) || (u >= 0x0660 && u <= 0x0669) || (u >= 0x0671 && u <= 0x06D4)
            || (u >= 0x06F0 && u <= 0x06F9)
            || (u >= 0x20A0 && u <= 0x20BF) || (u >= 0x3000 && u <= 0x3029) || (u >= 0x3030 && u <= 0x303F)
            || (u >= 0x4E00 && u <= 0x9FFF) || (u >= 0xFF01 && u <= 0xFF9D)
    }

    /// The ICU version in use ("72.1").
    static var icuVersion: String { String(cString: le_icu_version()) }
}
