import Foundation
import Synchronization

/// Finds and loads fonts: by path, or by family name or file stem in a font directory, and
/// builds fallback chains (the named font first, then the directory's other fonts).
///
/// Loaded faces are kept for the registry's lifetime; their number is bounded by the files the
/// user names and the files in the directory. Thread-safe; a chain already resolved is found
/// without a lock (`chain(for:)`), since every measurement asks for one.
final class FontRegistry: Sendable {
    /// The directories searched for names and used for fallback, in order (the user's first).
    let directories: [String]
    /// The first directory, if any.
    var directory: String? { directories.first }
    /// Font files in `directories`, in fallback order: directory by directory, and within one
    /// directory regular styles first, then by name.
    let directoryFiles: [String]

    private struct State {
        var faces: [String: FontFace] = [:]
        var chains: [String: FontChain] = [:]
        var fallbacks: [FontFace]? = nil
        /// Every table ever published in `resolved`, oldest first: a reader may still hold an
        /// older one, so none is freed before the registry.
        var tables: [ChainTable] = []
    }
    private let state = Locked(State())
    /// Held while a face is read from its file, so that threads wanting a face another thread is
    /// loading wait for it instead of each loading a copy of their own (a process's first layout
    /// asks for the fallback fonts from every core at once; only one copy was kept).
    private let loading = Locked(0)
    /// The newest `ChainTable`, read with no lock; replaced (never mutated) under `state`'s
    /// lock. Unretained: `State.tables` keeps it alive.
    private let resolved = Atomic<Unmanaged<ChainTable>?>(nil)

    /// Whether a name the directories do not have is looked up through fontconfig.
    let systemNames: Bool
    /// Whether the fallback chain continues, after the directories' fonts, into the system's
    /// fonts in fontconfig's order (`SystemFonts.fallbacks`), as Pango's does.
    let systemFallback: Bool
    /// The most system fonts a chain takes (chains index fonts with a byte).
    static let systemFallbackLimit = 160
    /// Faces given in code (`init(faces:)`, tests' made-up fonts) instead of files: named by
    /// their family names, and in this order the fallback chain.
    private let madeUp: [GlyphSource]

    /// A registry of faces made in code, not read from files (a test's fake fonts): a reference
    /// names one by its family name; every chain is that face, then the others in order.
    init(faces: [GlyphSource]) {
        directories = []
        directoryFiles = []
        systemNames = false
        systemFallback = false
        madeUp = faces
    }

    convenience init(directory: String?) throws(TextLayoutError) {
        try self.init(directories: directory.map { [$0] } ?? [])
    }

    init(directories: [String], systemNames: Bool = false, systemFallback: Bool = false) throws(TextLayoutError) {
        self.directories = directories
        self.systemNames = systemNames
        self.systemFallback = systemFallback
        madeUp = []
        var files: [String] = []
        for directory in directories {
            guard let names = try? FileManager.default.contentsOfDirectory(atPath: directory) else {
                throw .fontDirectoryUnavailable(path: directory)
            }
            let fonts = names.filter { ["ttf", "otf", "ttc"].contains(($0 as NSString).pathExtension.lowercased()) }
            func styled(_ name: String) -> Bool {
                let l = name.lowercased()
                return ["bold", "italic", "oblique", "light", "condensed", "mono"].contains { l.contains($0) }
            }
            files += fonts.sorted { a, b in
                styled(a) != styled(b) ? !styled(a) : a < b
            }.map { (directory as NSString).appendingPathComponent($0) }
        }
        directoryFiles = files
    }

    /// The names a user may give for the directory's fonts (file stems).
    var availableNames: [String] {
        if !madeUp.isEmpty { return madeUp.map(\.familyName) }
        return directoryFiles.map { (($0 as NSString).lastPathComponent as NSString).deletingPathExtension }
    }

    /// The fallback chain for a font reference (a path, a family name or a file stem, with an
    /// optional `#faceIndex` suffix).
    func chain(for reference: String) throws(TextLayoutError) -> FontChain {
        if let table = resolved.load(ordering: .acquiring),
           let chain = table._withUnsafeGuaranteedRef({ $0.chain(for: reference) }) {
            return chain
        }
        if let cached = state.withLock({ $0.chains[reference] }) { return cached }
        let primary = try face(for: reference)
        var faces = [primary]
        for f in madeUp.isEmpty ? fallbacks() : madeUp where f !== primary { faces.append(f) }
        let chain = FontChain(faces: faces)
        state.withLock { s in
            if s.chains[reference] != nil { return }
            s.chains[reference] = chain
            publish(&s, reference, chain)
        }
        return chain
    }

