internal import CFontconfig
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

    /// A pattern for `family` (and `style`) after fontconfig's substitutions (aliases, defaults).
    /// Built field by field: a user's text is never parsed as fontconfig pattern syntax
    /// (`FcNameParse` would read "a:weight=…" as properties, and leaks on some malformed names).
    private static func pattern(_ family: String, style: String? = nil) -> OpaquePointer? {
        guard let p = FcPatternCreate() else { return nil }
        func add(_ key: String, _ value: String) {
            _ = value.withCString { FcPatternAddString(p, key, UnsafeRawPointer($0).assumingMemoryBound(to: FcChar8.self)) }
        }
        add("family", family)
        if let style { add("style", style) }
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

    /// The face of family `name` — or, for a name whose last word is a style ("DejaVu Serif
    /// Bold"), of that family in that style — only when the face's family (and style) is really
    /// what was asked: fontconfig always answers with its best match, which for an unknown name
    /// is some default font.
    static func match(_ name: String) -> Face? {
        func norm(_ s: String) -> String { s.lowercased().filter { $0.isLetter || $0.isNumber } }
        let wanted = norm(name)
        guard !wanted.isEmpty, name.utf8.count <= 256, !name.utf8.contains(0) else { return nil }
        var tries: [(family: String, style: String?)] = [(name, nil)]
        if let space = name.lastIndex(of: " ") {
            tries.append((String(name[..<space]), String(name[name.index(after: space)...])))
        }
        return withConfig { () -> Face? in
            for t in tries {
                guard let p = pattern(t.family, style: t.style) else { continue }
                defer { FcPatternDestroy(p) }
                var result = FcResultNoMatch
                guard let m = FcFontMatch(nil, p, &result) else { continue }
                defer { FcPatternDestroy(m) }
                let style = norm(string(m, "style") ?? "")
                var n: Int32 = 0
                while let family = string(m, "family", n) {
                    let f = norm(family)
                    if t.style == nil ? f == wanted : (f == norm(t.family) && style == norm(t.style!)) || f + style == wanted {
                        return face(m)
                    }
                    n += 1
                }
            }
            return nil
        }
    }

    /// The system's colour emoji font: fontconfig's match for its generic "emoji" family, when
    /// that match is a colour font (nil otherwise, or without fontconfig's `color` property).
    static func emojiFont() -> Face? {
        withConfig { () -> Face? in
            guard let p = pattern("emoji") else { return nil }
            defer { FcPatternDestroy(p) }
            var result = FcResultNoMatch
            guard let m = FcFontMatch(nil, p, &result) else { return nil }
            defer { FcPatternDestroy(m) }
            var color: FcBool = 0
            guard FcPatternGetBool(m, "color", 0, &color) == FcResultMatch, color != 0 else { return nil }
            return face(m)
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
