internal import CHarfBuzz

/// Arabic joining, as HarfBuzz's Arabic shaper does it, for runs of Arabic letters without marks,
/// joiners or tatweel-like context surprises.
///
/// HarfBuzz gives each character a form from its joining type and its neighbours' (UAX #9's
/// cursive joining, `arabic_joining` in `hb-ot-shaper-arabic.cc`): a right- or dual-joining
/// letter after a dual-joining one joins it — the earlier becomes *initial* (or *medial*, if it
/// already joined the one before it), the later *final*; a letter that joins nothing is
/// *isolated*; a non-joining character takes no form. Each form is a feature (`isol`, `fina`,
/// `medi`, `init`) applied, in a stage of its own, only to the glyphs of that form; the stages
/// before them (`ccmp`, `locl`, …) see the nominal glyphs, the ones after (`rlig`'s lam-alef
/// ligatures, `calt`, `liga`, `kern`) the forms. So the plan is compiled in three parts: the
/// checked lookups of the earlier stages, the form lookups — which must be single substitutions
/// used by no other feature, and are then compiled into one table per form — and the rest,
/// checked and kerned on the forms as in any other script. Anything else (a form lookup of
/// another type or shared with another feature, a font with no form features at all, where
/// HarfBuzz falls back to Unicode's presentation forms) leaves the script to HarfBuzz.
///
/// Only neighbours that are certainly non-joining may bound a run shaped here (HarfBuzz reads the
/// text around a run: an Arabic letter in another font joins across the font change).
extension DirectShaper {
    /// The forms a joining letter can take, as indexes into `Plan.forms`.
    static let isolated = 0, final = 1, medial = 2, initial = 3

    /// The joining type of code unit `c` as HarfBuzz's state machine reads it: 0 non-joining,
    /// 1 right-joining, 2 dual-joining (join-causing tatweel included); nil when it is not known
    /// here (transparent, joiners, anything outside the characters this path shapes).
    @inline(__always)
    static func joiningType(_ c: UInt16) -> UInt8? {
        if c >= 0x0621 && c <= 0x064A { return arabicJoining[Int(c) - 0x0621] }
        if c < 0x0300 { return c == 0xAD ? nil : 0 }  // controls, Latin: non-joining; the soft hyphen is transparent
        if c == 0x2028 || c == 0x2029 { return 0 }
        return isSimple(Int(c)) ? 0 : nil  // every other character this path shapes joins nothing
    }

    /// U+0621 … U+064A, from Unicode's ArabicShaping.txt: U (0), R (1), D or C (2).
    private static let arabicJoining: [UInt8] = {
        // 0621 U; 0622–0625 R; 0626 D; 0627 R; 0628 D; 0629 R; 062A–062E D; 062F–0632 R;
        // 0633–063F D; 0640 C; 0641–0647 D; 0648 R; 0649–064A D.
        let types = "URRRRDRDRDDDDDRRRRDDDDDDDDDDDDDDDDDDDDDRDD"
        return types.map { $0 == "U" ? 0 : $0 == "R" ? 1 : 2 }
    }()

    /// Form features HarfBuzz adds for Arabic; fin2, fin3 and med2 are Syriac's (never a form
    /// here, but their lookups are still the plan's and must not be applied as others).
    static let formFeatures = ["isol", "fina", "medi", "init", "fin2", "fin3", "med2"]
    /// Features HarfBuzz applies in stages before the forms (`hb_ot_shape_collect_features` and
    /// the Arabic shaper's `collect_features`).
    static let preFormFeatures: Set<String> = ["rvrn", "ltra", "ltrm", "rtla", "rtlm", "frac", "numr", "dnom", "rand",
                                               "stch", "ccmp", "locl", "Harf", "HARF"]

    /// What a joining script's plan needs beyond the others: the form tables, the GSUB lookups
    /// they replace, the lookups of earlier stages, and the glyphs the forms can produce.
    struct Joining {
        var forms: [UInt16]
        var formLookups: Set<Int>
        var preFormLookups: Set<Int>
        var outputs: [Int]
    }