    /// `chain(for:)` lent to `body` rather than handed out: a copy of a chain retains its five
    /// arrays, which every thread preparing text shares (their counts bounced between cores).
    func withChain<R>(for reference: String, _ body: (FontChain) -> R) throws(TextLayoutError) -> R {
        if let table = resolved.load(ordering: .acquiring),
           let lent = table._withUnsafeGuaranteedRef({ $0.withChain(for: reference, body) }) {
            return lent
        }
        let chain = try chain(for: reference)
        return body(chain)
    }

    /// Publishes a table with `chain` added, under the lock. The lock-free tables stop growing
    /// at `ChainTable.capacity` references (each table copies the previous one); later ones are
    /// found under the lock.
    private func publish(_ s: inout State, _ reference: String, _ chain: FontChain) {
        let previous = s.tables.last
        guard (previous?.names.count ?? 0) < ChainTable.capacity else { return }
        let table = ChainTable(previous: previous, adding: reference, chain)
        s.tables.append(table)
        resolved.store(Unmanaged.passUnretained(table), ordering: .releasing)
    }

    /// The face a reference names.
    func face(for reference: String) throws(TextLayoutError) -> GlyphSource {
        if !madeUp.isEmpty {
            guard let face = madeUp.first(where: { $0.familyName == reference }) else {
                throw .unknownFont(name: reference, available: availableNames)
            }
            return face
        }
        var path = reference
        var index = 0
        if let hash = reference.lastIndex(of: "#"), let i = Int(reference[reference.index(after: hash)...]) {
            path = String(reference[..<hash])
            index = i
        }
        let looksLikePath = path.contains("/") || ["ttf", "otf", "ttc"].contains((path as NSString).pathExtension.lowercased())
        if !looksLikePath {
            if let resolved = resolve(name: path) {
                path = resolved
            } else if systemNames, let system = SystemFonts.match(path) {
                // A family the directories do not have, which fontconfig does (a system font).
                return try load(path: system.path, faceIndex: index != 0 ? index : system.index)
            } else {
                throw .unknownFont(name: reference, available: availableNames)
            }
        }
        return try load(path: path, faceIndex: index)
    }

    private func resolve(name: String) -> String? {
        func norm(_ s: String) -> String { s.lowercased().filter { $0.isLetter || $0.isNumber } }
        let wanted = norm(name)
        if let hit = directoryFiles.first(where: { norm((($0 as NSString).lastPathComponent as NSString).deletingPathExtension) == wanted }) {
            return hit
        }
        // Fall back to the family (and style) names inside the files.
        for file in directoryFiles {
            guard let face = try? load(path: file, faceIndex: 0) else { continue }
            let family = norm(face.familyName)
            if family == wanted || family + norm(face.styleName) == wanted
                || (family == wanted.replacingOccurrences(of: "regular", with: "") && ["book", "regular"].contains(norm(face.styleName))) {
                return file
            }
        }
        return nil
    }

    private func load(path: String, faceIndex: Int) throws(TextLayoutError) -> FontFace {
        let key = "\(path)#\(faceIndex)"
        if let f = state.withLock({ $0.faces[key] }) { return f }
        return try loading.withLock { (count: inout Int) throws(TextLayoutError) -> FontFace in
            if let f = state.withLock({ $0.faces[key] }) { return f }  // loaded while this thread waited
            let face = try FontFace(path: path, faceIndex: faceIndex)
            count += 1
            state.withLock { $0.faces[key] = face }
            return face
        }
    }

    /// How many faces have been read from their files (each at most once).
    var facesLoaded: Int { loading.withLock { $0 } }

