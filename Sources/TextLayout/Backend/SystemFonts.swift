import CFontconfig
import Foundation

/// The system's fonts, through fontconfig: a family name that is not in the engine's font
/// directories, and the fallback fonts fontconfig would use after a family (Pango's chain).
///
/// fontconfig's default configuration is loaded once, on first use; every call is made under
/// one lock (fontconfig's thread safety varies by version). Nothing here is called for a name
/// the font directories have, so an engine that never names a system font never loads it.
enum SystemFonts {
    private static let lock = NSLock()
    nonisolated(unsafe) private static var ready = false

    /// A face fontconfig knows: its file and the face index in it.
    struct Face: Hashable, Sendable {
        var path: String
        var index: Int
    }

    private static func withConfig<R>(_ body: () -> R?) -> R? {
        lock.lock()
        defer { lock.unlock() }
        if !ready {
            guard FcInit() != 0 else { return nil }
            ready = true
        }
        return body()
    }

    /// `name`'s pattern after fontconfig's substitutions (aliases, defaults).
    private static func pattern(_ name: String) -> OpaquePointer? {
        guard let p = name.withCString({ FcNameParse(UnsafeRawPointer($0).assumingMemoryBound(to: FcChar8.self)) }) else { return nil }
        FcConfigSubstitute(nil, p, FcMatchPattern)
        FcDefaultSubstitute(p)
        return p
    }

    private static func string(_ p: OpaquePointer, _ key: String, _ n: Int32 = 0) -> String? {
        var value: UnsafeMutablePointer<FcChar8>?
        guard FcPatternGetString(p, key, n, &value) == FcResultMatch, let value else { return nil }
        return String(cString: UnsafeRawPointer(value).assumingMemoryBound(to: CChar.self))
    }

    private static func face(_ p: OpaquePointer) -> Face? {
        guard let file = string(p, "file") else { return nil }
        var index: Int32 = 0
        if FcPatternGetInteger(p, "index", 0, &index) != FcResultMatch { index = 0 }
        return Face(path: file, index: Int(index))
    }

    /// The face of family `name` (with a style after the family, as fontconfig's names have it:
    /// "DejaVu Serif:bold", or as a family and style name run together, "DejaVu Serif Bold"),
    /// only when the face's family (or family and style) is really `name`: fontconfig always
    /// answers with its best match, which for an unknown name is some default font.
    static func match(_ name: String) -> Face? {
        withConfig { () -> Face? in
            func norm(_ s: String) -> String { s.lowercased().filter { $0.isLetter || $0.isNumber } }
            let wanted = norm(name)
            guard !wanted.isEmpty, let p = pattern(name) else { return nil }
            defer { FcPatternDestroy(p) }
            var result = FcResultNoMatch
            guard let m = FcFontMatch(nil, p, &result) else { return nil }
            defer { FcPatternDestroy(m) }
            let style = norm(string(m, "style") ?? "")
            var n: Int32 = 0
            while let family = string(m, "family", n) {
                let f = norm(family)
                if f == wanted || f + style == wanted || (f == wanted && ["book", "regular"].contains(style)) {
                    return face(m)
                }
                n += 1
            }
            // "Family:style" names: the family part must be the match's family.
            if let colon = name.firstIndex(of: ":") {
                let fam = norm(String(name[..<colon]))
                var k: Int32 = 0
                while let family = string(m, "family", k) {
                    if norm(family) == fam { return face(m) }
                    k += 1
                }
            }
            return nil
        }
    }

    /// The faces fontconfig would fall back to after `family`, in its order, without those that
    /// add no coverage (`FcFontSort` with trimming), at most `limit`.
    static func fallbacks(after family: String, limit: Int) -> [Face] {
        withConfig { () -> [Face] in
            guard let p = pattern(family) else { return [] }
            defer { FcPatternDestroy(p) }
            var result = FcResultNoMatch
            guard let set = FcFontSort(nil, p, 1, nil, &result) else { return [] }
            defer { FcFontSetDestroy(set) }
            var out: [Face] = []
            let count = Int(set.pointee.nfont)
            for i in 0..<count where out.count < limit {
                guard let font = set.pointee.fonts[i], let f = face(font) else { continue }
                let ext = (f.path as NSString).pathExtension.lowercased()
                if ["ttf", "otf", "ttc"].contains(ext) && !out.contains(f) { out.append(f) }
            }
            return out
        } ?? []
    }
}