    /// Compiles the joining forms of the plan for `props` (see the type's comment); nil when this
    /// path cannot reproduce what HarfBuzz does with them.
    static func compileJoining(face: OpaquePointer, props: hb_segment_properties_t, gsub: OpenTypeTable,
                               glyphCount: Int, reachable: [Bool]) -> Joining? {
        func tag(_ s: String) -> hb_tag_t { s.utf8.reduce(0) { $0 << 8 | UInt32($1) } }
        func name(_ t: hb_tag_t) -> String {
            String(decoding: [UInt8(t >> 24), UInt8(t >> 16 & 0xFF), UInt8(t >> 8 & 0xFF), UInt8(t & 0xFF)], as: UTF8.self)
        }
        let table = tag("GSUB")
        // The script and language system HarfBuzz's plan chooses.
        var scriptCount: UInt32 = 3, languageCount: UInt32 = 3
        var scriptTags = [hb_tag_t](repeating: 0, count: 3), languageTags = [hb_tag_t](repeating: 0, count: 3)
        hb_ot_tags_from_script_and_language(props.script, props.language, &scriptCount, &scriptTags, &languageCount, &languageTags)
        var scriptIndex: UInt32 = 0, chosen: hb_tag_t = 0
        guard hb_ot_layout_table_select_script(face, table, scriptCount, scriptTags, &scriptIndex, &chosen) != 0 else { return nil }
        var languageIndex: UInt32 = 0
        _ = hb_ot_layout_script_select_language(face, table, scriptIndex, languageCount, languageTags, &languageIndex)

        // Every feature of that language system, by tag, with its lookups.
        var featureIndexes: [UInt32] = []
        let total = hb_ot_layout_language_get_feature_indexes(face, table, scriptIndex, languageIndex, 0, nil, nil)
        if total > 0 {
            var count = total
            featureIndexes = [UInt32](repeating: 0, count: Int(total))
            hb_ot_layout_language_get_feature_indexes(face, table, scriptIndex, languageIndex, 0, &count, &featureIndexes)
            featureIndexes = Array(featureIndexes.prefix(Int(count)))
        }
        var required: UInt32 = 0, requiredTag: hb_tag_t = 0
        if hb_ot_layout_language_get_required_feature(face, table, scriptIndex, languageIndex, &required, &requiredTag) != 0 {
            featureIndexes.append(required)
        }
        let tagCount = hb_ot_layout_table_get_feature_tags(face, table, 0, nil, nil)
        var allTags = [hb_tag_t](repeating: 0, count: Int(tagCount))
        var tagsRead = tagCount
        if tagCount > 0 { hb_ot_layout_table_get_feature_tags(face, table, 0, &tagsRead, &allTags) }
        func lookups(ofFeature index: UInt32) -> [Int] {
            let n = hb_ot_layout_feature_get_lookups(face, table, index, 0, nil, nil)
            guard n > 0 else { return [] }
            var count = n
            var out = [UInt32](repeating: 0, count: Int(n))
            hb_ot_layout_feature_get_lookups(face, table, index, 0, &count, &out)
            return out.prefix(Int(count)).map(Int.init)
        }
        var formLookups: [String: [Int]] = [:]
        var others: Set<Int> = [], preForm: Set<Int> = [], postForm: Set<Int> = []
        for index in featureIndexes {
            guard Int(index) < allTags.count else { return nil }
            let featureTag = name(allTags[Int(index)])
            let list = lookups(ofFeature: index)
            if formFeatures.contains(featureTag) {
                guard formLookups[featureTag] == nil else { return nil }  // HarfBuzz takes the first: not modelled
                formLookups[featureTag] = list
            } else {
                others.formUnion(list)
                if preFormFeatures.contains(featureTag) { preForm.formUnion(list) } else { postForm.formUnion(list) }
            }
        }
        // No form feature at all: HarfBuzz shapes with Unicode's presentation forms instead.
        guard ["isol", "fina", "medi", "init"].contains(where: { formLookups[$0] != nil }) else { return nil }
        let allForms = Set(formLookups.values.joined())
        guard allForms.isDisjoint(with: others), preForm.isDisjoint(with: postForm) else { return nil }

        // Each form's lookups, in the order HarfBuzz applies them, as one table per form.
        var forms = [UInt16](repeating: 0, count: 4 * glyphCount)
        var outputs: [Int] = []
        for (f, feature) in ["isol", "fina", "medi", "init"].enumerated() {
            var map = (0..<glyphCount).map { UInt16(truncatingIfNeeded: $0) }
            for lookup in (formLookups[feature] ?? []).sorted() {
                guard let substitute = singleSubstitution(gsub, lookup: lookup) else { return nil }
                for g in 0..<glyphCount where reachable[g] {
                    guard let out = substitute(Int(map[g])), out < glyphCount else { return nil }
                    map[g] = UInt16(out)
                }
            }
            for g in 0..<glyphCount where reachable[g] && Int(map[g]) != g { outputs.append(Int(map[g])) }
            forms.replaceSubrange((f * glyphCount)..<((f + 1) * glyphCount), with: map)
        }
        return Joining(forms: forms, formLookups: allForms, preFormLookups: preForm, outputs: outputs)
    }

    /// What GSUB lookup `lookup` does to a glyph, if it is a single substitution (type 1, or an
    /// extension of one) that skips no base glyphs or ligatures: the first subtable covering the
    /// glyph gives its substitute. nil when it is another kind or cannot be read.
    private static func singleSubstitution(_ t: OpenTypeTable, lookup index: Int) -> ((Int) -> Int?)? {
        guard let list = t.offset(8, from: 0), let lookup = t.offset(list + 2 + 2 * index, from: list),
              let type = t.u16(lookup), let flag = t.u16(lookup + 2), let count = t.u16(lookup + 4),
              flag & 0x0006 == 0 else { return nil }
        var subtables: [Int] = []
        for s in 0..<count {
            guard var st = t.offset(lookup + 6 + 2 * s, from: lookup) else { return nil }
            if type == 7 {
                guard t.u16(st) == 1, t.u16(st + 2) == 1, let off = t.u32(st + 4) else { return nil }
                st += off
            } else if type != 1 {
                return nil
            }
            guard let format = t.u16(st), format == 1 || format == 2, t.offset(st + 2, from: st) != nil else { return nil }
            subtables.append(st)
        }
        return { glyph in
            for st in subtables {
                guard let format = t.u16(st), let coverage = t.offset(st + 2, from: st),
                      let k = t.coverageIndex(coverage, glyph) else { return nil }
                guard k >= 0 else { continue }
                if format == 1 {
                    guard let delta = t.i16(st + 4) else { return nil }
                    return (glyph + delta) & 0xFFFF
                }
                guard let n = t.u16(st + 4), k < n, let out = t.u16(st + 6 + 2 * k) else { return nil }
                return out
            }
            return glyph
        }
    }