    /// The directory's usable fonts in fallback order; files that fail to load are skipped.
    private func fallbacks() -> [FontFace] {
        if let f = state.withLock({ $0.fallbacks }) { return f }
        var loaded = directoryFiles.compactMap { try? load(path: $0, faceIndex: 0) }
        if systemFallback {
            // Then the system's fonts, in fontconfig's order for a sans-serif family (only those
            // that add coverage), skipping files the directories have already given.
            let known = Set(loaded.map { URL(fileURLWithPath: $0.path).resolvingSymlinksInPath().path })
            var seen = known
            for face in SystemFonts.fallbacks(after: "sans-serif", limit: Self.systemFallbackLimit) {
                let real = URL(fileURLWithPath: face.path).resolvingSymlinksInPath().path
                guard !seen.contains(real), let f = try? load(path: face.path, faceIndex: face.index) else { continue }
                seen.insert(real)
                loaded.append(f)
            }
            // The colour emoji font, wherever fontconfig's order puts it: with many fonts installed
            // (Debian's fonts-noto-core: 160 before it) it falls past the limit, and emoji
            // sequences would take .notdef or a monochrome symbol font.
            if !loaded.contains(where: \.isColor), let emoji = SystemFonts.emojiFont() {
                let real = URL(fileURLWithPath: emoji.path).resolvingSymlinksInPath().path
                if !seen.contains(real), let f = try? load(path: emoji.path, faceIndex: emoji.index) { loaded.append(f) }
            }
        }
        state.withLock { $0.fallbacks = loaded }
        return loaded
    }
}

/// Font references and their chains, immutable once published: `FontRegistry.chain(for:)`
/// reads it with no lock. A handful of entries (an app names a few fonts), searched in order.
final class ChainTable: Sendable {
    /// The most references a table holds (tables are copied to add one, and all are kept).
    static let capacity = 32

    let names: [String]
    /// The chains, each in an object of its own: a chain read from an immutable property of an
    /// object is lent to `withChain`'s body as it is, where one read from an array was copied (a
    /// retain of each of its arrays, which every thread preparing text shares).
    private let boxes: [Box]
    /// `boxes`, unretained (`boxes` keeps them).
    private let unretainedBoxes: [Unmanaged<Box>]

    final class Box: Sendable {
        let chain: FontChain
        init(_ chain: FontChain) { self.chain = chain }
    }

    init(previous: ChainTable?, adding name: String, _ chain: FontChain) {
        names = (previous?.names ?? []) + [name]
        boxes = (previous?.boxes ?? []) + [Box(chain)]
        unretainedBoxes = boxes.map { Unmanaged.passUnretained($0) }
    }

    /// The chain for `reference`, if resolved (compared by `==`, as the dictionary does).
    @inline(__always)
    func chain(for reference: String) -> FontChain? {
        for i in names.indices where names[i] == reference { return boxes[i].chain }
        return nil
    }

    /// `body`'s answer for the chain of `reference`, lent in place; nil if not resolved.
    @inline(__always)
    func withChain<R>(for reference: String, _ body: (FontChain) -> R) -> R? {
        for i in names.indices where names[i] == reference {
            return unretainedBoxes[i]._withUnsafeGuaranteedRef { body($0.chain) }
        }
        return nil
    }
}

/// A primary font and its fallbacks; a grapheme cluster is drawn with the first font that has
/// glyphs for all of its characters.
struct FontChain: Sendable {
    let faces: [GlyphSource]
    /// `faces` without reference counting (`faces` keeps them alive): see `withFace(_:_:)`.
    private let borrowedFaces: [Unmanaged<GlyphSource>]
    /// Each face's vertical metrics, in chain order.
    let metrics: [FontMetrics]
    /// `fontIndex(for:)` of every BMP code point, precomputed (one load per character when
    /// preparing text).
    let bmpFonts: [UInt8]
    /// One bit per BMP code point: a visible character no face of the chain covers (controls,
    /// default-ignorables, spaces and hard breaks excepted, as `Preparer` reports them).
    let bmpUncovered: [UInt64]
    /// The advance of "…" (U+2026) in ems, in the first font of the chain that has it.
    let ellipsisAdvance: Double
    /// The index of that font.
    let ellipsisFont: Int
    /// What `Preparer.prepareWords` asks of each code unit (`WordTables`), made the first time
    /// the word path asks (a chain that never reaches it — a process measuring a few texts — pays
    /// nothing for it); nil when no font of the chain has the tables.
    var words: WordTables? { wordTables.tables(faces: faces, fonts: bmpFonts, uncovered: bmpUncovered) }
    private let wordTables = WordTablesSlot()
    /// This chain's number, unique in the process (`WordCache` keys name the chain by it: a
    /// unit's font, and so its advance, depends on the chain).
    let id: UInt64
    private static let ids = Atomic<UInt64>(0)

    /// Calls `body` with face `index`, without a retain and release (a few per paragraph on the
    /// cold path, each an atomic operation).
    @inline(__always)
    func withFace<R>(_ index: Int, _ body: (GlyphSource) throws -> R) rethrows -> R {
        try borrowedFaces[index]._withUnsafeGuaranteedRef { try body($0) }
    }

    init(faces: [GlyphSource]) {
        self.faces = faces
        self.id = FontChain.ids.add(1, ordering: .relaxed).newValue
        self.borrowedFaces = faces.map { Unmanaged.passUnretained($0) }
        self.metrics = faces.map(\.metrics)
        var bmp = [UInt8](repeating: 0, count: 65_536)
        if faces.count > 1 && faces.count < 256 {
            for c in 0..<65_536 where !FontChain.isIgnorable(UInt32(c)) {
                for (i, face) in faces.enumerated() where face.covers(UInt32(c)) {
                    bmp[c] = UInt8(i)
                    break
                }
            }
        }
        self.bmpFonts = bmp
        // The visible BMP characters no face covers (what `Preparer` reports missing).
        var uncovered = [UInt64](repeating: 0, count: 1024)
        if faces.count < 256 {
            // (`bmp` names the first face covering a character, 0 also when none does.)
            for c in 0x20..<65_536 where bmp[c] == 0 && !faces[0].covers(UInt32(c)) && !(0xD800...0xDFFF).contains(c)
                && !FontChain.isIgnorable(UInt32(c)) && !Preparer.isHangingSpace(UInt32(c)) && !Preparer.isHardBreak(UInt32(c)) {
                uncovered[c >> 6] |= 1 << UInt64(c & 63)
            }
        }
        self.bmpUncovered = uncovered
        let ellipsis: [UInt16] = [0x2026]
        var font = 0
        for (i, f) in faces.enumerated() where f.covers(0x2026) {
            font = i
            break
        }
        var shaped = ShapedUnits(count: 1)
        ellipsis.withUnsafeBufferPointer { faces[font].shape($0, range: 0..<1, script: Preparer.latin, into: &shaped) }
        self.ellipsisFont = font
        self.ellipsisAdvance = Double(shaped.advance(0)) / Double(faces[font].metrics.unitsPerEm)
    }

    /// The index in `faces` of the first font covering every scalar in `scalars` (format and
    /// variation characters excepted), or 0 when none covers them all.
    func fontIndex(for scalars: ArraySlice<UInt32>) -> Int {
        // Emoji presentation (VS16) asks for a colour font when the chain has one that covers it.
        if scalars.contains(0xFE0F) {
            for (i, face) in faces.enumerated() where face.isColor
                && scalars.allSatisfy({ FontChain.isIgnorable($0) || face.covers($0) }) {
                return i
            }
        }
        for (i, face) in faces.enumerated() {
            var all = true
            for s in scalars where !FontChain.isIgnorable(s) && !face.covers(s) {
                all = false
                break
            }
            if all { return i }
        }
        return 0
    }

    /// `fontIndex(for:)` for a cluster of one scalar (the common case, without an array).
    @inline(__always)
    func fontIndex(for scalar: UInt32) -> Int {
        if scalar < 0x10000 && faces.count < 256 { return Int(bmpFonts[Int(scalar)]) }
        if FontChain.isIgnorable(scalar) { return 0 }
        for (i, face) in faces.enumerated() where face.covers(scalar) { return i }
        return 0
    }

    /// Characters that need no glyph of their own and so never choose a fallback font: controls
    /// and every default-ignorable code point (Unicode's Default_Ignorable_Code_Point: joiners,
    /// variation selectors, format controls, the soft hyphen, Hangul fillers). A narrower list
    /// sent U+3164 HANGUL FILLER, which DejaVu Sans lacks, to the CJK font: a taller line.
    static func isIgnorable(_ s: UInt32) -> Bool {
        s < 0x20 || s == 0x7F || Preparer.isDefaultIgnorable(s)
    }
}