    /// Each glyph's form in a run of a joining script: `forms[k]` is the form of code unit k
    /// (-1: none). False when a character's joining type or the run's context is not known here.
    @inline(__always)
    static func joiningForms(_ text: UnsafeBufferPointer<UInt16>, range: Range<Int>, into forms: UnsafeMutablePointer<Int8>) -> Bool {
        // The text around the run must join nothing (HarfBuzz reads it as context).
        if range.lowerBound > 0 { guard joiningType(text[range.lowerBound - 1]) == 0 else { return false } }
        if range.upperBound < text.count { guard joiningType(text[range.upperBound]) == 0 else { return false } }
        var previous = -1  // the last letter, when it joins forward (dual-joining)
        for k in 0..<range.count {
            guard let type = joiningType(text[range.lowerBound + k]) else { return false }
            if type == 0 {
                forms[k] = -1
                previous = -1
                continue
            }
            if previous >= 0 {
                forms[previous] = forms[previous] == Int8(isolated) ? Int8(initial) : Int8(medial)
                forms[k] = Int8(final)
            } else {
                forms[k] = Int8(isolated)
            }
            previous = type == 2 ? k : -1
        }
        return true
    }

    /// `shape` for a joining script's plan: nominal glyphs, the checked lookups of the stages
    /// before the forms (which must form no ligature), the forms, then the rest of the plan as
    /// for any run. Always writes `packed`.
    func shapeJoining(_ text: UnsafeBufferPointer<UInt16>, range: Range<Int>, plan: Plan, planIndex: Int,
                              packed out: UnsafeMutablePointer<Int32>) -> Outcome {
        let n = range.count
        let shift = UInt64(32 + 3 * planIndex)
        return withUnsafeTemporaryAllocation(of: Int8.self, capacity: n) { forms -> Outcome in
            guard let formBase = forms.baseAddress, DirectShaper.joiningForms(text, range: range, into: formBase) else { return .harfBuzz }
            return withUnsafeTemporaryAllocation(of: UInt16.self, capacity: n) { glyphs -> Outcome in
                withUnsafeTemporaryAllocation(of: Int32.self, capacity: n) { clusters -> Outcome in
                    guard let base = glyphs.baseAddress, let c = clusters.baseAddress else { return .harfBuzz }
                    var needsCheck = false
                    for k in 0..<n {
                        let r = records[Int(text[range.lowerBound + k])]
                        // No record, or HarfBuzz's (a mirrored character in a right-to-left run).
                        guard r != 0, (r &>> shift) & 3 != UInt64(DirectShaper.harfBuzz) else { return .harfBuzz }
                        base[k] = UInt16(truncatingIfNeeded: r)
                        clusters[k] = Int32(k)
                        needsCheck = needsCheck || plan.flags[Int(base[k])] == DirectShaper.check
                    }
                    var m = n
                    if needsCheck && plan.preFormChecks > 0 {
                        // The forms are compiled for the cmap's glyphs: a ligature here (even of one
                        // glyph) would need the forms of another glyph — HarfBuzz's.
                        let before = Array(UnsafeBufferPointer(start: base, count: n))
                        guard substitute(plan, lookups: 0..<plan.preFormChecks, base, c, &m), m == n,
                              before.elementsEqual(UnsafeBufferPointer(start: base, count: n)) else { return .harfBuzz }
                    }
                    let glyphCount = self.glyphCount
                    needsCheck = false
                    plan.forms.withUnsafeBufferPointer { table in
                        for k in 0..<n where forms[k] >= 0 {
                            base[k] = table[Int(forms[k]) &* glyphCount &+ Int(base[k])]
                        }
                    }
                    for k in 0..<n {
                        let flag = plan.flags[Int(base[k])]
                        if flag == DirectShaper.harfBuzz { return .harfBuzz }
                        needsCheck = needsCheck || flag == DirectShaper.check
                    }
                    if needsCheck {
                        guard substitute(plan, lookups: plan.preFormChecks..<plan.checkLookups.count, base, c, &m) else { return .harfBuzz }
                    }
                    position(plan, UnsafeBufferPointer(start: base, count: m), clusters: m == n ? nil : c, units: n, out)
                    return m == n ? .simple : .ligatures
                }
            }
        }
    }
}