/// A chain's `WordTables`, made once on first use (by whichever thread asks first; a thread that
/// loses the race drops its copy) and then read with one atomic load.
final class WordTablesSlot: Sendable {
    private let made = Atomic<Unmanaged<WordTables>?>(nil)

    /// The tables of a chain of `faces` whose BMP units take the fonts `fonts`, or nil when no
    /// face has them.
    func tables(faces: [GlyphSource], fonts: [UInt8], uncovered: [UInt64]) -> WordTables? {
        if let t = made.load(ordering: .acquiring) {
            return t._withUnsafeGuaranteedRef { $0.isEmpty ? nil : $0 }
        }
        let fresh = Unmanaged.passRetained(WordTables(faces: faces.count < 256 ? faces : [], fonts: fonts, uncovered: uncovered))
        let (exchanged, current) = made.compareExchange(expected: nil, desired: fresh, ordering: .acquiringAndReleasing)
        if !exchanged { fresh.release() }
        let t = exchanged ? fresh : current.unsafelyUnwrapped
        return t._withUnsafeGuaranteedRef { $0.isEmpty ? nil : $0 }
    }

    deinit { made.load(ordering: .acquiring)?.release() }
}

/// Per BMP code unit, what the word path (`Preparer.prepareWords`) asks of it in a chain, read
/// through pointers (one reference for a chain's copies to count, not one per table):
/// - `traits`: `GlyphSource.wordTraitsTable()` of the unit's font in the chain — its reach (0
///   plain) and whether it kerns as a first glyph; `DirectShaper.wordReachUnknown` in a font
///   without the table;
/// - `advances`: for a unit whose trait is 0 (plain, never kerned as a first glyph), its advance
///   in ems in its font (a power-of-two units per em: exact as a `Float`) — in any run shaped
///   from the font's tables that is its advance, whatever is around it; NaN for the others, and
///   in a font whose Latin or Han runs go to HarfBuzz (`GlyphSource.unitAdvances()`).
final class WordTables: @unchecked Sendable {
    let traits: UnsafeMutablePointer<UInt8>
    let advances: UnsafeMutablePointer<Float>
    /// Per BMP code unit, everything the one-pass preparation (`le_simple_words`) asks of it in
    /// one 32-bit entry (`le_unit_table`: its class, kind, script, font, whether it is plain and
    /// whether it kerns, whether the pass gives up on it): one load per unit instead of six.
    let units: UnsafeMutablePointer<UInt32>
    /// Whether no face has the tables (then nothing is cached for the chain).
    let isEmpty: Bool

    /// The tables of a chain of `faces` whose BMP units take the fonts `fonts` (`isEmpty` when no
    /// face has them).
    init(faces: [GlyphSource], fonts: [UInt8], uncovered: [UInt64]) {
        let tables = faces.map { $0.wordTraitsTable() }
        isEmpty = !tables.contains(where: { $0 != nil }) || fonts.count != 65_536
        let n = isEmpty ? 1 : 65_536  // (never read when empty)
        traits = .allocate(capacity: n)
        traits.initialize(repeating: DirectShaper.wordReachUnknown, count: n)
        advances = .allocate(capacity: n)
        advances.initialize(repeating: .nan, count: n)
        units = .allocate(capacity: n)
        units.initialize(repeating: 0, count: n)
        guard !isEmpty else { return }
        defer { makeUnits(fonts: fonts, uncovered: uncovered) }
        let unitAdvances = faces.map { $0.unitAdvances() }
        for (f, table) in tables.enumerated() {
            guard let table else { continue }
            // (A font without the units' advances — one whose Latin or Han runs go to HarfBuzz,
            // or that has no Han plan at all, as most Latin fonts — still has its traits: its
            // words are looked up and stored, only never written from the units' advances.)
            let upem = Float(faces[f].metrics.unitsPerEm)
            table.withUnsafeBufferPointer { table in
                fonts.withUnsafeBufferPointer { fonts in
                    for c in 0..<65_536 where Int(fonts[c]) == f { traits[c] = table[c] }
                    guard let unitAdvance = unitAdvances[f] else { return }
                    for c in 0..<65_536 where Int(fonts[c]) == f && table[c] == 0 { advances[c] = Float(unitAdvance[c]) / upem }
                }
            }
        }
    }

    deinit {
        traits.deallocate()
        advances.deallocate()
        units.deallocate()
    }
}
